package board

import "math/bits"

// StepScan summarises one side's steps as whole sets: how many it has and
// where they go, which of its stones can step, which enemy stones some
// step captures and the most that one step captures. An evaluator that
// asked the empty squares one by one (who can step there, what would it
// take) gets the same answers from a few shifts per direction. Captures
// follow the rule without LineCapture: one stone per direction, an enemy
// next to the target with a friend beyond it.
type StepScan struct {
	// Steps counts the side's steps: a stone and a direction in which its
	// neighbour is empty.
	Steps int
	// Reached holds the empty squares some stone of the side steps to.
	Reached Bitboard
	// Mobile holds the side's stones that have a step.
	Mobile Bitboard
	// Threatened holds the enemy stones that some step captures.
	Threatened Bitboard
	// Best is the most enemy stones that one step of a stone of from
	// (the stones that may step next) captures.
	Best int
}

// StepScanner scans steps on one board size with one direction count.
type StepScanner struct{ g *geometry }

// Scan fills out for the side whose stones are own: capturable are the
// enemy stones a step may capture (all of them, less the centre under
// CentreSafe), empty the empty squares, and from the stones of own that
// Best counts the steps of (own itself, or a chain's stone).
func (s StepScanner) Scan(own, capturable, empty, from Bitboard, out *StepScan) {
	if s.g.small {
		s.scan64(own.lo, capturable.lo, empty.lo, from.lo, out)
		return
	}
	s.scanWide(own, capturable, empty, from, out)
}

// scan64 is Scan on the low word, the directions written out. A capture
// in direction d is a target t reached by the side, an enemy on t+d and a
// friend on t+2d: own stepped back twice through the capturable stones
// gives the targets, and the targets stepped forward once the stones
// they take. The number of directions in which a target captures is
// summed on bit planes (c0 + 2·c1 + 4·c2 + 8·c3), square by square at
// once, and Best is the largest sum among the targets from reaches.
func (s StepScanner) scan64(own, capt, empty, from uint64, out *StepScan) {
	g := s.g
	k := uint(g.n) & 63
	src := &g.src
	mN, mE, mS, mW := src[North].lo, src[East].lo, src[South].lo, src[West].lo
	n := own & mN << k & empty
	e := own & mE << 1 & empty
	so := own & mS >> k & empty
	w := own & mW >> 1 & empty
	steps := bits.OnesCount64(n) + bits.OnesCount64(e) + bits.OnesCount64(so) + bits.OnesCount64(w)
	reached := n | e | so | w
	near := empty&mN<<k | empty&mE<<1 | empty&mS>>k | empty&mW>>1
	var mNE, mSE, mSW, mNW uint64
	if g.dirs == 8 {
		mNE, mSE, mSW, mNW = src[NorthEast].lo, src[SouthEast].lo, src[SouthWest].lo, src[NorthWest].lo
		ne := own & mNE << (k + 1) & empty
		se := own & mSE >> (k - 1) & empty
		sw := own & mSW >> (k + 1) & empty
		nw := own & mNW << (k - 1) & empty
		steps += bits.OnesCount64(ne) + bits.OnesCount64(se) + bits.OnesCount64(sw) + bits.OnesCount64(nw)
		reached |= ne | se | sw | nw
		near |= empty&mNE<<(k+1) | empty&mSE>>(k-1) | empty&mSW>>(k+1) | empty&mNW<<(k-1)
	}
	fromReached := reached
	if from != own {
		fromReached = g.dilate64(from) & empty
	}
	var threat uint64
	var c planes
	// Towards North: the enemy one rank up, the friend two up.
	t := capt & (own & mS >> k) & mS >> k & reached
	threat |= t << k
	c.add(t & fromReached)
	t = capt & (own & mN << k) & mN << k & reached // towards South
	threat |= t >> k
	c.add(t & fromReached)
	t = capt & (own & mW >> 1) & mW >> 1 & reached // towards East
	threat |= t << 1
	c.add(t & fromReached)
	t = capt & (own & mE << 1) & mE << 1 & reached // towards West
	threat |= t >> 1
	c.add(t & fromReached)
	if g.dirs == 8 {
		t = capt & (own & mSW >> (k + 1)) & mSW >> (k + 1) & reached // towards NorthEast
		threat |= t << (k + 1)
		c.add(t & fromReached)
		t = capt & (own & mNE << (k + 1)) & mNE << (k + 1) & reached // towards SouthWest
		threat |= t >> (k + 1)
		c.add(t & fromReached)
		t = capt & (own & mNW << (k - 1)) & mNW << (k - 1) & reached // towards SouthEast
		threat |= t >> (k - 1)
		c.add(t & fromReached)
		t = capt & (own & mSE >> (k - 1)) & mSE >> (k - 1) & reached // towards NorthWest
		threat |= t << (k - 1)
		c.add(t & fromReached)
	}
	*out = StepScan{
		Steps:      steps,
		Reached:    Bitboard{lo: reached},
		Mobile:     Bitboard{lo: own & near},
		Threatened: Bitboard{lo: threat},
		Best:       c.max(),
	}
}

// scanWide is Scan on whole Bitboards, for 9×9, a direction at a time.
func (s StepScanner) scanWide(own, capt, empty, from Bitboard, out *StepScan) {
	g := s.g
	steps, reached := g.reach(own, empty)
	fromReached := reached
	if from != own {
		fromReached = g.dilate(from).And(empty)
	}
	var threat Bitboard
	var c [2]planes
	for d := 0; d < g.dirs; d++ {
		back := opposite(d)
		t := g.step(capt.And(g.step(own, back)), back).And(reached)
		threat = threat.Or(g.step(t, d))
		t = t.And(fromReached)
		lo, hi := t.Words()
		c[0].add(lo)
		c[1].add(hi)
	}
	*out = StepScan{
		Steps:      steps,
		Reached:    reached,
		Mobile:     own.And(g.dilate(empty)),
		Threatened: threat,
		Best:       max(c[0].max(), c[1].max()),
	}
}

// planes counts, square by square for a word of squares, how many of the
// sets added hold the square: bit i of the count is plane i. Four planes
// count up to 15, past the eight directions.
type planes [4]uint64

// add counts x's squares once more: a ripple-carry add of one bit plane.
func (c *planes) add(x uint64) {
	carry := c[0] & x
	c[0] ^= x
	x, carry = carry, c[1]&carry
	c[1] ^= x
	x, carry = carry, c[2]&carry
	c[2] ^= x
	c[3] |= carry
}

// max is the largest count of any square: the highest plane some square
// holds, then among those squares the next plane down, and so on.
func (c *planes) max() int {
	cand := c[0] | c[1] | c[2] | c[3]
	if cand == 0 {
		return 0 // the common case: no square counted
	}
	m := 0
	if x := cand & c[3]; x != 0 {
		cand, m = x, 8
	}
	if x := cand & c[2]; x != 0 {
		cand, m = x, m|4
	}
	if x := cand & c[1]; x != 0 {
		cand, m = x, m|2
	}
	if cand&c[0] != 0 {
		m |= 1
	}
	return m
}
