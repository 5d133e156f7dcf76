package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"seega/board"
	"seega/book"
	"seega/engine"
	"seega/eval"
	"seega/search"
)

func init() {
	register("book", "build, extend, probe and list the placement opening books", runBook)
}

const bookUsage = `usage: seega book build [--variant V] [rule options] --plies N --nodes N [--from POSITION] --out FILE
       seega book extend FILE [--plies N] [--nodes N] [--from POSITION] [--out FILE]
       seega book probe FILE|embedded [--variant V] [rule options] startpos|fen <SeFEN> [moves …]
       seega book show FILE|embedded [--variant V] [rule options]
       seega book list

The placement opening book (docs/book.md). build explores every placement
turn from the start (or from --from, a position as in UGI's position
command: 'startpos moves a1e5' or 'fen <SeFEN>') to --plies turns, scores
each leaf with a search of --nodes nodes on one thread and a cleared
table, backs the scores up by minimax and writes every position of the
tree with its best turn. The same command builds the same file. extend
builds such a tree under the rules of an existing book and merges it in
(an entry from a deeper tree, or a bigger budget, replaces the old one).
probe prints the book's turn for a position; "embedded" probes the book
built into the engine for the rules given. show prints every entry of a
book: its position, turn, score, depth, height and budget. list shows the
embedded books.
`

// runBook dispatches the book subcommands.
func runBook(args []string) int {
	if len(args) == 0 {
		fmt.Fprint(os.Stderr, "seega book: want a subcommand: build, extend, probe, show or list\n\n"+bookUsage)
		return 2
	}
	switch args[0] {
	case "build":
		return runBookBuild(args[1:])
	case "extend":
		return runBookExtend(args[1:])
	case "probe":
		return runBookProbe(args[1:])
	case "show":
		return runBookShow(args[1:])
	case "list":
		return runBookList(args[1:])
	case "-h", "--help", "help":
		fmt.Fprint(os.Stderr, bookUsage)
		return 0
	}
	fmt.Fprintf(os.Stderr, "seega book: unknown subcommand %q (want build, extend, probe, show or list)\n\n%s", args[0], bookUsage)
	return 2
}

// treeFlags are the flags of build and extend that shape the tree.
type treeFlags struct {
	plies *int
	nodes *uint64
	from  *string
	hash  *int
	out   *string
	reuse *[]string
	shard *string
}

func addTreeFlags(fs *pflag.FlagSet, outHelp string) treeFlags {
	return treeFlags{
		plies: fs.Int("plies", 1, "depth of the tree in turns, every turn explored (0: the root alone)"),
		nodes: fs.Uint64("nodes", 1000000, "node budget of each leaf search"),
		from:  fs.String("from", "startpos", "the root: 'startpos [moves …]' or 'fen <SeFEN> [moves …]'"),
		hash:  fs.Int("hash", 64, "transposition table of the leaf searches, MiB"),
		out:   fs.String("out", "", outHelp),
		reuse: fs.StringArray("reuse", nil, "take the leaf results of this book `FILE` (a shard, an earlier build) instead of searching them again; repeatable"),
		shard: fs.String("shard", "", "search only shard `I/N` of the leaves (I from 0) and write them alone, for a build with --reuse of all N"),
	}
}

// known gathers the leaf entries of the --reuse books (and of more, if
// not nil), which must be for the rules r.
func (t treeFlags) known(r board.Rules, more *book.Book) (map[book.Key]book.Entry, error) {
	out := map[book.Key]book.Entry{}
	add := func(b *book.Book) {
		for _, e := range b.Entries {
			if e.Height == 0 {
				out[e.Key] = e
			}
		}
	}
	if more != nil {
		add(more)
	}
	for _, path := range *t.reuse {
		b, err := readBook(path)
		if err != nil {
			return nil, fmt.Errorf("--reuse: %v", err)
		}
		if err := b.For(r); err != nil {
			return nil, fmt.Errorf("--reuse %s: %v", path, err)
		}
		add(b)
	}
	return out, nil
}

// parseShard reads --shard I/N; "" is no sharding.
func parseShard(s string) (shard, shards int, err error) {
	if s == "" {
		return 0, 0, nil
	}
	if _, err := fmt.Sscanf(s, "%d/%d", &shard, &shards); err != nil || shards < 1 || shard < 0 || shard >= shards ||
		fmt.Sprintf("%d/%d", shard, shards) != s {
		return 0, 0, fmt.Errorf("--shard %q: want I/N with 0 <= I < N", s)
	}
	return shard, shards, nil
}

