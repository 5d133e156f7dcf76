package tune

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"seega/board"
	"seega/engine"
	"seega/eval"
)

// hashEngine plays a legal turn chosen by the position's hash: arbitrary
// but the same every time, like the real searcher at a node budget.
type hashEngine struct{}

func (hashEngine) Search(_ context.Context, g *board.Game, lim engine.Limits, _ func(engine.Info)) engine.Result {
	rng := rand.New(rand.NewPCG(g.Position().Hash(), lim.Nodes))
	return engine.Result{Best: g.RandomTurn(rng, nil)}
}

func (hashEngine) NewGame()                  {}
func (hashEngine) SetOptions(engine.Options) {}

func genConfig(workers int) GenConfig {
	c := DefaultGenConfig(board.DefaultRules())
	c.Games, c.Workers, c.MaxTurns = 12, workers, 80
	c.NewEngine = func() engine.Searcher { return hashEngine{} }
	return c
}

// TestGenerateIsDeterministic checks that the data file depends on the
// seed alone, not on the number of workers, and that every line reads
// back as a position with a result.
func TestGenerateIsDeterministic(t *testing.T) {
	var one, two bytes.Buffer
	n1, err := Generate(genConfig(1), &one)
	if err != nil {
		t.Fatal(err)
	}
	n2, err := Generate(genConfig(3), &two)
	if err != nil {
		t.Fatal(err)
	}
	if n1 != n2 || one.String() != two.String() {
		t.Fatalf("1 worker wrote %d positions, 3 workers %d, or other lines", n1, n2)
	}
	samples, err := ReadSamples(&one)
	if err != nil {
		t.Fatal(err)
	}
	if len(samples) != n1 || n1 == 0 {
		t.Fatalf("read %d samples of %d", len(samples), n1)
	}
	r := board.DefaultRules()
	for _, s := range samples {
		g, err := board.NewGameFromSeFEN(r, s.SeFEN)
		if err != nil {
			t.Fatalf("%q: %v", s.SeFEN, err)
		}
		if g.Result().Over() || g.Position().MidTurn() {
			t.Fatalf("%q: want positions at a turn start of a game not over", s.SeFEN)
		}
		if s.Result != 0 && s.Result != 0.5 && s.Result != 1 {
			t.Fatalf("result %v", s.Result)
		}
	}
}

// TestReadSamplesRefuses checks the data file errors.
func TestReadSamplesRefuses(t *testing.T) {
	for _, text := range []string{"2 5/5/5/5/5 w 12/12 - 0 1\n", "1\n", "white 5/5/5/5/5 w 12/12 - 0 1\n"} {
		if _, err := ReadSamples(strings.NewReader(text)); err == nil {
			t.Errorf("%q: no error", text)
		}
	}
}

// TestFitLearnsAPlantedWeight checks the fit on results drawn from a
// known evaluation: positions scored with one weight changed (the
// stone's worth doubled) give results that the changed weight predicts
// better, so the fit, started from the unchanged weights, must lower the
// loss and move that weight up.
func TestFitLearnsAPlantedWeight(t *testing.T) {
	r := board.DefaultRules()
	var buf bytes.Buffer
	cfg := genConfig(2)
	cfg.Games = 120
	if _, err := Generate(cfg, &buf); err != nil {
		t.Fatal(err)
	}
	samples, err := ReadSamples(&buf)
	if err != nil {
		t.Fatal(err)
	}
	planted := eval.HandWeights()
	planted[eval.TermStone] *= 2
	truth := eval.NewWithWeights(r, planted)
	rng := rand.New(rand.NewPCG(3, 4))
	var labelled []Sample
	for _, s := range samples {
		g, _ := board.NewGameFromSeFEN(r, s.SeFEN)
		white, tr := truth.Trace(g)
		if tr.Decided {
			continue
		}
		res := 0.0
		if rng.Float64() < sigmoid(float64(white), 1.5) {
			res = 1
		}
		labelled = append(labelled, Sample{SeFEN: s.SeFEN, Result: res})
	}
	fc := DefaultFitConfig(r)
	fc.Start = eval.HandWeights()
	fc.Free = []eval.Term{eval.TermStone, eval.TermMobility, eval.TermSafeStone}
	fc.Rounds, fc.Steps = 2, 300
	res, err := Fit(fc, labelled)
	if err != nil {
		t.Fatal(err)
	}
	if res.LossAfter >= res.LossBefore {
		t.Errorf("loss %.5f -> %.5f: the fit did not lower it", res.LossBefore, res.LossAfter)
	}
	if res.Weights[eval.TermStone] <= fc.Start[eval.TermStone] {
		t.Errorf("Stone %d -> %d: the fit should raise it towards the planted %d", fc.Start[eval.TermStone], res.Weights[eval.TermStone], planted[eval.TermStone])
	}
	for t2 := eval.Term(0); t2 < eval.NumTerms; t2++ {
		moved := t2 == eval.TermStone || t2 == eval.TermMobility || t2 == eval.TermSafeStone
		if !moved && res.Weights[t2] != fc.Start[t2] {
			t.Errorf("%s moved (%d -> %d) though it is not free", t2, fc.Start[t2], res.Weights[t2])
		}
	}
}

// TestWriteWeights checks that the weights go into the marked block of a
// weights file, that writing a key again replaces its entry, and that
// other entries stay, a preset's fit on another board among them.
func TestWriteWeights(t *testing.T) {
	path := filepath.Join(t.TempDir(), "weights.go")
	src := "package eval\n\nvar presetWeights = map[string]*Weights{\n\t" + beginMarker + "\n\t" + endMarker + "\n}\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	w := eval.HandWeights()
	if err := WriteWeights(path, "pro", w, "first"); err != nil {
		t.Fatal(err)
	}
	w[eval.TermStone] = 123
	if err := WriteWeights(path, "classic", w, "other"); err != nil {
		t.Fatal(err)
	}
	w[eval.TermStone] = 77
	if err := WriteWeights(path, "pro", w, "second"); err != nil {
		t.Fatal(err)
	}
	w[eval.TermStone] = 55
	if err := WriteWeights(path, "pro-7", w, "on 7×7"); err != nil {
		t.Fatal(err)
	}
	w[eval.TermStone] = 56
	if err := WriteWeights(path, "pro-7", w, "on 7×7 again"); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	text := string(got)
	if strings.Count(text, `"pro": {`) != 1 || !strings.Contains(text, "// pro: second") || strings.Contains(text, "// pro: first") {
		t.Errorf("the pro entry was not replaced:\n%s", text)
	}
	if !strings.Contains(text, "// classic: other") || !strings.Contains(text, "TermStone:             123") {
		t.Errorf("the classic entry was lost:\n%s", text)
	}
	if strings.Count(text, `"pro-7": {`) != 1 || !strings.Contains(text, "// pro-7: on 7×7 again") || !strings.Contains(text, "TermStone:             56") {
		t.Errorf("the pro-7 entry (a board size of its own) was not replaced, or not kept apart from pro's:\n%s", text)
	}
	if strings.Index(text, `"classic"`) > strings.Index(text, `"pro"`) {
		t.Errorf("entries are not in name order")
	}
	if err := WriteWeights(filepath.Join(t.TempDir(), "none.go"), "pro", w, ""); err == nil {
		t.Errorf("a missing file must be an error")
	}
}
