package board

import "math/bits"

// Lines answers questions about whole sets of squares along an n×n
// board's lines, with the shifts the move generator uses, for an
// evaluator that would otherwise ask them stone by stone.
type Lines struct{ g *geometry }

// Beside is the set of squares next to a square of b along the line of
// direction d, on either side: b stepped one square in d and one square
// back. On 5×5 and 7×7 it works on the low word alone.
func (l Lines) Beside(b Bitboard, d Direction) Bitboard {
	g := l.g
	back := opposite(int(d))
	if g.small {
		return Bitboard{lo: g.step64(b.lo, int(d)) | g.step64(b.lo, back)}
	}
	return g.step(b, int(d)).Or(g.step(b, back))
}

// Step is b with every square moved one square in direction d; the
// squares with no neighbour there drop out.
func (l Lines) Step(b Bitboard, d Direction) Bitboard {
	g := l.g
	if g.small {
		return Bitboard{lo: g.step64(b.lo, int(d))}
	}
	return g.step(b, int(d))
}

// Neighbours is the set of the squares next to a square of b in the
// first dirs directions: 4, the orthogonal ones, or 8, the diagonals
// too. A square of b is in it only where it is next to another. On 5×5
// and 7×7 it works on the low word alone.
func (l Lines) Neighbours(b Bitboard, dirs int) Bitboard {
	g := l.g
	if g.small {
		var out uint64
		for d := range dirs {
			out |= g.step64(b.lo, d)
		}
		return Bitboard{lo: out}
	}
	var out Bitboard
	for d := range dirs {
		out = out.Or(g.step(b, d))
	}
	return out
}

// OpenLines counts the open lines of the stones of b against the stones
// of own, along the first orientations of the four: north–south,
// east–west, then the two diagonals (2 for a board of four directions, 4
// for eight). A line of a stone is open when both its neighbours along
// it are on the board and neither is in own: an enemy pair could close
// on the stone there. It returns the number of open lines, summed over
// the stones, and the stones with at least one. On 5×5 and 7×7 it works
// on the low word alone, the orientations written out.
func (l Lines) OpenLines(own, b Bitboard, orientations int) (lines int, open Bitboard) {
	g := l.g
	if !g.small {
		for k := range orientations {
			d := int(OrientationDirection(k))
			back := opposite(d)
			o := b.And(g.src[d]).And(g.src[back]).AndNot(g.step(own, d).Or(g.step(own, back)))
			lines += o.Count()
			open = open.Or(o)
		}
		return lines, open
	}
	k := uint(g.n) & 63
	src := &g.src
	o, x := own.lo, b.lo
	mN, mE, mS, mW := src[North].lo, src[East].lo, src[South].lo, src[West].lo
	ns := x & mN & mS &^ (o&mN<<k | o&mS>>k)
	ew := x & mE & mW &^ (o&mE<<1 | o&mW>>1)
	lines = bits.OnesCount64(ns) + bits.OnesCount64(ew)
	u := ns | ew
	if orientations == 4 {
		mNE, mSE, mSW, mNW := src[NorthEast].lo, src[SouthEast].lo, src[SouthWest].lo, src[NorthWest].lo
		nesw := x & mNE & mSW &^ (o&mNE<<(k+1) | o&mSW>>(k+1))
		senw := x & mSE & mNW &^ (o&mSE>>(k-1) | o&mNW<<(k-1))
		lines += bits.OnesCount64(nesw) + bits.OnesCount64(senw)
		u |= nesw | senw
	}
	return lines, Bitboard{lo: u}
}
