package board

// This file holds the position-level rules: captures, step existence and
// the pseudo-legal actions. "Pseudo-legal" means legal except for the
// whiteopens duty, which can only be judged at the end of White's whole
// turn, and the game-over test; Game applies both.

// capturesAt returns the enemy stones that c's stone captures by stepping
// to t (RULES.md 3.2). The origin square does not matter: it is adjacent
// to t, and a capture only looks at squares in a straight line from t
// whose nearest one is an enemy stone. Without LineCapture it reads the
// capture pairs of t, one per direction (an enemy next to t, a friend
// beyond), with no branch per direction.
func (p *Position) capturesAt(t Square, c Color) Bitboard {
	if p.rules.LineCapture {
		return p.lineCapturesAt(t, c)
	}
	g := p.geo
	own, opp := p.stones[c], p.stones[c.Other()]
	if p.rules.CentreSafe {
		opp = opp.AndNot(g.centreBit)
	}
	var near Bitboard
	for _, pr := range g.pairs[t][:g.npairs[t]] {
		near = near.Or(pr.e.And(own.mask(pr.f)))
	}
	return near.And(opp)
}

// captureTargets is the set of squares where a step of c captures
// something: next to a capturable enemy stone whose neighbour beyond, in
// the same direction, is c's. A few shifts answer it for the whole board,
// so that capturesAt runs only where a capture happens. Under LineCapture
// it is wider: every square next to an enemy stone.
func (p *Position) captureTargets(c Color) Bitboard {
	g := p.geo
	own, opp := p.stones[c], p.stones[c.Other()]
	if p.rules.LineCapture {
		return g.dilate(opp)
	}
	if p.rules.CentreSafe {
		opp = opp.AndNot(g.centreBit)
	}
	var out Bitboard
	for d := 0; d < g.dirs; d++ {
		back := opposite(d)
		out = out.Or(g.step(opp.And(g.step(own, back)), back))
	}
	return out
}

// lineCapturesAt is capturesAt under LineCapture: it walks out from t in
// each direction along the run of enemy stones.
func (p *Position) lineCapturesAt(t Square, c Color) Bitboard {
	g := p.geo
	own, opp := p.stones[c], p.stones[c.Other()]
	var caps Bitboard
	for d := 0; d < g.dirs; d++ {
		e := g.next[t][d]
		if e < 0 || !opp.Has(e) {
			continue
		}
		run := SquareBit(e)
		f := g.next[e][d]
		for f >= 0 && opp.Has(f) {
			run = run.Or(SquareBit(f))
			f = g.next[f][d]
		}
		if f >= 0 && own.Has(f) {
			if p.rules.CentreSafe {
				run = run.AndNot(g.centreBit)
			}
			caps = caps.Or(run)
		}
	}
	return caps
}

// wordGen reports whether the single-word generator of steps_small.go
// applies: every square fits the low word, and captures are one stone per
// direction (LineCapture is rare enough to stay on the general path).
func (p *Position) wordGen() bool { return p.geo.small && !p.rules.LineCapture }

// hasStep reports whether c has any step: a stone next to an empty square.
func (p *Position) hasStep(c Color) bool {
	if p.geo.small {
		return p.hasStep64(c)
	}
	return p.geo.dilate(p.stones[c]).And(p.Empty()).Any()
}

// HasStep reports whether c has any step (is not blocked), whoever is to act.
func (p *Position) HasStep(c Color) bool { return p.hasStep(c) }

