package train

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"seega/board"
	"seega/engine"
	"seega/eval"
	"seega/search"
)

// tinyData plays a few quick games of rules r.
func tinyData(t *testing.T, r board.Rules, seed uint64, games int) []byte {
	t.Helper()
	cfg := DefaultGenConfig(r)
	cfg.Seed, cfg.Games, cfg.Nodes, cfg.PlaceNodes = seed, games, 300, 100
	cfg.Openings = []string{"startpos moves a1,b2"}
	ev := eval.New(r)
	cfg.NewEngine = func() engine.Searcher { return search.New(engine.Options{HashMB: 1, Threads: 1}, ev) }
	var b bytes.Buffer
	n, err := Generate(cfg, &b)
	if err != nil {
		t.Fatal(err)
	}
	if n < games*5 {
		t.Fatalf("%d positions from %d games", n, games)
	}
	return b.Bytes()
}

// TestGenerateReproducible: the same seed gives the same file, whose
// lines read back with results and scores.
func TestGenerateReproducible(t *testing.T) {
	r := board.DefaultRules()
	a, b := tinyData(t, r, 3, 4), tinyData(t, r, 3, 4)
	if !bytes.Equal(a, b) {
		t.Fatal("two runs with one seed wrote different files")
	}
	s, err := ReadSamples(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	scored := 0
	for _, x := range s {
		if x.HasScore {
			scored++
		}
	}
	if scored == 0 || scored == len(s) {
		t.Errorf("%d of %d positions scored: want the searched ones only", scored, len(s))
	}
}

func TestReadSamplesErrors(t *testing.T) {
	for _, in := range []string{"2 10 x", "1 ten 5/5/5/5/5 w 12/12 - 0 1", "1 10"} {
		if _, err := ReadSamples(strings.NewReader(in)); err == nil || !strings.Contains(err.Error(), "line 1") {
			t.Errorf("%q: error %v, want one naming line 1", in, err)
		}
	}
}

// TestTrainLowersLossDeterministically: a tiny run lowers the train
// and held-out loss, gives the same net twice from one seed, and its
// quantized net is within the stated tolerance of the float one.
func TestTrainLowersLossDeterministically(t *testing.T) {
	r := board.DefaultRules()
	samples, err := ReadSamples(bytes.NewReader(tinyData(t, r, 1, 12)))
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig(r)
	cfg.Hidden, cfg.Epochs, cfg.Batch, cfg.HeldOut = 16, 15, 32, 0.2
	q1, _, rep, err := Train(cfg, samples)
	if err != nil {
		t.Fatal(err)
	}
	last := len(rep.TrainLoss) - 1
	if !(rep.TrainLoss[last] < rep.TrainLoss[0]*0.8) || !(rep.HeldOutLoss[last] < rep.HeldOutLoss[0]) {
		t.Errorf("loss train %.4f → %.4f, held-out %.4f → %.4f: want both lower", rep.TrainLoss[0], rep.TrainLoss[last], rep.HeldOutLoss[0], rep.HeldOutLoss[last])
	}
	q2, _, _, err := Train(cfg, samples)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(q1.Marshal(), q2.Marshal()) {
		t.Error("two runs with one seed gave different nets")
	}
	// The tolerance docs/nnue.md states: the quantized evaluation within
	// QuantTolerance cp of the float one's everywhere, and its loss
	// within 1% of the float one's.
	if rep.QuantMaxCP > QuantTolerance || math.Abs(rep.QuantLoss-rep.HeldOutLoss[last]) > 0.01*rep.HeldOutLoss[last]+1e-4 {
		t.Errorf("quantized: max |float − quantized| %d cp (tolerance %d), loss %.5f against %.5f",
			rep.QuantMaxCP, QuantTolerance, rep.QuantLoss, rep.HeldOutLoss[last])
	}
	t.Logf("%+v", rep)
}

// TestRateDecays: the step size runs from Rate in the first epoch to
// FinalRate in the last, shrinking every epoch, and stays at Rate when
// FinalRate is 0; a final rate above the rate is refused.
func TestRateDecays(t *testing.T) {
	cfg := DefaultConfig(board.DefaultRules())
	cfg.Epochs, cfg.Rate, cfg.FinalRate = 5, 0.002, 0.0002
	if got := cfg.rateAt(1); got != cfg.Rate {
		t.Errorf("first epoch's rate %g, want %g", got, cfg.Rate)
	}
	if got := cfg.rateAt(cfg.Epochs); math.Abs(got-cfg.FinalRate) > 1e-12 {
		t.Errorf("last epoch's rate %g, want %g", got, cfg.FinalRate)
	}
	for e := 2; e <= cfg.Epochs; e++ {
		if !(cfg.rateAt(e) < cfg.rateAt(e-1)) {
			t.Errorf("epoch %d's rate %g is not below epoch %d's %g", e, cfg.rateAt(e), e-1, cfg.rateAt(e-1))
		}
	}
	cfg.FinalRate = 0
	for e := 1; e <= cfg.Epochs; e++ {
		if cfg.rateAt(e) != cfg.Rate {
			t.Errorf("no final rate: epoch %d's rate %g, want %g", e, cfg.rateAt(e), cfg.Rate)
		}
	}
	cfg.FinalRate = 0.01
	if _, _, _, err := Train(cfg, []Sample{{Result: 1, SeFEN: "startpos"}}); err == nil || !strings.Contains(err.Error(), "final rate") {
		t.Errorf("a final rate above the rate: error %v, want one naming it", err)
	}
}

// TestTrainResidual: a net trained over the linear evaluation is marked
// residual, lowers its loss, and predicts the base plus its own output:
// its quantized evaluation with the base added matches the float
// prediction within the tolerance on every held-out position.
func TestTrainResidual(t *testing.T) {
	r := board.DefaultRules()
	samples, err := ReadSamples(bytes.NewReader(tinyData(t, r, 1, 12)))
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig(r)
	cfg.Hidden, cfg.Epochs, cfg.Batch, cfg.HeldOut = 16, 10, 32, 0.2
	cfg.Base = eval.New(r)
	q, _, rep, err := Train(cfg, samples)
	if err != nil {
		t.Fatal(err)
	}
	last := len(rep.TrainLoss) - 1
	if !q.Residual {
		t.Error("the net is not marked residual")
	}
	if !(rep.TrainLoss[last] < rep.TrainLoss[0]) {
		t.Errorf("train loss %.4f → %.4f: want lower", rep.TrainLoss[0], rep.TrainLoss[last])
	}
	// Before the first step the residual net predicts through the linear
	// evaluation, so it starts nearer the targets than a plain one.
	cfg.Base = nil
	_, _, plain, err := Train(cfg, samples)
	if err != nil {
		t.Fatal(err)
	}
	if !(rep.TrainLoss[0] < plain.TrainLoss[0]) {
		t.Errorf("loss before training: residual %.4f, plain %.4f: want the residual lower", rep.TrainLoss[0], plain.TrainLoss[0])
	}
	if rep.QuantMaxCP > QuantTolerance || math.Abs(rep.QuantLoss-rep.HeldOutLoss[last]) > 0.01*rep.HeldOutLoss[last]+1e-4 {
		t.Errorf("quantized: max |float − quantized| %d cp, loss %.5f against the float %.5f", rep.QuantMaxCP, rep.QuantLoss, rep.HeldOutLoss[last])
	}
}
