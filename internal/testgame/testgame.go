// Package testgame holds the small constructors that the tests of eval,
// search and mcts share: a preset with options changed, and a game at a
// SeFEN position, each failing the test on bad input instead of returning
// an error. It is internal, and only tests import it.
package testgame

import (
	"fmt"
	"testing"

	"seega/board"
)

// Rules is the preset variant with options ("Name=value") applied, or
// fails the test.
func Rules(t testing.TB, variant string, opts ...string) board.Rules {
	t.Helper()
	r, err := board.Preset(variant)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.ParseOptions(opts); err != nil {
		t.Fatal(err)
	}
	return r
}

// NoLimitRules are the rules with neither a quiet-turn limit nor a
// repetition rule, on a size×size board: egyptian with four directions,
// no safe centre and no chain, Blocked pass, LoseAt 0. They are issue
// 44's rules on 5×5 and the no-limit conversion suites' on 5×5 and 7×7.
// (board's own tests keep a copy: they cannot import this package.)
func NoLimitRules(t testing.TB, size int) board.Rules {
	t.Helper()
	return Rules(t, "egyptian", fmt.Sprintf("BoardSize=%d", size), "Directions=4", "CentreSafe=off",
		"Chain=none", "Blocked=pass", "LoseAt=0", "NoCaptureLimit=0", "RepetitionDraw=0")
}

// FromSeFEN is a game at the SeFEN position fen under r, or fails the
// test.
func FromSeFEN(t testing.TB, r board.Rules, fen string) *board.Game {
	t.Helper()
	g, err := board.NewGameFromSeFEN(r, fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return g
}
