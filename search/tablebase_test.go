package search

import (
	"context"
	"testing"

	"seega/board"
	"seega/engine"
	"seega/internal/testgame"
)

// At a covered root the search plays the tables' best turn at once, with
// its mate score and one table hit; with SearchMoves it searches.
func TestTablebaseRoot(t *testing.T) {
	r := rulesFor(t, "egyptian")
	tabs := testgame.BuildTables(t, r, 3)
	// Two White stones against one: White wins, by the quiet-turn limit
	// at the latest.
	g := fromFEN(t, r, "5/5/1w3/1b3/1w3 w 0/0 - 0 1")
	wantTurn, wdl, turns, ok := tabs.BestTurnWDL(g)
	if !ok || wdl != 1 {
		t.Fatalf("tables: %v %d %d", ok, wdl, turns)
	}
	s := NewAlphaBeta(engine.Options{HashMB: 1}, newTestEval(r))
	s.SetTablebase(tabs)
	var infos []engine.Info
	res := s.Search(context.Background(), g, engine.Limits{Depth: 6}, func(i engine.Info) { infos = append(infos, i) })
	if board.TurnString(res.Best, 5) != board.TurnString(wantTurn, 5) || res.Score != Mate-turns || len(infos) != 1 || infos[0].TBHits != 1 {
		t.Fatalf("best %v score %d infos %+v; tables say %v in %d", res.Best, res.Score, infos, wantTurn, turns)
	}
	if infos[0].Mate != (turns+1)/2 {
		t.Errorf("mate %d, want %d of the engine's turns", infos[0].Mate, (turns+1)/2)
	}
	res = s.Search(context.Background(), g, engine.Limits{Depth: 2, SearchMoves: testgame.RootMoves(g, "b3a3")}, nil)
	if board.TurnString(res.Best, 5) != "b3a3" {
		t.Errorf("SearchMoves b3a3: best %v", res.Best)
	}
}

// Inside the tree, a covered turn start is scored by the tables: a search
// of a position one capture away from the tables scores the capture with
// the table's win and counts the hits.
func TestTablebaseInTree(t *testing.T) {
	r := rulesFor(t, "egyptian")
	tabs := testgame.BuildTables(t, r, 3)
	// White's a1a2 takes b2 (c2 is White's), leaving 2 White stones and
	// 1 Black: covered.
	g := fromFEN(t, r, "4b/5/5/1bw2/w4 w 0/0 - 0 1")
	s := NewAlphaBeta(engine.Options{HashMB: 1}, newTestEval(r))
	s.SetTablebase(tabs)
	var last engine.Info
	res := s.Search(context.Background(), g, engine.Limits{Depth: 2}, func(i engine.Info) { last = i })
	if last.TBHits == 0 || !isMate(res.Score) {
		t.Fatalf("no table hits (%d) or no table score (%d)", last.TBHits, res.Score)
	}
	// The score is the best turn's table value, one turn on.
	best := -Infinity
	g.ForEachTurn(func([]board.Action) bool {
		if g.Result().Over() {
			best = max(best, Mate-1)
			return true
		}
		if wdl, n, ok := tabs.ProbeWDL(g); ok {
			best = max(best, -tbScore(wdl, n, 1))
		}
		return true
	})
	if res.Score != best {
		t.Errorf("score %d, the tables' best turn gives %d", res.Score, best)
	}
	// Without tables the same search reports no hits.
	s.SetTablebase(nil)
	s.Search(context.Background(), g, engine.Limits{Depth: 2}, func(i engine.Info) { last = i })
	if last.TBHits != 0 {
		t.Errorf("%d table hits without tables", last.TBHits)
	}
}