// hasCapturingStep reports whether c has a step that captures onto a
// square of near (the squares next to the stones that may move).
func (p *Position) hasCapturingStep(c Color, near Bitboard) bool {
	if p.wordGen() {
		return p.hasCapturingStep64(c, near.lo)
	}
	for t := near.And(p.Empty()); t.Any(); {
		if p.capturesAt(t.Pop(), c).Any() {
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
		return p.hasCapturingStep(us, p.geo.dilate(p.stones[us]))
	case ChainSameCapture:
		return p.hasCapturingStep(us, p.geo.adj[to])
	}
	return false
}

// chainGoesOn reports whether the turn goes on after the side to act's
// capturing step to to, made on the board already. A step that ends the
// game ends the turn (RULES.md 3.3).
func (p *Position) chainGoesOn(to Square) bool {
	return p.stones[p.side.Other()].Count() > p.rules.LoseAt && p.continuationExists(to)
}

// stepGoesOn is chainGoesOn for a capturing step a not yet made: it moves
// the stones alone (no hash, no counters), asks, and puts them back. Perft
// uses it to count turns that end with a capture without making them.
func (p *Position) stepGoesOn(a Action) bool {
	us, them := p.side, p.side.Other()
	move := SquareBit(a.From).Or(SquareBit(a.To))
	p.stones[us] = p.stones[us].Xor(move)
	p.stones[them] = p.stones[them].Xor(a.Captures)
	on := p.chainGoesOn(a.To)
	p.stones[us] = p.stones[us].Xor(move)
	p.stones[them] = p.stones[them].Xor(a.Captures)
	return on
}

// appendSteps appends c's steps whose origin is in from; with
// onlyCapturing, only those that capture. The order is part of the API
// (searches and seeded playouts depend on it): by target square, then by
// origin square.
func (p *Position) appendSteps(buf []Action, c Color, from Bitboard, onlyCapturing bool) []Action {
	if p.wordGen() {
		return p.appendSteps64(buf, c, from.lo, onlyCapturing)
	}
	g := p.geo
	own := p.stones[c].And(from)
	targets := g.dilate(own).And(p.Empty())
	if targets.IsEmpty() {
		return buf
	}
	capturing := p.captureTargets(c)
	if onlyCapturing {
		targets = targets.And(capturing)
	}
	for targets.Any() {
		t := targets.Pop()
		var caps Bitboard
		if capturing.Has(t) {
			caps = p.capturesAt(t, c)
		}
		if onlyCapturing && caps.IsEmpty() {
			continue // under LineCapture, where capturing is wider
		}
		for origins := g.adj[t].And(own); origins.Any(); {
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
func (p *Position) pseudoActions(buf []Action) []Action { return p.appendActions(buf, false) }

// listing says which actions the generator lists now and in what order:
// the answers to a pending ransom, the placements, the ransom requests, the
// steps, then the pass or chain stop. Only the parts the position allows
// are non-empty. The rules of what may be played live here, once;
// appendActions lists, countListed counts and nthListed picks from the
// same listing, so all three agree by construction.
type listing struct {
	refuse   bool     // "refuse" a pending request
	accepts  Bitboard // accept naming each pair of these White stones, in square order
	places   Bitboard // place a stone on each of these squares
	requests Bitboard // request a ransom naming each of these Black stones
	movers   Bitboard // the steps of these stones, by target then origin
	// capturing keeps only the steps that capture.
	capturing bool
	pass      passRule
}

// passRule says when the listing ends with the pass or chain stop (0000).
type passRule uint8

const (
	passNever   passRule = iota
	passAlways           // the stop of an optional chain
	passBlocked          // a blocked pass: only when no step is listed
)

// list sets l to what appendActions lists; with capturesOnly, only the
// steps that capture and the stop of an optional chain. (It fills the
// caller's listing rather than returning one: the copy of the result
// showed in playout profiles.)
func (p *Position) list(l *listing, capturesOnly bool) {
	r := p.rules
	us := p.side
	*l = listing{}
	switch {
	case p.pending != NoSquare:
		if !capturesOnly {
			l.refuse = int(p.refusals) < r.RansomRefusals
			l.accepts = p.stones[White]
		}
	case p.hand[us] > 0:
		if !capturesOnly {
			l.places = p.Empty().AndNot(p.geo.centreBit)
		}
	case p.chain == ChainAny:
		l.movers, l.capturing = p.stones[us], capturesOnly || r.Chain != ChainBonus
		if r.Chain != ChainBonus && !r.ChainMandatory {
			l.pass = passAlways
		}
	case p.chain >= 0:
		l.movers, l.capturing = SquareBit(p.chain), true
		if !r.ChainMandatory {
			l.pass = passAlways
		}
	case capturesOnly:
		l.movers, l.capturing = p.stones[us], true
	default:
		if p.canRequestRansom() {
			l.requests = p.stones[Black]
		}
		l.movers = p.stones[us]
		if r.Blocked == BlockedPass || (r.Blocked == BlockedWhiteOpens && us == Black) {
			l.pass = passBlocked
		}
	}
}

// appendActions is pseudoActions; with capturesOnly it keeps only the
// steps that capture and the stop of an optional chain, in the same order.
func (p *Position) appendActions(buf []Action, capturesOnly bool) []Action {
	var l listing
	p.list(&l, capturesOnly)
	if l.refuse {
		buf = append(buf, Refuse())
	}
	for a := l.accepts; a.Any(); {
		x := a.Pop()
		for b := a; b.Any(); {
			buf = append(buf, Action{From: x, To: b.Pop(), Kind: ActAccept})
		}
	}
	for e := l.places; e.Any(); {
		buf = append(buf, Action{From: NoSquare, To: e.Pop(), Kind: ActPlace})
	}
	for b := l.requests; b.Any(); {
		buf = append(buf, RansomRequest(b.Pop()))
	}
	n := len(buf)
	if l.movers.Any() {
		buf = p.appendSteps(buf, p.side, l.movers, l.capturing)
	}
	if l.pass == passAlways || (l.pass == passBlocked && len(buf) == n) {
		buf = append(buf, Pass())
	}
	return buf
}
