package eval

import "seega/board"

// dirDelta gives the file and rank change of each board.Direction, in
// its order: the four orthogonal directions first, then the diagonals.
var dirDelta = [8][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {1, 1}, {1, -1}, {-1, -1}, {-1, 1}}

// lineDirs are the first directions of the line orientations: north-south,
// east-west, then the two diagonals.
var lineDirs = [4]int{0, 1, 4, 5}

// dirKind is the line orientation of each direction: the index in
// lineDirs of it or of its reverse.
var dirKind = [8]int{0, 1, 0, 1, 2, 3, 2, 3}

// opposite is the index of the reverse of each direction.
var opposite = [8]int{2, 3, 0, 1, 6, 7, 4, 5}

// geom holds the read-only tables of one board size under one direction
// count. The evaluation reads them instead of asking the board package,
// whose tables are unexported, and they make every pattern test a lookup.
type geom struct {
	squares int
	dirs    int
	centre  board.Square
	all     board.Bitboard
	// next[sq][d] is the neighbour of sq in direction d, or NoSquare.
	next [board.MaxSquares][8]board.Square
	// adj[sq] is the set of neighbours of sq in the active directions.
	adj [board.MaxSquares]board.Bitboard
	// The capture lines through sq, the ways an enemy pair could sandwich
	// a stone on sq, are its pairs of opposite neighbours that are both on
	// the board. lineMask[sq][:nlines[sq]] holds the two ends of each, so
	// that one intersection tells whether a friend shields it, and
	// lineDir[sq][i] the direction from sq to one end.
	lineMask [board.MaxSquares][4]board.Bitboard
	lineDir  [board.MaxSquares][4]uint8
	nlines   [board.MaxSquares]uint8
	// capPairs[t][:ncap[t]] are the (enemy, friend) square pairs of a
	// capture by a step to t: the enemy next to t and the square behind
	// it. Under CentreSafe pairs whose enemy square is the centre are left
	// out, since a stone there is never taken.
	capPairs   [board.MaxSquares][8][2]board.Square
	ncap       [board.MaxSquares]uint8
	centreSafe bool
	// lines answers questions about whole sets along the board's lines,
	// and steps about a side's steps.
	lines board.Lines
	steps board.StepScanner
	// centreBit is the set of the centre alone.
	centreBit board.Bitboard
	// hasLine[k] holds the squares with a capture line of orientation k:
	// both neighbours along it on the board.
	hasLine [4]board.Bitboard
	nkinds  int
	// ring2[sq] holds the squares two steps from sq in a straight line:
	// a step to sq can capture only if a friend stands on one of them.
	ring2 [board.MaxSquares]board.Bitboard
	// corners and edges are the corner squares, never capturable, and the
	// other edge squares, with one capture line.
	corners, edges board.Bitboard

	// gates are the centre's neighbours, from which the first step comes.
	gates    board.Bitboard
	gateList [8]board.Square
	ngates   int
	// centreLines[:ncentre] pair each gate with the square behind it seen
	// from the centre: a stone stepping into the centre captures the gate
	// stone when its own stone stands behind.
	centreLines [8][2]board.Square
	ncentre     int
	// replyFrom[gate] are the gate's neighbours other than the centre: the
	// squares from which the second mover can step into a vacated gate.
	replyFrom [board.MaxSquares]board.Bitboard
	// replyLines[gate][:nreply[gate]] are (x, y) pairs in each direction
	// from the gate: a stone stepping into the gate captures x when its
	// own stone stands on y.
	replyLines [board.MaxSquares][8][2]board.Square
	nreply     [board.MaxSquares]uint8
	// gateRegion[i] holds the squares the reply into gate gateList[i]
	// reads (replyFrom and replyLines), and centreLineSquares those of
	// centreLines: a stone placed elsewhere leaves them as they were.
	gateRegion        [8]board.Bitboard
	centreLineSquares board.Bitboard
	// regionGates[sq] has bit i set where gateRegion[i] holds sq, and
	// gateBit[sq] bit i where sq is gateList[i] (0 off the gates): the
	// same sets by square, for the batch of openingAfter.
	regionGates [board.MaxSquares]uint8
	gateBit     [board.MaxSquares]uint8
	// openingSquares are the squares the opening reads at all: the
	// gates, centreLineSquares and every gateRegion. A stone placed
	// elsewhere leaves the opening's value as it was.
	openingSquares board.Bitboard
}

