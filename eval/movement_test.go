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

// TestScanMatchesBySquare checks the scan of whole sets (board.StepScan)
// against the pass over the empty squares it replaced, which LineCapture
// still takes: on random positions of every rule set of ruleSets and of
// more option mixes, for the stones each side may step with next and for
// each stone alone.
func TestScanMatchesBySquare(t *testing.T) {
	sets := append(ruleSets(),
		struct{ variant, opts string }{"pro", "Directions=8 CentreSafe=on"},
		struct{ variant, opts string }{"sudanese", "CentreSafe=on BoardSize=9"},
		struct{ variant, opts string }{"egyptian", "Directions=8 BoardSize=7"},
		struct{ variant, opts string }{"classic", "CentreSafe=on BoardSize=9 Directions=8"},
	)
	perSet := 300
	if testing.Short() {
		perSet = 80
	}
	checked := 0
	for _, set := range sets {
		t.Run(set.variant+" "+set.opts, func(t *testing.T) {
			r := rulesFor(t, set.variant, strings.Fields(set.opts)...)
			if r.LineCapture {
				t.Skip("LineCapture is scanned square by square")
			}
			e := New(r)
			for _, fen := range randomPositions(r, 23, perSet) {
				g := gameAt(t, r, fen)
				p := g.Position()
				if p.Placement() {
					continue
				}
				gm := e.geomFor(p)
				W, B := p.Stones(board.White), p.Stones(board.Black)
				froms := [][2]board.Bitboard{{W, B}}
				if c := p.Chain(); c >= 0 {
					if p.SideToAct() == board.White {
						froms = append(froms, [2]board.Bitboard{board.SquareBit(c), B})
					} else {
						froms = append(froms, [2]board.Bitboard{W, board.SquareBit(c)})
					}
				}
				for b := W; b.Any(); {
					froms = append(froms, [2]board.Bitboard{board.SquareBit(b.Pop()), B})
				}
				for b := B; b.Any(); {
					froms = append(froms, [2]board.Bitboard{W, board.SquareBit(b.Pop())})
				}
				for _, from := range froms {
					var got, want scan
					e.scanEmpties(gm, p.Empty(), W, B, from[0], from[1], &got)
					e.scanEmptiesBySquare(gm, p.Empty(), W, B, from[0], from[1], &want)
					if got != want {
						t.Fatalf("%s: scan %+v, by square %+v", fen, got, want)
					}
					checked++
				}
			}
		})
	}
	if checked < 10000 {
		t.Fatalf("only %d scans checked", checked)
	}
}
