package mcts

import (
	"math"
	"sort"
	"sync/atomic"
	"time"

	"seega/board"
	"seega/engine"
)

// The answer and the info lines are read from the tree after (or, for
// the periodic info lines, during) the search. They run once per report,
// not per playout, and may allocate.

// line is one principal variation read from the tree.
type line struct {
	pv    []board.Action // the first turn whole, then the tree's whole turns
	turn  int            // the first turn's length in actions
	q     float64        // the first action's win rate for the side to act
	known bool           // q comes from playouts (else the root's evaluation)
}

// result is the search's answer: the most visited line's first turn.
func (m *MCTS) result(root *board.Game, sh *shared) engine.Result {
	l := m.line(root, sh, -1)
	depth, _ := depths(sh)
	return engine.Result{
		Best:  append([]board.Action(nil), l.pv[:l.turn]...),
		Score: m.cp(root, sh, l),
		Depth: depth,
		Nodes: uint64(sh.positions.Load()),
	}
}

// report calls info with the lines of the tree as it stands: MultiPV
// lines begin with the most visited root children, best first.
func (m *MCTS) report(root *board.Game, sh *shared, lim engine.Limits, start time.Time, info func(engine.Info)) {
	elapsed := time.Since(start)
	depth, sel := depths(sh)
	nodes := uint64(sh.positions.Load())
	firsts := m.rootOrder(sh, max(lim.MultiPV, 1))
	if len(firsts) == 0 {
		firsts = []int32{-1}
	}
	for i, c := range firsts {
		l := m.line(root, sh, c)
		var nps uint64
		if elapsed > 0 {
			nps = uint64(float64(nodes) / elapsed.Seconds())
		}
		info(engine.Info{
			Depth:    depth,
			SelDepth: sel,
			Score:    m.cp(root, sh, l),
			Nodes:    nodes,
			NPS:      nps,
			TBHits:   uint64(sh.tbHits.Load()),
			HashFull: int(int64(sh.pool.used()) * 1000 / int64(len(sh.nodes))),
			Time:     elapsed,
			MultiPV:  i + 1,
			PV:       engine.Turns(root, l.pv),
		})
	}
}

// depths are the average and the deepest selection depth, in turns; the
// average is at least 1 once a playout has run.
func depths(sh *shared) (avg, sel int) {
	n := sh.done()
	if n == 0 {
		return 0, 0
	}
	avg = int(math.Round(float64(sh.depthSum.Load()) / float64(n)))
	return max(avg, 1), max(int(sh.selDepth.Load()), 1)
}

// cp turns a line's win rate into cp for the side to act, through the
// inverse of the squashing logistic.
func (m *MCTS) cp(root *board.Game, sh *shared, l line) int {
	if !l.known {
		return m.ev.Evaluate(root)
	}
	q := min(max(l.q, WinRateClamp), 1-WinRateClamp)
	return int(math.Round(m.p.EvalScale * math.Log(q/(1-q))))
}

// rootOrder lists up to k root children that the filter allows, most
// visited first.
func (m *MCTS) rootOrder(sh *shared, k int) []int32 {
	nodes := sh.nodes
	r := &nodes[0]
	if atomic.LoadUint32(&r.state) != stateExpanded {
		return nil
	}
	var kids []int32
	var path [1]board.Action
	for i := r.first; i < r.first+int32(r.nkids); i++ {
		path[0] = nodes[i].act
		if sh.filter.PrefixOK(path[:]) && atomic.LoadInt32(&nodes[i].visits) > 0 {
			kids = append(kids, i)
		}
	}
	sort.SliceStable(kids, func(a, b int) bool { return better(&nodes[kids[a]], &nodes[kids[b]]) })
	return kids[:min(k, len(kids))]
}

// better orders children: more visits, then the higher win rate.
func better(a, b *node) bool {
	va, vb := atomic.LoadInt32(&a.visits), atomic.LoadInt32(&b.visits)
	if va != vb {
		return va > vb
	}
	qa, _ := a.q()
	qb, _ := b.q()
	return qa > qb
}

