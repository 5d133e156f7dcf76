package board

import "fmt"

// TurnStart is a movement-phase position at the start of a turn, given by
// its parts rather than as text: what an endgame table indexes. Everything
// else (hands, chain, pending request, turn number) is at its default.
type TurnStart struct {
	White, Black Bitboard
	Side         Color
	Passed       bool // the last completed turn was a pass (SeFEN passed=1)
	Quiet        int  // completed movement turns since the last capture
	// Asked and Accepted are the ransom flags; they need Ransom on.
	Asked, Accepted bool
}

// SetTurnStart makes g the position ts under g's rules, with a repetition
// history of its own in which the position counts once, as a game read
// from a SeFEN has. It reuses g's buffers, so a caller that visits many
// positions (a table generator) allocates nothing per position. On error
// g is unchanged.
func (g *Game) SetTurnStart(ts TurnStart) error {
	r := &g.rules
	geo := geometryFor(r.BoardSize, r.Directions)
	switch {
	case ts.White.And(ts.Black).Any():
		return fmt.Errorf("turn start: a square holds two stones")
	case ts.White.Or(ts.Black).AndNot(geo.all).Any():
		return fmt.Errorf("turn start: a stone off the %d×%d board", r.BoardSize, r.BoardSize)
	case ts.White.Count() > r.Stones() || ts.Black.Count() > r.Stones():
		return fmt.Errorf("turn start: more than %d stones of a side", r.Stones())
	case ts.Quiet < 0 || ts.Quiet > 60000:
		return fmt.Errorf("turn start: quiet turns %d", ts.Quiet)
	case (ts.Asked || ts.Accepted) && !r.Ransom:
		return fmt.Errorf("turn start: ransom state present but Ransom is off")
	case ts.Accepted && !ts.Asked:
		return fmt.Errorf("turn start: accepted needs asked")
	}
	g.undos = g.undos[:0]
	g.truncateHistory(0)
	p := &g.pos
	*p = Position{state: state{chain: NoSquare, pending: NoSquare, turn: 1}, rules: r, geo: geo}
	p.stones[White], p.stones[Black] = ts.White, ts.Black
	p.side = ts.Side
	if ts.Passed {
		p.passes = 1
	}
	p.quiet = uint16(ts.Quiet)
	if ts.Asked {
		p.flags |= flagAsked
	}
	if ts.Accepted {
		p.flags |= flagAccepted
	}
	p.hash = p.ComputeHash()
	g.record(p.hash)
	return nil
}

// TurnStartOf reports the current position as a TurnStart; ok is false
// when it is not the start of a movement turn (placement, a chain under
// way, a pending request, or Black to act again after a refusal).
func (p *Position) TurnStartOf() (ts TurnStart, ok bool) {
	if p.Placement() || p.MidTurn() || p.pending != NoSquare || p.flags&flagTurnRefused != 0 {
		return TurnStart{}, false
	}
	return TurnStart{
		White: p.stones[White], Black: p.stones[Black], Side: p.side,
		Passed: p.passes > 0, Quiet: int(p.quiet),
		Asked: p.flags&flagAsked != 0, Accepted: p.flags&flagAccepted != 0,
	}, true
}
