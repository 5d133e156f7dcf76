package main

import (
	"fmt"

	"seega/board"
	"seega/protocol"
	"seega/search"
	"seega/tablebase"
)

// tableAdapter adapts package tablebase's tables to what the protocol and the
// searchers declare: protocol.Tablebase, search.Tablebase and
// mcts.Tablebase.
type tableAdapter struct{ t *tablebase.Tables }

// openTablebase is protocol.Config.OpenTablebase.
func openTablebase(dir string, r board.Rules) (protocol.Tablebase, error) {
	t, err := tablebase.Open(dir, r)
	if err != nil {
		return nil, err
	}
	return tableAdapter{t}, nil
}

func (a tableAdapter) Probe(g *board.Game) (wdl, turns int, ok bool) {
	v, ok := a.t.Probe(g)
	return int(v.WDL), v.Turns, ok
}

func (a tableAdapter) BestTurn(g *board.Game) ([]board.Action, int, int, bool) {
	turn, v, ok := a.t.BestTurn(g)
	return turn, int(v.WDL), v.Turns, ok
}

// Describe answers `query tb`. A finished game is no longer a question
// for the tables, whatever its position: a repetition may have drawn it.
func (a tableAdapter) Describe(g *board.Game) string {
	if res := g.Result(); res.Over() {
		return "none: the game is over: " + res.String()
	}
	if v, ok := a.t.Probe(g); ok {
		return fmt.Sprintf("wdl %s turns %d", v.WDL, v.Turns)
	}
	return "none: " + a.t.WhyNot(g)
}

// tablebaseUser is a searcher that probes endgame tables; alpha-beta and
// MCTS both are.
type tablebaseUser interface{ SetTablebase(search.Tablebase) }

// SetTablebase hands the protocol's tables to the searcher, if it probes.
func (e searchEngine) SetTablebase(t protocol.Tablebase) {
	u, ok := e.S.(tablebaseUser)
	if !ok {
		return
	}
	if a, ok := t.(tableAdapter); ok {
		u.SetTablebase(a)
	} else {
		u.SetTablebase(nil)
	}
}
