package board

import "math/bits"

// This file holds the position-level rules: captures, step existence and
// the pseudo-legal actions. "Pseudo-legal" means legal except for the
// whiteopens duty, which can only be judged at the end of White's whole
// turn, and the game-over test; Game applies both.

// runsAt returns the enemy stones that c's stone captures by stepping to
// t (RULES.md 3.2), as the runs of an Action, and how many they are. The
// origin square does not matter: it is adjacent to t, and a capture only
// looks at squares in a straight line from t whose nearest one is an
// enemy stone. Without LineCapture it reads the capture pairs of t, one
// per direction (an enemy next to t, a friend beyond), with no branch per
// direction.
func (p *Position) runsAt(t Square, c Color) (captureRuns, int) {
	if p.rules.LineCapture {
		return p.lineRunsAt(t, c)
	}
	g := p.geo
	if g.small {
		runs := g.runsAt64(t, p.stones[c].lo, p.capturable64(c))
		return runs, bits.OnesCount32(uint32(runs))
	}
	runs := g.runsAtOf(t, p.stones[c], p.capturable(c))
	return runs, bits.OnesCount32(uint32(runs))
}

// runsAtOf is runsAt without LineCapture for the stones own against the
// capturable stones opp, on whole Bitboards.
func (g *geometry) runsAtOf(t Square, own, opp Bitboard) captureRuns {
	var runs captureRuns
	for d, pr := range g.pairs[t][:g.dirs] {
		runs |= captureRuns(opp.bit(pr.e)&own.bit(pr.f)) << (d * runBits)
	}
	return runs
}

// capturable is the set of c's enemy stones that a step can capture at
// all (one stone per direction): all of them, less the centre under
// CentreSafe.
func (p *Position) capturable(c Color) Bitboard {
	opp := p.stones[c.Other()]
	if p.rules.CentreSafe {
		opp = opp.AndNot(p.geo.centreBit)
	}
	return opp
}

// captureTargets is the set of squares where a step of c captures
// something: next to a capturable enemy stone whose neighbour beyond, in
// the same direction, is c's. A few shifts answer it for the whole board,
// so that runsAt runs only where a capture happens. Under LineCapture it
// is wider: every square next to an enemy stone.
func (p *Position) captureTargets(c Color) Bitboard {
	g := p.geo
	if p.rules.LineCapture {
		return g.dilate(p.stones[c.Other()])
	}
	return g.captureTargetsOf(p.stones[c], p.capturable(c))
}

// captureTargetsOf is captureTargets for the stones own against the
// capturable stones opp, without LineCapture: in each direction, own
// shifted back twice through opp. The directions are written out, as in
// captureTargets64.
func (g *geometry) captureTargetsOf(own, opp Bitboard) Bitboard {
	k := uint8(g.n)
	src := &g.src
	sN, sE, sS, sW := src[North], src[East], src[South], src[West]
	out := opp.And(own.And(sS).shr(k)).And(sS).shr(k)
	out = out.Or(opp.And(own.And(sN).shl(k)).And(sN).shl(k))
	out = out.Or(opp.And(own.And(sW).shr(1)).And(sW).shr(1))
	out = out.Or(opp.And(own.And(sE).shl(1)).And(sE).shl(1))
	if g.dirs == 8 {
		sNE, sSE, sSW, sNW := src[NorthEast], src[SouthEast], src[SouthWest], src[NorthWest]
		out = out.Or(opp.And(own.And(sSW).shr(k + 1)).And(sSW).shr(k + 1))
		out = out.Or(opp.And(own.And(sNE).shl(k + 1)).And(sNE).shl(k + 1))
		out = out.Or(opp.And(own.And(sNW).shl(k - 1)).And(sNW).shl(k - 1))
		out = out.Or(opp.And(own.And(sSE).shr(k - 1)).And(sSE).shr(k - 1))
	}
	return out
}

// reach is reach64 on whole Bitboards: the number of steps of movers
// onto targets (a stone and a direction) and the squares they reach.
func (g *geometry) reach(movers, targets Bitboard) (int, Bitboard) {
	k := uint8(g.n)
	src := &g.src
	n := movers.And(src[North]).shl(k).And(targets)
	e := movers.And(src[East]).shl(1).And(targets)
	s := movers.And(src[South]).shr(k).And(targets)
	w := movers.And(src[West]).shr(1).And(targets)
	count := n.Count() + e.Count() + s.Count() + w.Count()
	out := n.Or(e).Or(s).Or(w)
	if g.dirs == 8 {
		ne := movers.And(src[NorthEast]).shl(k + 1).And(targets)
		se := movers.And(src[SouthEast]).shr(k - 1).And(targets)
		sw := movers.And(src[SouthWest]).shr(k + 1).And(targets)
		nw := movers.And(src[NorthWest]).shl(k - 1).And(targets)
		count += ne.Count() + se.Count() + sw.Count() + nw.Count()
		out = out.Or(ne).Or(se).Or(sw).Or(nw)
	}
	return count, out
}

