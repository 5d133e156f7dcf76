package main

import (
	"fmt"
	"os"
	"strings"

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
	fs := newFlagSet("tune generate", tuneUsage)
	rf := addRulesFlags(fs)
	games := fs.Int("games", 2000, "games to play")
	nodes := fs.Uint64("nodes", 5000, "each side's node budget a movement turn")
	seed := fs.Uint64("seed", 1, "seed of the games")
	workers := fs.Int("workers", 2, "games played at once")
	out := fs.String("out", "", "write the positions to `FILE` (required)")
	if status, ok := parseOnlyFlags(fs, args); !ok {
		return status
	}
	if *out == "" {
		return fail("tune generate", 2, "--out FILE is required")
	}
	if err := checkOutputFile(*out); err != nil {
		return usageError(fs, "--out %s: %v", *out, err)
	}
	r, err := rf.rules()
	if err != nil {
		return fail("tune generate", 2, err)
	}
	cfg := tune.DefaultGenConfig(r)
	cfg.Games, cfg.Nodes, cfg.Seed, cfg.Workers, cfg.Progress = *games, *nodes, *seed, *workers, os.Stderr
	ev := eval.New(r)
	cfg.NewEngine = func() engine.Searcher {
		return search.New(engine.Options{HashMB: 16, Threads: 1}, ev)
	}
	f, err := os.Create(*out)
	if err != nil {
		return fail("tune generate", 1, fmt.Sprintf("--out %s: %v", *out, err))
	}
	n, err := tune.Generate(cfg, f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fail("tune generate", 1, err)
	}
	fmt.Fprintf(os.Stderr, "tune: %d games, %d positions written to %s\n", cfg.Games, n, *out)
	return 0
}

func runTuneFit(args []string) int {
	fs := newFlagSet("tune fit", tuneUsage)
	rf := addRulesFlags(fs)
	data := fs.String("data", "", "comma-separated data `FILES` of tune generate (required)")
	write := fs.String("write", "", "put the fitted weights into this Go `FILE` (eval/weights.go) as the fit of the preset on this board size")
	rounds := fs.Int("rounds", 0, "rounds of tracing and descent (default 3)")
	steps := fs.Int("steps", 0, "descent steps a round (default 600)")
	fromHand := fs.Bool("from-hand", false, "start from the hand-set weights, not the preset's current ones")
	if status, ok := parseOnlyFlags(fs, args); !ok {
		return status
	}
	if *data == "" {
		return fail("tune fit", 2, "--data FILE is required")
	}
	r, err := rf.rules()
	if err != nil {
		return fail("tune fit", 2, err)
	}
	key, preset := eval.WeightsKey(r)
	if *write != "" && !preset {
		return usageError(fs, "--write: these rules are not the %s preset on some board (an option differs), and no evaluator would play a fit for them", r.Variant)
	}
	if *write != "" {
		// Checked before the fit, which may take long: the file is
		// rewritten in place, so it must be there and writable.
		if err := checkExistingFile(*write); err != nil {
			return usageError(fs, "--write %s: %v", *write, err)
		}
	}
	var samples []tune.Sample
	for _, path := range strings.Split(*data, ",") {
		f, err := os.Open(path)
		if err != nil {
			return fail("tune fit", 1, err)
		}
		s, err := tune.ReadSamples(f)
		f.Close()
		if err != nil {
			return fail("tune fit", 1, fmt.Sprintf("%s: %v", path, err))
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
		return fail("tune fit", 1, err)
	}
	fmt.Printf("positions %d, K %.4f, loss %.6f -> %.6f\n", res.Positions, res.K, res.LossBefore, res.LossAfter)
	for t := eval.Term(0); t < eval.NumTerms; t++ {
		fmt.Printf("  %-18s %6d -> %6d\n", t, cfg.Start[t], res.Weights[t])
	}
	if *write != "" {
		note := fmt.Sprintf("fitted by 'seega tune fit %s' on %d positions (%d samples of %s); loss %.6f -> %.6f, K %.4f",
			strings.Join(args, " "), res.Positions, len(samples), *data, res.LossBefore, res.LossAfter, res.K)
		if err := tune.WriteWeights(*write, key, res.Weights, note); err != nil {
			return fail("tune fit", 1, err)
		}
		fmt.Fprintf(os.Stderr, "tune: the %s weights are written to %s\n", key, *write)
	}
	return 0
}
