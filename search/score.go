package search

import "seega/board"

// Scores are from the side to act's point of view. A game won at a node t
// completed turns below the root scores Mate-t there, lost -(Mate-t), so
// the search prefers the quickest win and the slowest loss. The table
// stores mate scores relative to the entry's node (toTT) and the reader
// turns them back relative to its root (fromTT).

// terminalScore scores a finished game for the side to act, t turns from
// the root; draw is what a draw is worth to that side (drawScore).
func terminalScore(res board.Result, us board.Color, t, draw int) int {
	w, ok := res.Winner()
	switch {
	case !ok:
		return draw
	case w == us:
		return Mate - t
	}
	return -(Mate - t)
}

// clampEval keeps an evaluation out of the mate range.
func clampEval(v int) int { return min(max(v, -MateBound+1), MateBound-1) }

func isMate(score int) bool { return score >= MateBound || score <= -MateBound }

func toTT(score, turns int) int {
	switch {
	case score >= MateBound:
		return score + turns
	case score <= -MateBound:
		return score - turns
	}
	return score
}

func fromTT(score, turns int) int {
	switch {
	case score >= MateBound:
		return score - turns
	case score <= -MateBound:
		return score + turns
	}
	return score
}

// mateTurns converts a root mate score to the engine's own turns, where
// turns alternate: a win on the t-th turn from the root is the engine's
// (t+1)/2-th turn, and a loss on the t-th turn comes after t/2 of the
// engine's turns. Rules where a side plays twice in a row (the last
// placement turn under MovementStarter = black) are counted from the
// principal variation instead, by mateTurnsFromPV.
func mateTurns(score int) int {
	switch {
	case score >= MateBound:
		return (Mate - score + 1) / 2
	case score <= -MateBound:
		return -((Mate + score) / 2)
	}
	return 0
}

// mateTurnsFromPV counts the engine's turns along pv from g (which it
// leaves as it found it), if pv reaches the end of the game: a win counts
// the engine's turns up to and including the winning one, a loss the
// engine's turns before the opponent's winning turn. ok is false when pv
// stops short of the end, or is not legal from g.
func mateTurnsFromPV(g *board.Game, pv []board.Action, win bool) (m int, ok bool) {
	us := g.Position().SideToAct()
	made := 0
	defer func() {
		for ; made > 0; made-- {
			g.Unmake()
		}
	}()
	turnStart := true
	for _, a := range pv {
		if g.Result().Over() {
			break
		}
		legal, isLegal := g.Legalize(a)
		if !isLegal {
			return 0, false
		}
		if turnStart && g.Position().SideToAct() == us {
			m++
		}
		g.Make(legal)
		made++
		turnStart = !g.Position().MidTurn()
	}
	res := g.Result()
	if !res.Over() {
		return 0, false
	}
	w, decided := res.Winner()
	if !decided || (w == us) != win {
		return 0, false
	}
	if win {
		return m, true
	}
	return -m, true
}
