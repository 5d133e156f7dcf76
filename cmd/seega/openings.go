package main

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/pflag"

	"seega/board"
	"seega/engine"
	"seega/eval"
	"seega/openings"
	"seega/search"
)

func init() {
	register("openings", "build a suite of balanced opening positions for a rule set", runOpenings)
}

// runOpenings builds an opening suite (package openings) for the rules
// its flags give and writes it as a suite file, which `seega match
// --openings FILE` plays, or which, copied into openings/suites, becomes
// the suite `seega match` plays by default for those rules.
func runOpenings(args []string) int {
	fs := newFlagSet("openings", `usage: seega openings [--variant V] [--size N] [rule options] [--count N] [--seed S] [--out FILE] [budgets]

Builds a suite of opening positions where colour does not decide the game:
candidates are placements played from the start (each side's turns by a
small search or at random, in a mix drawn per candidate), and a candidate
is kept when a quick and then a deep search score it near level and, in
a pair of games at odds with colours swapped, the stronger side wins
from either colour (1.5 of 2 at least). Searches have node
budgets, so the same seed builds the same suite on any machine. Images of
a position under the board's symmetries count once. An interrupt (Ctrl-C,
SIGTERM) finishes the candidates being judged and writes the positions
found so far: the first positions of the suite a full run would write,
and --resume FILE, with the same flags, goes on from there.
`)
	rf := addRulesFlags(fs)
	count := fs.Int("count", 0, "positions wanted (default 200)")
	seed := fs.Uint64("seed", 1, "seed of the candidates")
	out := fs.String("out", "", "write the suite to `FILE` (default: standard output)")
	name := fs.String("name", "", "the suite's name in its header (default: variant-size, e.g. egyptian-5)")
	left := fs.Int("placement-left", 0, "placement turns still to play in each position (0: the start of the movement phase)")
	quick := fs.Uint64("quick-nodes", 0, "node budget of the quick search (default by board size)")
	quickMargin := fs.Int("quick-margin", 0, "the quick search must score within ± this many cp (default 250)")
	deep := fs.Uint64("deep-nodes", 0, "node budget of the deep search (default by board size)")
	margin := fs.Int("margin", 0, "the deep search must score within ± this many cp (default 80)")
	pairNodes := fs.Uint64("pair-nodes", 0, "the weak side's node budget a turn in the pair test, which the strong side has --pair-odds times (default by board size)")
	pairOdds := fs.Uint64("pair-odds", 4, "the strong side's budget over the weak side's in the pair test")
	noPair := fs.Bool("no-pair", false, "skip the pair test")
	workers := fs.Int("workers", 2, "candidates judged at once")
	conversion := fs.Bool("conversion", false, "build a conversion suite instead: won positions, White ahead by --lead stones and winning by the deep search (and, without a quiet-turn limit, Black holding no fortress and making none with its turn)")
	lead := fs.Int("lead", 3, "with --conversion: the least number of stones White is ahead by")
	minScore := fs.Int("min-score", 250, "with --conversion: the deep search must score the position at least this many cp for White")
	playNodes := fs.Uint64("play-nodes", 0, "with --conversion: White's node budget a turn in the games that lead to the positions (default by board size)")
	playoutNodes := fs.Uint64("playout-nodes", 1000000, "with --conversion: play each position out, the engine against itself at this many nodes a turn (the last of --playouts), and keep it only if White wins every play-out within 200 turns (0: no play-out)")
	playouts := fs.Int("playouts", 2, "with --conversion: play-outs a position must all win, each at half the budget of the next, the last at --playout-nodes")
	hash := fs.Int("hash", 16, "hash MB of each engine")
	resume := fs.String("resume", "", "go on with the build that wrote `FILE` (stopped, out of candidates, or to grow to --count), from the first candidate its positions do not cover; give the flags it was built with (the seed too), and --out a new file")
	maxCandidates := fs.Int("max-candidates", 0, "give up after this many candidates, counting a resumed build's (default 200 per position wanted)")
	if status, ok := parseOnlyFlags(fs, args); !ok {
		return status
	}
	if err := checkSuiteKindFlags(fs, *conversion); err != nil {
		return usageError(fs, "%v", err)
	}
	// Left out, --count means the kind's default; given, it must ask
	// for some: 0 would otherwise build the default number.
	if fs.Changed("count") && *count < 1 {
		return usageError(fs, "--count %d: want at least 1 position", *count)
	}
	if *out != "" {
		if err := checkOutputFile(*out); err != nil {
			return usageError(fs, "--out %s: %v", *out, err)
		}
	}
	r, err := rf.rules()
	if err != nil {
		return fail("openings", 2, err)
	}
	if *hash < 1 || *workers < 1 || *playouts < 1 || *maxCandidates < 0 {
		return usageError(fs, "--hash, --workers and --playouts must be at least 1, and --max-candidates not negative")
	}
	ev := eval.New(r)
	newEngine := func() engine.Searcher {
		return search.New(engine.Options{HashMB: *hash, Threads: 1}, ev)
	}
	command := "seega openings " + strings.Join(args, " ") + " (engine " + buildVersion() + ")"
	var built *openings.Built
	if *resume != "" {
		if built, err = readBuilt(*resume, r); err != nil {
			return fail("openings", 2, err)
		}
		command += "; resumed from " + *resume + ", built by: " + built.Command
	}
	if *conversion {
		cfg := openings.DefaultConversionConfig(r)
		cfg.Seed, cfg.Lead, cfg.MinScore, cfg.Workers = *seed, *lead, *minScore, *workers
		cfg.MaxCandidates, cfg.PlayoutNodes, cfg.Playouts = *maxCandidates, *playoutNodes, *playouts
		cfg.NewEngine, cfg.Progress, cfg.Stop = newEngine, os.Stderr, stopOnInterrupt()
		// A flag left at 0 keeps the default (cmp.Or: the first non-zero).
		cfg.Count = cmp.Or(*count, cfg.Count)
		cfg.PlayNodes = cmp.Or(*playNodes, cfg.PlayNodes)
		cfg.DeepNodes = cmp.Or(*deep, cfg.DeepNodes)
		if err := cfg.Validate(); err != nil {
			return usageError(fs, "%v", err)
		}
		name := cmp.Or(*name, fmt.Sprintf("conversion-%s-%d", r.Variant, r.BoardSize))
		if built != nil {
			if err := checkResume(built, openings.ConversionHeader(name, cfg, command, openings.Stats{}), cfg.Count); err != nil {
				return fail("openings", 2, err)
			}
			cfg.Resume = &built.Resume
		}
		ps, st, err := openings.BuildConversion(cfg)
		return writeSuite(*out, openings.ConversionHeader(name, cfg, command, st), ps, st, err, cfg.Count)
	}
	cfg := openings.DefaultConfig(r)
	cfg.Seed = *seed
	cfg.PlacementLeft = *left
	cfg.Workers = *workers
	cfg.MaxCandidates = *maxCandidates
	cfg.Progress = os.Stderr
	cfg.Stop = stopOnInterrupt()
	// A flag left at 0 keeps the default (cmp.Or: the first non-zero).
	cfg.Count = cmp.Or(*count, cfg.Count)
	cfg.QuickMargin = cmp.Or(*quickMargin, cfg.QuickMargin)
	cfg.Margin = cmp.Or(*margin, cfg.Margin)
	cfg.QuickNodes = cmp.Or(*quick, cfg.QuickNodes)
	cfg.DeepNodes = cmp.Or(*deep, cfg.DeepNodes)
	cfg.PairNodes = cmp.Or(*pairNodes, cfg.PairNodes)
	cfg.PairOdds = *pairOdds
	if *noPair {
		cfg.PairNodes = 0
	}
	cfg.NewEngine = newEngine
	if err := cfg.Validate(); err != nil {
		return usageError(fs, "%v", err)
	}
	suite := cmp.Or(*name, fmt.Sprintf("%s-%d", r.Variant, r.BoardSize))
	if built != nil {
		if err := checkResume(built, openings.BalancedHeader(suite, cfg, command, openings.Stats{}), cfg.Count); err != nil {
			return fail("openings", 2, err)
		}
		cfg.Resume = &built.Resume
	}
	ps, st, err := openings.Build(cfg)
	return writeSuite(*out, openings.BalancedHeader(suite, cfg, command, st), ps, st, err, cfg.Count)
}

