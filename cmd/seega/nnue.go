package main

import (
	"fmt"
	"os"
	"strings"

	"seega/board"
	"seega/engine"
	"seega/eval"
	"seega/nnue"
	"seega/nnue/train"
	"seega/openings"
	"seega/search"
)

func init() {
	register("nnue", "the network evaluation: self-play data, training, which net plays (docs/nnue.md)", runNNUE)
}

const nnueUsage = `usage: seega nnue generate [--variant V] [--size N] [rule options] [--games N] [--nodes N] [--seed S] [--eval-file NET] [--openings SUITE] --out FILE
       seega nnue train [--variant V] [--size N] [rule options] --data FILE[,FILE…] [--hidden N] [--epochs N] [--seed S] --out NET
       seega nnue info [--variant V] [--size N] [rule options] [--eval-file NET]

The network evaluation (docs/nnue.md):
  generate  plays self-play games at a node budget, every other one from the
            rule set's balanced suite (or --openings SUITE's positions) and
            the rest from the start with a mix of engine and random
            placements, and writes every turn start
            with its game's result and the search's score; --eval-file plays
            them with that net (generation N+1 with net N), else with the
            evaluation built in for the rules;
  train     fits a float net to such data (Adam; the loss is the squared
            error of sigmoid(output) against a blend of the result and the
            search score), reporting the train and held-out loss each epoch,
            quantizes it and writes the net file, with the quantization's
            error on the held-out positions;
  info      says which evaluation plays under the rules (and EvalFile).
All are reproducible: the same flags give the same file and net.
`

// runNNUE dispatches the steps.
func runNNUE(args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(os.Stderr, nnueUsage)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	switch args[0] {
	case "generate":
		return runNNUEGenerate(args[1:])
	case "train":
		return runNNUETrain(args[1:])
	case "info":
		return runNNUEInfo(args[1:])
	}
	fmt.Fprintf(os.Stderr, "seega nnue: unknown step %q: want generate, train or info\n\n%s", args[0], nnueUsage)
	return 2
}

// evaluatorFor is the evaluation the alpha-beta searcher plays under
// the rules r with the EvalFile option set to file: the net Choose
// picks, over the linear evaluation, or the linear evaluation alone.
// A file that cannot play (the protocol refused it when it was set, but
// the rules may have changed since) gives way to what plays without it.
func evaluatorFor(r board.Rules, file string) engine.Evaluator {
	linear := eval.New(r)
	n, _, err := nnue.Choose(file, r)
	if err != nil {
		n, _, _ = nnue.Choose("", r)
	}
	if n == nil {
		return linear
	}
	return nnue.NewEvaluator(n, linear)
}

// describeEvaluation is the protocol's Evaluation hook: which
// evaluation plays under r with EvalFile file, and why file cannot.
func describeEvaluation(file string, r board.Rules) (desc string, network bool, err error) {
	n, desc, err := nnue.Choose(file, r)
	if err != nil {
		fallback, desc, _ := nnue.Choose("", r)
		return desc, fallback != nil, err
	}
	return desc, n != nil, nil
}

func runNNUEGenerate(args []string) int {
	fs := newFlagSet("nnue generate", nnueUsage)
	rf := addRulesFlags(fs)
	games := fs.Int("games", 200, "games to play")
	nodes := fs.Uint64("nodes", 3000, "each side's node budget a movement turn")
	placeNodes := fs.Uint64("place-nodes", 1000, "the node budget of the engine's placement turns")
	seed := fs.Uint64("seed", 1, "seed of the games")
	workers := fs.Int("workers", 1, "games played at once")
	evalFile := fs.String("eval-file", "", "play with the net in `NET` (trained for these rules)")
	openingsFile := fs.String("openings", "", "start every other game from the next position of `SUITE`, a suite file of 'seega openings' built for these rules (such as a --conversion one), instead of the balanced suite shipped for them")
	out := fs.String("out", "", "write the positions to `FILE` (required)")
	if status, ok := parseOnlyFlags(fs, args); !ok {
		return status
	}
	if *out == "" {
		return fail("nnue generate", 2, "--out FILE is required")
	}
	if err := checkOutputFile(*out); err != nil {
		return usageError(fs, "--out %s: %v", *out, err)
	}
	r, err := rf.rules()
	if err != nil {
		return fail("nnue generate", 2, err)
	}
	if *evalFile != "" {
		if _, err := nnue.Load(*evalFile, r); err != nil {
			return usageError(fs, "--eval-file: %v", err)
		}
	}
	cfg := train.DefaultGenConfig(r)
	cfg.Games, cfg.Nodes, cfg.PlaceNodes, cfg.Seed, cfg.Workers, cfg.Progress = *games, *nodes, *placeNodes, *seed, *workers, os.Stderr
	suite, ok, err := generateOpenings(r, *openingsFile)
	if err != nil {
		return usageError(fs, "%v", err)
	}
	if ok {
		cfg.Openings = suite.Lines
	}
	ev := evaluatorFor(r, *evalFile)
	cfg.NewEngine = func() engine.Searcher {
		return search.New(engine.Options{HashMB: 16, Threads: 1}, ev)
	}
	f, err := os.Create(*out)
	if err != nil {
		return fail("nnue generate", 1, fmt.Sprintf("--out %s: %v", *out, err))
	}
	n, err := train.Generate(cfg, f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fail("nnue generate", 1, err)
	}
	from := "all from the start: no suite is shipped for these rules"
	if ok {
		from = fmt.Sprintf("%d from the %s suite's %d openings", openingGames(cfg), suite.Name, len(cfg.Openings))
	}
	fmt.Fprintf(os.Stderr, "nnue generate: %d games (%s), %d positions written to %s\n", cfg.Games, from, n, *out)
	return 0
}

