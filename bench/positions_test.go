package bench

import (
	"testing"

	"seega/board"
)

// TestBenchPositions checks that every frozen bench position is a live
// game under its rules, and that the list covers what the bench promises:
// every preset in both phases on 5×5, and both phases on 7×7.
func TestBenchPositions(t *testing.T) {
	type key struct {
		variant   string
		size      int
		placement bool
	}
	covered := map[key]bool{}
	for _, p := range positions() {
		r, err := board.Preset(p.variant)
		if err != nil {
			t.Fatal(err)
		}
		g, err := board.NewGameFromSeFEN(r, p.fen)
		if err != nil {
			t.Fatalf("%s %s: %v", p.variant, p.fen, err)
		}
		if g.Position().Size() != p.size {
			t.Errorf("%s: size %d, listed as %d", p.fen, g.Position().Size(), p.size)
		}
		if g.Result().Over() {
			t.Errorf("%s %s: the game is over", p.variant, p.fen)
		}
		covered[key{p.variant, p.size, g.Position().Placement()}] = true
	}
	for _, v := range board.Variants {
		for _, placement := range []bool{true, false} {
			if !covered[key{v, 5, placement}] {
				t.Errorf("no 5×5 %s position with placement=%v", v, placement)
			}
		}
	}
	for _, placement := range []bool{true, false} {
		if !covered[key{"egyptian", 7, placement}] {
			t.Errorf("no 7×7 position with placement=%v", placement)
		}
	}
}