// readBuilt reads the suite file of a build to resume, for rules r: it
// must be one the builder wrote, for the same rules.
func readBuilt(path string, r board.Rules) (*openings.Built, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("--resume: %v", err)
	}
	defer f.Close()
	b, err := openings.ReadBuilt(path, f)
	if err != nil {
		return nil, fmt.Errorf("--resume: %v", err)
	}
	if b.Rules != r {
		return nil, fmt.Errorf("--resume: %s was built for the rules %s, not %s: give its rule flags", path, b.Rules, r)
	}
	return &b, nil
}

// checkResume checks that the build resumed chose its positions as this
// one will, with the same budgets and margins (the seed is not written
// in the file, so it is the caller's to give the same), and that it
// holds fewer than the count wanted.
func checkResume(b *openings.Built, h openings.Header, count int) error {
	if n := len(b.Resume.Positions); n >= count {
		return fmt.Errorf("--resume: the file already holds %d positions, and --count asks for %d: nothing to do", n, count)
	}
	if b.Selection != h.Selection {
		return fmt.Errorf("--resume: the file's positions were chosen by %q, these flags choose by %q: give the flags it was built with", b.Selection, h.Selection)
	}
	return nil
}

// stopOnInterrupt returns a channel closed at the first interrupt or
// SIGTERM, so that a long build writes what it found; a second interrupt
// has its default effect and ends the process at once.
func stopOnInterrupt() <-chan struct{} {
	ctx, release := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		release()
		fmt.Fprintln(os.Stderr, "seega openings: stopping: the candidates being judged are finished, then what was found is written (interrupt again to quit at once)")
	}()
	return ctx.Done()
}

