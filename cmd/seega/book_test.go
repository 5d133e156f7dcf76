package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"seega/board"
	"seega/book"
	"seega/firststep"
	"seega/internal/testgame"
	"seega/protocol"
)

// runWithOutput runs a command line as main does and returns its status,
// stdout and stderr.
func runWithOutput(t *testing.T, args ...string) (status int, stdout, stderr string) {
	t.Helper()
	dir := t.TempDir()
	files := make([]*os.File, 2)
	for i, name := range []string{"stdout", "stderr"} {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		files[i] = f
	}
	oldOut, oldErr := os.Stdout, os.Stderr
	os.Stdout, os.Stderr = files[0], files[1]
	defer func() { os.Stdout, os.Stderr = oldOut, oldErr }()
	status = run(args)
	read := func(f *os.File) string {
		f.Seek(0, io.SeekStart)
		b, _ := io.ReadAll(f)
		return string(b)
	}
	return status, read(files[0]), read(files[1])
}

// ugiSession runs the UGI commands in script (one a line) in a session of
// the engine as `seega` builds it, and returns what it printed.
func ugiSession(t *testing.T, script string) string {
	t.Helper()
	var out syncWriter
	s := protocol.New(protocolConfig(), &out)
	if err := s.Run(strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if strings.Contains(got, "error") {
		t.Fatalf("the session went wrong:\n%s", got)
	}
	return got
}

// OwnBook is offered, on by default: the engine plays the embedded book's
// first turn from the start at once, saying so in an info string; with
// the option off, or at a skill level below full strength, it searches.
func TestOwnBookThroughUGI(t *testing.T) {
	r := mustPreset(t, "egyptian")
	b, err := book.Embedded(r)
	if err != nil {
		t.Fatalf("no embedded egyptian book: %v", err)
	}
	g, _ := board.NewGame(r)
	turn, _, ok := b.Probe(g)
	if !ok {
		t.Fatal("the embedded egyptian book has no entry for the start")
	}
	want := "bestmove " + board.TurnString(turn, 5) + "\n"

	got := ugiSession(t, "ugi\nposition startpos\ngo nodes 3000\n")
	if !strings.Contains(got, "option name OwnBook type check default true\n") {
		t.Errorf("no OwnBook option, on by default, in the ugi reply:\n%s", got)
	}
	if !strings.Contains(got, "info string book "+board.TurnString(turn, 5)+" ") || !strings.HasSuffix(got, want) {
		t.Errorf("OwnBook on: want the book turn and its info string, %q, got:\n%s", want, got)
	}
	for _, off := range []string{"setoption name OwnBook value false\n", "setoption name Skill Level value 10\n"} {
		got := ugiSession(t, off+"position startpos\ngo nodes 3000\n")
		if strings.Contains(got, "info string book") || !strings.Contains(got, "bestmove ") {
			t.Errorf("after %q: the book was used, or no bestmove:\n%s", strings.TrimSpace(off), got)
		}
	}
}

// A bad OwnBook value is refused with an error line.
func TestOwnBookBadValue(t *testing.T) {
	var out syncWriter
	s := protocol.New(protocolConfig(), &out)
	s.Run(strings.NewReader("setoption name OwnBook value maybe\n"))
	if !strings.Contains(out.String(), "info string error: setoption: option OwnBook") {
		t.Errorf("want an error naming OwnBook, got %q", out.String())
	}
}

// The embedded books: one for each preset on 5×5 and the no-limit
// rules, each read whole, and every entry's turn legal in its position;
// under the no-limit rules, whose first step is solved, every entry's
// turn keeps the solved value, as play demands of it.
func TestEmbeddedBooks(t *testing.T) {
	for _, s := range book.All() {
		if s.Err != nil {
			t.Errorf("%s: %v", s.Name, s.Err)
		}
	}
	sets := map[string]board.Rules{"no-limit": testgame.NoLimitRules(t, 5)}
	for _, v := range []string{"egyptian", "sudanese", "classic", "pro"} {
		sets[v] = mustPreset(t, v)
	}
	solver, err := firststep.New(sets["no-limit"])
	if err != nil {
		t.Fatal(err)
	}
	for name, r := range sets {
		b, err := book.Embedded(r)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(b.Entries) == 0 {
			t.Errorf("%s: an empty book", name)
		}
		for _, e := range b.Entries {
			g, err := board.NewGameFromSeFEN(r, e.Key.SeFEN(r))
			if err != nil {
				t.Fatalf("%s: entry %#x: %v", name, uint64(e.Key), err)
			}
			turn, got, ok := b.Probe(g)
			if !ok || got != e {
				t.Errorf("%s: %s: the probe gave %+v (ok %v), not its entry", name, g.SeFEN(), got, ok)
				continue
			}
			before, solved := 0, false
			if name == "no-limit" {
				if before, solved = solver.Value(g.Position()); !solved {
					t.Errorf("%s: %s: the first-step solver does not cover it", name, e.Key.SeFEN(r))
				}
			}
			text := board.TurnString(turn, 5)
			if err := g.PlayMoves([]string{text}, board.PerTurn); err != nil {
				t.Errorf("%s: %s: the book turn %s: %v", name, e.Key.SeFEN(r), text, err)
				continue
			}
			if !solved {
				continue
			}
			if after, _ := solver.Value(g.Position()); after != before {
				t.Errorf("%s: %s: the book turn %s leaves the first step at %d, best play %d", name, e.Key.SeFEN(r), text, after, before)
			}
		}
	}
	if _, err := book.Embedded(mustPreset(t, "classic")); err != nil {
		t.Fatal(err)
	}
	seven := mustPreset(t, "egyptian")
	seven.BoardSize = 7
	if b, err := book.Embedded(seven); err == nil {
		t.Errorf("a book for 7×7: %s", b.Rules)
	}
}

// seega book: build, probe, extend and list, and their mistakes.
func TestBookCommand(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "tiny.book")
	if status, _, stderr := runWithOutput(t, "book", "build", "--variant", "pro", "--plies", "0", "--nodes", "1000", "--out", file); status != 0 {
		t.Fatalf("build: status %d: %s", status, stderr)
	}
	status, out, stderr := runWithOutput(t, "book", "probe", file, "startpos")
	if status != 0 || !strings.Contains(out, "book ") || !strings.Contains(out, "height 0 nodes 1000") {
		t.Fatalf("probe of the start: status %d, out %q, err %q", status, out, stderr)
	}
	status, out, _ = runWithOutput(t, "book", "probe", file, "startpos", "moves", "a1,e5")
	if status != 0 || !strings.Contains(out, "none: not in the book") {
		t.Errorf("probe of a position not in the book: status %d, out %q", status, out)
	}
	if status, _, stderr := runWithOutput(t, "book", "extend", file, "--from", "startpos moves a1,e5", "--plies", "0", "--nodes", "1000"); status != 0 {
		t.Fatalf("extend: status %d: %s", status, stderr)
	}
	status, out, _ = runWithOutput(t, "book", "probe", file, "startpos", "moves", "a1,e5")
	if status != 0 || !strings.Contains(out, "book ") {
		t.Errorf("probe after extend: status %d, out %q", status, out)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	b, err := book.Parse(data)
	if err != nil || len(b.Entries) != 2 || !strings.Contains(b.Command, "book build --variant pro") || !strings.Contains(b.Command, "\nseega book extend ") {
		t.Errorf("the extended book: %v, %+v", err, b)
	}
	status, out, _ = runWithOutput(t, "book", "show", file)
	if status != 0 || !strings.Contains(out, "2 entries") || !strings.Contains(out, "5/5/5/5/5 w 12/12 - 0 1  ") {
		t.Errorf("show: status %d, out %q", status, out)
	}
	status, out, _ = runWithOutput(t, "book", "list")
	if status != 0 || !strings.Contains(out, "egyptian.book: ") || !strings.Contains(out, "built by seega book build") {
		t.Errorf("list: status %d, out %q", status, out)
	}
	status, out, _ = runWithOutput(t, "book", "probe", "embedded", "--variant", "classic", "startpos")
	if status != 0 || !strings.Contains(out, "book ") {
		t.Errorf("probe of the embedded classic book: status %d, out %q", status, out)
	}

	damaged := filepath.Join(dir, "damaged.book")
	os.WriteFile(damaged, data[:len(data)-3], 0o644)
	for _, c := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"book"}, 2, "want a subcommand"},
		{[]string{"book", "frob"}, 2, `unknown subcommand "frob"`},
		{[]string{"book", "build", "--plies", "0"}, 2, "--out"},
		{[]string{"book", "build", "--size", "7", "--out", filepath.Join(dir, "x")}, 2, "--size 7"},
		{[]string{"book", "build", "--nodes", "1500", "--out", filepath.Join(dir, "x")}, 2, "--nodes 1500"},
		{[]string{"book", "build", "--plies", "-1", "--out", filepath.Join(dir, "x")}, 2, "--plies -1"},
		{[]string{"book", "build", "--shard", "2/2", "--out", filepath.Join(dir, "x")}, 2, "--shard"},
		{[]string{"book", "build", "--from", "startpos moves a1", "--out", filepath.Join(dir, "x")}, 2, "a turn is half done"},
		{[]string{"book", "build", "--from", "sideways", "--out", filepath.Join(dir, "x")}, 2, "--from"},
		{[]string{"book", "build", "--plies", "0", "--out", dir}, 2, "directory"},
		{[]string{"book", "build", "--plies", "0", "--reuse", damaged, "--out", filepath.Join(dir, "x")}, 1, "checksum"},
		{[]string{"book", "extend"}, 2, "want one book file"},
		{[]string{"book", "extend", damaged}, 1, "checksum"},
		{[]string{"book", "probe", file}, 2, "want a book"},
		{[]string{"book", "probe", filepath.Join(dir, "none.book"), "startpos"}, 1, "no such file"},
		{[]string{"book", "probe", damaged, "startpos"}, 1, "checksum"},
		{[]string{"book", "probe", file, "--variant", "pro", "startpos"}, 2, "names its own rules"},
		{[]string{"book", "probe", file, "startpos", "moves", "c3"}, 2, "centre"},
		{[]string{"book", "probe", "embedded", "--size", "7", "startpos"}, 1, "no book"},
		{[]string{"book", "list", "extra"}, 2, "unexpected argument"},
		{[]string{"book", "show"}, 2, "want one book"},
		{[]string{"book", "show", damaged}, 1, "checksum"},
		{[]string{"book", "show", file, "--chain", "none"}, 2, "names its own rules"},
		{[]string{"book", "show", "embedded", "--variant", "nosuch"}, 2, "--variant"},
	} {
		status, _, stderr := runWithOutput(t, c.args...)
		if status != c.status || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: status %d, stderr %q; want status %d and %q", c.args, status, stderr, c.status, c.want)
		}
	}
}

// GTP plays the book's turn (its log line shows a search of no nodes)
// unless --own-book=false.
func TestGTPOwnBook(t *testing.T) {
	for _, c := range []struct {
		flag     string
		fromBook bool
	}{{"--own-book=true", true}, {"--own-book=false", false}} {
		in := filepath.Join(t.TempDir(), "stdin")
		if err := os.WriteFile(in, []byte("genmove w\nquit\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(in)
		if err != nil {
			t.Fatal(err)
		}
		old := os.Stdin
		os.Stdin = f
		status, out, stderr := runWithOutput(t, "gtp", "--variant", "egyptian", "--movetime", "100", "--hash", "1", c.flag)
		os.Stdin = old
		f.Close()
		if status != 0 || !strings.HasPrefix(out, "= ") {
			t.Fatalf("%s: status %d, out %q, stderr %q", c.flag, status, out, stderr)
		}
		if got := strings.Contains(stderr, " nodes 0 "); got != c.fromBook {
			t.Errorf("%s: played from the book %v, want %v; log %q", c.flag, got, c.fromBook, stderr)
		}
	}
}
