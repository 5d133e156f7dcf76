package mcts

import (
	"math"
	"sync/atomic"

	"seega/board"
)

// worker is one thread of a search: its own game, stacks and random
// numbers, sharing the tree. Its buffers are allocated once, with the
// worker, so that a playout allocates nothing.
type worker struct {
	id  int
	sh  *shared
	g   *board.Game
	rng rng

	acts []board.Action // expansion's legal actions
	// choices holds the playout's legal actions, counted.
	choices board.Choices
	scores  []float64 // expansion's prior scores
	path    [MaxPath]int32
	// made counts the actions of the last leaf's playout or quiescence.
	made int
	// qbuf holds quiescence's legal actions, one buffer per action deep.
	qbuf [][]board.Action
	// qnodes is the quiescence budget left for the current leaf.
	qnodes int
	// pathActs mirrors path's actions inside the root turn, for the
	// SearchMoves filter.
	pathActs [MaxPath]board.Action
}

func newWorker(id int) *worker {
	w := &worker{
		id:     id,
		acts:   make([]board.Action, 0, 128),
		scores: make([]float64, 0, 128),
		qbuf:   make([][]board.Action, MaxQuiescenceActions+1),
	}
	for i := range w.qbuf {
		w.qbuf[i] = make([]board.Action, 0, 64)
	}
	return w
}

// start readies the worker for a search of g's position, whose clone it
// takes.
func (w *worker) start(sh *shared, g *board.Game) {
	w.sh = sh
	w.g = g
	w.rng.seed(sh.p.Seed + uint64(w.id))
}

// iterate runs one playout: selection from the root down to a leaf with
// virtual losses on the way, expansion of the leaf, its value, and the
// backup of that value along the path.
func (w *worker) iterate() {
	sh := w.sh
	nodes := sh.nodes
	g := w.g
	vl := sh.p.VirtualLoss

	n := &nodes[0]
	w.path[0] = 0
	plen := 1
	atomic.AddInt32(&n.vloss, vl)
	turns := 0
	inRoot := sh.filter.Active()
	for plen < MaxPath && atomic.LoadUint32(&n.state) == stateExpanded {
		c := w.selectChild(n, g.Position().SideToAct(), plen, inRoot)
		if c < 0 {
			break
		}
		n = &nodes[c]
		g.Make(n.act)
		w.path[plen] = c
		if inRoot {
			w.pathActs[plen-1] = n.act
		}
		plen++
		atomic.AddInt32(&n.vloss, vl)
		if !g.Position().MidTurn() {
			turns++
			inRoot = false
		}
	}

	var v float64
	w.made = 0
	if res := g.Result(); res.Over() {
		v = resultValue(res)
	} else if tv, ok := w.tbLeaf(plen); ok {
		v = tv
	} else {
		if plen < MaxPath && atomic.LoadUint32(&n.state) == stateLeaf && !sh.full.Load() &&
			(plen == 1 || atomic.LoadInt32(&n.visits)+1 >= sh.p.ExpandVisits) &&
			atomic.CompareAndSwapUint32(&n.state, stateLeaf, stateBusy) {
			if w.expand(n, plen == 1) {
				atomic.StoreUint32(&n.state, stateExpanded)
			} else {
				atomic.StoreUint32(&n.state, stateLeaf)
			}
		}
		v = w.leafValue()
	}
	sh.positions.Add(int64(plen) + int64(w.made))

	for i := 0; i < plen; i++ {
		n := &nodes[w.path[i]]
		val := v
		if n.mover == board.Black {
			val = 1 - v
		}
		atomic.AddInt64(&n.sum, int64(val*valueOne+0.5))
		atomic.AddInt32(&n.visits, 1)
		atomic.AddInt32(&n.vloss, -vl)
	}
	for i := 1; i < plen; i++ {
		g.Unmake()
	}
	sh.depthSum.Add(int64(turns))
	for {
		d := sh.selDepth.Load()
		if int32(turns) <= d || sh.selDepth.CompareAndSwap(d, int32(turns)) {
			break
		}
	}
}

// selectChild picks the child of n (where side is to act) with the
// highest PUCT value, or -1 if none may be played. plen is the path's
// length so far; inRoot says the path is still inside the root turn,
// where the SearchMoves filter applies.
func (w *worker) selectChild(n *node, side board.Color, plen int, inRoot bool) int32 {
	nodes := w.sh.nodes
	p := &w.sh.p
	pv, _ := n.stats()
	parentQ, ok := n.qFor(side)
	if !ok {
		parentQ = 0.5
	}
	fpu := parentQ - p.FPUReduction
	explore := p.Exploration * math.Sqrt(float64(max(pv, 1)))
	best, bestIdx := math.Inf(-1), int32(-1)
	for i := n.first; i < n.first+int32(n.nkids); i++ {
		c := &nodes[i]
		if inRoot {
			w.pathActs[plen-1] = c.act
			if !w.sh.filter.PrefixOK(w.pathActs[:plen]) {
				continue
			}
		}
		v, s := c.stats()
		q := fpu
		if v > 0 {
			q = float64(s) / valueOne / float64(v)
		}
		u := q + explore*float64(c.prior)/float64(1+v)
		if u > best {
			best, bestIdx = u, i
		}
	}
	return bestIdx
}

