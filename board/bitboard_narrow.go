//go:build narrow

package board

import "math/bits"

// MaxSquares is the number of squares the widest supported board has. The
// narrow build supports boards up to 7×7 only.
const MaxSquares = 49

// Bitboard is a set of squares of a board of up to 7×7, in one word. It
// exists to measure what the default two-word Bitboard costs on 5×5; see
// bitboard.go for the square layout.
type Bitboard struct {
	lo uint64
}

// SquareBit is the set holding only sq.
func SquareBit(sq Square) Bitboard { return Bitboard{lo: 1 << uint(sq)} }

// Has reports whether sq is in b.
func (b Bitboard) Has(sq Square) bool { return b.lo>>uint(sq)&1 != 0 }

// bit is 1 when sq is in b and 0 otherwise; see bitboard.go.
func (b Bitboard) bit(sq Square) uint64 { return b.lo >> uint(sq) & 1 }

// And is the intersection of b and o.
func (b Bitboard) And(o Bitboard) Bitboard { return Bitboard{b.lo & o.lo} }

// Or is the union of b and o.
func (b Bitboard) Or(o Bitboard) Bitboard { return Bitboard{b.lo | o.lo} }

// Xor is the symmetric difference of b and o.
func (b Bitboard) Xor(o Bitboard) Bitboard { return Bitboard{b.lo ^ o.lo} }

// AndNot is b without the squares of o.
func (b Bitboard) AndNot(o Bitboard) Bitboard { return Bitboard{b.lo &^ o.lo} }

// IsEmpty reports whether b holds no square.
func (b Bitboard) IsEmpty() bool { return b.lo == 0 }

// Any reports whether b holds at least one square.
func (b Bitboard) Any() bool { return b.lo != 0 }

// Count is the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(b.lo) }

// First is the lowest square of b; b must not be empty.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(b.lo)) }

// Pop removes the lowest square of b and returns it; b must not be empty.
func (b *Bitboard) Pop() Square {
	sq := Square(bits.TrailingZeros64(b.lo))
	b.lo &= b.lo - 1
	return sq
}

// shl moves every square of b up by k bits, 0 < k < 64; shr moves them
// down. See bitboard.go.
func (b Bitboard) shl(k uint8) Bitboard { return Bitboard{b.lo << (uint(k) & 63)} }

func (b Bitboard) shr(k uint8) Bitboard { return Bitboard{b.lo >> (uint(k) & 63)} }

// Words returns the squares 0–63 and 64–80 as two words (the second
// always empty in this build), as the wide build's Words does.
func (b Bitboard) Words() (lo, hi uint64) { return b.lo, 0 }
