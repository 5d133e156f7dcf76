package nnue

import (
	"seega/board"
	"seega/engine"
)

// Limit bounds the net's evaluation: it stays below the linear
// evaluation's verdicts (eval.Win, 5000), which say that the game is
// decided, and which the net is not trained to give.
const Limit = 4999

// Evaluator is the network evaluation of one rule set, as an
// engine.Evaluator. It orders placements with, and evaluates positions
// of another board size than the net's with, the fallback evaluation
// (the linear one). The shared Evaluator computes the accumulators from
// scratch at every call, so that any number of goroutines may use it; a
// search thread takes its own from ForThread, which updates them.
type Evaluator struct {
	net      *Net
	fallback engine.Evaluator
	scorer   engine.PlacementScorer // fallback's batch scorer, or nil
}

// NewEvaluator is the evaluation of net, with fallback for placement
// ordering and for boards of another size.
func NewEvaluator(net *Net, fallback engine.Evaluator) *Evaluator {
	e := &Evaluator{net: net, fallback: fallback}
	e.scorer, _ = fallback.(engine.PlacementScorer)
	return e
}

// Net is the network the evaluator plays.
func (e *Evaluator) Net() *Net { return e.net }

// Evaluate scores g's position from the side to act's view, in cp,
// computing the accumulators afresh.
func (e *Evaluator) Evaluate(g *board.Game) int {
	p := g.Position()
	if p.Size() != e.net.Rules.BoardSize {
		return e.fallback.Evaluate(g)
	}
	var a Accumulator
	e.net.Refresh(&a, p, g.Rules())
	return e.withBase(g, e.net.Evaluate(&a, p.SideToAct()))
}

// withBase is the evaluation for the net's output netCP (in cp, from
// the side to act's view): netCP itself, or for a residual net the
// linear evaluation plus netCP, where the linear evaluation's verdict
// of a decided game (beyond Limit) stands as it is.
func (e *Evaluator) withBase(g *board.Game, netCP int) int {
	if !e.net.Residual {
		return clampScore(netCP)
	}
	base := e.fallback.Evaluate(g)
	if base > Limit || base < -Limit {
		return base
	}
	return clampScore(ClampBase(base) + netCP)
}

// PlacementScore is the fallback's.
func (e *Evaluator) PlacementScore(g *board.Game, sq board.Square) int {
	return e.fallback.PlacementScore(g, sq)
}

// PlacementScores is the fallback's where it has them, and square by
// square otherwise.
func (e *Evaluator) PlacementScores(g *board.Game, squares board.Bitboard, out *[board.MaxSquares]int32) {
	if e.scorer != nil {
		e.scorer.PlacementScores(g, squares, out)
		return
	}
	*out = [board.MaxSquares]int32{}
	for b := squares; b.Any(); {
		sq := b.Pop()
		out[sq] = int32(e.fallback.PlacementScore(g, sq))
	}
}

// ForThread is an evaluator for one search thread, with its own stack
// of accumulators.
func (e *Evaluator) ForThread() engine.Evaluator {
	return &ThreadEvaluator{Evaluator: e}
}

func clampScore(v int) int { return min(max(v, -Limit), Limit) }

// stackSize is the number of accumulators a thread keeps, indexed by
// the game's ply modulo stackSize: more than a search's depth, so that
// the entry below a node usually holds its parent or an earlier sibling.
const stackSize = 128

// refreshAbove is the number of differing features above which a
// refresh from scratch is cheaper than an update.
const refreshAbove = 32

// ThreadEvaluator is the evaluator of one search thread: an accumulator
// for each ply of the game (modulo stackSize), each holding the last
// position evaluated at that ply. An evaluation updates its ply's entry
// from whichever of it and the entry one ply up is nearer (the parent,
// or a sibling evaluated before): the stones a move placed, stepped or
// captured. Nothing needs to hook make and unmake, and a wrong guess
// about what an entry holds costs time, never correctness, since an
// entry carries the features it was computed for.
type ThreadEvaluator struct {
	*Evaluator
	stack [stackSize]Accumulator
	// Refreshes and Updates count the evaluations done from scratch and
	// by update, for the tests and for tuning refreshAbove.
	Refreshes, Updates uint64
}

// Evaluate scores g's position from the side to act's view, in cp, as
// the shared Evaluator does, with the accumulator updated.
func (t *ThreadEvaluator) Evaluate(g *board.Game) int {
	p := g.Position()
	n := t.net
	if p.Size() != n.Rules.BoardSize {
		return t.fallback.Evaluate(g)
	}
	a := t.Accumulate(g)
	return t.withBase(g, n.Evaluate(a, p.SideToAct()))
}

// Accumulate brings the accumulator of g's ply up to g's position and
// returns it.
func (t *ThreadEvaluator) Accumulate(g *board.Game) *Accumulator {
	p := g.Position()
	r := g.Rules()
	ply := g.Ply()
	a := &t.stack[ply%stackSize]
	parent := &t.stack[(ply+stackSize-1)%stackSize]
	feats := [2]FeatureSet{Features(p, r, board.White), Features(p, r, board.Black)}
	src, diff := (*Accumulator)(nil), refreshAbove+1
	if a.valid {
		src, diff = a, a.feats[0].Diff(&feats[0])+a.feats[1].Diff(&feats[1])
	}
	if parent.valid && parent != a {
		if d := parent.feats[0].Diff(&feats[0]) + parent.feats[1].Diff(&feats[1]); d < diff {
			src, diff = parent, d
		}
	}
	if src == nil || diff > refreshAbove {
		t.Refreshes++
		t.net.Refresh(a, p, r)
		return a
	}
	t.Updates++
	t.net.UpdateFrom(a, src, &feats)
	return a
}
