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

// Opposite is the direction that points back the other way.
func (d Direction) Opposite() Direction { return Direction(opposite(int(d))) }

// Orientations is the number of line orientations: north–south,
// east–west and the two diagonals. A board of four directions uses the
// first two.
const Orientations = 4

// Orientation is the line orientation of d, 0 to 3: the index of d, or
// of its opposite, among North, East, NorthEast and SouthEast.
func (d Direction) Orientation() int { return int(d&1 | d>>2<<1) }

// OrientationDirection is the first direction of orientation k (0 to 3):
// North, East, NorthEast or SouthEast.
func OrientationDirection(k int) Direction { return Direction(k&1 | k>>1<<2) }

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