// newGeom builds the tables of an n×n board with dirs (4 or 8)
// directions, where a stone on the centre may be safe.
func newGeom(n, dirs int, centreSafe bool) geom {
	g := geom{squares: n * n, dirs: dirs, nkinds: dirs / 2, centre: board.Square((n*n - 1) / 2), centreSafe: centreSafe}
	if n*n <= board.MaxSquares {
		g.lines = board.LinesFor(n)
		g.steps = board.StepScannerFor(n, dirs)
	}
	g.centreBit = board.SquareBit(g.centre)
	at := func(f, r int) board.Square {
		if f < 0 || f >= n || r < 0 || r >= n {
			return board.NoSquare
		}
		return board.Square(r*n + f)
	}
	for sq := 0; sq < n*n; sq++ {
		s := board.Square(sq)
		g.all = g.all.Or(board.SquareBit(s))
		f, r := sq%n, sq/n
		for d := 0; d < 8; d++ {
			g.next[sq][d] = at(f+dirDelta[d][0], r+dirDelta[d][1])
			if d < dirs && g.next[sq][d] != board.NoSquare {
				g.adj[sq] = g.adj[sq].Or(board.SquareBit(g.next[sq][d]))
			}
		}
		for k, d := range lineDirs[:dirs/2] {
			a, b := g.next[sq][d], g.next[sq][opposite[d]]
			if a != board.NoSquare && b != board.NoSquare {
				g.lineDir[sq][g.nlines[sq]] = uint8(d)
				g.lineMask[sq][g.nlines[sq]] = board.SquareBit(a).Or(board.SquareBit(b))
				g.hasLine[k] = g.hasLine[k].Or(board.SquareBit(s))
				g.nlines[sq]++
			}
		}
		for d := 0; d < dirs; d++ {
			if x := g.next[sq][d]; x != board.NoSquare {
				if y := at(f+2*dirDelta[d][0], r+2*dirDelta[d][1]); y != board.NoSquare {
					g.ring2[sq] = g.ring2[sq].Or(board.SquareBit(y))
					if !(centreSafe && x == g.centre) {
						g.capPairs[sq][g.ncap[sq]] = [2]board.Square{x, y}
						g.ncap[sq]++
					}
				}
			}
		}
		edge := f == 0 || f == n-1 || r == 0 || r == n-1
		switch {
		case (f == 0 || f == n-1) && (r == 0 || r == n-1):
			g.corners = g.corners.Or(board.SquareBit(s))
		case edge:
			g.edges = g.edges.Or(board.SquareBit(s))
		}
	}
	c := g.centre
	for d := 0; d < dirs; d++ {
		gate := g.next[c][d]
		g.gates = g.gates.Or(board.SquareBit(gate))
		g.gateList[g.ngates] = gate
		g.ngates++
		if behind := g.next[gate][d]; behind != board.NoSquare {
			g.centreLines[g.ncentre] = [2]board.Square{gate, behind}
			g.ncentre++
			g.centreLineSquares = g.centreLineSquares.Or(board.SquareBit(gate)).Or(board.SquareBit(behind))
		}
		g.replyFrom[gate] = g.adj[gate].AndNot(board.SquareBit(c))
		region := g.replyFrom[gate]
		for d2 := 0; d2 < dirs; d2++ {
			x := g.next[gate][d2]
			if x == board.NoSquare {
				continue
			}
			if y := g.next[x][d2]; y != board.NoSquare {
				g.replyLines[gate][g.nreply[gate]] = [2]board.Square{x, y}
				g.nreply[gate]++
				region = region.Or(board.SquareBit(x)).Or(board.SquareBit(y))
			}
		}
		g.gateRegion[g.ngates-1] = region
		g.openingSquares = g.openingSquares.Or(region)
		g.gateBit[gate] = 1 << (g.ngates - 1)
		for b := region; b.Any(); {
			g.regionGates[b.Pop()] |= 1 << (g.ngates - 1)
		}
	}
	g.openingSquares = g.openingSquares.Or(g.gates).Or(g.centreLineSquares)
	return g
}

// captures returns the stones of opp that a stone of own stepping to t
// captures (RULES.md 3.2), as the board package computes them; the
// origin of the step does not matter.
func (g *geom) captures(t board.Square, own, opp board.Bitboard, lineCapture bool) board.Bitboard {
	var caps board.Bitboard
	if !lineCapture {
		for _, pr := range g.capPairs[t][:g.ncap[t]] {
			if opp.Has(pr[0]) && own.Has(pr[1]) {
				caps = caps.Or(board.SquareBit(pr[0]))
			}
		}
		return caps
	}
	for d := 0; d < g.dirs; d++ {
		e := g.next[t][d]
		if e < 0 || !opp.Has(e) {
			continue
		}
		run := board.SquareBit(e)
		f := g.next[e][d]
		for f >= 0 && opp.Has(f) {
			run = run.Or(board.SquareBit(f))
			f = g.next[f][d]
		}
		if f >= 0 && own.Has(f) {
			if g.centreSafe {
				run = run.AndNot(board.SquareBit(g.centre))
			}
			caps = caps.Or(run)
		}
	}
	return caps
}
