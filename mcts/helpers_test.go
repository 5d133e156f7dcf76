package mcts

import (
	"context"
	"math/rand/v2"
	"testing"

	"seega/board"
	"seega/engine"
	"seega/eval"
	"seega/internal/testgame"
)

var (
	// rulesFor and fromFEN build test rules and positions.
	rulesFor = testgame.Rules
	fromFEN  = testgame.FromSeFEN
)

// randomGame plays up to actions random legal actions from the start of
// r, stopping early if the game ends, so that it may stop inside a turn;
// the same seed gives the same game.
func randomGame(t testing.TB, r board.Rules, seed uint64, actions int) *board.Game {
	t.Helper()
	g, err := board.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	var buf []board.Action
	for i := 0; i < actions && !g.Result().Over(); i++ {
		buf = g.LegalActions(buf[:0])
		g.Make(buf[rng.IntN(len(buf))])
	}
	return g
}

// liveGame is randomGame from the first seed at or after seed whose game
// is not over.
func liveGame(t testing.TB, r board.Rules, seed uint64, actions int) *board.Game {
	t.Helper()
	for s := seed; s < seed+1000; s++ {
		if g := randomGame(t, r, s, actions); !g.Result().Over() {
			return g
		}
	}
	t.Fatal("no live game")
	return nil
}

// newMCTS is a searcher for r with a small pool.
func newMCTS(r board.Rules, p Params, mb, threads int) *MCTS {
	return New(engine.Options{HashMB: mb, Threads: threads}, eval.New(r), p)
}

// playouts runs a search with a playout budget and no clock.
func playouts(m *MCTS, g *board.Game, n uint64) engine.Result {
	return m.Search(context.Background(), g, engine.Limits{Nodes: n}, nil)
}

// checkTurn fails the test unless turn is one legal, complete turn (or
// the rest of the half-done one) from g, which it leaves as it found it.
func checkTurn(t *testing.T, g *board.Game, turn []board.Action) {
	t.Helper()
	if len(turn) == 0 {
		t.Fatalf("empty turn at %s", g.SeFEN())
	}
	c := g.Clone()
	n := c.Position().Size()
	for i, a := range turn {
		legal, ok := c.Legalize(a)
		if !ok {
			t.Fatalf("%s: action %d (%s) of %s is not legal", g.SeFEN(), i, board.ActionString(a, n), board.TurnString(turn, n))
		}
		if legal != a {
			t.Fatalf("%s: action %s carries the wrong captures", g.SeFEN(), board.ActionString(a, n))
		}
		c.Make(legal)
		open := c.Position().MidTurn() && !c.Result().Over()
		if last := i == len(turn)-1; open == last {
			t.Fatalf("%s: turn %s is open=%v after action %d of %d", g.SeFEN(), board.TurnString(turn, n), open, i+1, len(turn))
		}
	}
}