// keepCentre marks runs under LineCapture and CentreSafe that pass over
// the centre stone, which stays: the centre is skipped when the runs are
// read out. Without LineCapture the centre is never in a run.
const keepCentre captureRuns = 1 << 24

// runMask covers the 8 runs of captureRuns.
const runMask captureRuns = 1<<(8*runBits) - 1

// lineRunsAt is runsAt under LineCapture: it walks out from t in each
// direction along the run of enemy stones, which is taken whole when a
// friend closes it (less the centre under CentreSafe).
func (p *Position) lineRunsAt(t Square, c Color) (captureRuns, int) {
	g := p.geo
	own, opp := p.stones[c], p.stones[c.Other()]
	var runs captureRuns
	n := 0
	for d := 0; d < g.dirs; d++ {
		e := g.next[t][d]
		if e < 0 || !opp.Has(e) {
			continue
		}
		k := 1
		f := g.next[e][d]
		for f >= 0 && opp.Has(f) {
			k++
			f = g.next[f][d]
		}
		if f < 0 || !own.Has(f) {
			continue
		}
		runs |= captureRuns(k) << (d * runBits)
		n += k
		if p.rules.CentreSafe && g.onLine(t, d, k, g.centre) {
			runs |= keepCentre
			n--
		}
	}
	if n == 0 {
		runs = 0 // a run of the centre stone alone takes nothing
	}
	return runs, n
}

// onLine reports whether sq is one of the k squares after t in direction d.
func (g *geometry) onLine(t Square, d, k int, sq Square) bool {
	for x := t; k > 0; k-- {
		x = g.next[x][d]
		if x == sq {
			return true
		}
	}
	return false
}

// wordGen reports whether the single-word generator of fast_movegen.go
// applies: every square fits the low word, and captures are one stone per
// direction (LineCapture is rare enough to stay on the general path).
func (p *Position) wordGen() bool { return p.geo.small && !p.rules.LineCapture }

// hasStep reports whether c has any step: a stone next to an empty square.
func (p *Position) hasStep(c Color) bool {
	if p.geo.small {
		return p.hasStep64(c)
	}
	n, _ := p.geo.reach(p.stones[c], p.Empty())
	return n > 0
}

// HasStep reports whether c has any step (is not blocked), whoever is to act.
func (p *Position) HasStep(c Color) bool { return p.hasStep(c) }

// hasCapturingStep reports whether c has a step that captures onto a
// square of near (the squares next to the stones that may move). Without
// LineCapture, captureTargets is exact, so one empty target in near is
// enough.
func (p *Position) hasCapturingStep(c Color, near Bitboard) bool {
	if p.wordGen() {
		return p.hasCapturingStep64(c, near.lo)
	}
	near = near.And(p.Empty())
	if !p.rules.LineCapture {
		return near.And(p.captureTargets(c)).Any()
	}
	for t := near; t.Any(); {
		if _, n := p.lineRunsAt(t.Pop(), c); n > 0 {
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
	return p.rules.Chain != ChainNone && p.stones[p.side.Other()].Count() > p.rules.LoseAt && p.continuationExists(to)
}

// stepGoesOn is chainGoesOn for a capturing step a not yet made: it moves
// the stones alone (no hash, no counters), asks, and puts them back. Perft
// uses it to count turns that end with a capture without making them.
func (p *Position) stepGoesOn(a Action) bool {
	if p.rules.Chain == ChainNone {
		return false
	}
	us, them := p.side, p.side.Other()
	saved := p.stones
	p.stones[us] = p.stones[us].Xor(SquareBit(a.From).Or(SquareBit(a.To)))
	p.stones[them] = p.stones[them].Xor(p.CaptureSet(a))
	on := p.chainGoesOn(a.To)
	p.stones = saved
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
	_, targets := g.reach(own, p.Empty())
	if targets.IsEmpty() {
		return buf
	}
	capturing := p.captureTargets(c)
	if onlyCapturing {
		targets = targets.And(capturing)
	}
	for targets.Any() {
		t := targets.Pop()
		a := Action{To: t, Kind: ActStep}
		if capturing.Has(t) {
			runs, n := p.runsAt(t, c)
			a.runs, a.ncaps = runs, uint8(n)
		}
		if onlyCapturing && a.ncaps == 0 {
			continue // under LineCapture, where capturing is wider
		}
		for origins := g.adj[t].And(own); origins.Any(); {
			a.From = origins.Pop()
			buf = append(buf, a)
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
