package protocol

import (
	"context"
	"testing"

	"seega/board"
	"seega/engine"
)

// TestRandomHonoursSearchMoves: with searchmoves, the random searcher
// plays one of the turns named, and in time each of them.
func TestRandomHonoursSearchMoves(t *testing.T) {
	g, err := board.NewGame(board.DefaultRules())
	if err != nil {
		t.Fatal(err)
	}
	only := []string{"a1,e5", "b2,d4", "c1,c5"}
	seen := map[string]bool{}
	moves, err := searchMoves(g, only)
	if err != nil {
		t.Fatal(err)
	}
	e := NewRandomEngine(7)
	for range 200 {
		res := e.Search(context.Background(), g, engine.Limits{SearchMoves: moves}, nil)
		got := board.TurnString(res.Best, 5)
		ok := false
		for _, m := range only {
			ok = ok || got == m
		}
		if !ok {
			t.Fatalf("played %s, not one of the searchmoves %v", got, only)
		}
		seen[got] = true
	}
	if len(seen) != len(only) {
		t.Errorf("played only %v of %v", seen, only)
	}
}

// TestSearchRandomGoSearchmoves is the same through the protocol.
func TestSearchRandomGoSearchmoves(t *testing.T) {
	var out syncBuffer
	s := New(testConfig(nil), &out)
	s.Execute("setoption name Search value random")
	for range 20 {
		s.Execute("go searchmoves c1,c5")
		s.waitSearch()
		if _, move := lastInfoBefore(t, out.take()); move != "c1,c5" {
			t.Fatalf("bestmove %s, want the only searchmove c1,c5", move)
		}
	}
}
