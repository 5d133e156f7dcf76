package search

import "seega/board"

// placementLeaf scores a placement turn start at the search's horizon.
//
// The placement phase fills the board but for the centre, so what the
// first movement turns capture is settled by which stones stand around
// the centre once the last squares are filled, and those last squares
// are often forced: a side that must place its last stones where only
// poisoned squares are left (a gate with an enemy stone behind it) loses
// them at the first step. A static evaluation of a half-filled board
// cannot see that. So where few squares are left (PlacementFinishSquares
// or fewer), the leaf plays the rest of the placement out greedily, each
// stone on the square the evaluator's PlacementScores ranks best for
// the side placing it, and then searches the first movement turn's
// captures and the replies (quiescence): the leaf's score is what the
// first steps take from the board the greedy fill leaves. Each stone of
// the fill counts as a node, so a node budget pays for it.
//
// Elsewhere (more squares left, an evaluator that cannot score
// placements, or too little stack) the leaf is the static evaluation.
// Once placement is over nothing here runs: the movement phase's search
// is untouched.
func (t *thread) placementLeaf(alpha, beta, ply, turns int) int {
	g := t.g
	pos := g.Position()
	left := pos.Hand(board.White) + pos.Hand(board.Black)
	if t.ps == nil || left > PlacementFinishSquares || ply+left+QMaxPly >= MaxPly-1 {
		return t.evaluate(ply)
	}
	us := pos.SideToAct()
	centre := board.SquareBit(pos.Centre())
	made := 0
	for g.Position().Placement() {
		if t.visit() {
			break
		}
		p := g.Position()
		free := p.Empty().AndNot(centre)
		t.ps.PlacementScores(g, free, &t.fillScores)
		sq := bestSquare(free, &t.fillScores)
		g.Make(board.Place(sq))
		t.firstCapture[ply+made+1] = t.firstCapture[ply+made]
		made++
		if !g.Position().MidTurn() {
			turns++
		}
	}
	var score int
	if !t.stopped {
		mover := g.Position().SideToAct()
		s, blocks := t.firstStepBlocks(ply + made)
		switch {
		case blocks && mover != us:
			s = -s
		case blocks:
		case mover == us:
			s = t.quiesce(alpha, beta, ply+made, turns, 0)
		default:
			s = -t.quiesce(-beta, -alpha, ply+made, turns, 0)
		}
		score = s
	}
	for ; made > 0; made-- {
		g.Unmake()
	}
	if t.stopped {
		return 0
	}
	return score
}

// bestSquare is the square of free with the highest score, the lowest
// square among equals. free must not be empty.
func bestSquare(free board.Bitboard, scores *[board.MaxSquares]int32) board.Square {
	best := board.NoSquare
	for b := free; b.Any(); {
		sq := b.Pop()
		if best == board.NoSquare || scores[sq] > scores[best] {
			best = sq
		}
	}
	return best
}

// firstStepBlocks reports whether, where a blocked player loses
// (Blocked lose), the side to act at the first movement turn has a step
// that leaves the other side no step at all, and then scores it, for the
// side to act, PlacementBlockadeScore. Quiescence cannot see this: it
// plays captures only, and the step that shuts the opponent in is
// usually a quiet one. Without the check, the leaf prefers fills that
// give away the stones' mobility (pro 5×5: lost by blockade at the first
// step in 7 of 20 games as Black against Search material). The score is
// an evaluation, not a mate: the fill it follows is greedy, not forced.
func (t *thread) firstStepBlocks(ply int) (int, bool) {
	g := t.g
	if g.Rules().Blocked != board.BlockedLose || ply >= MaxPly-1 || g.Result().Over() {
		return 0, false
	}
	mover := g.Position().SideToAct()
	acts := g.Actions(t.moves[ply][:0])
	t.moves[ply] = acts
	for _, a := range acts {
		if t.visit() {
			return 0, false
		}
		g.Make(a)
		res := g.Result()
		w, ok := res.Winner()
		won := res.Over() && ok && w == mover && !g.Position().MidTurn()
		g.Unmake()
		if won {
			return PlacementBlockadeScore, true
		}
	}
	return 0, false
}
