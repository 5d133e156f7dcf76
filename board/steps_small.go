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

// runsAt64 is runsAt on the low word, given c's stones own and the
// capturable enemy stones opp: one bit per direction's capture pair,
// written out four at a time, with no branch and no loop.
func (g *geometry) runsAt64(t Square, own, opp uint64) captureRuns {
	pr := &g.pairs[t]
	runs := pairBits4(pr[0:4], own, opp)
	if g.dirs == 8 {
		runs |= pairBits4(pr[4:8], own, opp) << (4 * runBits)
	}
	return runs
}

// pairBits4 is the runs of four capture pairs, the i-th at bit 3i.
func pairBits4(pr []capturePair, own, opp uint64) captureRuns {
	_ = pr[3]
	b0 := opp >> (uint(pr[0].e) & 63) & (own >> (uint(pr[0].f) & 63)) & 1
	b1 := opp >> (uint(pr[1].e) & 63) & (own >> (uint(pr[1].f) & 63)) & 1
	b2 := opp >> (uint(pr[2].e) & 63) & (own >> (uint(pr[2].f) & 63)) & 1
	b3 := opp >> (uint(pr[3].e) & 63) & (own >> (uint(pr[3].f) & 63)) & 1
	return captureRuns(b0 | b1<<runBits | b2<<(2*runBits) | b3<<(3*runBits))
}

// captureTargets64 is the set of squares where a step of the side whose
// stones are own captures some of opp: a square next to a stone of opp
// whose neighbour beyond, in the same direction, is in own. A few shifts
// answer it for the whole board, so that runsAt64 runs only on the
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

// hasCapturingStep64 is hasCapturingStep on the low word: one empty
// capture target among near is enough, and captureTargets64 is exact
// without LineCapture.
func (p *Position) hasCapturingStep64(c Color, near uint64) bool {
	return near&p.empty64()&p.geo.captureTargets64(p.stones[c].lo, p.capturable64(c)) != 0
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
			a.runs = g.runsAt64(a.To, own, opp)
			a.ncaps = uint8(bits.OnesCount32(uint32(a.runs)))
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
		return g.step64Action(Square(g.nthBit(origins, k)), Square(ti), own, opp), true
	}
	return Action{}, false
}

// step64Action is the step from → to with its captures, for the side
// whose stones are own against the capturable stones opp.
func (g *geometry) step64Action(from, to Square, own, opp uint64) Action {
	runs := g.runsAt64(to, own, opp)
	return Action{From: from, To: to, Kind: ActStep, ncaps: uint8(bits.OnesCount32(uint32(runs))), runs: runs}
}

// nthBit is the index of the k-th lowest set bit of x, counting from 0,
// for x with at most 8 bits set (the origins of one target). It clears
// the lowest bit as often as it may need to and keeps the k-th result
// with conditional moves: a loop of k trips mispredicts its exit, since k
// is random. With four directions a target has at most four origins.
func (g *geometry) nthBit(x uint64, k int) int {
	r := x
	x &= x - 1
	if k == 1 {
		r = x
	}
	x &= x - 1
	if k == 2 {
		r = x
	}
	x &= x - 1
	if k == 3 {
		r = x
	}
	if g.dirs == 8 {
		for i := 4; i < 8; i++ {
			x &= x - 1
			if i == k {
				r = x
			}
		}
	}
	return bits.TrailingZeros64(r)
}
