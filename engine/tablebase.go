package engine

import "seega/board"

// Tablebase is a set of endgame tables opened for one rule set: the exact
// values of positions with few stones. The searchers probe it; the
// protocol answers `query tb` with it. Package tablebase's tables are one.
type Tablebase interface {
	// ProbeWDL reports the value of g's current position for the side to
	// act, if the tables cover it: wdl is +1 for a win, 0 a draw, -1 a
	// loss, and turns the number of turns to the end under best play.
	// It must allocate nothing and leave g as it found it.
	ProbeWDL(g *board.Game) (wdl, turns int, ok bool)
	// BestTurnWDL is the tables' best turn from g's position (the rest
	// of the turn, from a turn under way) and its value; ok is false when
	// a position it leads to is not covered.
	BestTurnWDL(g *board.Game) (turn []board.Action, wdl, turns int, ok bool)
	// Describe answers `query tb` for g's position: "wdl win turns 7",
	// or "none: " and why the tables do not cover it.
	Describe(g *board.Game) string
}