// config checks the flags and makes the builder's configuration for r.
func (t treeFlags) config(fs *pflag.FlagSet, r board.Rules, command string) (book.Config, error) {
	switch {
	case *t.plies < 0:
		return book.Config{}, fmt.Errorf("--plies %d: want 0 or more", *t.plies)
	case *t.nodes < 1000 || *t.nodes%1000 != 0:
		return book.Config{}, fmt.Errorf("--nodes %d: want a multiple of 1000", *t.nodes)
	case *t.hash < 1 || *t.hash > 65536:
		return book.Config{}, fmt.Errorf("--hash %d: want 1 to 65536 MiB", *t.hash)
	case r.BoardSize != book.Size:
		return book.Config{}, fmt.Errorf("--size %d: books are for %d×%d boards", r.BoardSize, book.Size, book.Size)
	}
	g, err := gameFromWords(r, strings.Fields(*t.from))
	if err != nil {
		return book.Config{}, fmt.Errorf("--from: %v", err)
	}
	if err := book.Bookable(g.Position()); err != nil {
		return book.Config{}, fmt.Errorf("--from: %v", err)
	}
	shard, shards, err := parseShard(*t.shard)
	if err != nil {
		return book.Config{}, err
	}
	ev := eval.New(r)
	hash := *t.hash
	return book.Config{
		Shard:   shard,
		Shards:  shards,
		Rules:   r,
		Root:    g.SeFEN(),
		Plies:   *t.plies,
		Nodes:   *t.nodes,
		Command: command,
		NewSearcher: func() engine.Searcher {
			return search.New(engine.Options{HashMB: hash, Threads: 1}, ev)
		},
		Progress: os.Stderr,
	}, nil
}

