// Package mcts is the engine's Monte Carlo tree searcher: PUCT over single
// actions, with leaves scored by the evaluation, by short random playouts
// or by a mix (Params), a node pool that keeps within the Hash budget, the
// tree kept between the moves of a game, and tree-parallel threads with
// virtual loss. It implements engine.Searcher, so the protocol drives it
// exactly as it drives alpha-beta.
//
// A node is the position after one action (a placement stone, one step of
// a chain, a pass, a ransom action); the side to act at each node comes
// from the board, so a turn of several actions, or two turns in a row by
// the same side, need no special case. Values are win rates in [0,1] for
// the node's mover.
package mcts

import (
	"context"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"seega/board"
	"seega/engine"
)

// MCTS is the Monte Carlo tree searcher. Its pools and workers live as
// long as it does, so a search allocates only a few things per call (the
// game clones, the result, the info lines) and nothing per playout.
type MCTS struct {
	ev       engine.Evaluator
	p        Params
	hashMB   int
	nthreads int
	tree     *tree
	workers  []*worker
	playouts uint64           // of the last search
	tb       engine.Tablebase // endgame tables, or nil
	weights  []float64        // priorWeights for p.PriorTemp
}

// Playouts is the number of playouts of the last search.
func (m *MCTS) Playouts() uint64 { return m.playouts }

// New builds an MCTS searcher with cfg's pool size and thread count
// (HashMB 0 means DefaultHashMB, Threads below 1 means 1) and parameters p.
func New(cfg engine.Options, ev engine.Evaluator, p Params) *MCTS {
	p.QuiescenceActions = min(p.QuiescenceActions, MaxQuiescenceActions)
	m := &MCTS{ev: ev, p: p, weights: priorWeights(p.PriorTemp)}
	mb := cfg.HashMB
	if mb <= 0 {
		mb = DefaultHashMB
	}
	m.SetHashMB(mb)
	m.SetThreads(cfg.Threads)
	return m
}

// SetHashMB resizes the pools to at most mb MiB together (clamped to
// 1..MaxHashMB), forgetting the tree. The same size keeps the tree.
func (m *MCTS) SetHashMB(mb int) {
	mb = min(max(mb, 1), MaxHashMB)
	if m.tree != nil && mb == m.hashMB {
		return
	}
	m.tree = nil // let the old pools go before the new ones are allocated
	m.tree = newTree(mb)
	m.hashMB = mb
}

// HashBytes is the memory the pools take, never more than HashMB MiB.
func (m *MCTS) HashBytes() int { return m.tree.bytes() }

// SetThreads sets the number of threads of the next searches (clamped to
// 1..MaxThreads).
func (m *MCTS) SetThreads(n int) { m.nthreads = min(max(n, 1), MaxThreads) }

// SetOptions applies the options MCTS has: Hash, Threads and the endgame
// tables (nil: none); it has no contempt.
func (m *MCTS) SetOptions(o engine.Options) {
	m.SetHashMB(o.HashMB)
	m.SetThreads(o.Threads)
	m.tb = o.Tablebase
}

// NewGame forgets the tree, so that the next search depends on nothing
// before it.
func (m *MCTS) NewGame() { m.tree.clear() }

// shared is what the workers of one search share: the tree, the limits
// and the counters.
type shared struct {
	p       Params
	weights []float64 // priorWeights for p.PriorTemp
	ev      engine.Evaluator
	tb      engine.Tablebase // endgame tables, or nil
	tbHits  atomic.Int64     // leaves the tables scored
	pool    *pool
	nodes   []node
	filter  engine.RootFilter

	stop     atomic.Bool
	full     atomic.Bool  // the pool has refused a block: expand no more
	playouts atomic.Int64 // playouts started
	// positions counts the positions the playouts went through: each
	// node of a selection path, the root included, and each action of a
	// random playout. It is the nodes of info lines and results.
	positions atomic.Int64
	budget    int64        // playout budget; 0 = none
	depthSum  atomic.Int64 // sum of the playouts' selection depths, in turns
	selDepth  atomic.Int32 // deepest selection, in turns
}

