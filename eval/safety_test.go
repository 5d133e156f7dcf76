package eval

import (
	"strings"
	"testing"

	"seega/board"
)

// TestSafetySetsMatchStones checks that safety, which works on whole sets
// of stones, sums exactly what stoneSafety gives stone by stone, and that
// its counts are those of the stones' lines one by one.
func TestSafetySetsMatchStones(t *testing.T) {
	for _, set := range ruleSets() {
		t.Run(set.variant+" "+set.opts, func(t *testing.T) {
			r := rulesFor(t, set.variant, strings.Fields(set.opts)...)
			e := New(r)
			for _, fen := range randomPositions(r, 13, 200) {
				g := gameAt(t, r, fen)
				p := g.Position()
				gm := e.geomFor(p)
				for c := board.White; c <= board.Black; c++ {
					own := p.Stones(c)
					want := 0
					for b := own; b.Any(); {
						want += e.stoneSafety(gm, b.Pop(), own, TermSafeStone, TermExposedLine)
					}
					if got := e.safety(gm, own, TermSafeStone, TermExposedLine); got != want {
						t.Fatalf("%s: safety of %s = %d, stone by stone %d", fen, c, got, want)
					}
					// The counts themselves, which the trace books.
					wantSafe, wantExposed, wantCentre := 0, 0, 0
					for b := own; b.Any(); {
						s := b.Pop()
						n := gm.exposedLines(s, own)
						if r.LineCapture {
							n = gm.exposedRuns(s, own)
						}
						switch {
						case r.CentreSafe && s == gm.centre:
							wantSafe++
							wantCentre++
						case n == 0:
							wantSafe++
						default:
							wantExposed += n
						}
					}
					if safe, exposed, centre := e.safetyCounts(gm, own); safe != wantSafe || exposed != wantExposed || centre != wantCentre {
						t.Fatalf("%s: %s has %d safe stones, %d open lines, centre %d; stone by stone %d, %d, %d",
							fen, c, safe, exposed, centre, wantSafe, wantExposed, wantCentre)
					}
				}
			}
		})
	}
}

// TestStoneSafety checks single stones: corners have no capture line, a
// friend shields a line, and LineCapture needs the run to reach the edge.
func TestStoneSafety(t *testing.T) {
	tests := []struct {
		name  string
		opts  string
		fen   string
		stone string
		want  int
	}{
		{"corner", "", "5/5/5/5/w4 w 0/0 - 0 40", "a1", handWeights[TermSafeStone]},
		{"edge", "", "5/5/5/5/1w3 w 0/0 - 0 40", "b1", -handWeights[TermExposedLine]},
		{"inner", "", "5/5/5/1w3/5 w 0/0 - 0 40", "b2", -2 * handWeights[TermExposedLine]},
		{"inner, one line shielded", "", "5/5/5/ww3/5 w 0/0 - 0 40", "b2", -handWeights[TermExposedLine]},
		{"edge pair", "", "5/5/5/5/ww3 w 0/0 - 0 40", "b1", handWeights[TermSafeStone]},
		{"eight directions: inner", "Directions=8", "5/5/5/1w3/5 w 0/0 - 0 40", "b2", -4 * handWeights[TermExposedLine]},
		{"safe centre", "CentreSafe=on", "5/5/2w2/5/5 w 0/0 - 0 40", "c3", handWeights[TermSafeStone] + handWeights[TermSafeCentre]},
		{"centre, not safe", "CentreSafe=off", "5/5/2w2/5/5 w 0/0 - 0 40", "c3", -2 * handWeights[TermExposedLine]},
		{"line capture: a friend does not shield", "LineCapture=on", "5/5/5/1ww2/5 w 0/0 - 0 40", "b2", -2 * handWeights[TermExposedLine]},
		{"line capture: a run to the edge does", "LineCapture=on", "5/5/5/ww3/5 w 0/0 - 0 40", "b2", -handWeights[TermExposedLine]},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := rulesFor(t, "pro", strings.Fields(tc.opts)...)
			g := gameAt(t, r, tc.fen)
			e := NewWithWeights(r, handWeights) // the weights tc.want is written in
			p := g.Position()
			if got := e.stoneSafety(e.geomFor(p), square(t, tc.stone, 5), p.Stones(board.White), TermSafeStone, TermExposedLine); got != tc.want {
				t.Errorf("stoneSafety(%s) = %d, want %d", tc.stone, got, tc.want)
			}
		})
	}
}

// safety is the worth of the safety of own under the terms given: what
// addSafety books for one side, as a number.
func (e *Evaluator) safety(gm *geom, own board.Bitboard, safeT, exposedT Term) int {
	safe, exposed, centre := e.safetyCounts(gm, own)
	return e.w[safeT]*safe - e.w[exposedT]*exposed + e.w[TermSafeCentre]*centre
}
