package search

import (
	"math/rand/v2"
	"testing"

	"seega/board"
	"seega/internal/testgame"
)

var (
	// rulesFor and fromFEN build test rules and positions.
	rulesFor = testgame.Rules
	fromFEN  = testgame.FromSeFEN
)

// randomGame plays up to turns random legal turns from the start of r,
// one random legal action at a time, stopping early if the game ends; the
// same seed gives the same game. (Listing whole turns would be too slow
// where bonus chains make thousands of them.)
func randomGame(t testing.TB, r board.Rules, seed uint64, turns int) *board.Game {
	t.Helper()
	g, err := board.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	var buf []board.Action
	for i := 0; i < turns && !g.Result().Over(); {
		buf = g.LegalActions(buf[:0])
		g.Make(buf[rng.IntN(len(buf))])
		if !g.Position().MidTurn() {
			i++
		}
	}
	return g
}

// movementGame is a random game just past placement: every stone placed
// and a few steps played, with the game still on.
func movementGame(t testing.TB, r board.Rules, seed uint64) *board.Game {
	t.Helper()
	placement := r.Stones()
	for s := seed; ; s++ {
		g := randomGame(t, r, s, placement+4)
		if !g.Result().Over() {
			return g
		}
	}
}