// take claims one playout of the budget, reporting false when it is
// spent or the search is stopped.
func (sh *shared) take() bool {
	if sh.stop.Load() {
		return false
	}
	n := sh.playouts.Add(1)
	if sh.budget > 0 && n > sh.budget {
		sh.playouts.Add(-1)
		return false
	}
	return true
}

// done is the number of playouts run.
func (sh *shared) done() int64 { return sh.playouts.Load() }

// squash turns a cp score into a win rate with the logistic of EvalScale.
func (sh *shared) squash(cp int) float64 {
	return 1 / (1 + math.Exp(-float64(cp)/sh.p.EvalScale))
}

// Search runs playouts on the calling goroutine and Threads-1 helpers
// until a limit is reached or ctx is done, and answers the most visited
// turn. See engine.Searcher.
//
// The node limit counts playouts, and a depth limit d is a budget of
// d·PlayoutsPerDepth playouts. The nodes of results and info lines count
// positions, as alpha-beta's do: every node a playout passes on its way
// down the tree, the root included, and every action of a random playout.
// With a fixed budget they still depend on the shape of the tree, so they
// make a bench signature.
func (m *MCTS) Search(ctx context.Context, g *board.Game, lim engine.Limits, info func(engine.Info)) engine.Result {
	start := time.Now()
	if g.Result().Over() {
		return engine.Result{}
	}
	root := g.Clone() // for the answer and the PV; g stays untouched
	sh := &shared{p: m.p, ev: m.ev, tb: m.tb, weights: m.weights}
	if len(lim.SearchMoves) > 0 {
		sh.filter.Only = lim.SearchMoves
	}
	m.tree.prepare(root)
	sh.pool = m.tree.pool()
	sh.nodes = sh.pool.nodes
	sh.budget = int64(lim.Nodes)
	if lim.Depth > 0 && !lim.Infinite {
		d := int64(lim.Depth) * PlayoutsPerDepth
		if sh.budget == 0 || d < sh.budget {
			sh.budget = d
		}
	}
	soft := lim.Soft
	if lim.Infinite {
		soft = 0
	} else if n, complete := root.CountTurns(2); complete && n == 1 && sh.filter.Only == nil {
		// A forced turn: a few playouts give the info line its score.
		if sh.budget == 0 || sh.budget > ForcedPlayouts {
			sh.budget = ForcedPlayouts
		}
	}

	for len(m.workers) < m.nthreads {
		m.workers = append(m.workers, newWorker(len(m.workers)))
	}
	ws := m.workers[:m.nthreads]
	for _, w := range ws {
		w.start(sh, g.Clone())
	}
	var wg sync.WaitGroup
	for _, w := range ws[1:] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for sh.take() {
				w.iterate()
			}
		}()
	}

	main := ws[0]
	nextInfo := InfoInterval
	for {
		if ctx.Err() != nil {
			break
		}
		elapsed := time.Since(start)
		if soft > 0 && elapsed >= soft {
			break
		}
		if info != nil && elapsed >= nextInfo {
			nextInfo = elapsed + InfoInterval
			m.report(root, sh, lim, start, info)
		}
		if !sh.take() {
			break // the budget is spent (it ends an infinite search too)
		}
		main.iterate()
	}
	sh.stop.Store(true)
	wg.Wait()

	m.playouts = uint64(sh.done())
	res := m.result(root, sh)
	if info != nil {
		m.report(root, sh, lim, start, info)
	}
	return res
}

// priorWeightSpan is how many cp below the best child priorWeights
// tabulates: 41 temperatures at the default 100 cp, past which a
// child's weight (under e^−40) is computed when asked, which is rare.
const priorWeightSpan = 4096

// priorWeights is e^(−d/temp) for d from 0 to priorWeightSpan−1 cp, the
// softmax weights of the priors; nil for uniform priors (temp 0).
func priorWeights(temp float64) []float64 {
	if temp <= 0 {
		return nil
	}
	w := make([]float64, priorWeightSpan)
	for d := range w {
		w[d] = math.Exp(-float64(d) / temp)
	}
	return w
}

// priorWeight is the softmax weight of a child d cp below the best.
func (sh *shared) priorWeight(d int) float64 {
	if d < len(sh.weights) {
		return sh.weights[d]
	}
	return math.Exp(-float64(d) / sh.p.PriorTemp)
}
