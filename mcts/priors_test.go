package mcts

import (
	"math"
	"testing"

	"seega/board"
)

// TestPriorWeight checks the tabulated softmax weights against the
// exponential they stand for, inside the table and past it.
func TestPriorWeight(t *testing.T) {
	if priorWeights(0) != nil {
		t.Error("uniform priors (temperature 0) got a table")
	}
	for _, temp := range []float64{50, 100, 250} {
		sh := &shared{p: Params{PriorTemp: temp}, weights: priorWeights(temp)}
		for _, d := range []int{0, 1, 99, 100, 1234, priorWeightSpan - 1, priorWeightSpan, 2 * evalLimit} {
			want := math.Exp(-float64(d) / temp)
			if got := sh.priorWeight(d); math.Abs(got-want) > 1e-15*want {
				t.Errorf("temperature %v: weight %d cp below the best = %v, want %v", temp, d, got, want)
			}
		}
	}
}

// farBelow scores every position a million cp against the side to act,
// far outside what the evaluator clamps to.
type farBelow struct{}

func (farBelow) Evaluate(*board.Game) int                     { return -1_000_000 }
func (farBelow) PlacementScore(*board.Game, board.Square) int { return 0 }

// TestPriorsOfAnUnclampedEvaluator: the best child's weight is 1 however
// far below ±evalLimit an evaluator's scores lie, so the priors are a
// distribution and not 0/0.
func TestPriorsOfAnUnclampedEvaluator(t *testing.T) {
	g, err := board.NewGame(rulesFor(t, "pro"))
	if err != nil {
		t.Fatal(err)
	}
	w := newWorker(0)
	w.start(&shared{p: DefaultParams(), weights: priorWeights(DefaultParams().PriorTemp), ev: farBelow{}}, g)
	acts := w.g.Actions(nil)
	sum := 0.0
	for _, p := range w.priors(acts, w.g.Position().SideToAct()) {
		if math.IsNaN(p) || p < 0 {
			t.Fatalf("prior %v", p)
		}
		sum += p
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("the priors sum to %v, want 1", sum)
	}
}
