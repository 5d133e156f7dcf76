package mcts

import (
	"context"
	"testing"

	"seega/board"
	"seega/engine"
	"seega/internal/testgame"
)

// Leaves the tables cover are scored by them: the search counts the hits,
// finds the capture that leads into a won table position, and without
// tables counts none.
func TestTablebaseLeaves(t *testing.T) {
	r := rulesFor(t, "egyptian")
	tabs := testgame.BuildTables(t, r, 3)
	// a1a2 takes b2 (c2 is White's), leaving 2 White stones against 1.
	g := fromFEN(t, r, "4b/5/5/1bw2/w4 w 0/0 - 0 1")
	m := newMCTS(r, DefaultParams(), 2, 1)
	m.SetOptions(engine.Options{HashMB: DefaultHashMB, Threads: 1, Tablebase: tabs})
	var last engine.Info
	res := m.Search(context.Background(), g, engine.Limits{Nodes: 3000}, func(i engine.Info) { last = i })
	if last.TBHits == 0 {
		t.Fatal("no table hits")
	}
	if len(res.Best) == 0 || board.ActionString(res.Best[0], 5) != "a1a2" {
		t.Errorf("best %s, want the capture a1a2 first", board.TurnString(res.Best, 5))
	}
	m.SetOptions(engine.Options{HashMB: DefaultHashMB, Threads: 1})
	m.NewGame()
	m.Search(context.Background(), g, engine.Limits{Nodes: 500}, func(i engine.Info) { last = i })
	if last.TBHits != 0 {
		t.Errorf("%d table hits without tables", last.TBHits)
	}
}