// bookCommand is the command line as a book's header records it, with
// the engine's version, whose search made the book.
func bookCommand(args []string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = a
		if a == "" || strings.ContainsAny(a, " \t'\"") {
			quoted[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return "seega book " + strings.Join(quoted, " ") + " (engine " + buildVersion() + ")"
}

func runBookBuild(args []string) int {
	fs := newFlagSet("book build", bookUsage)
	rf := addRulesFlags(fs)
	tf := addTreeFlags(fs, "write the book to `FILE`")
	if status, ok := parseOnlyFlags(fs, args); !ok {
		return status
	}
	if *tf.out == "" {
		return usageError(fs, "--out: no file given")
	}
	if err := checkOutputFile(*tf.out); err != nil {
		return usageError(fs, "--out %s: %v", *tf.out, err)
	}
	r, err := rf.rules()
	if err != nil {
		return usageError(fs, "%v", err)
	}
	cfg, err := tf.config(fs, r, bookCommand(append([]string{"build"}, args...)))
	if err != nil {
		return usageError(fs, "%v", err)
	}
	if cfg.Known, err = tf.known(r, nil); err != nil {
		return fail("book build", 1, err)
	}
	start := time.Now()
	b, err := book.Build(cfg)
	if err != nil {
		return fail("book build", 1, err)
	}
	return writeBook(*tf.out, b, start)
}

func runBookExtend(args []string) int {
	fs := newFlagSet("book extend", bookUsage)
	tf := addTreeFlags(fs, "write the extended book to `FILE` (default: the book given)")
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if fs.NArg() != 1 {
		return usageError(fs, "want one book file, got %d arguments", fs.NArg())
	}
	in := fs.Arg(0)
	old, err := readBook(in)
	if err != nil {
		return fail("book extend", 1, err)
	}
	out := *tf.out
	if out == "" {
		out = in
	}
	if err := checkOutputFile(out); err != nil {
		return usageError(fs, "--out %s: %v", out, err)
	}
	r, err := rulesOf(old)
	if err != nil {
		return fail("book extend", 1, err)
	}
	cfg, err := tf.config(fs, r, bookCommand(append([]string{"extend"}, args...)))
	if err != nil {
		return usageError(fs, "%v", err)
	}
	if cfg.Shards > 1 {
		return usageError(fs, "--shard: shard a build, then extend with --reuse")
	}
	if cfg.Known, err = tf.known(r, old); err != nil {
		return fail("book extend", 1, err)
	}
	start := time.Now()
	more, err := book.Build(cfg)
	if err != nil {
		return fail("book extend", 1, err)
	}
	if err := old.Merge(more); err != nil {
		return fail("book extend", 1, err)
	}
	return writeBook(out, old, start)
}

// writeBook writes b to path and says what it wrote.
func writeBook(path string, b *book.Book, start time.Time) int {
	data, err := b.Marshal()
	if err == nil {
		err = os.WriteFile(path, data, 0o644)
	}
	if err != nil {
		return fail("book", 1, err)
	}
	fmt.Fprintf(os.Stderr, "seega book: %d entries, %d bytes, written to %s in %v\n",
		len(b.Entries), len(data), path, time.Since(start).Round(time.Second))
	return 0
}

// readBook reads and checks the book file at path.
func readBook(path string) (*book.Book, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	b, err := book.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return b, nil
}

// rulesOf is the rule set a book names.
func rulesOf(b *book.Book) (board.Rules, error) {
	r := board.DefaultRules()
	if err := r.ParseOptions(strings.Fields(b.Rules)); err != nil {
		return r, fmt.Errorf("the book's rules %q: %v", b.Rules, err)
	}
	if r.String() != b.Rules {
		return r, fmt.Errorf("the book's rules %q are not a rule set this engine knows", b.Rules)
	}
	return r, nil
}

// gameFromWords is the game at a position written as in UGI's position
// command: startpos or fen <SeFEN>, then optionally moves and turns.
func gameFromWords(r board.Rules, words []string) (*board.Game, error) {
	if len(words) == 0 {
		return nil, errors.New("no position: want startpos or fen <SeFEN>, then moves …")
	}
	rest := words[1:]
	var g *board.Game
	var err error
	switch strings.ToLower(words[0]) {
	case "startpos":
		g, err = board.NewGame(r)
	case "fen":
		var fields []string
		for len(rest) > 0 && !strings.EqualFold(rest[0], "moves") {
			fields, rest = append(fields, rest[0]), rest[1:]
		}
		if len(fields) == 0 {
			return nil, errors.New("fen: no SeFEN given")
		}
		g, err = board.NewGameFromSeFEN(r, strings.Join(fields, " "))
	default:
		return nil, fmt.Errorf("want startpos or fen, got %q", words[0])
	}
	if err != nil {
		return nil, err
	}
	if len(rest) > 0 {
		if !strings.EqualFold(rest[0], "moves") {
			return nil, fmt.Errorf("want moves after the position, got %q", rest[0])
		}
		if err := g.PlayMoves(rest[1:], board.PerTurn); err != nil {
			return nil, err
		}
	}
	return g, nil
}

func runBookProbe(args []string) int {
	fs := newFlagSet("book probe", bookUsage)
	rf := addRulesFlags(fs)
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if fs.NArg() < 2 {
		return usageError(fs, "want a book (a file or embedded) and a position")
	}
	b, r, status := openBook(fs, rf, fs.Arg(0))
	if b == nil {
		return status
	}
	g, err := gameFromWords(r, fs.Args()[1:])
	if err != nil {
		return fail("book probe", 2, "the position:", err)
	}
	fmt.Printf("position %s\n", g.SeFEN())
	turn, e, ok := b.Probe(g)
	if !ok {
		why := "not in the book"
		if err := book.Bookable(g.Position()); err != nil && !(g.Position().Placement() && g.Position().MidTurn()) {
			why = err.Error()
		}
		fmt.Printf("none: %s\n", why)
		return 0
	}
	fmt.Printf("book %s score cp %d depth %d height %d nodes %d\n",
		board.TurnString(turn, g.Position().Size()), e.Score, e.Depth, e.Height, e.Nodes)
	return 0
}

// openBook opens the book name names: a file, or "embedded", the
// engine's own book for the rules of rf. A rule flag goes only with
// embedded, since a file names its rules. On failure the book is nil and
// status the exit status, the reason said.
func openBook(fs *pflag.FlagSet, rf *rulesFlags, name string) (*book.Book, board.Rules, int) {
	if name == "embedded" {
		r, err := rf.rules()
		if err != nil {
			return nil, r, usageError(fs, "%v", err)
		}
		b, err := book.Embedded(r)
		if err != nil {
			return nil, r, fail(fs.Name(), 1, err)
		}
		return b, r, 0
	}
	for _, o := range append([]string{"Variant", "Size"}, board.OptionNames...) {
		if f := flagName(o); fs.Lookup(f) != nil && fs.Changed(f) {
			return nil, board.Rules{}, usageError(fs, "--%s: a book file names its own rules; rule flags go with embedded", f)
		}
	}
	b, err := readBook(name)
	if err != nil {
		return nil, board.Rules{}, fail(fs.Name(), 1, err)
	}
	r, err := rulesOf(b)
	if err != nil {
		return nil, r, fail(fs.Name(), 1, err)
	}
	return b, r, 0
}

func runBookShow(args []string) int {
	fs := newFlagSet("book show", bookUsage)
	rf := addRulesFlags(fs)
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if fs.NArg() != 1 {
		return usageError(fs, "want one book (a file or embedded), got %d arguments", fs.NArg())
	}
	b, r, status := openBook(fs, rf, fs.Arg(0))
	if b == nil {
		return status
	}
	fmt.Printf("rules %s\n", b.Rules)
	for _, line := range strings.Split(b.Command, "\n") {
		fmt.Printf("built by %s\n", line)
	}
	fmt.Printf("%d entries: the position (in the book's orientation), its turn, the score for the side to act, the depth of the leaf search, the height of minimax above it, the leaf budget\n", len(b.Entries))
	for _, e := range b.Entries {
		turn := board.SquareName(e.Turn[0], book.Size) + "," + board.SquareName(e.Turn[1], book.Size)
		fmt.Printf("%s  %s  %+d  depth %d height %d nodes %d\n", e.Key.SeFEN(r), turn, e.Score, e.Depth, e.Height, e.Nodes)
	}
	return 0
}

func runBookList(args []string) int {
	fs := newFlagSet("book list", bookUsage)
	if status, ok := parseOnlyFlags(fs, args); !ok {
		return status
	}
	status := 0
	for _, s := range book.All() {
		if s.Err != nil {
			fmt.Printf("%s: %v\n", s.Name, s.Err)
			status = 1
			continue
		}
		fmt.Printf("%s: %d entries\n  rules %s\n", s.Name, len(s.Book.Entries), s.Book.Rules)
		for _, line := range strings.Split(s.Book.Command, "\n") {
			fmt.Printf("  built by %s\n", line)
		}
	}
	return status
}
