package tablebase

import (
	"fmt"
	"sort"

	"seega/board"
)

// Material is a table's stone counts: White's and Black's stones on the
// board.
type Material struct{ White, Black int }

func (m Material) String() string { return fmt.Sprintf("w%db%d", m.White, m.Black) }

// Total is the number of stones on the board.
func (m Material) Total() int { return m.White + m.Black }

// binom[n][k] is n choose k, for the combinatorial number system.
var binom [board.MaxSquares + 1][board.MaxSquares + 1]uint64

func init() {
	for n := 0; n <= board.MaxSquares; n++ {
		binom[n][0] = 1
		for k := 1; k <= n; k++ {
			binom[n][k] = binom[n-1][k-1] + binom[n-1][k]
		}
	}
}

// rankSet is the colex rank of a set of squares among the sets of its
// size: the sum of C(s_i, i+1) over its squares in ascending order.
func rankSet(b board.Bitboard) uint64 {
	var r uint64
	for i := 1; b.Any(); i++ {
		r += binom[b.Pop()][i]
	}
	return r
}

// unrankSet is the set of k squares (numbered 0.. in the caller's order)
// whose colex rank is r, as ascending indices written into out.
func unrankSet(r uint64, k int, out []int) {
	for i := k; i >= 1; i-- {
		c := i - 1
		for binom[c+1][i] <= r {
			c++
		}
		out[i-1] = c
		r -= binom[c][i]
	}
}

// classIndex numbers the boards of one material, one board of each
// symmetry class. A board is (White's set, Black's set); White's set is
// brought by a symmetry to the lowest rank any symmetry gives it, and
// Black's set, ranked among the squares White leaves empty, to the lowest
// that the symmetries keeping White's lowest rank give it. The board's
// number is the position of White's rank among the lowest ranks, times
// the number of Black sets, plus Black's rank. A White set that some
// symmetry maps onto itself leaves numbers for the other images of its
// Black sets unused: the generator fills them with their class's value.
type classIndex struct {
	sym     *symmetries
	mat     Material
	squares int
	whites  []uint64 // the lowest ranks of White sets, ascending
	blacks  uint64   // C(squares - White, Black)
}

func newClassIndex(sym *symmetries, m Material) *classIndex {
	x := &classIndex{sym: sym, mat: m, squares: sym.n * sym.n}
	x.blacks = binom[x.squares-m.White][m.Black]
	idx := make([]int, m.White)
	for r := uint64(0); r < binom[x.squares][m.White]; r++ {
		unrankSet(r, m.White, idx)
		var w board.Bitboard
		for _, s := range idx {
			w = w.Or(board.SquareBit(board.Square(s)))
		}
		lowest := true
		for k := 1; k < 8 && lowest; k++ {
			lowest = rankSet(sym.apply(k, w)) >= r
		}
		if lowest {
			x.whites = append(x.whites, r)
		}
	}
	return x
}

// boards is the number of board numbers.
func (x *classIndex) boards() uint64 { return uint64(len(x.whites)) * x.blacks }

// rankAmong ranks Black's set b among the squares that w leaves empty.
func (x *classIndex) rankAmong(b, w board.Bitboard) uint64 {
	var r uint64
	for i := 1; b.Any(); i++ {
		s := b.Pop()
		s -= board.Square(w.And(x.sym.low[s]).Count())
		r += binom[s][i]
	}
	return r
}

// number is the board number of (w, b), which must have the class's
// material.
func (x *classIndex) number(w, b board.Bitboard) uint64 {
	var wr [8]uint64
	best := ^uint64(0)
	for k := 0; k < 8; k++ {
		wr[k] = rankSet(x.sym.apply(k, w))
		best = min(best, wr[k])
	}
	bb := ^uint64(0)
	for k := 0; k < 8; k++ {
		if wr[k] == best {
			bb = min(bb, x.rankAmong(x.sym.apply(k, b), x.sym.apply(k, w)))
		}
	}
	i := sort.Search(len(x.whites), func(i int) bool { return x.whites[i] >= best })
	return uint64(i)*x.blacks + bb
}

// board is the board with number i: White's set and Black's set.
func (x *classIndex) board(i uint64) (w, b board.Bitboard) {
	wr, br := x.whites[i/x.blacks], i%x.blacks
	var buf [board.MaxSquares]int
	unrankSet(wr, x.mat.White, buf[:x.mat.White])
	for _, s := range buf[:x.mat.White] {
		w = w.Or(board.SquareBit(board.Square(s)))
	}
	unrankSet(br, x.mat.Black, buf[:x.mat.Black])
	// Black's indices count the squares White leaves empty.
	j, free := 0, 0
	for s := 0; s < x.squares && j < x.mat.Black; s++ {
		if w.Has(board.Square(s)) {
			continue
		}
		if free == buf[j] {
			b = b.Or(board.SquareBit(board.Square(s)))
			j++
		}
		free++
	}
	return w, b
}
