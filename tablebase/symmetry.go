package tablebase

import "seega/board"

// symmetries holds board.TransformSquare's maps as tables, for the
// generator's inner loop: a position and its images under the board's 8
// symmetries have one value, so the tables store one of them.
type symmetries struct {
	n   int
	sq  [board.Symmetries][]board.Square
	low []board.Bitboard // low[s] is the set of squares below s
}

func newSymmetries(n int) *symmetries {
	s := &symmetries{n: n, low: make([]board.Bitboard, n*n)}
	for k := range board.Symmetries {
		s.sq[k] = make([]board.Square, n*n)
		for i := 0; i < n*n; i++ {
			s.sq[k][i] = board.TransformSquare(board.Square(i), n, k)
		}
	}
	var below board.Bitboard
	for i := 0; i < n*n; i++ {
		s.low[i] = below
		below = below.Or(board.SquareBit(board.Square(i)))
	}
	return s
}

// apply maps the set b through symmetry k.
func (s *symmetries) apply(k int, b board.Bitboard) board.Bitboard {
	if k == 0 {
		return b
	}
	var out board.Bitboard
	m := s.sq[k]
	for b.Any() {
		out = out.Or(board.SquareBit(m[b.Pop()]))
	}
	return out
}
