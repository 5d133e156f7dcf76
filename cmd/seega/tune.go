package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/pflag"

	"seega/engine"
	"seega/eval"
	"seega/search"
	"seega/tune"
)

func init() {
	register("tune", "fit the evaluation's weights to self-play games (generate, then fit)", runTune)
}

const tuneUsage = `usage: seega tune generate [--variant V] [--size N] [rule options] [--games N] [--nodes N] [--seed S] --out FILE
       seega tune fit [--variant V] [--size N] [rule options] --data FILE[,FILE…] [--write eval/weights.go]

Texel tuning of the evaluation, in two steps:
  generate  plays games of the engine against itself at a node budget (the
            placements a mix of engine and random turns, drawn per game) and
            writes every position at a turn start with its game's result;
  fit       fits the weights of the rule set's preset to those results
            (a logistic model of the evaluation, Adam on the squared error)
            and prints them with the loss before and after; --write puts
            them into eval/weights.go as the preset's weights for that
            board size (--size 7: "egyptian-7"), which an evaluator then
            plays under exactly those rules.
Both are reproducible: the same flags give the same file and weights.
`

// runTune dispatches the two steps.
func runTune(args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(os.Stderr, tuneUsage)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	switch args[0] {
	case "generate":
		return runTuneGenerate(args[1:])
	case "fit":
		return runTuneFit(args[1:])
	}
	fmt.Fprintf(os.Stderr, "seega tune: unknown step %q: want generate or fit\n\n%s", args[0], tuneUsage)
	return 2
}

func runTuneGenerate(args []string) int {
	fs := pflag.NewFlagSet("tune generate", pflag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(os.Stderr, tuneUsage); fs.PrintDefaults() }
	rf := addRulesFlags(fs)
	games := fs.Int("games", 2000, "games to play")
	nodes := fs.Uint64("nodes", 5000, "each side's node budget a movement turn")
	seed := fs.Uint64("seed", 1, "seed of the games")
	workers := fs.Int("workers", 2, "games played at once")
	out := fs.String("out", "", "write the positions to `FILE` (required)")
	if code, ok := parseTuneFlags(fs, args); !ok {
		return code
	}
	if *out == "" {
		fmt.Fprintln(os.Stderr, "seega tune generate: --out FILE is required")
		return 2
	}
	if err := checkOutputFile(*out); err != nil {
		fmt.Fprintf(os.Stderr, "seega tune generate: --out %s: %v\n", *out, err)
		fs.Usage()
		return 2
	}
	r, err := rf.rules()
	if err != nil {
		fmt.Fprintln(os.Stderr, "seega tune generate:", err)
		return 2
	}
	cfg := tune.DefaultGenConfig(r)
	cfg.Games, cfg.Nodes, cfg.Seed, cfg.Workers, cfg.Progress = *games, *nodes, *seed, *workers, os.Stderr
	ev := eval.New(r)
	cfg.NewEngine = func() engine.Searcher {
		return search.New(engine.Options{HashMB: 16, Threads: 1}, ev)
	}
	f, err := os.Create(*out)
	if err != nil {
		fmt.Fprintf(os.Stderr, "seega tune generate: --out %s: %v\n", *out, err)
		return 1
	}
	n, err := tune.Generate(cfg, f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "seega tune generate:", err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "tune: %d games, %d positions written to %s\n", cfg.Games, n, *out)
	return 0
}

func runTuneFit(args []string) int {
	fs := pflag.NewFlagSet("tune fit", pflag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(os.Stderr, tuneUsage); fs.PrintDefaults() }
	rf := addRulesFlags(fs)
	data := fs.String("data", "", "comma-separated data `FILES` of tune generate (required)")
	write := fs.String("write", "", "put the fitted weights into this Go `FILE` (eval/weights.go) as the fit of the preset on this board size")
	rounds := fs.Int("rounds", 0, "rounds of tracing and descent (default 3)")
	steps := fs.Int("steps", 0, "descent steps a round (default 600)")
	fromHand := fs.Bool("from-hand", false, "start from the hand-set weights, not the preset's current ones")
	if code, ok := parseTuneFlags(fs, args); !ok {
		return code
	}
	if *data == "" {
		fmt.Fprintln(os.Stderr, "seega tune fit: --data FILE is required")
		return 2
	}
	r, err := rf.rules()
	if err != nil {
		fmt.Fprintln(os.Stderr, "seega tune fit:", err)
		return 2
	}
	key, preset := eval.WeightsKey(r)
	if *write != "" && !preset {
		fmt.Fprintf(os.Stderr, "seega tune fit: --write: these rules are not the %s preset on some board (an option differs), and no evaluator would play a fit for them\n", r.Variant)
		fs.Usage()
		return 2
	}
	if *write != "" {
		// Checked before the fit, which may take long: the file is
		// rewritten in place, so it must be there and writable.
		if err := checkExistingFile(*write); err != nil {
			fmt.Fprintf(os.Stderr, "seega tune fit: --write %s: %v\n", *write, err)
			fs.Usage()
			return 2
		}
	}
	var samples []tune.Sample
	for _, path := range strings.Split(*data, ",") {
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "seega tune fit:", err)
			return 1
		}
		s, err := tune.ReadSamples(f)
		f.Close()
		if err != nil {
			fmt.Fprintf(os.Stderr, "seega tune fit: %s: %v\n", path, err)
			return 1
		}
		samples = append(samples, s...)
	}
	cfg := tune.DefaultFitConfig(r)
	if *fromHand {
		cfg.Start = eval.HandWeights()
	}
	if *rounds > 0 {
		cfg.Rounds = *rounds
	}
	if *steps > 0 {
		cfg.Steps = *steps
	}
	cfg.Progress = os.Stderr
	res, err := tune.Fit(cfg, samples)
	if err != nil {
		fmt.Fprintln(os.Stderr, "seega tune fit:", err)
		return 1
	}
	fmt.Printf("positions %d, K %.4f, loss %.6f -> %.6f\n", res.Positions, res.K, res.LossBefore, res.LossAfter)
	for t := eval.Term(0); t < eval.NumTerms; t++ {
		fmt.Printf("  %-18s %6d -> %6d\n", t, cfg.Start[t], res.Weights[t])
	}
	if *write != "" {
		note := fmt.Sprintf("fitted by 'seega tune fit %s' on %d positions (%d samples of %s); loss %.6f -> %.6f, K %.4f",
			strings.Join(args, " "), res.Positions, len(samples), *data, res.LossBefore, res.LossAfter, res.K)
		if err := tune.WriteWeights(*write, key, res.Weights, note); err != nil {
			fmt.Fprintln(os.Stderr, "seega tune fit:", err)
			return 1
		}
		fmt.Fprintf(os.Stderr, "tune: the %s weights are written to %s\n", key, *write)
	}
	return 0
}

// parseTuneFlags parses a step's flags: ok is false where the command
// must end, with code its exit status.
func parseTuneFlags(fs *pflag.FlagSet, args []string) (code int, ok bool) {
	if err := fs.Parse(args); err != nil {
		if err == pflag.ErrHelp {
			return 0, false
		}
		fmt.Fprintf(os.Stderr, "seega %s: %v\n", fs.Name(), err)
		fs.Usage()
		return 2, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "seega %s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		return 2, false
	}
	return 0, true
}
