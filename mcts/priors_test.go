package mcts

import (
	"math"
	"testing"
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
