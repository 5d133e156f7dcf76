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

// dilate64 is geometry.dilate on the low word: reach64's squares
// without its count.
func (g *geometry) dilate64(b uint64) uint64 {
	k := uint(g.n) & 63
	src := &g.src
	out := b&src[North].lo<<k | b&src[East].lo<<1 | b&src[South].lo>>k | b&src[West].lo>>1
	if g.dirs == 8 {
		out |= b&src[NorthEast].lo<<(k+1) | b&src[SouthEast].lo>>(k-1) |
			b&src[SouthWest].lo>>(k+1) | b&src[NorthWest].lo<<(k-1)
	}
	return out
}

// reach64 steps the stones of movers one square in every active
// direction onto targets: it returns the number of such steps (a stone
// and a direction) and the squares they reach. It is the generator's
// commonest question, so the directions are written out, with the
// board's width loaded once, rather than looped over by table.
func (g *geometry) reach64(movers, targets uint64) (int, uint64) {
	k := uint(g.n) & 63
	src := &g.src
	n := movers & src[North].lo << k & targets
	e := movers & src[East].lo << 1 & targets
	s := movers & src[South].lo >> k & targets
	w := movers & src[West].lo >> 1 & targets
	count := bits.OnesCount64(n) + bits.OnesCount64(e) + bits.OnesCount64(s) + bits.OnesCount64(w)
	out := n | e | s | w
	if g.dirs == 8 {
		ne := movers & src[NorthEast].lo << (k + 1) & targets
		se := movers & src[SouthEast].lo >> (k - 1) & targets
		sw := movers & src[SouthWest].lo >> (k + 1) & targets
		nw := movers & src[NorthWest].lo << (k - 1) & targets
		count += bits.OnesCount64(ne) + bits.OnesCount64(se) + bits.OnesCount64(sw) + bits.OnesCount64(nw)
		out |= ne | se | sw | nw
	}
	return count, out
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
	// In direction d the pattern is an enemy next to the target and a
	// friend beyond: shift own back once, keep opp, shift back again.
	k := uint(g.n) & 63
	src := &g.src
	sN, sE, sS, sW := src[North].lo, src[East].lo, src[South].lo, src[West].lo
	out := (opp & (own & sS >> k) & sS) >> k // towards North: own two up
	out |= (opp & (own & sN << k) & sN) << k // towards South
	out |= (opp & (own & sW >> 1) & sW) >> 1 // towards East
	out |= (opp & (own & sE << 1) & sE) << 1 // towards West
	if g.dirs == 8 {
		sNE, sSE, sSW, sNW := src[NorthEast].lo, src[SouthEast].lo, src[SouthWest].lo, src[NorthWest].lo
		out |= (opp & (own & sSW >> (k + 1)) & sSW) >> (k + 1) // towards NorthEast
		out |= (opp & (own & sNE << (k + 1)) & sNE) << (k + 1) // towards SouthWest
		out |= (opp & (own & sNW << (k - 1)) & sNW) << (k - 1) // towards SouthEast
		out |= (opp & (own & sSE >> (k - 1)) & sSE) >> (k - 1) // towards NorthWest
	}
	return out
}

// flanked64 is, for each of the four orthogonal directions d, the stones
// of opp whose neighbour in direction d is in own: the stones a step of
// own's side captures when it lands next to them on the other side.
// captured64 reads a step's captures from it with four shifts, where
// runsAt64 loads the step's capture pairs one by one; perft's chains,
// which want only the captured stones, ask it once per capture target.
// Without LineCapture, on four directions only.
func (g *geometry) flanked64(own, opp uint64) [4]uint64 {
	k := uint(g.n) & 63
	src := &g.src
	return [4]uint64{
		North: opp & (own >> k),
		East:  opp & src[East].lo & (own >> 1),
		South: opp & (own << k),
		West:  opp & src[West].lo & (own << 1),
	}
}

// captured64 is the set of stones a step to t captures, given flanked64
// of the stepping side's stones and the capturable stones: each
// neighbour of t that is flanked on its far side.
func (g *geometry) captured64(t int, flanked *[4]uint64) uint64 {
	k := uint(g.n) & 63
	src := &g.src
	b := uint64(1) << (uint(t) & 63)
	return (b<<k)&flanked[North] | ((b&src[East].lo)<<1)&flanked[East] |
		(b>>k)&flanked[South] | ((b&src[West].lo)>>1)&flanked[West]
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
	n, _ := g.reach64(movers, targets)
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
// the lowest bit once for each i < k, by a mask that is all ones where
// i >= k, without a branch: a loop of k trips mispredicts its exit,
// since k is random, and Go compiles 'if k == i { r = x }' to branches
// too. With four directions a target has at most four origins.
func (g *geometry) nthBit(x uint64, k int) int {
	x &= x - 1 | ^uint64(int64(-k)>>63)
	x &= x - 1 | ^uint64(int64(1-k)>>63)
	x &= x - 1 | ^uint64(int64(2-k)>>63)
	if g.dirs == 8 {
		for i := 3; i < 7; i++ {
			x &= x - 1 | ^uint64(int64(i-k)>>63)
		}
	}
	return bits.TrailingZeros64(x)
}
