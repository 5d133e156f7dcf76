package book

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"seega/board"
)

// Size is the board size books are made for: a 5×5 position's two sets of
// stones and its side to act fit one 64-bit key.
const Size = 5

const squares = Size * Size

// Key is a placement position between turns in one word: White's stones
// in bits 0–24, Black's in bits 25–49 (bit = square index), and bit 50
// set when Black is to act.
type Key uint64

const (
	blackShift = squares
	sideBit    = Key(1) << (2 * squares)
	squareMask = Key(1)<<squares - 1
)

// symSquare[s][sq] is sq mapped through symmetry s, and inverseSym[s] the
// symmetry that undoes s.
var (
	symSquare  [board.Symmetries][squares]board.Square
	inverseSym [board.Symmetries]int
)

func init() {
	for s := range board.Symmetries {
		for sq := range squares {
			symSquare[s][sq] = board.TransformSquare(board.Square(sq), Size, s)
		}
	}
	for s := range board.Symmetries {
		for t := range board.Symmetries {
			if undoes(s, t) {
				inverseSym[s] = t
				break
			}
		}
	}
}

// undoes reports whether symmetry t maps every square back where s took
// it from.
func undoes(s, t int) bool {
	for sq := range squares {
		if symSquare[t][symSquare[s][sq]] != board.Square(sq) {
			return false
		}
	}
	return true
}

// Bookable reports why pos cannot be in a book, or nil if it can: a book
// holds 5×5 placement positions between turns.
func Bookable(pos *board.Position) error {
	switch {
	case pos.Size() != Size:
		return fmt.Errorf("books are for %d×%d boards, not %d×%d", Size, Size, pos.Size(), pos.Size())
	case !pos.Placement():
		return fmt.Errorf("the placement phase is over")
	case pos.MidTurn():
		return fmt.Errorf("a turn is half done")
	}
	return nil
}

// rawKey is pos's key as it stands, with no symmetry applied.
func rawKey(pos *board.Position) Key {
	k := setKey(pos.Stones(board.White)) | setKey(pos.Stones(board.Black))<<blackShift
	if pos.SideToAct() == board.Black {
		k |= sideBit
	}
	return k
}

// setKey is the squares of b as the low 25 bits of a key.
func setKey(b board.Bitboard) Key {
	var k Key
	for b.Any() {
		k |= 1 << Key(b.Pop())
	}
	return k
}

// mapSet maps the 25-bit square set m through symmetry s.
func mapSet(m Key, s int) Key {
	var out Key
	for sq := range squares {
		if m&(1<<Key(sq)) != 0 {
			out |= 1 << Key(symSquare[s][sq])
		}
	}
	return out
}

// Transform is k with its stones mapped through symmetry s.
func (k Key) Transform(s int) Key {
	return mapSet(k&squareMask, s) | mapSet(k>>blackShift&squareMask, s)<<blackShift | k&sideBit
}

// Canonical is the least of k's eight images, and the symmetry that maps
// k onto it (the first such, where the position is symmetric).
func (k Key) Canonical() (Key, int) {
	best, sym := k, 0
	for s := 1; s < board.Symmetries; s++ {
		if t := k.Transform(s); t < best {
			best, sym = t, s
		}
	}
	return best, sym
}

// KeyOf is pos's canonical key and the symmetry that maps pos onto it;
// pos must be Bookable.
func KeyOf(pos *board.Position) (Key, int) { return rawKey(pos).Canonical() }

// valid reports whether k could be a position's key: no square held by
// both sides, none beyond the board, the centre empty.
func (k Key) valid() bool {
	w, b := k&squareMask, k>>blackShift&squareMask
	centre := Key(1) << (squares / 2)
	return k>>(2*squares+1) == 0 && w&b == 0 && (w|b)&centre == 0
}

// SeFEN writes k as the SeFEN of its position, with r's stones in hand:
// the hands, the side and the turn number follow from the stones.
func (k Key) SeFEN(r board.Rules) string {
	w, b := k&squareMask, k>>blackShift&squareMask
	var ranks []string
	for rank := Size - 1; rank >= 0; rank-- {
		row, empty := "", 0
		for file := range Size {
			bit := Key(1) << (rank*Size + file)
			c := byte(0)
			switch {
			case w&bit != 0:
				c = 'w'
			case b&bit != 0:
				c = 'b'
			}
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				row += strconv.Itoa(empty)
				empty = 0
			}
			row += string(c)
		}
		if empty > 0 {
			row += strconv.Itoa(empty)
		}
		ranks = append(ranks, row)
	}
	nw, nb := bits.OnesCount64(uint64(w)), bits.OnesCount64(uint64(b))
	side := "w"
	if k&sideBit != 0 {
		side = "b"
	}
	stones := r.Stones()
	turn := 1 + (nw+nb)/2
	return fmt.Sprintf("%s %s %d/%d - 0 %d", strings.Join(ranks, "/"), side, stones-nw, stones-nb, turn)
}
