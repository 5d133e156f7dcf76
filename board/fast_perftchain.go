package board

import "math/bits"

// Perft's chains counted on the stones. At the last ply of perft every
// turn counts 1 whatever follows it, so a capturing step whose chain goes
// on needs no position made: its chain's turns are counted from the
// stones as each step leaves them (the chain test, the continuing steps
// and the stop), which is what making the step and walking perftTurn(1)
// would count. A chain under way is never a finished game: a step that
// ends the game ends the turn. Without LineCapture only; the low-word
// forms serve 5×5 and 7×7, the Bitboard forms 9×9.

// chainCorrection64 corrects nodes, a count of turns that took each
// capturing step of movers onto targets as one turn, for the side whose
// stones are own against opp, on the low word: a capturing step whose
// chain goes on is not a turn but the start of the chain's turns, which
// chainTurns64At counts on the stones as the step leaves them. Nothing
// is made: at the last ply a turn counts 1 whatever follows it, and a
// chain under way is never a finished game (a step that ends the game
// ends the turn). ct holds the capture targets of own against opp, and
// targets some of them.
func (g *Game) chainCorrection64(targets, ct, movers, own, opp, nodes uint64) uint64 {
	geo := g.pos.geo
	r := &g.rules
	capturable := opp
	if r.CentreSafe {
		capturable &^= geo.centreBit.lo
	}
	var flanked [4]uint64
	if geo.dirs == 4 && targets != 0 {
		flanked = geo.flanked64(own, capturable)
	}
	nOpp := bits.OnesCount64(opp)
	for t := targets; t != 0; t &= t - 1 {
		ti := bits.TrailingZeros64(t)
		var caps uint64
		if geo.dirs == 4 {
			caps = geo.captured64(ti, &flanked)
		} else {
			runs := geo.runsAt64(Square(ti), own, capturable)
			for rr := uint32(runs); rr != 0; rr &= rr - 1 {
				caps |= 1 << (uint(geo.next[ti][uint(bits.TrailingZeros32(rr))/runBits]) & 63)
			}
		}
		if nOpp-bits.OnesCount64(caps) <= r.LoseAt {
			continue // the step ends the game, and so the turn
		}
		origins := geo.adj[ti].lo & movers
		if r.Chain == ChainSameCapture && geo.dirs == 4 &&
			geo.adj[ti].lo&(geo.all.lo&^(own|opp)|caps|origins)&ct == 0 {
			// No square the stone on ti could step to next is a capture
			// target even before the captures, which only take targets
			// away: the chain cannot go on (see chainOrigins64).
			continue
		}
		opp2 := opp ^ caps
		cap2 := opp2
		if r.CentreSafe {
			cap2 &^= geo.centreBit.lo
		}
		goOn := g.chainOrigins64(ti, origins, own, opp, caps, opp2, cap2)
		for o := goOn; o != 0; o &= o - 1 {
			own2 := own ^ (o & -o) ^ 1<<(uint(ti)&63)
			chainMovers := own2 // bonus and anycapture: any stone goes on
			if r.Chain == ChainSameCapture {
				chainMovers = 1 << (uint(ti) & 63)
			}
			nodes-- // counted as one turn; its chains are the turns
			nodes += g.chainTurns64At(own2, opp2, chainMovers)
		}
	}
	return nodes
}

// chainTurns64At is perftTurn(1) in the middle of a chain, on the stones
// alone: the side with stones own, against opp, goes on with the stones
// of movers. It counts what lastTurns would: the continuing steps (only
// the capturing ones but under bonus) and the stop where the chain is
// optional, corrected for the steps whose chain goes on further.
func (g *Game) chainTurns64At(own, opp, movers uint64) uint64 {
	geo := g.pos.geo
	r := &g.rules
	capturable := opp
	if r.CentreSafe {
		capturable &^= geo.centreBit.lo
	}
	ct := geo.captureTargets64(own, capturable)
	targets := geo.all.lo &^ (own | opp)
	capturing := r.Chain != ChainBonus
	if capturing {
		targets &= ct
	}
	n, reached := geo.reach64(movers, targets)
	nodes := uint64(n)
	if capturing && !r.ChainMandatory {
		nodes++ // the stop
	}
	return g.chainCorrection64(reached&ct, ct, movers, own, opp, nodes)
}

