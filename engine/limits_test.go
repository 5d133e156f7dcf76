package engine

import (
	"testing"

	"seega/board"
)

// TestTurns checks that a line is cut into whole turns, the last left
// open, that the turns do not share the caller's slice, and that the
// game is left as it was.
func TestTurns(t *testing.T) {
	g, err := board.NewGame(board.DefaultRules())
	if err != nil {
		t.Fatal(err)
	}
	line := []board.Action{board.Place(0), board.Place(24), board.Place(6), board.Place(18), board.Place(1)}
	ply := g.Ply()
	turns := Turns(g, line)
	if g.Ply() != ply {
		t.Fatalf("the game moved from ply %d to %d", ply, g.Ply())
	}
	var got []string
	for _, turn := range turns {
		got = append(got, board.TurnString(turn, 5))
	}
	want := []string{"a1,e5", "b2,d4", "b1"}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Fatalf("turns %v, want %v", got, want)
	}
	line[0] = board.Place(2)
	if board.TurnString(turns[0], 5) != "a1,e5" {
		t.Error("the turns share the caller's line")
	}
}
