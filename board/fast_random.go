package board

import (
	"math/bits"
	"math/rand/v2"
)

// randomAction64 is RandomAction on a small board without LineCapture
// (Position.wordGen), in the cases that make up nearly every action of a
// random game: a placement stone, and a movement action with no ransom
// request pending, outside the whiteopens duty, by a side that is not
// blocked. It does the game-over test, the count and the pick on a few
// words held in registers: the steps are counted once, direction by
// direction, and that count also answers the blocked test. done is false,
// and rng is not used, where another case applies; RandomAction then
// takes the general path.
func (g *Game) randomAction64(rng *rand.Rand) (a Action, ok, done bool) {
	p := &g.pos
	geo := p.geo
	us := p.side
	own, opp := p.stones[us].lo, p.stones[us^1].lo
	empty := geo.all.lo &^ (own | opp)
	if p.hand[us] > 0 {
		places := empty &^ geo.centreBit.lo
		n := bits.OnesCount64(places)
		if n == 0 {
			return Action{}, false, false
		}
		return Action{From: NoSquare, To: Square(select64(places, rng.IntN(n))), Kind: ActPlace}, true, true
	}
	r := &g.rules
	if p.hand[us^1] > 0 || p.pending != NoSquare {
		return Action{}, false, false
	}
	nOwn, nOpp := bits.OnesCount64(own), bits.OnesCount64(opp)
	if nOwn <= r.LoseAt || nOpp <= r.LoseAt {
		return Action{}, false, true
	}
	capturable := opp
	if r.CentreSafe {
		capturable &^= geo.centreBit.lo
	}
	movers := own
	var requests uint64
	capturing, pass := false, 0
	switch {
	case p.chain == NoSquare:
		if r.Blocked == BlockedWhiteOpens && us == White && p.passes > 0 {
			return Action{}, false, false // the duty: every action must be tried
		}
		w, b := nOwn, nOpp
		if us == Black {
			w, b = b, w
		}
		if o, _, _ := g.laterEnds(w, b); o != Ongoing {
			return Action{}, false, true
		}
		if p.canRequestRansom() {
			requests = p.stones[Black].lo
		}
	case p.chain == ChainAny:
		capturing = r.Chain != ChainBonus
		if capturing && !r.ChainMandatory {
			pass = 1
		}
	default:
		movers, capturing = 1<<(uint(p.chain)&63), true
		if !r.ChainMandatory {
			pass = 1
		}
	}
	targets := empty
	if capturing {
		targets &= geo.captureTargets64(own, capturable)
	}
	n, reached := geo.reach64(movers, targets)
	nreq := bits.OnesCount64(requests)
	if n == 0 && (p.chain == NoSquare || pass == 0) {
		return Action{}, false, false // blocked, or a chain with no way on
	}
	k := rng.IntN(nreq + n + pass)
	if k < nreq {
		return RansomRequest(Square(select64(requests, k))), true, true
	}
	k -= nreq
	if k == n {
		return Pass(), true, true
	}
	for ; ; reached &= reached - 1 {
		ti := bits.TrailingZeros64(reached)
		origins := geo.adj[ti].lo & movers
		if c := bits.OnesCount64(origins); k >= c {
			k -= c
			continue
		}
		a := Action{From: Square(geo.nthBit(origins, k)), To: Square(ti), Kind: ActStep}
		// Most steps capture nothing: the capture targets, a few shifts
		// without a branch, spare them the capture pairs.
		if capturing || geo.captureTargets64(own, capturable)>>ti&1 != 0 {
			a.runs = geo.runsAt64(a.To, own, capturable)
			a.ncaps = uint8(bits.OnesCount32(uint32(a.runs)))
		}
		return a, true, true
	}
}

// select64 is the index of the k-th lowest set bit of x, counting from 0;
// x must hold more than k bits. It halves the word three times by
// popcounts, without branches, and finishes in a byte by table.
func select64(x uint64, k int) int {
	s := 0
	for _, w := range [3]uint{32, 16, 8} {
		c := bits.OnesCount64(x & (1<<w - 1))
		// m is 1 when the bit lies above the low w bits: k >= c.
		m := int(uint(c-k-1) >> (bits.UintSize - 1))
		k -= c * m
		sh := w * uint(m)
		x >>= sh
		s += int(sh)
	}
	return s + int(selectInByte[uint8(x)][k&7])
}

// selectInByte[b][k] is the index of the k-th lowest set bit of b.
var selectInByte = func() (t [256][8]uint8) {
	for b := range t {
		k := 0
		for i := 0; i < 8; i++ {
			if b>>i&1 != 0 {
				t[b][k] = uint8(i)
				k++
			}
		}
	}
	return t
}()