// writeSuite writes what a builder found to the file out (standard
// output for ""), and says on stderr what it saw.
func writeSuite(out string, h openings.Header, ps []openings.Position, st openings.Stats, err error, want int) int {
	if err != nil {
		return fail("openings", 1, err)
	}
	fmt.Fprintf(os.Stderr, "openings: %s\n", st)
	w := os.Stdout
	if out != "" {
		f, err := os.Create(out)
		if err != nil {
			return fail("openings", 1, err)
		}
		defer f.Close()
		w = f
	}
	if err := openings.Write(w, h, ps); err != nil {
		return fail("openings", 1, err)
	}
	if len(ps) < want {
		return fail("openings", 1, fmt.Sprintf("only %d of the %d positions wanted were found", len(ps), want))
	}
	return 0
}

// checkSuiteKindFlags refuses a flag that the kind of suite being built
// would ignore: a conversion flag without --conversion, or a balanced
// suite's filter with it, which would otherwise be dropped unsaid.
func checkSuiteKindFlags(fs *pflag.FlagSet, conversion bool) error {
	conversionOnly := []string{"lead", "min-score", "play-nodes", "playout-nodes", "playouts"}
	balancedOnly := []string{"placement-left", "quick-nodes", "quick-margin", "margin", "pair-nodes", "pair-odds", "no-pair"}
	wrong, why := balancedOnly, "is for balanced suites, not with --conversion"
	if !conversion {
		wrong, why = conversionOnly, "needs --conversion"
	}
	for _, name := range wrong {
		if fs.Changed(name) {
			return fmt.Errorf("--%s %s", name, why)
		}
	}
	return nil
}
