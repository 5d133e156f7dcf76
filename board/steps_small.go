package board

import "math/bits"

// This file is the move generator's inner loop again, on single words. On a
// board of at most 64 squares (5×5 and 7×7) the high word of every
// Bitboard is zero, and the two-word code of movegen.go would spend half
// its shifts, masks and branches on it: the 5×5 board would pay for 9×9's
// width. These functions read the low words only and give the same
// answers in the same order. Position.wordGen says when they apply: a
// small board without LineCapture.

// step64 is geometry.step on the low word.
func (g *geometry) step64(b uint64, d int) uint64 {
	return (b & g.src[d].lo) << (g.up[d] & 63) >> (g.down[d] & 63)
}

// dilate64 is geometry.dilate on the low word.
func (g *geometry) dilate64(b uint64) uint64 {
	var out uint64
	for d := 0; d < g.dirs; d++ {
		out |= g.step64(b, d)
	}
	return out
}

// empty64 is the low word of Empty.
func (p *Position) empty64() uint64 {
	return p.geo.all.lo &^ (p.stones[White].lo | p.stones[Black].lo)
}

// capturable64 is the low word of the enemy stones of c that a step can
// capture at all: all of them, less the centre under CentreSafe.
func (p *Position) capturable64(c Color) uint64 {
	opp := p.stones[c.Other()].lo
	if p.rules.CentreSafe {
		opp &^= p.geo.centreBit.lo
	}
	return opp
}

// capturesAt64 is capturesAt on the low word, given c's stones own and
// the capturable enemy stones opp.
func (g *geometry) capturesAt64(t Square, own, opp uint64) uint64 {
	var near uint64
	for _, pr := range g.pairs[t][:g.npairs[t]] {
		near |= pr.e.lo & -(own >> (uint(pr.f) & 63) & 1)
	}
	return near & opp
}

// captureTargets64 is the set of squares where a step of the side whose
// stones are own captures some of opp: a square next to a stone of opp
// whose neighbour beyond, in the same direction, is in own. A few shifts
// answer it for the whole board, so that capturesAt64 runs only on the
// squares where a capture does happen.
func (g *geometry) captureTargets64(own, opp uint64) uint64 {
	var out uint64
	for d := 0; d < g.dirs; d++ {
		back := opposite(d)
		out |= g.step64(opp&g.step64(own, back), back)
	}
	return out
}

// hasStep64 is hasStep on the low word.
func (p *Position) hasStep64(c Color) bool {
	return p.geo.dilate64(p.stones[c].lo)&p.empty64() != 0
}

// hasCapturingStep64 is hasCapturingStep on the low word.
func (p *Position) hasCapturingStep64(c Color, near uint64) bool {
	g := p.geo
	own, opp := p.stones[c].lo, p.capturable64(c)
	for t := near & p.empty64(); t != 0; t &= t - 1 {
		if g.capturesAt64(Square(bits.TrailingZeros64(t)), own, opp) != 0 {
			return true
		}
	}
	return false
}

// appendSteps64 is appendSteps on the low word, in the same order.
func (p *Position) appendSteps64(buf []Action, c Color, from uint64, onlyCapturing bool) []Action {
	g := p.geo
	own, opp := p.stones[c].lo, p.capturable64(c)
	movers := own & from
	targets := g.dilate64(movers) & p.empty64()
	if targets == 0 {
		return buf
	}
	capturing := g.captureTargets64(own, opp)
	if onlyCapturing {
		targets &= capturing
	}
	for ; targets != 0; targets &= targets - 1 {
		ti := bits.TrailingZeros64(targets)
		a := Action{To: Square(ti), Kind: ActStep}
		if capturing>>ti&1 != 0 {
			a.Captures.lo = g.capturesAt64(a.To, own, opp)
		}
		for origins := g.adj[ti].lo & movers; origins != 0; origins &= origins - 1 {
			a.From = Square(bits.TrailingZeros64(origins))
			buf = append(buf, a)
		}
	}
	return buf
}

// countSteps64 is countSteps on the low word.
func (p *Position) countSteps64(c Color, from uint64, onlyCapturing bool) int {
	g := p.geo
	movers := p.stones[c].lo & from
	targets := p.empty64()
	if onlyCapturing {
		targets &= g.captureTargets64(p.stones[c].lo, p.capturable64(c))
	}
	n := 0
	for d := 0; d < g.dirs; d++ {
		n += bits.OnesCount64(g.step64(movers, d) & targets)
	}
	return n
}

// nthStep64 is nthStep on the low word.
func (p *Position) nthStep64(c Color, from uint64, onlyCapturing bool, k int) (Action, bool) {
	g := p.geo
	own, opp := p.stones[c].lo, p.capturable64(c)
	movers := own & from
	targets := g.dilate64(movers) & p.empty64()
	if onlyCapturing {
		targets &= g.captureTargets64(own, opp)
	}
	for ; targets != 0; targets &= targets - 1 {
		ti := bits.TrailingZeros64(targets)
		origins := g.adj[ti].lo & movers
		if n := bits.OnesCount64(origins); k >= n {
			k -= n
			continue
		}
		a := Action{From: Square(nthBit(origins, k)), To: Square(ti), Kind: ActStep}
		a.Captures.lo = g.capturesAt64(a.To, own, opp)
		return a, true
	}
	return Action{}, false
}

// nthBit is the index of the k-th lowest set bit of x, counting from 0,
// for x with at most 8 bits set (the origins of one target). It clears
// the lowest bit seven times and keeps the k-th result with conditional
// moves: a loop of k trips mispredicts its exit, since k is random.
func nthBit(x uint64, k int) int {
	r := x
	for i := 1; i < 8; i++ {
		x &= x - 1
		if i == k {
			r = x
		}
	}
	return bits.TrailingZeros64(r)
}
