package eval

import (
	"math"
	"testing"

	"seega/board"
)

// TestTraceIsTheEvaluation checks what the tuner relies on: the score
// Trace returns is Evaluate's (from White's view), and, where it is not
// a verdict, the sum of weight × feature / scale over the terms plus the
// fixed part, but for the rounding of each term.
func TestTraceIsTheEvaluation(t *testing.T) {
	for _, v := range board.Variants {
		for _, opts := range [][]string{nil, {"BoardSize=7"}, {"LineCapture=on"}} {
			r := rulesFor(t, v, opts...)
			w := handWeights
			w[TermLeadIsolated], w[TermLeadEngaged], w[TermLeadConfined] = 7, 5, 3 // the progress terms must trace too
			e := NewWithWeights(r, w)
			decided := 0
			for _, fen := range randomPositions(r, 23, 300) {
				g := gameAt(t, r, fen)
				white, tr := e.Trace(g)
				want := e.Evaluate(g)
				if g.Position().SideToAct() == board.Black {
					want = -want
				}
				if white != want {
					t.Fatalf("%s %v %s: Trace scores %d, Evaluate %d", v, opts, fen, white, want)
				}
				if tr.Decided {
					decided++
					continue
				}
				sum := float64(tr.Fixed)
				for k := Term(0); k < NumTerms; k++ {
					sum += float64(w[k]) * float64(tr.Features[k]) / float64(tr.Scale[k])
				}
				if math.Abs(sum-float64(white)) > float64(NumTerms) && math.Abs(float64(white)) < Limit {
					t.Fatalf("%s %v %s: the terms sum to %.1f, the score is %d", v, opts, fen, sum, white)
				}
			}
			if decided == 300 {
				t.Errorf("%s %v: every position was a verdict; the test checked nothing", v, opts)
			}
		}
	}
}

// TestProgressTerms checks the two progress terms on drawn boards: they
// count for the side ahead only, the isolated stones of the side behind
// and the idle stones of the side ahead.
func TestProgressTerms(t *testing.T) {
	r := rulesFor(t, "pro")
	e := New(r)
	gm := &e.geoms[0]
	// White: a1 b1 e5 (a1, three steps from d1, and e5 far from every
	// Black stone); Black: c3 and d1, neither next to a friend.
	g := gameAt(t, r, "4w/5/2b2/5/ww1b1 w 0/0 - 0 40")
	W, B := g.Position().Stones(board.White), g.Position().Stones(board.Black)
	if n := gm.isolated(B); n != 2 {
		t.Errorf("isolated Black stones: %d, want 2 (c3 and d1)", n)
	}
	if n := gm.isolated(W); n != 1 {
		t.Errorf("isolated White stones: %d, want 1 (e5)", n)
	}
	if n := gm.far(W, B, 2); n != 2 {
		t.Errorf("White stones more than 2 steps from Black: %d, want 2 (a1, e5)", n)
	}
	if n := gm.far(W, B, 3); n != 1 {
		t.Errorf("White stones more than 3 steps from Black: %d, want 1 (e5)", n)
	}
	_, tr := e.Trace(g)
	// Black has 7 steps: c3 to b3, d3, c4 and c2; d1 to c1, e1 and d2.
	if tr.Features[TermLeadIsolated] != 1*2 || tr.Features[TermLeadEngaged] != 1*1 || tr.Features[TermLeadConfined] != 1*(MobilityCap-7) {
		t.Errorf("progress features %d, %d, %d: want White's lead of 1 times 2 isolated, times 1 engaged (b1) and times %d steps short of the cap",
			tr.Features[TermLeadIsolated], tr.Features[TermLeadEngaged], tr.Features[TermLeadConfined], MobilityCap-7)
	}
}
