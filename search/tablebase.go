package search

import (
	"time"

	"seega/board"
)

// Tablebase gives the exact values of positions with few stones:
// endgame tables. The search declares what it needs; cmd/seega wires
// package tablebase's tables in.
type Tablebase interface {
	// Probe reports the value of g's current position for the side to
	// act, if the tables cover it: wdl is +1 for a win, 0 a draw, -1 a
	// loss, and turns the number of turns to the end under best play.
	// It must allocate nothing and leave g as it found it.
	Probe(g *board.Game) (wdl, turns int, ok bool)
	// BestTurn is the tables' best turn from g's position (the rest of
	// the turn, from a turn under way) and its value; ok is false when a
	// position it leads to is not covered.
	BestTurn(g *board.Game) (turn []board.Action, wdl, turns int, ok bool)
}

// SetTablebase makes the following searches probe tb (nil: none). At the
// root of a covered position the search plays the tables' best turn at
// once; inside the tree, a covered turn start is scored by its table
// value and not searched.
func (s *AlphaBeta) SetTablebase(tb Tablebase) {
	s.settle() // the last search's helpers may still probe the old tables
	s.tb = tb
}

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
	wdl, n, ok := t.sh.tb.Probe(t.g)
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
func (s *AlphaBeta) tbRoot(root *board.Game, lim Limits, start time.Time, info func(Info)) (Result, bool) {
	if s.tb == nil || lim.SearchMoves != nil || lim.MultiPV > 1 {
		return Result{}, false
	}
	turn, wdl, n, ok := s.tb.BestTurn(root)
	if !ok || len(turn) == 0 {
		return Result{}, false
	}
	score := tbScore(wdl, n, 0)
	res := Result{Best: turn, Score: score, Depth: 1, Nodes: 1}
	if isMate(score) {
		res.Mate = mateOf(root, turn, score)
	}
	if info != nil {
		info(Info{Depth: 1, SelDepth: 1, Score: score, Mate: res.Mate, Nodes: 1, TBHits: 1,
			Time: time.Since(start), MultiPV: 1, PV: root.TurnStrings(turn)})
	}
	return res, true
}
