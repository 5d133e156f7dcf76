package search

import "seega/board"

// Move ordering. Alpha-beta cuts most when the best action comes first, so
// each node scores its actions once and picks them best first by
// selection (no sort, no allocation): the table's action, then captures
// (more stones first) and chain continuations, the stop of an optional
// chain, the two killers of the ply, and the quiet actions by history.
// Placement actions are ordered by the evaluator's PlacementScore, with
// history breaking ties.

// historyIndex maps an action to its history slot: the side, the origin
// (NoSquare for placements and ransom actions) and the target.
func historyIndex(a board.Action) (from, to int) {
	return int(a.From) + 1, max(int(a.To), 0)
}

// scoreActions fills t.scores[ply] for the actions of t.moves[ply].
//
// The table's action and the killers are searched first whatever the
// others score, and they often cut the node off at once: where any of
// them is among the actions, the placement actions' PlacementScore, the
// costly part of ordering a placement node, is left out for now and
// added by pickAt once those are all tried and another action is wanted
// (t.placeFrom). The rest of each score (history) is taken here, before
// the first child's search changes the history, so the order is the same
// as if everything were scored here.
func (t *thread) scoreActions(ply int, acts []board.Action, ttMove uint32) []int32 {
	scores := t.scores[ply][:0]
	g := t.g
	us := g.Position().SideToAct()
	k := &t.killers[ply]
	// first: the actions that come before every placement score.
	first := 0
	if g.Position().Placement() {
		for _, a := range acts {
			if ttMove != 0 && packMove(a) == ttMove || a.Same(k[0]) || a.Same(k[1]) {
				first++
			}
		}
	}
	t.placeFrom[ply] = 0
	batched := false
	for _, a := range acts {
		var s int
		switch {
		case ttMove != 0 && packMove(a) == ttMove:
			s = orderTT
		case a.Captured():
			s = orderCapture + orderPerStone*a.CaptureCount()
		case a.Kind == board.ActPass && g.Position().Chain() != board.NoSquare:
			s = orderStop
		case a.Same(k[0]):
			s = orderKiller1
		case a.Same(k[1]):
			s = orderKiller2
		case a.Kind == board.ActPlace:
			f, to := historyIndex(a)
			s = int(t.history[us][f][to])
			if first > 0 {
				t.placeFrom[ply] = first
			} else {
				if !batched {
					t.batchPlacement(acts)
					batched = true
				}
				s += t.placementOrder(a)
			}
		case a.Kind == board.ActRansom:
			f, to := historyIndex(a)
			s = orderRansom + int(t.history[us][f][to])
		default:
			f, to := historyIndex(a)
			s = int(t.history[us][f][to])
		}
		scores = append(scores, int32(s))
	}
	t.scores[ply] = scores
	t.ttMoves[ply] = ttMove
	return scores
}

// scorePlacements is scoreActions for a node whose actions are all
// placements (PlacementActions): the same scores, with the table's
// action and the killers told by their squares.
func (t *thread) scorePlacements(ply int, acts []board.Action, ttMove uint32) []int32 {
	scores := t.scores[ply][:0]
	us := t.g.Position().SideToAct()
	k := &t.killers[ply]
	tt, k0, k1 := placedSquare(ttMove), placementSquare(k[0]), placementSquare(k[1])
	first := 0
	for _, a := range acts {
		if a.To == tt || a.To == k0 || a.To == k1 {
			first++
		}
	}
	// Every action is a placement: unless the first ones put the
	// placement scores off, each needs them.
	t.placeFrom[ply] = 0
	if first == 0 {
		t.batchPlacement(acts)
	}
	for _, a := range acts {
		var s int
		switch a.To {
		case tt:
			s = orderTT
		case k0:
			s = orderKiller1
		case k1:
			s = orderKiller2
		default:
			s = int(t.history[us][0][a.To]) // historyIndex of a placement
			if first > 0 {
				t.placeFrom[ply] = first
			} else {
				s += t.placementOrder(a)
			}
		}
		scores = append(scores, int32(s))
	}
	t.scores[ply] = scores
	t.ttMoves[ply] = ttMove
	return scores
}

