package tablebase

import (
	"fmt"

	"seega/board"
)

// The tables as the searchers and the protocol use them: *Tables is an
// engine.Tablebase, handed to a searcher in its engine.Options.

// ProbeWDL is Probe with the value as plain numbers: wdl +1, 0 or -1 for
// the side to act, and the turns to the end.
func (t *Tables) ProbeWDL(g *board.Game) (wdl, turns int, ok bool) {
	v, ok := t.Probe(g)
	return int(v.WDL), v.Turns, ok
}

// BestTurnWDL is BestTurn with the value as plain numbers, as ProbeWDL.
func (t *Tables) BestTurnWDL(g *board.Game) ([]board.Action, int, int, bool) {
	turn, v, ok := t.BestTurn(g)
	return turn, int(v.WDL), v.Turns, ok
}

// Describe answers `query tb`. A finished game is no longer a question
// for the tables, whatever its position: a repetition may have drawn it.
func (t *Tables) Describe(g *board.Game) string {
	if res := g.Result(); res.Over() {
		return "none: the game is over: " + res.String()
	}
	if v, ok := t.Probe(g); ok {
		return fmt.Sprintf("wdl %s turns %d", v.WDL, v.Turns)
	}
	return "none: " + t.WhyNot(g)
}
