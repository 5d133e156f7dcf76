package board

import "fmt"

// Square is a square index, dense and rank-major for the board in play:
// index = rank*N + file, a1 = 0, b1 = 1, …, a2 = N. See Bitboard for the
// map. The same index names different squares on different board sizes,
// so converting to and from text always needs N.
type Square int8

// NoSquare marks "no square": an off-board neighbour, no chain stone, no
// pending ransom.
const NoSquare Square = -1

// Color is a side: White (player 1, places first) or Black.
type Color uint8

const (
	White Color = 0
	Black Color = 1
)

// Other is the opponent of c.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Direction indexes the eight compass directions. The first four are the
// orthogonal ones, so a 4-direction rule set uses directions 0–3.
type Direction int

const (
	North Direction = iota
	East
	South
	West
	NorthEast
	SouthEast
	SouthWest
	NorthWest
)

var dirDelta = [8][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {1, 1}, {1, -1}, {-1, -1}, {-1, 1}}

// opposite is the direction that points back the other way: the table
// above pairs them two apart (N/S, E/W, NE/SW, SE/NW).
func opposite(d int) int { return d ^ 2 }

// geometry holds the read-only neighbour tables of one board size and one
// direction count. A test about one square is a table lookup; a question
// about a whole set (which empty squares a side can step to, which enemy
// stones a step could capture) moves the set one square with a shift.
type geometry struct {
	n       int
	squares int
	dirs    int
	centre  Square
	all     Bitboard
	// small is set when every square fits the low word (5×5 and 7×7), so
	// the move generator can run on single words: see fast_movegen.go.
	small bool
	// next[sq][d] is the neighbour of sq in direction d, or NoSquare.
	next [MaxSquares][8]Square
	// adj[sq] is the set of neighbours of sq in the active directions.
	adj [MaxSquares]Bitboard
	// src[d] is the set of squares that have a neighbour in direction d,
	// and a set masked by it moves to its neighbours in direction d by the
	// shift up[d] (towards higher squares) or down[d] (lower; the other is
	// 0) without wrapping round an edge.
	src      [8]Bitboard
	up, down [8]uint8
	// pairs[t][d] is the capture pattern of direction d around t: a step
	// to t captures the stone on e when it is an enemy and f holds a
	// friend. A direction without two squares in a row from t has both
	// on offBoard, so that every square has a pattern for every active
	// direction and the test needs no loop of varying length.
	pairs [MaxSquares][8]capturePair
	// nbr[sq][d] is the neighbour of sq in the orthogonal direction d as a
	// set, empty where there is none: capturedWide's branch-free lookup.
	nbr       [MaxSquares][4]Bitboard
	centreBit Bitboard
}

// capturePair is one direction's capture pattern from a target square:
// e, its neighbour, and f, the square beyond e.
type capturePair struct {
	e, f Square
}

// offBoard is a square index no board uses and no Bitboard ever holds:
// bit 127 of the wide Bitboard, and bit 63 (127&63) of the low word, past
// 7×7's 49 squares, where the single-word code masks its shifts.
const offBoard Square = 127

// geometries[sizeIndex][dirIndex]: sizes 5, 7, 9 and 4 or 8 directions.
// Built once at start-up and never written again.
var geometries [3][2]*geometry

func init() {
	for si, n := range []int{5, 7, 9} {
		if n*n > MaxSquares {
			continue
		}
		for di, dirs := range []int{4, 8} {
			geometries[si][di] = newGeometry(n, dirs)
		}
	}
}

func newGeometry(n, dirs int) *geometry {
	g := &geometry{n: n, squares: n * n, dirs: dirs, centre: Square((n*n - 1) / 2)}
	for sq := 0; sq < n*n; sq++ {
		g.all = g.all.Or(SquareBit(Square(sq)))
		f, r := sq%n, sq/n
		for d := 0; d < 8; d++ {
			nf, nr := f+dirDelta[d][0], r+dirDelta[d][1]
			g.next[sq][d] = NoSquare
			if nf >= 0 && nf < n && nr >= 0 && nr < n {
				g.next[sq][d] = Square(nr*n + nf)
				g.src[d] = g.src[d].Or(SquareBit(Square(sq)))
				if d < 4 {
					g.nbr[sq][d] = SquareBit(Square(nr*n + nf))
				}
				if d < dirs {
					g.adj[sq] = g.adj[sq].Or(SquareBit(Square(nr*n + nf)))
				}
			}
		}
	}
	g.small = g.squares <= 64
	g.centreBit = SquareBit(g.centre)
	for sq := 0; sq < n*n; sq++ {
		for d := 0; d < 8; d++ {
			g.pairs[sq][d] = capturePair{e: offBoard, f: offBoard}
			if e := g.next[sq][d]; e >= 0 && g.next[e][d] >= 0 {
				g.pairs[sq][d] = capturePair{e: e, f: g.next[e][d]}
			}
		}
	}
	for d := 0; d < 8; d++ {
		if delta := dirDelta[d][0] + dirDelta[d][1]*n; delta > 0 {
			g.up[d] = uint8(delta)
		} else {
			g.down[d] = uint8(-delta)
		}
	}
	return g
}

// step moves every square of b to its neighbour in direction d; squares
// with no such neighbour drop out.
func (g *geometry) step(b Bitboard, d int) Bitboard {
	b = b.And(g.src[d])
	if k := g.up[d]; k != 0 {
		return b.shl(k)
	}
	return b.shr(g.down[d])
}

// dilate is the set of squares next to some square of b (in the active
// directions), b itself not included unless two of its squares touch.
func (g *geometry) dilate(b Bitboard) Bitboard {
	var out Bitboard
	for d := 0; d < g.dirs; d++ {
		out = out.Or(g.step(b, d))
	}
	return out
}

// geometryFor returns the tables for a valid size and direction count.
func geometryFor(n, dirs int) *geometry {
	si := (n - 5) / 2
	di := 0
	if dirs == 8 {
		di = 1
	}
	return geometries[si][di]
}

// SquareName writes sq as text ("a1") on an n×n board.
func SquareName(sq Square, n int) string {
	if sq < 0 || int(sq) >= n*n {
		return "??"
	}
	return string(rune('a'+int(sq)%n)) + string(rune('1'+int(sq)/n))
}

// ParseSquare reads a square such as "c3" on an n×n board.
func ParseSquare(s string, n int) (Square, error) {
	if len(s) != 2 {
		return NoSquare, fmt.Errorf("square %q: want a file letter and a rank digit, such as c3", s)
	}
	f, r := int(s[0]-'a'), int(s[1]-'1')
	if s[0] < 'a' || f >= n {
		return NoSquare, fmt.Errorf("square %q: file must be a to %c on a %d×%d board", s, 'a'+n-1, n, n)
	}
	if s[1] < '1' || r >= n {
		return NoSquare, fmt.Errorf("square %q: rank must be 1 to %d on a %d×%d board", s, n, n, n)
	}
	return Square(r*n + f), nil
}
