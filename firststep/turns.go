package firststep

import (
	"slices"

	"seega/board"
)

// Choice is what Best finds at a placement position: the turns that keep
// the first step's value where best play puts it, out of how many.
type Choice struct {
	Turns [][]board.Action // the turns that keep Value, in generation order
	Value int              // the position's value (see Solver.Value)
	Legal int              // the legal turns there are
}

// Restricts reports whether the choice rules out some legal turn.
func (c Choice) Restricts() bool { return len(c.Turns) > 0 && len(c.Turns) < c.Legal }

// Best returns the turns from g's position after which the value stays
// the position's own: for the starter the turns that take the most at
// the first step, for the other side those that lose the least. ok is
// false where the solver does not describe the position (not a
// placement position of its board, or the centre taken).
func (s *Solver) Best(g *board.Game) (c Choice, ok bool) {
	pos := g.Position()
	if !pos.Placement() {
		return c, false
	}
	v, ok := s.Value(pos)
	if !ok {
		return c, false
	}
	c.Value = v
	g.ForEachTurn(func(turn []board.Action) bool {
		c.Legal++
		if after, ok := s.Value(g.Position()); ok && after == v {
			c.Turns = append(c.Turns, slices.Clone(turn))
		}
		return true
	})
	return c, true
}
