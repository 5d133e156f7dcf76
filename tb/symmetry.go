package tb

import "seega/board"

// symmetries maps each square through the board's 8 symmetries: the
// identity, the three rotations, and the four reflections. The rules are
// the same on every one of them (the centre stays put, and the step and
// capture directions map onto each other), so a position and its images
// have one value.
type symmetries struct {
	n   int
	sq  [8][]board.Square
	low []board.Bitboard // low[s] is the set of squares below s
}

func newSymmetries(n int) *symmetries {
	s := &symmetries{n: n, low: make([]board.Bitboard, n*n)}
	maps := [8]func(f, r int) (int, int){
		func(f, r int) (int, int) { return f, r },
		func(f, r int) (int, int) { return n - 1 - r, f },
		func(f, r int) (int, int) { return n - 1 - f, n - 1 - r },
		func(f, r int) (int, int) { return r, n - 1 - f },
		func(f, r int) (int, int) { return n - 1 - f, r },
		func(f, r int) (int, int) { return f, n - 1 - r },
		func(f, r int) (int, int) { return r, f },
		func(f, r int) (int, int) { return n - 1 - r, n - 1 - f },
	}
	for k, m := range maps {
		s.sq[k] = make([]board.Square, n*n)
		for i := 0; i < n*n; i++ {
			f, r := m(i%n, i/n)
			s.sq[k][i] = board.Square(r*n + f)
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
