package console

import (
	"testing"

	"seega/board"
)

// firstTurn plays the first legal turn in sorted order: a stand-in for
// the engine whose choices a test can work out by hand.
type firstTurn struct{}

func (firstTurn) Choose(g *board.Game) (Choice, error) {
	return Choice{Turn: g.LegalTurns()[0]}, nil
}

// scripted plays the turns it is given, in order, and fails the test when
// asked for one more.
type scripted struct {
	t     *testing.T
	turns []string
}

func (s *scripted) Choose(*board.Game) (Choice, error) {
	if len(s.turns) == 0 {
		s.t.Fatal("the engine was asked for a turn past its script")
	}
	c := Choice{Turn: s.turns[0]}
	s.turns = s.turns[1:]
	return c, nil
}

// gameAt is the game at SeFEN fen under the preset variant.
func gameAt(t *testing.T, variant, fen string) *board.Game {
	t.Helper()
	r, err := board.Preset(variant)
	if err != nil {
		t.Fatal(err)
	}
	if fen == "" {
		g, err := board.NewGame(r)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	g, err := board.NewGameFromSeFEN(r, fen)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