// placedSquare is the square of a packed table action that places a
// stone, and NoSquare for any other (or none).
func placedSquare(m uint32) board.Square {
	if m == 0 || m != packMove(board.Place(board.Square(m>>10&0x7F)-1)) {
		return board.NoSquare
	}
	return board.Square(m>>10&0x7F) - 1
}

// placementSquare is the square of a placement, and NoSquare for any
// other action (a killer not yet set among them).
func placementSquare(a board.Action) board.Square {
	if !a.Same(board.Place(a.To)) {
		return board.NoSquare
	}
	return a.To
}

// batchPlacement scores the placement squares of acts at once, where the
// evaluator can (PlacementScorer), for placementOrder.
func (t *thread) batchPlacement(acts []board.Action) {
	if t.ps != nil {
		var squares board.Bitboard
		for _, a := range acts {
			if a.Kind == board.ActPlace {
				squares = squares.Or(board.SquareBit(a.To))
			}
		}
		t.ps.PlacementScores(t.g, squares, &t.placeScores)
	}
}

// placementOrder is the PlacementScore part of a placement action's
// order, after batchPlacement.
func (t *thread) placementOrder(a board.Action) int {
	var p int
	if t.ps != nil {
		p = int(t.placeScores[a.To])
	} else {
		p = t.ev.PlacementScore(t.g, a.To)
	}
	return min(max(p, -PlacementScoreMax), PlacementScoreMax) * orderPlaceUnit
}

// pickAt is pick for the actions of ply, first adding the placement
// scores that scoreActions left out once an action after the table's and
// the killers is wanted (the first t.placeFrom[ply] picks, since those
// outscore any placement score). The placement actions that lack them
// are those scored by history alone: not the table's action, not a
// killer. The killers of ply do not change while a child of ply is
// searched (the child's subtree has killers of its own plies), so the
// test picks out the same actions scoreActions did.
func (t *thread) pickAt(ply int, acts []board.Action, scores []int32, i int) board.Action {
	if from := t.placeFrom[ply]; from > 0 && i >= from {
		t.placeFrom[ply] = 0
		k := &t.killers[ply]
		tt := t.ttMoves[ply]
		t.batchPlacement(acts)
		for j := i; j < len(acts); j++ {
			a := acts[j]
			if a.Kind == board.ActPlace && packMove(a) != tt && !a.Same(k[0]) && !a.Same(k[1]) {
				scores[j] += int32(t.placementOrder(a))
			}
		}
	}
	return pick(acts, scores, i)
}

// pick swaps the best-scored action of acts[i:] into place i and returns
// it.
func pick(acts []board.Action, scores []int32, i int) board.Action {
	best := i
	for j := i + 1; j < len(acts); j++ {
		if scores[j] > scores[best] {
			best = j
		}
	}
	acts[i], acts[best] = acts[best], acts[i]
	scores[i], scores[best] = scores[best], scores[i]
	return acts[i]
}

// isQuiet reports whether an action is one the killer and history
// heuristics learn from: anything but a capture or a chain stop.
func isQuiet(a board.Action, chain bool) bool {
	return !a.Captured() && !(a.Kind == board.ActPass && chain)
}

// rewardCutoff records a quiet action that caused a beta cutoff: a killer
// of the ply, a history bonus for it and a malus for the quiet actions
// tried before it.
func (t *thread) rewardCutoff(ply, depth int, us board.Color, a board.Action, tried []board.Action) {
	k := &t.killers[ply]
	if !a.Same(k[0]) {
		k[1], k[0] = k[0], a
	}
	bonus := min(depth*depth+depth, HistoryMax/4)
	f, to := historyIndex(a)
	updateHistory(&t.history[us][f][to], bonus)
	for _, q := range tried {
		f, to := historyIndex(q)
		updateHistory(&t.history[us][f][to], -bonus)
	}
}

// updateHistory applies the gravity rule: the bonus shrinks as the entry
// nears ±HistoryMax, so entries stay bounded and recent results count.
func updateHistory(h *int32, bonus int) {
	v := int(*h)
	v += bonus - v*abs(bonus)/HistoryMax
	*h = int32(v)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// ageHistory halves every history entry between searches, so that the
// last game's lessons fade but are not lost.
func (t *thread) ageHistory() {
	for c := range t.history {
		for f := range t.history[c] {
			for to := range t.history[c][f] {
				t.history[c][f][to] /= 2
			}
		}
	}
}
