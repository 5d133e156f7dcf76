package board

import (
	"math/rand/v2"
	"testing"
)

// TestGeometryFromCoordinates checks the exported Geometry of every size
// and direction count against the squares worked out from file and rank:
// the neighbours, the adjacent sets, the capture lines with their
// directions, the open lines of random sets and the captures of a step
// to every square (the latter against the rule as RULES.md 3.2 words it:
// an enemy next to the target with a friend beyond it).
func TestGeometryFromCoordinates(t *testing.T) {
	delta := [8][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {1, 1}, {1, -1}, {-1, -1}, {-1, 1}}
	rng := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{5, 7, 9} {
		if n*n > MaxSquares {
			continue
		}
		for _, dirs := range []int{4, 8} {
			g := GeometryFor(n, dirs)
			at := func(sq Square, d Direction) Square {
				f, r := int(sq)%n+delta[d][0], int(sq)/n+delta[d][1]
				if f < 0 || f >= n || r < 0 || r >= n {
					return NoSquare
				}
				return Square(r*n + f)
			}
			if g.Size() != n || g.Squares() != n*n || g.Dirs() != dirs || g.Centre() != Square(n*n/2) || g.All().Count() != n*n {
				t.Fatalf("%d×%d, %d directions: size %d, squares %d, dirs %d, centre %d, all %v",
					n, n, dirs, g.Size(), g.Squares(), g.Dirs(), g.Centre(), g.All())
			}
			for sq := Square(0); int(sq) < n*n; sq++ {
				var adj Bitboard
				for d := range Direction(8) {
					if got, want := g.Next(sq, d), at(sq, d); got != want {
						t.Fatalf("%d×%d: Next(%s, %d) = %d, want %d", n, n, SquareName(sq, n), d, got, want)
					}
					if x := at(sq, d); x != NoSquare && int(d) < dirs {
						adj = adj.Or(SquareBit(x))
					}
				}
				if g.Adjacent(sq) != adj {
					t.Fatalf("%d×%d, %d directions: Adjacent(%s) = %v, want %v", n, n, dirs, SquareName(sq, n), g.Adjacent(sq), adj)
				}
				// The capture lines: one per active orientation whose two
				// ends are on the board, in orientation order.
				var lineDirs []Direction
				for k := range dirs / 2 {
					d := OrientationDirection(k)
					if at(sq, d) != NoSquare && at(sq, d.Opposite()) != NoSquare {
						lineDirs = append(lineDirs, d)
					}
				}
				if g.CaptureLines(sq) != len(lineDirs) {
					t.Fatalf("%d×%d, %d directions: CaptureLines(%s) = %d, want %d", n, n, dirs, SquareName(sq, n), g.CaptureLines(sq), len(lineDirs))
				}
				for i, d := range lineDirs {
					if g.LineDirection(sq, i) != d {
						t.Fatalf("%d×%d: LineDirection(%s, %d) = %d, want %d", n, n, SquareName(sq, n), i, g.LineDirection(sq, i), d)
					}
				}
				for range 8 {
					own, opp := randomSides(rng, g.All())
					open := 0
					for _, d := range lineDirs {
						if !own.Has(at(sq, d)) && !own.Has(at(sq, d.Opposite())) {
							open++
						}
					}
					if got := g.OpenLines(sq, own); got != open {
						t.Fatalf("%d×%d, %d directions: OpenLines(%s, %v) = %d, want %d", n, n, dirs, SquareName(sq, n), own, got, open)
					}
					var caps Bitboard
					for d := range Direction(dirs) {
						if e := at(sq, d); e != NoSquare && opp.Has(e) {
							if f := at(e, d); f != NoSquare && own.Has(f) {
								caps = caps.Or(SquareBit(e))
							}
						}
					}
					if got := g.Captures(sq, own, opp); got != caps {
						t.Fatalf("%d×%d, %d directions: Captures(%s, %v, %v) = %v, want %v", n, n, dirs, SquareName(sq, n), own, opp, got, caps)
					}
				}
			}
		}
	}
}

// TestDirectionOrientation checks Opposite, Orientation and
// OrientationDirection against the compass.
func TestDirectionOrientation(t *testing.T) {
	opposite := map[Direction]Direction{North: South, East: West, NorthEast: SouthWest, SouthEast: NorthWest}
	firsts := []Direction{North, East, NorthEast, SouthEast}
	for k, d := range firsts {
		back := opposite[d]
		if d.Opposite() != back || back.Opposite() != d {
			t.Errorf("%d.Opposite() = %d, %d.Opposite() = %d", d, d.Opposite(), back, back.Opposite())
		}
		if d.Orientation() != k || back.Orientation() != k || OrientationDirection(k) != d {
			t.Errorf("orientation %d: %d → %d, %d → %d, first %d", k, d, d.Orientation(), back, back.Orientation(), OrientationDirection(k))
		}
	}
}

// randomSides splits some of the squares of all at random between two
// sides.
func randomSides(rng *rand.Rand, all Bitboard) (own, opp Bitboard) {
	for b := all; b.Any(); {
		switch sq := b.Pop(); rng.IntN(3) {
		case 0:
			own = own.Or(SquareBit(sq))
		case 1:
			opp = opp.Or(SquareBit(sq))
		}
	}
	return own, opp
}