// generateOpenings is the suite that every other game of nnue generate
// starts from: the file's where one is named, which must be a suite of
// 'seega openings' for the same rules (data for other rules would train
// the net on games it will never play), else the balanced suite shipped
// for the rules; ok is false where there is neither.
func generateOpenings(r board.Rules, file string) (suite openings.Suite, ok bool, err error) {
	if file == "" {
		suite, ok, err = openings.ForRules(r)
		if err != nil {
			return suite, false, fmt.Errorf("the shipped opening suites: %v", err)
		}
		return suite, ok, nil
	}
	if suite, err = openings.ReadFile(file); err != nil {
		return suite, false, fmt.Errorf("--openings: %v", err)
	}
	if !openings.SameRules(suite.Rules, r) {
		return suite, false, fmt.Errorf("--openings %s was built for %s, not for the rules asked for (%s)", file, suite.Rules, r)
	}
	return suite, true, nil
}

// openingGames is how many of cfg's games start from an opening.
func openingGames(cfg train.GenConfig) int {
	if len(cfg.Openings) == 0 {
		return 0
	}
	return (cfg.Games + 1) / 2
}

func runNNUETrain(args []string) int {
	fs := newFlagSet("nnue train", nnueUsage)
	rf := addRulesFlags(fs)
	d := train.DefaultConfig(board.DefaultRules())
	data := fs.String("data", "", "comma-separated data `FILES` of nnue generate (required)")
	out := fs.String("out", "", "write the net to `NET` (required)")
	hidden := fs.Int("hidden", d.Hidden, fmt.Sprintf("the accumulator's width, 1 to %d", nnue.MaxHidden))
	epochs := fs.Int("epochs", d.Epochs, "passes over the data")
	batch := fs.Int("batch", d.Batch, "positions a step")
	rate := fs.Float64("rate", d.Rate, "Adam's step size in the first epoch")
	finalRate := fs.Float64("final-rate", 0, "Adam's step size in the last epoch, decaying geometrically from --rate (0: --rate throughout)")
	scale := fs.Int("scale", d.ScaleCP, "the cp one unit of the net's output is worth (the search score's scale in the target)")
	lambda := fs.Float64("lambda", d.Lambda, "weight of the game's result in the target, against the search score")
	heldOut := fs.Float64("held-out", d.HeldOut, "share of the positions kept out of the fit to measure it")
	seed := fs.Uint64("seed", d.Seed, "seed of the split, the start and the order")
	residual := fs.Bool("residual", false, "train the net as a correction to the linear evaluation, which play then adds it to")
	if status, ok := parseOnlyFlags(fs, args); !ok {
		return status
	}
	if *data == "" || *out == "" {
		return fail("nnue train", 2, "--data FILE and --out NET are required")
	}
	if err := checkOutputFile(*out); err != nil {
		return usageError(fs, "--out %s: %v", *out, err)
	}
	r, err := rf.rules()
	if err != nil {
		return fail("nnue train", 2, err)
	}
	var samples []train.Sample
	for _, path := range strings.Split(*data, ",") {
		f, err := os.Open(path)
		if err != nil {
			return fail("nnue train", 1, err)
		}
		s, err := train.ReadSamples(f)
		f.Close()
		if err != nil {
			return fail("nnue train", 1, fmt.Sprintf("%s: %v", path, err))
		}
		samples = append(samples, s...)
	}
	cfg := train.DefaultConfig(r)
	cfg.Hidden, cfg.Epochs, cfg.Batch, cfg.Rate, cfg.FinalRate, cfg.Lambda, cfg.HeldOut, cfg.Seed = *hidden, *epochs, *batch, *rate, *finalRate, *lambda, *heldOut, *seed
	cfg.ScaleCP = *scale
	if *residual {
		cfg.Base = eval.New(r)
	}
	cfg.Command = "seega nnue train " + strings.Join(args, " ")
	cfg.Progress = os.Stderr
	net, _, rep, err := train.Train(cfg, samples)
	if err != nil {
		return fail("nnue train", 2, err)
	}
	if err := net.Save(*out); err != nil {
		return fail("nnue train", 1, err)
	}
	last := len(rep.TrainLoss) - 1
	fmt.Printf("positions: %d train, %d held out\n", rep.Train, rep.HeldOut)
	fmt.Printf("loss: train %.6f → %.6f, held-out %.6f → %.6f\n", rep.TrainLoss[0], rep.TrainLoss[last], rep.HeldOutLoss[0], rep.HeldOutLoss[last])
	fmt.Printf("quantized: held-out loss %.6f, |float − quantized| mean %.2f cp, max %d cp\n", rep.QuantLoss, rep.QuantMeanCP, rep.QuantMaxCP)
	fmt.Printf("took %.1fs; net written to %s (%d hidden)\n", rep.Took.Seconds(), *out, net.Hidden)
	return 0
}

func runNNUEInfo(args []string) int {
	fs := newFlagSet("nnue info", nnueUsage)
	rf := addRulesFlags(fs)
	evalFile := fs.String("eval-file", "", "the EvalFile option's `NET`")
	if status, ok := parseOnlyFlags(fs, args); !ok {
		return status
	}
	r, err := rf.rules()
	if err != nil {
		return fail("nnue info", 2, err)
	}
	desc, _, err := describeEvaluation(*evalFile, r)
	if err != nil {
		return fail("nnue info", 1, err)
	}
	fmt.Println("evaluation:", desc)
	fmt.Println("kernels:", nnue.Kernels())
	return 0
}
