package board

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestTurnStrings checks that a line of actions written as turns replays,
// turn by turn as a moves list, to the same position, that the game is
// left as it was, and that only the last string may be an open turn.
func TestTurnStrings(t *testing.T) {
	for _, v := range Variants {
		r, err := Preset(v)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 20; seed++ {
			g, err := NewGame(r)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 3))
			var line []Action
			for len(line) < 60 && !g.Result().Over() {
				a, ok := g.RandomAction(rng)
				if !ok {
					break
				}
				g.Make(a)
				line = append(line, a)
			}
			end := g.SeFEN()
			open := g.Position().MidTurn() && !g.Result().Over()
			for range line {
				g.Unmake()
			}
			start := g.SeFEN()

			turns := g.TurnStrings(line)
			if g.SeFEN() != start {
				t.Fatalf("%s seed %d: TurnStrings moved the game to %s", v, seed, g.SeFEN())
			}
			// The same line cut into turns by hand writes the same with
			// FormatTurns.
			var cut [][]Action
			from := 0
			for i, a := range line {
				g.Make(a)
				if !g.Position().MidTurn() || i == len(line)-1 {
					cut = append(cut, line[from:i+1])
					from = i + 1
				}
			}
			for range line {
				g.Unmake()
			}
			if got := FormatTurns(cut, g.Position().Size()); !slices.Equal(got, turns) {
				t.Errorf("%s seed %d: FormatTurns gives %v, TurnStrings %v", v, seed, got, turns)
			}
			// Whole turns replay as a moves list. An open last turn is
			// written as far as it goes; a moves list would close it, so
			// it replays action by action.
			whole := turns
			if open {
				whole = turns[:len(turns)-1]
			}
			replay := g.Clone()
			if err := replay.PlayMoves(whole, PerTurn); err != nil {
				t.Fatalf("%s seed %d: %v replaying %v", v, seed, err, turns)
			}
			if open {
				if err := replay.PlayMoves(strings.Split(turns[len(turns)-1], ","), PerAction); err != nil {
					t.Fatalf("%s seed %d: %v replaying the open turn %q", v, seed, err, turns[len(turns)-1])
				}
			}
			if replay.SeFEN() != end {
				t.Errorf("%s seed %d: %v replays to %s, want %s", v, seed, turns, replay.SeFEN(), end)
			}
		}
	}
}

// TestTurnStringsPlacementOrder checks that a placement pair is written in
// square order, whichever stone went down first.
func TestTurnStringsPlacementOrder(t *testing.T) {
	r, err := Preset("egyptian")
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	n := g.Position().Size()
	var line []Action
	for _, s := range []string{"b2", "a1", "e5", "c1"} {
		a, err := ParseAction(s, n)
		if err != nil {
			t.Fatal(err)
		}
		legal, ok := g.Legalize(a)
		if !ok {
			t.Fatalf("%s is not legal", s)
		}
		g.Make(legal)
		line = append(line, legal)
	}
	for range line {
		g.Unmake()
	}
	if got, want := g.TurnStrings(line), []string{"a1,b2", "c1,e5"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
