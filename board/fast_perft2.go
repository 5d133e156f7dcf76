package board

import "math/bits"

// perft2Fast64 is Perft(2) on a small board without LineCapture, for a
// game not over at the start of a movement turn, outside the ransom
// rules and the whiteopens duty. Most turns there are one quiet step,
// and the turns that answer it can be counted on the stones as the step
// leaves them, without making it: the opponent's steps, the end of the
// game after it (blocked, the quiet-turn limit, repetition) and whether
// any of the opponent's capturing steps leads to a chain that goes on.
// Only the steps that capture, and the quiet steps whose answers include
// a chain, are made and counted by the general walk. ok is false, and
// nothing is counted, where another case applies.
func (g *Game) perft2Fast64() (nodes uint64, ok bool) {
	p := &g.pos
	r := &g.rules
	if p.hand[0]|p.hand[1] != 0 || p.pending != NoSquare || p.chain != NoSquare || r.Ransom || r.Blocked == BlockedWhiteOpens {
		return 0, false
	}
	geo := p.geo
	us := p.side
	own, opp := p.stones[us].lo, p.stones[us^1].lo
	empty := geo.all.lo &^ (own | opp)
	targets := geo.dilate64(own) & empty
	if targets == 0 {
		return 0, false // blocked: the turn is a pass
	}
	capturable := opp
	if r.CentreSafe {
		capturable &^= geo.centreBit.lo
	}
	capturing := geo.captureTargets64(own, capturable)
	// What every quiet step leaves the same: the opponent's stones, the
	// hash less the moved stone, the history window of a repetition.
	c := g.quietChildrenOf()
	c.opp = opp
	for t := targets; t != 0; t &= t - 1 {
		ti := bits.TrailingZeros64(t)
		for o := geo.adj[ti].lo & own; o != 0; o &= o - 1 {
			fi := bits.TrailingZeros64(o)
			if capturing>>ti&1 == 0 {
				if n, ok := g.quietChild64(&c, own, empty, fi, ti); ok {
					nodes += n
					continue
				}
			}
			nodes += g.perft2After(geo.step64Action(Square(fi), Square(ti), own, capturable))
		}
	}
	return nodes, true
}

// quietChildren is what perft2Fast64's quiet steps share: the stones of
// the side that answers them, the hash of the position after a step but
// for the moved stone's keys, the first history entry a repetition after
// the step may match, and whether the quiet-turn limit ends the game
// after any quiet step.
type quietChildren struct {
	opp  uint64
	hash uint64
	lo   int
	over bool
}

// quietChildrenOf is what every quiet step from the current position
// leaves the same, but for opp, which perft2Fast64 fills in: the hash
// less the moved stone's keys (the side to act turned, the pass and
// refusal flags cleared), the history window of a repetition, and
// whether the quiet-turn limit ends the game.
func (g *Game) quietChildrenOf() quietChildren {
	p := &g.pos
	c := quietChildren{hash: p.hash ^ zobristSide, lo: max(0, len(g.hist)-int(p.quiet)-1)}
	if p.passes != 0 {
		c.hash ^= zobristPassed
	}
	if p.flags&flagTurnRefused != 0 {
		c.hash ^= zobristRefused
	}
	c.over = g.rules.NoCaptureLimit > 0 && int(p.quiet)+1 >= g.rules.NoCaptureLimit
	return c
}

// quietChild64 is Perft(1) after the side to act's quiet step from fi to ti,
// counted on the stones the step leaves, whose owner own had the empty
// squares empty before it. ok is false where the count needs the
// position made: the opponent is blocked under Blocked=pass (it passes),
// or one of its capturing steps leads to a chain that goes on.
func (g *Game) quietChild64(c *quietChildren, own, empty uint64, fi, ti int) (uint64, bool) {
	p := &g.pos
	geo := p.geo
	r := &g.rules
	moved := uint64(1)<<(uint(fi)&63) | uint64(1)<<(uint(ti)&63)
	own ^= moved
	empty ^= moved
	them := c.opp
	n, reached := geo.reach64(them, empty)
	if n == 0 {
		// The opponent is blocked: it loses at once under lose; under
		// pass it passes, which the general walk counts.
		return 0, r.Blocked == BlockedLose
	}
	if c.over {
		return 0, true // the quiet-turn limit
	}
	if r.RepetitionDraw > 0 {
		h := c.hash ^ stoneKey(p.side, Square(fi)) ^ stoneKey(p.side, Square(ti))
		if 1+g.occurrences(h, c.lo) >= r.RepetitionDraw {
			return 0, true
		}
	}
	if r.Chain == ChainNone {
		return uint64(n), true
	}
	capturable := own
	if r.CentreSafe {
		capturable &^= geo.centreBit.lo
	}
	ct := geo.captureTargets64(them, capturable)
	return g.chainCorrection64(reached&ct, ct, them, them, own, uint64(n)), true
}

