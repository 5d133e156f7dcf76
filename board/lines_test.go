package board

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestOpenLinesMatchesNeighbours checks OpenLines against the neighbour
// table, stone by stone, on random sets of every board size, with two and
// four orientations.
func TestOpenLinesMatchesNeighbours(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	for _, n := range []int{5, 7, 9} {
		if n*n > MaxSquares {
			continue
		}
		l := GeometryFor(n, 8).Lines()
		g := l.g
		for _, orientations := range []int{2, 4} {
			t.Run(fmt.Sprintf("%d×%d %d orientations", n, n, orientations), func(t *testing.T) {
				for try := 0; try < 2000; try++ {
					var own, b Bitboard
					for sq := 0; sq < n*n; sq++ {
						switch rng.IntN(3) {
						case 0:
							own = own.Or(SquareBit(Square(sq)))
						case 1:
							b = b.Or(SquareBit(Square(sq)))
						}
					}
					if try%2 == 0 {
						b = b.Or(own) // stones whose shields are their own side's
					}
					wantLines := 0
					var wantOpen Bitboard
					for x := b; x.Any(); {
						s := x.Pop()
						for k := range orientations {
							d := int(OrientationDirection(k))
							a, c := g.next[s][d], g.next[s][opposite(d)]
							if a >= 0 && c >= 0 && !own.Has(a) && !own.Has(c) {
								wantLines++
								wantOpen = wantOpen.Or(SquareBit(s))
							}
						}
					}
					lines, open := l.OpenLines(own, b, orientations)
					if lines != wantLines || open != wantOpen {
						t.Fatalf("own %v, stones %v: %d lines on %v, want %d on %v", own, b, lines, open, wantLines, wantOpen)
					}
				}
			})
		}
	}
}

// randomSet is a random set of an n×n board's squares, each in it with
// probability 1/oneIn.
func randomSet(rng *rand.Rand, n, oneIn int) Bitboard {
	var b Bitboard
	for sq := 0; sq < n*n; sq++ {
		if rng.IntN(oneIn) == 0 {
			b = b.Or(SquareBit(Square(sq)))
		}
	}
	return b
}

// TestStepMatchesNeighbours checks Lines.Step against the neighbour
// table on random sets of every board size, in every direction.
func TestStepMatchesNeighbours(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 1))
	for _, n := range []int{5, 7, 9} {
		if n*n > MaxSquares {
			continue
		}
		l := GeometryFor(n, 8).Lines()
		for try := 0; try < 500; try++ {
			b := randomSet(rng, n, 2)
			for d := North; d <= NorthWest; d++ {
				var want Bitboard
				for x := b; x.Any(); {
					if y := l.g.next[x.Pop()][d]; y >= 0 {
						want = want.Or(SquareBit(y))
					}
				}
				if got := l.Step(b, d); got != want {
					t.Fatalf("%d×%d: Step(%v, %d) = %v, want %v", n, n, b, d, got, want)
				}
			}
		}
	}
}

// TestNeighboursMatchesTable checks Lines.Neighbours against the
// neighbour table on random sets of every board size, with 4 and with 8
// directions.
func TestNeighboursMatchesTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 2))
	for _, n := range []int{5, 7, 9} {
		if n*n > MaxSquares {
			continue // the narrow build
		}
		l := GeometryFor(n, 8).Lines()
		for try := 0; try < 300; try++ {
			b := randomSet(rng, n, 4)
			for _, dirs := range []int{4, 8} {
				var want Bitboard
				for x := b; x.Any(); {
					sq := x.Pop()
					for d := 0; d < dirs; d++ {
						if y := l.g.next[sq][d]; y >= 0 {
							want = want.Or(SquareBit(y))
						}
					}
				}
				if got := l.Neighbours(b, dirs); got != want {
					t.Fatalf("%d×%d: Neighbours(%v, %d) = %v, want %v", n, n, b, dirs, got, want)
				}
			}
		}
	}
}
