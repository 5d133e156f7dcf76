package gtp

import "seega/board"

// clicks is one way to play an action as GTP moves: one move, or two.
type clicks struct {
	n int
	m [2]move
}

func oneClick(m move) clicks     { return clicks{n: 1, m: [2]move{m}} }
func twoClicks(a, b move) clicks { return clicks{n: 2, m: [2]move{a, b}} }

// moves is the GTP moves of c, in order.
func (c clicks) moves() []move { return append([]move(nil), c.m[:c.n]...) }

// clickState is what the GTP moves of a position's actions depend on,
// besides the position: worked out once for all of them.
type clickState struct {
	g *board.Game
	// oneClick is the stone whose steps take one move, their target, or
	// NoSquare (see chainStone).
	oneClick board.Square
	// targetFirst: every step is played target first (see actsAgain).
	targetFirst bool
}

func newClickState(g *board.Game) clickState {
	s := clickState{g: g, oneClick: chainStone(g), targetFirst: actsAgain(g)}
	if s.oneClick != board.NoSquare && chainBeganTargetFirst(g) {
		s.oneClick = board.NoSquare
	}
	return s
}

// encodings appends to buf every way to play a, a legal action of the
// position, as GTP moves; the first is the one genmove plays. doc.go has
// the table and the two rules it keeps: that no GTP move is the whole of
// one action and the start of another, and that a GTP move, played again
// at once by the same side, is never legal (GoGui sends each computer move
// to its rules program twice). pass is the blocked pass alone, so that two
// passes in a row, which end the game for GoGui, come only where the rules
// end it.
func (s clickState) encodings(a board.Action, buf []clicks) []clicks {
	p := s.g.Position()
	v := vertexMove
	switch a.Kind {
	case board.ActPlace:
		return append(buf, oneClick(v(a.To)))
	case board.ActStep:
		switch {
		case s.targetFirst:
			return append(buf, twoClicks(v(a.To), v(a.From)))
		case a.From == s.oneClick:
			return append(buf, oneClick(v(a.To)))
		}
		return append(buf, twoClicks(v(a.From), v(a.To)))
	case board.ActPass:
		if p.Chain() == board.NoSquare {
			return append(buf, oneClick(passMove()))
		}
		// The stop of a chain: any of the opponent's stones, which no
		// other action of a chain begins with.
		for b := p.Stones(p.SideToAct().Other()); b.Any(); {
			buf = append(buf, oneClick(v(b.Pop())))
		}
		return buf
	case board.ActRansom:
		// A White stone, then the Black stone offered: a White stone
		// begins nothing else at the start of Black's turn, and the
		// stone offered may be the one Black placed last.
		for b := p.Stones(board.White); b.Any(); {
			buf = append(buf, twoClicks(v(b.Pop()), v(a.To)))
		}
		return buf
	case board.ActRefuse:
		// Any Black stone; the one offered first.
		pending := p.PendingRansom()
		buf = append(buf, oneClick(v(pending)))
		for b := p.Stones(board.Black).AndNot(board.SquareBit(pending)); b.Any(); {
			buf = append(buf, oneClick(v(b.Pop())))
		}
		return buf
	case board.ActAccept:
		return append(buf, twoClicks(v(a.From), v(a.To)), twoClicks(v(a.To), v(a.From)))
	}
	return buf
}

// chainStone is the stone that made the last step of the chain under way,
// or NoSquare: its further steps are played by their target alone, so
// that the target of the last step, played again, is no move (it holds
// that stone now, which no chain action begins with). Under samecapture
// it is the chain stone; under bonus and anycapture, the last step's
// target (unknown after a SeFEN that shows a chain under way, where every
// step then takes two moves).
func chainStone(g *board.Game) board.Square {
	switch c := g.Position().Chain(); {
	case c >= 0:
		return c
	case c == board.ChainAny:
		if a, ok := g.LastAction(); ok && a.Kind == board.ActStep {
			return a.To
		}
	}
	return board.NoSquare
}

// actsAgain reports whether the side to act, at the start of a turn, also
// made the last action: the last stone of the placement, when the
// MovementStarter is the side that placed last (no preset does that).
// Every step then enters the centre, and it is played target first, the
// centre and then the stone: played stone first, the stone placed last,
// played again at once, would pick that stone up.
func actsAgain(g *board.Game) bool {
	p := g.Position()
	if p.MidTurn() || p.PendingRansom() != board.NoSquare {
		return false
	}
	if _, ok := g.LastAction(); !ok {
		return false
	}
	before := g.Clone()
	before.Unmake()
	return before.Position().SideToAct() == p.SideToAct()
}

// chainBeganTargetFirst reports whether the chain under way began with a
// step played target first (see actsAgain). Its stone's next step then
// takes two moves too: by its target alone, the square the stone came
// from, played again at once, would step the stone back there.
func chainBeganTargetFirst(g *board.Game) bool {
	a, ok := g.LastAction()
	if !ok || a.Kind != board.ActStep || g.Position().Chain() == board.NoSquare {
		return false
	}
	before := g.Clone()
	before.Unmake()
	return actsAgain(before)
}
