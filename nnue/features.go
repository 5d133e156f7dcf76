package nnue

import (
	"math/bits"

	"seega/board"
)

// The inputs of the network, from one side's point of view (a
// perspective): every input is a 0/1 feature, and a position is the set
// of those that are on. Each square is empty, the perspective's own or
// the enemy's (two planes of one-hot squares); the stones in hand are
// one-hot counts; the rest are small buckets of the counters the rules
// read. The same index means the same thing on every board size (the
// square planes are MaxSquares wide), so a net's shape does not depend
// on its board.
const (
	// maxSquares is the squares of the largest board, 9×9: the width of
	// a square plane whatever the board (and the build: board's narrow
	// build has a smaller MaxSquares, which must not change the files).
	maxSquares    = 81
	featOwn       = 0                            // + square: a stone of the perspective
	featEnemy     = featOwn + maxSquares         // + square: a stone of the other side
	featOwnHand   = featEnemy + maxSquares       // + count: the perspective's stones in hand
	featEnemyHand = featOwnHand + handCounts     // + count: the other side's stones in hand
	featMidPlace  = featEnemyHand + handCounts   // a placement turn's second stone is to come
	featChain     = featMidPlace + 1             // a chain is under way
	featPassed    = featChain + 1                // the last turn was a pass
	featWhite     = featPassed + 1               // the perspective is White (the rules are not symmetric)
	featQuiet     = featWhite + 1                // + bucket of the quiet-turn count
	featRansom    = featQuiet + quietBuckets     // a ransom request is pending
	featDeadline  = featRansom + 1               // + bucket of Black's turns against RansomDeadline
	featRefusals  = featDeadline + ransomBuckets // + bucket of White's refusals against RansomRefusals
	NumFeatures   = featRefusals + ransomBuckets // the inputs of one perspective
	handCounts    = (maxSquares-1)/2 + 1         // 0 to 40 stones in hand
	quietBuckets  = 8
	ransomBuckets = 4
)

// FeatureWords is the size of a FeatureSet in words.
const FeatureWords = (NumFeatures + 63) / 64

// FeatureSet is the set of features that are on, bit f for feature f.
type FeatureSet [FeatureWords]uint64

func (s *FeatureSet) set(f int) { s[f>>6] |= 1 << (f & 63) }

// Has reports whether feature f is on.
func (s *FeatureSet) Has(f int) bool { return s[f>>6]&(1<<(f&63)) != 0 }

// Count is the number of features that are on.
func (s *FeatureSet) Count() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

// Diff is the number of features on in one of s and o but not both: the
// columns an update from o to s adds and subtracts.
func (s *FeatureSet) Diff(o *FeatureSet) int {
	n := 0
	for i := range s {
		n += bits.OnesCount64(s[i] ^ o[i])
	}
	return n
}

// Append appends the features that are on to buf, in increasing order.
func (s *FeatureSet) Append(buf []int) []int {
	for i, w := range s {
		for w != 0 {
			buf = append(buf, i<<6|bits.TrailingZeros64(w))
			w &= w - 1
		}
	}
	return buf
}

// Features returns the features of p from perspective c under rules r.
func Features(p *board.Position, r *board.Rules, c board.Color) FeatureSet {
	var s FeatureSet
	setSquares(&s, featOwn, p.Stones(c))
	setSquares(&s, featEnemy, p.Stones(c.Other()))
	s.set(featOwnHand + min(p.Hand(c), handCounts-1))
	s.set(featEnemyHand + min(p.Hand(c.Other()), handCounts-1))
	if p.Placement() && p.MidTurn() {
		s.set(featMidPlace)
	}
	if p.Chain() != board.NoSquare {
		s.set(featChain)
	}
	if p.LastTurnPassed() {
		s.set(featPassed)
	}
	if c == board.White {
		s.set(featWhite)
	}
	s.set(featQuiet + quietBucket(p.QuietTurns(), r.NoCaptureLimit))
	if r.Ransom {
		if p.PendingRansom() != board.NoSquare {
			s.set(featRansom)
		}
		s.set(featDeadline + fractionBucket(p.BlackTurns(), r.RansomDeadline, ransomBuckets))
		s.set(featRefusals + fractionBucket(p.RefusalsUsed(), r.RansomRefusals, ransomBuckets))
	}
	return s
}

// setSquares sets feature base+sq for every square of b. The squares
// are b's bits in order, so the set takes them a word at a time, shifted
// up by base, instead of a stone at a time: computing the features is
// part of every evaluation.
func setSquares(s *FeatureSet, base int, b board.Bitboard) {
	lo, hi := b.Words()
	orBits(s, base, lo)
	orBits(s, base+64, hi)
}

// orBits sets feature at+k for every bit k of w.
func orBits(s *FeatureSet, at int, w uint64) {
	if w == 0 {
		return
	}
	i, k := at>>6, uint(at&63)
	s[i] |= w << k
	if k != 0 && w>>(64-k) != 0 {
		s[i+1] |= w >> (64 - k)
	}
}

// quietBucket is the bucket of q quiet turns: the share of the limit
// gone where the rules have one, and doublings of 4 turns where they
// have none (0–3, 4–7, 8–15, … 256 and over).
func quietBucket(q, limit int) int {
	if limit > 0 {
		return fractionBucket(q, limit, quietBuckets)
	}
	b := 0
	for t := 4; q >= t && b < quietBuckets-1; t *= 2 {
		b++
	}
	return b
}

// fractionBucket is which of n equal shares of [0, limit] holds v, the
// last bucket taking v >= limit.
func fractionBucket(v, limit, n int) int {
	if limit <= 0 {
		return 0
	}
	return min(v*n/limit, n-1)
}
