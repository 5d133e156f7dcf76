package mcts

import (
	"context"

	"seega/board"
	"seega/search"
)

// Hybrid searches the placement phase with one searcher and the movement
// phase with another (MCTS for placement, alpha-beta for movement, where
// each is thought to be at its best). A search that starts in the
// placement phase goes to the first, whatever it sees beyond.
type Hybrid struct {
	placement, movement search.Searcher
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
func NewHybrid(placement, movement search.Searcher) *Hybrid {
	return &Hybrid{placement: placement, movement: movement}
}

// Search hands the search to the searcher of g's phase.
func (h *Hybrid) Search(ctx context.Context, g *board.Game, lim search.Limits, info func(search.Info)) search.Result {
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

// SetHashMB shares mb MiB between the two searchers' tables (SplitHash).
func (h *Hybrid) SetHashMB(mb int) {
	p, m := SplitHash(mb)
	h.placement.SetHashMB(p)
	h.movement.SetHashMB(m)
}

// SetThreads sets both searchers' threads.
func (h *Hybrid) SetThreads(n int) {
	h.placement.SetThreads(n)
	h.movement.SetThreads(n)
}

// SetContempt sets the contempt of whichever searcher has one (the
// alpha-beta of the movement phase).
func (h *Hybrid) SetContempt(cp int) {
	for _, s := range []search.Searcher{h.placement, h.movement} {
		if u, ok := s.(interface{ SetContempt(int) }); ok {
			u.SetContempt(cp)
		}
	}
}
