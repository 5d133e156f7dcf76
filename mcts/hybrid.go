package mcts

import (
	"context"

	"seega/board"
	"seega/engine"
)

// Hybrid searches the placement phase with one searcher and the movement
// phase with another (MCTS for placement, alpha-beta for movement, where
// each is thought to be at its best). A search that starts in the
// placement phase goes to the first, whatever it sees beyond.
type Hybrid struct {
	placement, movement engine.Searcher
}

// SplitHash shares a Hash budget of mb MiB between a Hybrid's searchers:
// a quarter to the placement searcher, whose trees are short-lived, and
// the rest to the movement searcher's table. Below 2 MiB each gets 1 MiB,
// the least a searcher takes.
func SplitHash(mb int) (placement, movement int) {
	placement = max(mb/4, 1)
	return placement, max(mb-placement, 1)
}

// NewHybrid builds a Hybrid of two searchers, which it owns from then on.
// Build them with the Hash of SplitHash, so that the pair keeps to the
// budget.
func NewHybrid(placement, movement engine.Searcher) *Hybrid {
	return &Hybrid{placement: placement, movement: movement}
}

// Search hands the search to the searcher of g's phase.
func (h *Hybrid) Search(ctx context.Context, g *board.Game, lim engine.Limits, info func(engine.Info)) engine.Result {
	if g.Position().Placement() {
		return h.placement.Search(ctx, g, lim, info)
	}
	return h.movement.Search(ctx, g, lim, info)
}

// NewGame clears both searchers.
func (h *Hybrid) NewGame() {
	h.placement.NewGame()
	h.movement.NewGame()
}

// SetOptions hands o to both searchers, with Hash shared between their
// tables (SplitHash); each takes what it has of the rest (contempt, for
// one, only the alpha-beta of the movement phase).
func (h *Hybrid) SetOptions(o engine.Options) {
	p, m := o, o
	p.HashMB, m.HashMB = SplitHash(o.HashMB)
	h.placement.SetOptions(p)
	h.movement.SetOptions(m)
}