// chainOrigins64 is the set of origins among origins whose capturing step
// to ti, taking caps, leaves a chain that goes on, for the side to act
// with stones own against opp; opp2 and cap2 are opp after the captures,
// all and capturable.
//
// Under bonus every such step goes on: the stone on ti can step back to
// its origin. Under samecapture with four directions the test does not
// depend on the origin but through the origin itself: no capture pattern
// from a square next to ti has its friend on the origin or on ti, so
// the patterns of the squares next to ti are those of own, and the
// vacated origin is a target exactly where own's patterns have it. One
// set of capture targets then serves every origin. Otherwise each
// origin is tried on the stones as the step leaves them.
func (g *Game) chainOrigins64(ti int, origins, own, opp, caps, opp2, cap2 uint64) uint64 {
	geo := g.pos.geo
	switch g.rules.Chain {
	case ChainBonus:
		return origins
	case ChainSameCapture:
		if geo.dirs == 4 {
			ct := geo.captureTargets64(own, cap2)
			if geo.adj[ti].lo&(geo.all.lo&^(own|opp)|caps)&ct != 0 {
				return origins
			}
			return origins & ct
		}
	}
	var on uint64
	for o := origins; o != 0; o &= o - 1 {
		own2 := own ^ (o & -o) ^ 1<<(uint(ti)&63)
		empty2 := geo.all.lo &^ (own2 | opp2)
		var goes bool
		if g.rules.Chain == ChainSameCapture {
			goes = geo.adj[ti].lo&empty2&geo.captureTargets64(own2, cap2) != 0
		} else { // anycapture
			_, near := geo.reach64(own2, empty2)
			goes = near&geo.captureTargets64(own2, cap2) != 0
		}
		if goes {
			on |= o & -o
		}
	}
	return on
}

// chainTurnsWide is chainTurns64 on whole Bitboards, for 9×9.
func (g *Game) chainTurnsWide(from Bitboard, nodes uint64) uint64 {
	p := &g.pos
	geo := p.geo
	own, opp := p.stones[p.side], p.stones[p.side^1]
	movers := own.And(from)
	_, reached := geo.reach(movers, p.Empty())
	ct := geo.captureTargetsOf(own, p.capturable(p.side))
	return g.chainCorrectionWide(reached.And(ct), ct, movers, own, opp, nodes)
}

// chainCorrectionWide is chainCorrection64 on whole Bitboards.
func (g *Game) chainCorrectionWide(targets, ct, movers, own, opp Bitboard, nodes uint64) uint64 {
	geo := g.pos.geo
	r := &g.rules
	capturable := opp
	if r.CentreSafe {
		capturable = capturable.AndNot(geo.centreBit)
	}
	empty := geo.all.AndNot(own.Or(opp))
	var flanked [4]Bitboard
	if geo.dirs == 4 && targets.Any() {
		flanked = geo.flankedWide(own, capturable)
	}
	nOpp := opp.Count()
	for t := targets; t.Any(); {
		ti := t.Pop()
		var caps Bitboard
		if geo.dirs == 4 {
			caps = geo.capturedWide(ti, &flanked)
		} else {
			caps = geo.singleCaptures(ti, geo.runsWide(ti, own, capturable))
		}
		if nOpp-caps.Count() <= r.LoseAt {
			continue // the step ends the game, and so the turn
		}
		origins := geo.adj[ti].And(movers)
		if r.Chain == ChainSameCapture && geo.dirs == 4 &&
			geo.adj[ti].And(empty.Or(caps).Or(origins)).And(ct).IsEmpty() {
			continue // see chainCorrection64
		}
		opp2 := opp.Xor(caps)
		cap2 := opp2
		if r.CentreSafe {
			cap2 = cap2.AndNot(geo.centreBit)
		}
		goOn := g.chainOriginsWide(ti, origins, own, opp, caps, opp2, cap2)
		for goOn.Any() {
			own2 := own.Xor(SquareBit(goOn.Pop())).Xor(SquareBit(ti))
			chainMovers := own2
			if r.Chain == ChainSameCapture {
				chainMovers = SquareBit(ti)
			}
			nodes-- // counted as one turn; its chains are the turns
			nodes += g.chainTurnsWideAt(own2, opp2, chainMovers)
		}
	}
	return nodes
}

