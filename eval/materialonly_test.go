package eval

import (
	"testing"

	"seega/board"
)

// TestMaterialOnly: stones in hand count as much as stones on the board,
// the score is the side to act's, and nothing but the count matters.
func TestMaterialOnly(t *testing.T) {
	r := rulesFor(t, "egyptian")
	var m MaterialOnly
	g, err := board.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	// After White's first placement turn: 2 on the board and 10 in hand
	// against 12 in hand.
	acts := g.LegalActions(nil)
	g.Make(acts[0])
	g.Make(g.LegalActions(nil)[0])
	p := g.Position()
	if p.Hand(board.White) != 10 || p.Hand(board.Black) != 12 || p.SideToAct() != board.Black {
		t.Fatalf("set-up: hands %d and %d, %v to act", p.Hand(board.White), p.Hand(board.Black), p.SideToAct())
	}
	if v := m.Evaluate(g); v != 0 {
		t.Fatalf("after a placement turn: %d, want 0", v)
	}
	// Five White stones against three, either side to act.
	if v := m.Evaluate(gameAt(t, r, "ww2b/4b/5/wb1w1/4w w 0/0 - 0 30")); v != 2*StoneValue {
		t.Errorf("White to act: %d, want %d", v, 2*StoneValue)
	}
	if v := m.Evaluate(gameAt(t, r, "ww2b/4b/5/wb1w1/4w b 0/0 - 0 30")); v != -2*StoneValue {
		t.Errorf("Black to act: %d, want %d", v, -2*StoneValue)
	}
	// The same count elsewhere on the board scores the same.
	if v := m.Evaluate(gameAt(t, r, "wwwww/5/5/5/bbb2 w 0/0 - 0 30")); v != 2*StoneValue {
		t.Errorf("other squares: %d, want %d", v, 2*StoneValue)
	}
	for sq := range board.Square(25) {
		if s := m.PlacementScore(g, sq); s != 0 {
			t.Fatalf("placement score of %d: %d, want 0", sq, s)
		}
	}
}
