package main

import (
	"context"

	"seega/board"
	"seega/search"
)

// nodeEngine is the alpha-beta searcher at a node budget, for the tools
// that must give the same answer every time (the opening builder, the
// tuner's games): one thread, no clock, and a table the caller clears.
type nodeEngine struct{ s *search.AlphaBeta }

func (e *nodeEngine) Search(g *board.Game, nodes uint64) ([]board.Action, int, bool) {
	res := e.s.Search(context.Background(), g, search.Limits{Nodes: nodes}, nil)
	return res.Best, res.Score, res.Mate != 0
}

func (e *nodeEngine) NewGame() { e.s.NewGame() }
