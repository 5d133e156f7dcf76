package search

import (
	"time"

	"seega/board"
	"seega/engine"
)

// The endgame tables (Options.Tablebase): at the root of a covered
// position the search plays the tables' best turn at once; inside the
// tree, a covered turn start is scored by its table value and not
// searched.

// tbScore is the search score of a table value at a node turns from the
// root: a win in n turns is a game won n turns further on, scored as the
// search scores the end of a game (see terminalScore).
func tbScore(wdl, n, turns int) int {
	switch {
	case wdl > 0:
		return Mate - min(turns+n, Mate-MateBound-1)
	case wdl < 0:
		return -(Mate - min(turns+n, Mate-MateBound-1))
	}
	return DrawScore
}

// probeTB scores the current position, a turn start, from the tables if
// they cover it.
func (t *thread) probeTB(turns int) (int, bool) {
	if t.sh.tb == nil {
		return 0, false
	}
	wdl, n, ok := t.sh.tb.ProbeWDL(t.g)
	if !ok {
		return 0, false
	}
	t.tbHits++
	return tbScore(wdl, n, turns), true
}

// tbRoot answers a search whose root the tables cover with their best
// turn, reporting it as one info line; ok is false where they do not
// cover it, or the search is restricted (SearchMoves, MultiPV) in ways
// a single table turn does not answer.
func (s *AlphaBeta) tbRoot(root *board.Game, lim engine.Limits, start time.Time, info func(engine.Info)) (engine.Result, bool) {
	if s.tb == nil || len(lim.SearchMoves) > 0 || lim.MultiPV > 1 {
		return engine.Result{}, false
	}
	turn, wdl, n, ok := s.tb.BestTurnWDL(root)
	if !ok || len(turn) == 0 {
		return engine.Result{}, false
	}
	score := tbScore(wdl, n, 0)
	res := engine.Result{Best: turn, Score: score, Depth: 1, Nodes: 1}
	if isMate(score) {
		res.Mate = mateOf(root, turn, score)
	}
	if info != nil {
		info(engine.Info{Depth: 1, SelDepth: 1, Score: score, Mate: res.Mate, Nodes: 1, TBHits: 1,
			Time: time.Since(start), MultiPV: 1, PV: engine.Turns(root, turn)})
	}
	return res, true
}