// perft2After is what perftTurn(2) counts below the action a.
func (g *Game) perft2After(a Action) uint64 {
	g.Make(a)
	var n uint64
	if g.pos.MidTurn() {
		n = g.perftTurn(2, NoSquare, false)
	} else {
		n = g.Perft(1)
	}
	g.Unmake()
	return n
}

// occurrences counts the history entries from index lo on that hold the
// repetition key h, walking h's bucket.
func (g *Game) occurrences(h uint64, lo int) int {
	n := 0
	for i := int(g.histLast[h%histBuckets]) - 1; i >= lo; i = int(g.histPrev[i]) - 1 {
		if g.hist[i] == h {
			n++
		}
	}
	return n
}

// perft2FastWide is perft2Fast64 on whole Bitboards, for 9×9.
func (g *Game) perft2FastWide() (nodes uint64, ok bool) {
	p := &g.pos
	r := &g.rules
	if p.hand[0]|p.hand[1] != 0 || p.pending != NoSquare || p.chain != NoSquare || r.Ransom || r.Blocked == BlockedWhiteOpens {
		return 0, false
	}
	geo := p.geo
	us := p.side
	own, opp := p.stones[us], p.stones[us^1]
	empty := p.Empty()
	_, targets := geo.reach(own, empty)
	if targets.IsEmpty() {
		return 0, false // blocked: the turn is a pass
	}
	capturable := p.capturable(us)
	capturing := geo.captureTargetsOf(own, capturable)
	c := g.quietChildrenOf()
	for t := targets; t.Any(); {
		ti := t.Pop()
		a := Action{To: ti, Kind: ActStep}
		if capturing.Has(ti) {
			a.runs = geo.runsWide(ti, own, capturable)
			a.ncaps = uint8(bits.OnesCount32(uint32(a.runs)))
		}
		for o := geo.adj[ti].And(own); o.Any(); {
			a.From = o.Pop()
			if a.ncaps == 0 {
				if n, ok := g.quietChildWide(&c, own, opp, empty, a.From, ti); ok {
					nodes += n
					continue
				}
			}
			nodes += g.perft2After(a)
		}
	}
	return nodes, true
}

// quietChildWide is quietChild64 on whole Bitboards: Perft(1) after the
// quiet step from → to of the side with stones own against opp.
func (g *Game) quietChildWide(c *quietChildren, own, opp, empty Bitboard, from, to Square) (uint64, bool) {
	p := &g.pos
	geo := p.geo
	r := &g.rules
	moved := SquareBit(from).Or(SquareBit(to))
	own = own.Xor(moved)
	empty = empty.Xor(moved)
	n, reached := geo.reach(opp, empty)
	if n == 0 {
		return 0, r.Blocked == BlockedLose // see quietChild64
	}
	if c.over {
		return 0, true
	}
	if r.RepetitionDraw > 0 {
		h := c.hash ^ stoneKey(p.side, from) ^ stoneKey(p.side, to)
		if 1+g.occurrences(h, c.lo) >= r.RepetitionDraw {
			return 0, true
		}
	}
	if r.Chain == ChainNone {
		return uint64(n), true
	}
	capturable := own
	if r.CentreSafe {
		capturable = capturable.AndNot(geo.centreBit)
	}
	ct := geo.captureTargetsOf(opp, capturable)
	return g.chainCorrectionWide(reached.And(ct), ct, opp, opp, own, uint64(n)), true
}
