package eval

import (
	"strings"
	"testing"

	"seega/board"
)

// TestScanMatchesMoveGeneration checks the evaluation's own capture and
// step tables against the board package: for the side to act, the steps
// counted, the union of what steps capture and the best single capture
// must be those of the legal steps. Positions under the whiteopens duty,
// whose legal steps are filtered by the turn's end, are left out.
func TestScanMatchesMoveGeneration(t *testing.T) {
	for _, set := range ruleSets() {
		t.Run(set.variant+" "+set.opts, func(t *testing.T) {
			r := rulesFor(t, set.variant, strings.Fields(set.opts)...)
			e := New(r)
			checked := 0
			for _, fen := range randomPositions(r, 17, 300) {
				g := gameAt(t, r, fen)
				p := g.Position()
				us := p.SideToAct()
				if p.Placement() || p.PendingRansom() != board.NoSquare ||
					(r.Blocked == board.BlockedWhiteOpens && us == board.White && p.LastTurnPassed()) {
					continue
				}
				stones := [2]board.Bitboard{p.Stones(board.White), p.Stones(board.Black)}
				from := stones
				if p.Chain() >= 0 {
					from[us] = board.SquareBit(p.Chain())
				}
				var s scan
				gm := e.geomFor(p)
				e.scanEmpties(gm, p.Empty(), stones[0], stones[1], from[0], from[1], &s)

				var steps, best int
				var union board.Bitboard
				for _, a := range g.LegalActions(nil) {
					if a.Kind != board.ActStep {
						continue
					}
					steps++
					set := p.CaptureSet(a)
					union = union.Or(set)
					best = max(best, a.CaptureCount())
					if caps := gm.captures(a.To, stones[us], stones[us^1], r.LineCapture); caps != set {
						t.Fatalf("%s: step %s captures %d stones by the board, %d by the evaluation",
							fen, board.ActionString(a, p.Size()), a.CaptureCount(), caps.Count())
					}
				}
				if s.best[us] != best {
					t.Fatalf("%s: best capture %d, legal steps give %d", fen, s.best[us], best)
				}
				if p.Chain() == board.NoSquare {
					if s.steps[us] != steps {
						t.Fatalf("%s: %d steps counted, %d legal", fen, s.steps[us], steps)
					}
					if s.threat[us] != union {
						t.Fatalf("%s: threatened stones differ from the legal steps' captures", fen)
					}
				}
				checked++
			}
			if checked == 0 {
				t.Fatal("no movement position checked")
			}
		})
	}
}
