//go:build !narrow

package board

import "math/bits"

// MaxSquares is the number of squares the widest supported board has.
const MaxSquares = 81

// Bitboard is a set of squares of one board of up to 9×9.
//
// Squares are numbered densely, rank-major, for the board size in play:
// index = rank*N + file, with a1 = 0 (see Square). A 9×9 board uses
//
//	rank 9:  72 73 74 75 76 77 78 79 80
//	rank 8:  63 64 65 66 67 68 69 70 71
//	  …
//	rank 2:   9 10 11 12 13 14 15 16 17
//	rank 1:   0  1  2  3  4  5  6  7  8
//
// Bits 0–63 live in lo and bits 64–80 in hi. The 5×5 (25 squares) and
// 7×7 (49 squares) boards fit entirely in lo, so hi stays zero for them,
// and the move generator's inner loops read lo alone there
// (fast_movegen.go). The build tag `narrow` swaps in a single-word Bitboard
// (boards up to 7×7 only); the benchmarks compare the two builds to show
// what 5×5 still pays for 9×9's width. Action does not hold a Bitboard
// (its captures are run lengths), so it is 8 bytes on both.
type Bitboard struct {
	lo, hi uint64
}

// SquareBit is the set holding only sq (the empty set for NoSquare).
//
// SquareBit and Has branch on the word. On 5×5 and 7×7 the branch always
// goes the same way, so it costs nothing, and the &63 lets the compiler
// drop the code Go needs for shifts of 64 or more. A branch-free form (both
// words shifted, the wrong one by an overflowing count) measured 5–12%
// slower in perft and make/unmake on 5×5, and no faster on 9×9.
func SquareBit(sq Square) Bitboard {
	if uint(sq) < 64 {
		return Bitboard{lo: 1 << (uint(sq) & 63)}
	}
	return Bitboard{hi: 1 << uint(sq-64)}
}

// Has reports whether sq is in b.
func (b Bitboard) Has(sq Square) bool {
	if uint(sq) < 64 {
		return b.lo>>(uint(sq)&63)&1 != 0
	}
	return b.hi>>uint(sq-64)&1 != 0
}

// bit is 1 when sq is in b and 0 otherwise, without a branch: the word
// is picked by index and shifted by a count below 64. (Shifting both
// words by counts that may reach 64, for Go to give 0, costs the checks
// Go adds for such counts.)
func (b Bitboard) bit(sq Square) uint64 {
	w := [2]uint64{b.lo, b.hi}
	return w[uint(sq)>>6&1] >> (uint(sq) & 63) & 1
}

// And is the intersection of b and o.
func (b Bitboard) And(o Bitboard) Bitboard { return Bitboard{b.lo & o.lo, b.hi & o.hi} }

// Or is the union of b and o.
func (b Bitboard) Or(o Bitboard) Bitboard { return Bitboard{b.lo | o.lo, b.hi | o.hi} }

// Xor is the symmetric difference of b and o.
func (b Bitboard) Xor(o Bitboard) Bitboard { return Bitboard{b.lo ^ o.lo, b.hi ^ o.hi} }

// AndNot is b without the squares of o.
func (b Bitboard) AndNot(o Bitboard) Bitboard { return Bitboard{b.lo &^ o.lo, b.hi &^ o.hi} }

// IsEmpty reports whether b holds no square.
func (b Bitboard) IsEmpty() bool { return b.lo|b.hi == 0 }

// Any reports whether b holds at least one square.
func (b Bitboard) Any() bool { return b.lo|b.hi != 0 }

// Count is the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(b.lo) + bits.OnesCount64(b.hi) }

// First is the lowest square of b; b must not be empty.
func (b Bitboard) First() Square {
	if b.lo != 0 {
		return Square(bits.TrailingZeros64(b.lo))
	}
	return Square(64 + bits.TrailingZeros64(b.hi))
}

// Pop removes the lowest square of b and returns it; b must not be empty.
func (b *Bitboard) Pop() Square {
	if b.lo != 0 {
		sq := Square(bits.TrailingZeros64(b.lo))
		b.lo &= b.lo - 1
		return sq
	}
	sq := Square(64 + bits.TrailingZeros64(b.hi))
	b.hi &= b.hi - 1
	return sq
}

// shl moves every square of b up by k bits, 0 < k < 64; shr moves them
// down. A direction step is a shift by the direction's index delta, so
// these move a whole set one square; the caller masks off the squares that
// would wrap round an edge. (The &63 tell the compiler that the counts are
// below 64, which spares the code Go needs for larger ones.)
func (b Bitboard) shl(k uint8) Bitboard {
	u := uint(k) & 63
	return Bitboard{b.lo << u, b.hi<<u | b.lo>>((64-u)&63)}
}

func (b Bitboard) shr(k uint8) Bitboard {
	u := uint(k) & 63
	return Bitboard{b.lo>>u | b.hi<<((64-u)&63), b.hi >> u}
}

// Words returns the squares 0–63 and 64–80 as two words, bit k of the
// first being square k: for the scans that walk a set a word at a time,
// and for code outside the package that lays a whole set into its own
// bits at once (the network's inputs).
func (b Bitboard) Words() (lo, hi uint64) { return b.lo, b.hi }
