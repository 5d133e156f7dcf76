package board

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
	// The capture lines through sq, the ways an enemy pair could
	// sandwich a stone on sq, are its pairs of opposite neighbours both
	// on the board, along the active orientations. lineEnds[sq][:nlines[sq]]
	// holds the two ends of each, so that one intersection tells whether
	// a friend shields it, and lineDir[sq][i] the direction from sq to
	// one end, the first of its orientation.
	lineEnds [MaxSquares][Orientations]Bitboard
	lineDir  [MaxSquares][Orientations]Direction
	nlines   [MaxSquares]uint8
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
	for sq := 0; sq < n*n; sq++ {
		for k := range dirs / 2 {
			d := OrientationDirection(k)
			a, b := g.next[sq][d], g.next[sq][d.Opposite()]
			if a != NoSquare && b != NoSquare {
				g.lineDir[sq][g.nlines[sq]] = d
				g.lineEnds[sq][g.nlines[sq]] = SquareBit(a).Or(SquareBit(b))
				g.nlines[sq]++
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

// Geometry is the read-only geometry of one board size under one
// direction count: the neighbours of each square, the capture patterns
// around it and its capture lines, from the tables the move generator
// reads. An evaluator asks it instead of building tables of its own. It
// is a handle on tables built once at start-up: copying it is free and
// nothing reached through it can be written.
type Geometry struct{ g *geometry }

// GeometryFor is the Geometry of an n×n board (n being 5, 7 or 9, and at
// most what the build supports: see MaxSquares) with dirs (4 or 8)
// directions.
func GeometryFor(n, dirs int) Geometry { return Geometry{geometryFor(n, dirs)} }

// Size is the board's width n.
func (g Geometry) Size() int { return g.g.n }

// Squares is the number of squares, n×n.
func (g Geometry) Squares() int { return g.g.squares }

// Dirs is the number of active directions: 4 (the orthogonal ones) or 8.
func (g Geometry) Dirs() int { return g.g.dirs }

// Centre is the centre square.
func (g Geometry) Centre() Square { return g.g.centre }

// All is the set of every square of the board.
func (g Geometry) All() Bitboard { return g.g.all }

// Next is the neighbour of sq in direction d, any of the eight, or
// NoSquare off the board.
func (g Geometry) Next(sq Square, d Direction) Square { return g.g.next[sq][d] }

// Adjacent is the set of the neighbours of sq in the active directions.
func (g Geometry) Adjacent(sq Square) Bitboard { return g.g.adj[sq] }

// Captures is the set of the stones of capturable that a stone of own
// stepping to t takes without LineCapture (RULES.md 3.2): in each active
// direction the neighbour of t, when it is in capturable and own holds
// the square beyond it. The origin of the step does not matter.
func (g Geometry) Captures(t Square, own, capturable Bitboard) Bitboard {
	return g.g.singleCaptures(t, g.g.runsWide(t, own, capturable))
}

// CaptureLines is the number of capture lines through sq: the active
// orientations along which both neighbours of sq are on the board, so
// that an enemy pair could sandwich a stone there. A corner has none.
func (g Geometry) CaptureLines(sq Square) int { return int(g.g.nlines[sq]) }

// OpenLines is the number of capture lines of sq with no stone of own
// on either end: the lines along which an enemy pair could close on a
// stone of own's side on sq. (Lines.OpenLines answers for a whole set.)
func (g Geometry) OpenLines(sq Square, own Bitboard) int {
	open := 0
	for _, ends := range g.g.lineEnds[sq][:g.g.nlines[sq]] {
		if own.And(ends).IsEmpty() {
			open++
		}
	}
	return open
}

// LineDirection is the direction from sq to one end of its capture line
// i, the first direction of the line's orientation; its Opposite leads
// to the other end.
func (g Geometry) LineDirection(sq Square, i int) Direction { return g.g.lineDir[sq][i] }

// Lines is the set-at-a-time form of the geometry: see Lines.
func (g Geometry) Lines() Lines { return Lines{g.g} }

// StepScanner is the scanner of a side's steps on this geometry.
func (g Geometry) StepScanner() StepScanner { return StepScanner{g.g} }
