package protocol

import (
	"context"
	"math/rand/v2"

	"seega/board"
	"seega/engine"
)

// RandomEngine plays a random legal turn, each action drawn uniformly
// from the legal ones. It is the baseline opponent (uniform placement,
// uniform steps) against which real searchers are measured, and a
// stand-in wherever a tool needs an engine that is legal but does not
// think. Its choices follow from its seed and the positions it is shown.
type RandomEngine struct {
	seed uint64
	rng  *rand.Rand
}

// NewRandomEngine makes a random player with the given seed.
func NewRandomEngine(seed uint64) *RandomEngine {
	return &RandomEngine{seed: seed, rng: rand.New(rand.NewPCG(seed, 0x5ee9a))}
}

// Search plays board's RandomTurn: a random legal action, then, while the
// turn goes on, another. With searchmoves it plays one of those turns,
// drawn uniformly, instead (the protocol has checked that each is legal).
func (e *RandomEngine) Search(_ context.Context, g *board.Game, lim engine.Limits, info func(engine.Info)) engine.Result {
	var best []board.Action
	if len(lim.SearchMoves) > 0 {
		best = lim.SearchMoves[e.rng.IntN(len(lim.SearchMoves))]
	} else {
		best = g.RandomTurn(e.rng, nil)
	}
	if info != nil && len(best) > 0 {
		info(engine.Info{Depth: 1, SelDepth: 1, Nodes: uint64(len(best)), MultiPV: 1, PV: [][]board.Action{best}})
	}
	return engine.Result{Best: best, Depth: 1, Nodes: uint64(len(best))}
}

// NewGame restarts the random sequence, so that a game replays exactly.
func (e *RandomEngine) NewGame() { e.rng = rand.New(rand.NewPCG(e.seed, 0x5ee9a)) }

// SetOptions does nothing: there is no table, and one thread is plenty.
func (e *RandomEngine) SetOptions(engine.Options) {}
