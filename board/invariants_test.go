package board

import (
	"fmt"
	"testing"
)

// checkedPerft is Perft that checks the invariants of STYLE.md habit 5 at
// every node of the action tree: Validate passes (which includes the
// incremental hash against one recomputed from scratch), and Unmake
// restores the position and the history exactly.
func checkedPerft(t *testing.T, g *Game, d int) uint64 {
	t.Helper()
	if err := g.pos.Validate(); err != nil {
		t.Fatalf("%s: %v", g.SeFEN(), err)
	}
	if d == 0 {
		return 1
	}
	if g.Result().Over() {
		return 0
	}
	return checkedTurn(t, g, d, NoSquare, g.dutyActive())
}

func checkedTurn(t *testing.T, g *Game, d int, minPlace Square, duty bool) uint64 {
	t.Helper()
	actions := g.pos.pseudoActions(nil)
	var nodes uint64
	for _, a := range actions {
		if a.Kind == ActPlace && a.To <= minPlace {
			continue
		}
		before, histLen := g.pos, len(g.hist)
		g.Make(a)
		if err := g.pos.Validate(); err != nil {
			t.Fatalf("after %s from %s: %v", ActionString(a, g.pos.geo.n), before.SeFEN(), err)
		}
		switch {
		case g.pos.MidTurn():
			next := NoSquare
			if a.Kind == ActPlace {
				next = a.To
			}
			nodes += checkedTurn(t, g, d, next, duty)
		case duty && !g.dutyMet():
		default:
			nodes += checkedPerft(t, g, d-1)
		}
		g.Unmake()
		if g.pos != before || len(g.hist) != histLen {
			t.Fatalf("unmake of %s did not restore %s: got %s", ActionString(a, g.pos.geo.n), before.SeFEN(), g.SeFEN())
		}
	}
	return nodes
}

// TestPerftInvariantsAndSymmetry checks every perft table position at
// shallow depth: the invariants at every node, the fast Perft's count, and
// equal counts under the eight symmetries of the board.
func TestPerftInvariantsAndSymmetry(t *testing.T) {
	for _, e := range loadPerftTable(t) {
		depth := min(2, len(e.counts))
		if e.size == 9 && e.counts[0] > 300 {
			depth = 1
		}
		t.Run(e.name, func(t *testing.T) {
			g := e.game(t)
			want := g.Perft(depth)
			if got := checkedPerft(t, g, depth); got != want {
				t.Fatalf("checked perft %d = %d, fast perft %d", depth, got, want)
			}
			for sym := 1; sym < 8; sym++ {
				fen, err := transformSeFEN(e.fen, sym)
				if err != nil {
					t.Fatal(err)
				}
				h, err := NewGameFromSeFEN(e.rules(t), fen)
				if err != nil {
					t.Fatalf("symmetry %d: %v", sym, err)
				}
				if got := h.Perft(depth); got != want {
					t.Errorf("symmetry %d (%s): perft %d = %d, want %d", sym, fen, depth, got, want)
				}
			}
		})
	}
}

var _ = fmt.Sprint
