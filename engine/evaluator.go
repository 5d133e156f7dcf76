package engine

import "seega/board"

// Evaluator scores positions for one rule set; package eval implements
// it, and the searchers use it without importing eval. A searcher shares
// one Evaluator between its threads, so it must be safe for concurrent
// use (read-only after construction). Evaluate must allocate nothing: it
// runs at every leaf.
type Evaluator interface {
	// Evaluate scores g's current position from the side to act's point
	// of view, in hundredths of a stone. It must leave g as it found it.
	Evaluate(g *board.Game) int
	// PlacementScore scores a placement square for the side to act,
	// higher is better; the searchers order placement actions by it.
	PlacementScore(g *board.Game, sq board.Square) int
}

// PlacementScorer is an Evaluator that can also score a set of
// placement squares of a position at once, more cheaply than square by
// square: out gets PlacementScore(g, sq) for each square sq of squares,
// and 0 elsewhere. The search uses it where the Evaluator has it.
type PlacementScorer interface {
	PlacementScores(g *board.Game, squares board.Bitboard, out *[board.MaxSquares]int32)
}

// PerThread is an Evaluator that is faster with state of each thread's
// own, such as a network's accumulators, updated from the last position
// the thread evaluated instead of computed afresh. A searcher gives each
// of its threads the Evaluator ForThread returns, which that thread
// alone uses: it need not be safe for concurrent use, but its Evaluate
// must return what the shared one's does.
type PerThread interface {
	ForThread() Evaluator
}