// mostVisited is n's best child by better, among those with visits and,
// inside the root turn, allowed by the filter after path; -1 if none.
func mostVisited(sh *shared, n *node, path []board.Action, inRoot bool) int32 {
	nodes := sh.nodes
	if atomic.LoadUint32(&n.state) != stateExpanded {
		return -1
	}
	best := int32(-1)
	for i := n.first; i < n.first+int32(n.nkids); i++ {
		c := &nodes[i]
		if atomic.LoadInt32(&c.visits) == 0 {
			continue
		}
		if inRoot && !sh.filter.PrefixOK(append(path, c.act)) {
			continue
		}
		if best < 0 || better(c, &nodes[best]) {
			best = i
		}
	}
	return best
}

// line reads a principal variation from the tree: from root child first
// (or the most visited one, for first -1), the most visited child at each
// node. Its first turn is completed off the tree where the tree stops
// inside it (greedily by evaluation, see complete); after the first turn
// the line keeps only whole turns. It leaves root as it found it.
func (m *MCTS) line(root *board.Game, sh *shared, first int32) line {
	nodes := sh.nodes
	var l line
	var pv []board.Action
	turnEnd := 0 // pv's length at its last completed turn
	n := &nodes[0]
	made := 0
	for made < MaxPath {
		inRoot := l.turn == 0
		var c int32
		if made == 0 && first >= 0 {
			c = first
		} else {
			c = mostVisited(sh, n, pv, inRoot && sh.filter.Active())
		}
		if c < 0 {
			break
		}
		n = &nodes[c]
		if made == 0 {
			l.q, l.known = n.qFor(root.Position().SideToAct())
		}
		root.Make(n.act)
		made++
		pv = append(pv, n.act)
		if !root.Position().MidTurn() {
			turnEnd = len(pv)
			if l.turn == 0 {
				l.turn = turnEnd
			}
		}
		if root.Result().Over() {
			break
		}
	}
	if l.turn == 0 {
		// The tree stops inside the first turn: finish it.
		done := m.complete(root, pv, &sh.filter)
		if done == nil {
			// Only possible if the filter rejects what the tree played.
			for ; made > 0; made-- {
				root.Unmake()
			}
			made, pv = 0, nil
			done = m.complete(root, nil, &sh.filter)
			if done == nil {
				done = m.complete(root, nil, &engine.RootFilter{})
			}
		}
		pv = done
		l.turn, turnEnd = len(pv), len(pv)
	}
	for ; made > 0; made-- {
		root.Unmake()
	}
	l.pv = pv[:turnEnd]
	return l
}

// complete finishes the turn that path (already played on g) has begun,
// or plays a whole one for an empty path: at each step it tries the
// actions best first by their evaluation one action deep, depth first,
// keeping to the filter. It returns the whole path, or nil if no allowed
// completion exists, and leaves g as it found it.
func (m *MCTS) complete(g *board.Game, path []board.Action, f *engine.RootFilter) []board.Action {
	if len(path) > 0 && (!g.Position().MidTurn() || g.Result().Over()) {
		if f.Allows(path) {
			return path
		}
		return nil
	}
	acts := g.LegalActions(nil)
	side := g.Position().SideToAct()
	scores := make([]int, len(acts))
	for i, a := range acts {
		g.Make(a)
		scores[i] = evalFor(m.ev, g, side)
		g.Unmake()
	}
	idx := make([]int, len(acts))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return scores[idx[a]] > scores[idx[b]] })
	for _, i := range idx {
		next := append(path[:len(path):len(path)], acts[i])
		if !f.PrefixOK(next) {
			continue
		}
		g.Make(acts[i])
		done := m.complete(g, next, f)
		g.Unmake()
		if done != nil {
			return done
		}
	}
	return nil
}

// evalFor scores g's position for side in cp: the evaluation, or
// ±evalLimit (0 for a draw) where the game is over.
func evalFor(ev engine.Evaluator, g *board.Game, side board.Color) int {
	if res := g.Result(); res.Over() {
		win, ok := res.Winner()
		switch {
		case !ok:
			return 0
		case win == side:
			return evalLimit
		}
		return -evalLimit
	}
	v := ev.Evaluate(g)
	if g.Position().SideToAct() != side {
		v = -v
	}
	return v
}