// expand creates n's children, one per legal action of the position g
// is in, with their priors. A placement turn's two stones are taken in
// square order, so each pair is one path: at a turn start the highest
// free square is not a first stone, and a second stone lies above the
// first. (At the root, which may be a half-done turn from outside, every
// second stone is offered.) It reports false when the pool is full.
func (w *worker) expand(n *node, isRoot bool) bool {
	g := w.g
	pos := g.Position()
	side := pos.SideToAct()
	acts := g.Actions(w.acts[:0])
	w.acts = acts
	if pos.Placement() {
		acts = w.placementOrder(acts, n, isRoot)
	}
	k := min(len(acts), MaxChildren)
	if k == 0 {
		return false
	}
	first, ok := w.sh.pool.alloc(k)
	if !ok {
		w.sh.full.Store(true)
		return false
	}
	priors := w.priors(acts[:k], side)
	kids := w.sh.nodes[first : first+int32(k)]
	for i := range kids {
		kids[i].reset(acts[i], side, float32(priors[i]))
	}
	n.first = first
	n.nkids = uint16(k)
	return true
}

// placementOrder filters a placement position's actions as expand says,
// in place. It falls back to every action should the filter leave none.
func (w *worker) placementOrder(acts []board.Action, n *node, isRoot bool) []board.Action {
	pos := w.g.Position()
	lo, hi := board.NoSquare, board.Square(board.MaxSquares)
	switch {
	case !pos.MidTurn() && pos.Hand(pos.SideToAct()) >= 2:
		hi = highestPlacement(pos)
	case pos.MidTurn() && !isRoot && n.act.Kind == board.ActPlace:
		lo = n.act.To
	default:
		return acts
	}
	out := acts[:0]
	for _, a := range acts {
		if a.Kind != board.ActPlace || (a.To > lo && a.To < hi) {
			out = append(out, a)
		}
	}
	if len(out) == 0 {
		return w.g.Actions(acts[:0])
	}
	return out
}

// highestPlacement is the highest empty square other than the centre.
func highestPlacement(pos *board.Position) board.Square {
	e := pos.Empty().AndNot(board.SquareBit(pos.Centre()))
	top := board.Square(board.MaxSquares)
	for e.Any() {
		top = e.Pop()
	}
	return top
}

// priors are the children's P: uniform, or with PriorTemp a softmax of
// each action's evaluation one action deep, from the mover's side (a
// finished game counts as a win or loss of evalLimit). A child's weight
// is e^(−d/PriorTemp) for its d cp below the best child, read from a
// table (priorWeight): the exponentials were a fifth of the priors' time.
func (w *worker) priors(acts []board.Action, side board.Color) []float64 {
	s := w.scores[:0]
	if w.sh.p.PriorTemp <= 0 {
		for range acts {
			s = append(s, 1/float64(len(acts)))
		}
		w.scores = s
		return s
	}
	g := w.g
	top := math.MinInt // the best child then has d = 0, whatever the evaluator returns
	for _, a := range acts {
		g.Make(a)
		v := w.evalCP(side)
		g.Unmake()
		s = append(s, float64(v))
		top = max(top, v)
	}
	sum := 0.0
	for i, v := range s {
		s[i] = w.sh.priorWeight(top - int(v))
		sum += s[i]
	}
	for i := range s {
		s[i] /= sum
	}
	w.scores = s
	return s
}

// evalCP scores g's position for side in cp (see evalFor).
func (w *worker) evalCP(side board.Color) int { return evalFor(w.sh.ev, w.g, side) }

// leafCP scores the leaf g stands on for White, in cp: its evaluation,
// after a capture search where Params.QuiescenceActions allows one.
func (w *worker) leafCP() int {
	g := w.g
	if w.sh.p.QuiescenceActions <= 0 || g.Result().Over() {
		return w.evalCP(board.White)
	}
	w.qnodes = w.sh.p.QuiescenceNodes
	v := w.quiesce(-evalLimit-1, evalLimit+1, 0)
	if g.Position().SideToAct() != board.White {
		v = -v
	}
	return v
}

// leafValue is the value of the leaf g stands on, for White: its squashed
// evaluation, a playout's result, or a mix (Params.EvalWeight).
func (w *worker) leafValue() float64 {
	p := &w.sh.p
	we := p.EvalWeight
	if p.PlayoutTurns <= 0 {
		we = 1
	}
	v := 0.0
	if we > 0 {
		v += we * w.sh.squash(w.leafCP())
	}
	if we < 1 {
		v += (1 - we) * w.playout()
	}
	return v
}

// playout plays random actions from g's position until the game ends or
// PlayoutTurns turns are complete, and scores the end for White: the
// result, or the squashed evaluation at the cap. With PlayoutCaptureBias
// a step picks among the capturing actions first. It leaves g as it found
// it.
func (w *worker) playout() float64 {
	g := w.g
	p := &w.sh.p
	made, turns := 0, 0
	var v float64
	for {
		if res := g.Result(); res.Over() {
			v = resultValue(res)
			break
		}
		if turns >= p.PlayoutTurns || made >= PlayoutMaxActions {
			v = w.sh.squash(w.leafCP())
			break
		}
		// The actions are counted, not listed: only the one drawn is
		// built (the same one a pick from the list would give).
		n := g.CountActions(&w.choices)
		if n == 0 {
			v = w.sh.squash(w.evalCP(board.White))
			break
		}
		var a board.Action
		picked := false
		if p.PlayoutCaptureBias > 0 && w.rng.float() < p.PlayoutCaptureBias {
			if nc := g.CountCaptures(&w.choices); nc > 0 {
				a, picked = g.NthCapture(&w.choices, w.rng.intn(nc)), true
			}
		}
		if !picked {
			a = g.NthAction(&w.choices, w.rng.intn(n))
		}
		g.Make(a)
		made++
		if !g.Position().MidTurn() {
			turns++
		}
	}
	w.made += made
	for ; made > 0; made-- {
		g.Unmake()
	}
	return v
}

// resultValue scores a finished game for White.
func resultValue(res board.Result) float64 {
	switch res.Outcome {
	case board.WhiteWins:
		return 1
	case board.BlackWins:
		return 0
	}
	return 0.5
}