// chainTurnsWideAt is chainTurns64At on whole Bitboards.
func (g *Game) chainTurnsWideAt(own, opp, movers Bitboard) uint64 {
	geo := g.pos.geo
	r := &g.rules
	capturable := opp
	if r.CentreSafe {
		capturable = capturable.AndNot(geo.centreBit)
	}
	ct := geo.captureTargetsOf(own, capturable)
	targets := geo.all.AndNot(own.Or(opp))
	capturing := r.Chain != ChainBonus
	if capturing {
		targets = targets.And(ct)
	}
	n, reached := geo.reach(movers, targets)
	nodes := uint64(n)
	if capturing && !r.ChainMandatory {
		nodes++ // the stop
	}
	return g.chainCorrectionWide(reached.And(ct), ct, movers, own, opp, nodes)
}

// chainOriginsWide is chainOrigins64 on whole Bitboards.
func (g *Game) chainOriginsWide(ti Square, origins, own, opp, caps, opp2, cap2 Bitboard) Bitboard {
	geo := g.pos.geo
	switch g.rules.Chain {
	case ChainBonus:
		return origins
	case ChainSameCapture:
		if geo.dirs == 4 {
			ct := geo.captureTargetsOf(own, cap2)
			if geo.adj[ti].And(geo.all.AndNot(own.Or(opp)).Or(caps)).And(ct).Any() {
				return origins
			}
			return origins.And(ct)
		}
	}
	var on Bitboard
	for o := origins; o.Any(); {
		from := o.Pop()
		own2 := own.Xor(SquareBit(from)).Xor(SquareBit(ti))
		empty2 := geo.all.AndNot(own2.Or(opp2))
		var goes bool
		if g.rules.Chain == ChainSameCapture {
			goes = geo.adj[ti].And(empty2).And(geo.captureTargetsOf(own2, cap2)).Any()
		} else { // anycapture
			_, near := geo.reach(own2, empty2)
			goes = near.And(geo.captureTargetsOf(own2, cap2)).Any()
		}
		if goes {
			on = on.Or(SquareBit(from))
		}
	}
	return on
}

// runsWide is the runs of a step to t by the side with stones own
// against the capturable stones opp, without LineCapture.
func (g *geometry) runsWide(t Square, own, opp Bitboard) captureRuns {
	var runs captureRuns
	for d, pr := range g.pairs[t][:g.dirs] {
		runs |= captureRuns(opp.bit(pr.e)&own.bit(pr.f)) << (d * runBits)
	}
	return runs
}

// flankedWide is flanked64 on whole Bitboards.
func (g *geometry) flankedWide(own, opp Bitboard) [4]Bitboard {
	k := uint8(g.n)
	return [4]Bitboard{
		North: opp.And(own.shr(k)),
		East:  opp.And(g.src[East]).And(own.shr(1)),
		South: opp.And(own.shl(k)),
		West:  opp.And(g.src[West]).And(own.shl(1)),
	}
}

// capturedWide is captured64 on whole Bitboards: the neighbours of t,
// from the table nbr, that are flanked on their far side.
func (g *geometry) capturedWide(t Square, flanked *[4]Bitboard) Bitboard {
	nb := &g.nbr[t]
	return nb[North].And(flanked[North]).Or(nb[East].And(flanked[East])).
		Or(nb[South].And(flanked[South])).Or(nb[West].And(flanked[West]))
}

// singleCaptures is the set of stones the runs of a step to t take,
// without LineCapture: the neighbour of t in each direction with a run.
func (g *geometry) singleCaptures(t Square, runs captureRuns) Bitboard {
	var caps Bitboard
	for r := uint32(runs); r != 0; r &= r - 1 {
		caps = caps.Or(SquareBit(g.next[t][uint(bits.TrailingZeros32(r))/runBits]))
	}
	return caps
}
