package mcts

import "seega/board"

// quiesce scores g's position for the side to act, in cp, by a small
// alpha-beta search over captures: the evaluation is taken only where
// no capture is pending, so that a leaf in the middle of an exchange or
// a chain is not misjudged. At a turn start the side to act may stand
// pat; inside a chain it tries the capturing continuations and the stop
// of an optional chain, and may stand pat where the chain also allows
// quiet steps (a bonus step). Captures are tried most stones first.
// qply counts actions below the leaf, up to Params.QuiescenceActions, and
// w.qnodes the positions left of the leaf's Params.QuiescenceNodes: where
// either runs out, the evaluation stands (anycapture chains on 7×7 with 8
// directions would otherwise take seconds). It leaves g as it found it.
func (w *worker) quiesce(alpha, beta, qply int) int {
	g := w.g
	pos := g.Position()
	if res := g.Result(); res.Over() {
		return evalFor(w.sh.ev, g, pos.SideToAct())
	}
	w.qnodes--
	if pos.Placement() || pos.PendingRansom() != board.NoSquare || qply >= w.sh.p.QuiescenceActions || w.qnodes <= 0 {
		return w.sh.ev.Evaluate(g)
	}
	mid := pos.MidTurn()
	acts := g.CaptureActions(w.qbuf[qply][:0])
	w.qbuf[qply] = acts
	n := len(acts)
	standPat := !mid || g.HasQuietChainStep()
	for i := 1; i < n; i++ {
		for j := i; j > 0 && acts[j].CaptureCount() > acts[j-1].CaptureCount(); j-- {
			acts[j], acts[j-1] = acts[j-1], acts[j]
		}
	}
	best := -evalLimit - 1
	if standPat {
		best = w.sh.ev.Evaluate(g)
		if best >= beta {
			return best
		}
		alpha = max(alpha, best)
	}
	if n == 0 {
		if !standPat {
			return w.sh.ev.Evaluate(g)
		}
		return best
	}
	us := pos.SideToAct()
	for _, a := range acts {
		g.Make(a)
		w.made++
		var s int
		if g.Position().SideToAct() == us {
			s = w.quiesce(alpha, beta, qply+1)
		} else {
			s = -w.quiesce(-beta, -alpha, qply+1)
		}
		g.Unmake()
		if s > best {
			best = s
			if s > alpha {
				alpha = s
				if s >= beta {
					break
				}
			}
		}
	}
	return best
}
