package eval

import "seega/board"

// StoneValue is what one stone is worth to MaterialOnly, in hundredths
// of a stone as every evaluation counts.
const StoneValue = 100

// MaterialOnly is the evaluation of Search material: the side to act's
// stones, on the board and in hand, less the opponent's, at StoneValue
// each, and nothing else; it ranks every placement square alike. With
// search.NewPlain it makes the opponent of issue 44, an alpha-beta
// search that counts material only, so that the engine can be measured
// against a fixed opponent of a different style. It has no state: one
// value serves any rule set and any number of goroutines.
type MaterialOnly struct{}

// Evaluate is the side to act's material lead in hundredths of a stone.
func (MaterialOnly) Evaluate(g *board.Game) int {
	p := g.Position()
	us := p.SideToAct()
	them := us.Other()
	lead := p.Stones(us).Count() + p.Hand(us) - p.Stones(them).Count() - p.Hand(them)
	return StoneValue * lead
}

// PlacementScore is 0 for every square: material alone cannot tell
// placement squares apart before the search does.
func (MaterialOnly) PlacementScore(*board.Game, board.Square) int { return 0 }
