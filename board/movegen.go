package board

// This file holds the position-level rules: captures, step existence and
// the pseudo-legal actions. "Pseudo-legal" means legal except for the
// whiteopens duty, which can only be judged at the end of White's whole
// turn, and the game-over test; Game applies both.

// capturesAt returns the enemy stones that c's stone captures by stepping
// to t (RULES.md 3.2). The origin square does not matter: it is adjacent to
// t, and a capture only looks at squares in a straight line from t whose
// nearest one is an enemy stone.
func (p *Position) capturesAt(t Square, c Color) Bitboard {
	g := p.geo
	opp := p.stones[c.Other()]
	var caps Bitboard
	if g.adj[t].And(opp).IsEmpty() {
		return caps
	}
	own := p.stones[c]
	r := p.rules
	for d := 0; d < g.dirs; d++ {
		e := g.next[t][d]
		if e < 0 || !opp.Has(e) {
			continue
		}
		if !r.LineCapture {
			f := g.next[e][d]
			if f >= 0 && own.Has(f) && !(r.CentreSafe && e == g.centre) {
				caps = caps.Or(SquareBit(e))
			}
			continue
		}
		run := SquareBit(e)
		f := g.next[e][d]
		for f >= 0 && opp.Has(f) {
			run = run.Or(SquareBit(f))
			f = g.next[f][d]
		}
		if f >= 0 && own.Has(f) {
			if r.CentreSafe {
				run = run.AndNot(SquareBit(g.centre))
			}
			caps = caps.Or(run)
		}
	}
	return caps
}

// hasStep reports whether c has any step: a stone next to an empty square.
func (p *Position) hasStep(c Color) bool {
	g := p.geo
	own := p.stones[c]
	for e := p.Empty(); e.Any(); {
		if g.adj[e.Pop()].And(own).Any() {
			return true
		}
	}
	return false
}

// HasStep reports whether c has any step (is not blocked), whoever is to act.
func (p *Position) HasStep(c Color) bool { return p.hasStep(c) }

// hasCapturingStep reports whether c has a step that captures, from the
// stones of from only.
func (p *Position) hasCapturingStep(c Color, from Bitboard) bool {
	g := p.geo
	for e := p.Empty(); e.Any(); {
		t := e.Pop()
		if g.adj[t].And(from).Any() && p.capturesAt(t, c).Any() {
			return true
		}
	}
	return false
}

// continuationExists reports whether the side to act may go on after a
// capturing step that landed on to, under the Chain rule.
func (p *Position) continuationExists(to Square) bool {
	us := p.side
	switch p.rules.Chain {
	case ChainBonus:
		return p.hasStep(us)
	case ChainAnyCapture:
		return p.hasCapturingStep(us, p.stones[us])
	case ChainSameCapture:
		return p.hasCapturingStep(us, SquareBit(to))
	}
	return false
}

// appendSteps appends c's steps whose origin is in from; with
// onlyCapturing, only those that capture.
func (p *Position) appendSteps(buf []Action, c Color, from Bitboard, onlyCapturing bool) []Action {
	g := p.geo
	own := p.stones[c].And(from)
	for e := p.Empty(); e.Any(); {
		t := e.Pop()
		origins := g.adj[t].And(own)
		if origins.IsEmpty() {
			continue
		}
		caps := p.capturesAt(t, c)
		if onlyCapturing && caps.IsEmpty() {
			continue
		}
		for origins.Any() {
			buf = append(buf, Action{Captures: caps, From: origins.Pop(), To: t, Kind: ActStep})
		}
	}
	return buf
}

// canRequestRansom reports whether Black may request a ransom now
// (RULES.md 3.5.1). The blocked-under-lose case never reaches here: that
// game is already over.
func (p *Position) canRequestRansom() bool {
	r := p.rules
	return r.Ransom && p.side == Black && !p.Placement() && p.chain == NoSquare && p.pending == NoSquare &&
		p.flags&(flagAccepted|flagTurnRefused) == 0 &&
		(int(p.refusals) < r.RansomRefusals || p.stones[White].Count() >= 2)
}

// pseudoActions appends the actions the rules allow now, before the
// whiteopens duty and the game-over test. Every placement square is listed
// for each stone of a placement turn.
func (p *Position) pseudoActions(buf []Action) []Action {
	r := p.rules
	us := p.side
	switch {
	case p.pending != NoSquare:
		if int(p.refusals) < r.RansomRefusals {
			buf = append(buf, Refuse())
		}
		for a := p.stones[White]; a.Any(); {
			x := a.Pop()
			for b := a; b.Any(); {
				buf = append(buf, Action{From: x, To: b.Pop(), Kind: ActAccept})
			}
		}
	case p.hand[us] > 0:
		for e := p.Empty().AndNot(SquareBit(p.geo.centre)); e.Any(); {
			buf = append(buf, Action{From: NoSquare, To: e.Pop(), Kind: ActPlace})
		}
	case p.chain == ChainAny:
		buf = p.appendSteps(buf, us, p.stones[us], r.Chain != ChainBonus)
		if r.Chain != ChainBonus && !r.ChainMandatory {
			buf = append(buf, Pass())
		}
	case p.chain >= 0:
		buf = p.appendSteps(buf, us, SquareBit(p.chain), true)
		if !r.ChainMandatory {
			buf = append(buf, Pass())
		}
	default:
		if p.canRequestRansom() {
			for b := p.stones[Black]; b.Any(); {
				buf = append(buf, RansomRequest(b.Pop()))
			}
		}
		n := len(buf)
		buf = p.appendSteps(buf, us, p.stones[us], false)
		if len(buf) == n && (r.Blocked == BlockedPass || (r.Blocked == BlockedWhiteOpens && us == Black)) {
			buf = append(buf, Pass())
		}
	}
	return buf
}
