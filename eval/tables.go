package eval

import "seega/board"

// geom holds the tables the evaluation reads for one board size under one
// direction count: the board's own geometry (neighbours, capture
// patterns, capture lines), and the sets and patterns that only the
// evaluation asks about (corners and edges, the squares two steps away,
// the centre's gates), built from it once, so that every pattern test is
// a lookup.
type geom struct {
	// geo is the board's geometry; lines and steps answer questions about
	// whole sets along its lines and about a side's steps.
	geo board.Geometry
	// next and adj are geo's neighbour tables (Next, Adjacent) copied in
	// by value: the hot terms read them without the nil check of a
	// lookup through geo's handle (+0.4% instructions on seega bench).
	next       [board.MaxSquares][8]board.Square
	adj        [board.MaxSquares]board.Bitboard
	lines      board.Lines
	steps      board.StepScanner
	centre     board.Square
	dirs       int
	centreSafe bool
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
	if n*n > board.MaxSquares {
		return geom{} // not in this build (see board.MaxSquares)
	}
	geo := board.GeometryFor(n, dirs)
	g := geom{geo: geo, lines: geo.Lines(), steps: geo.StepScanner(), centre: geo.Centre(), dirs: dirs,
		nkinds: dirs / 2, centreSafe: centreSafe}
	g.centreBit = board.SquareBit(g.centre)
	for sq := 0; sq < n*n; sq++ {
		s := board.Square(sq)
		f, r := sq%n, sq/n
		g.adj[sq] = geo.Adjacent(s)
		for d := range board.Direction(8) {
			g.next[sq][d] = geo.Next(s, d)
		}
		for i := range geo.CaptureLines(s) {
			k := geo.LineDirection(s, i).Orientation()
			g.hasLine[k] = g.hasLine[k].Or(board.SquareBit(s))
		}
		for d := range board.Direction(dirs) {
			if x := geo.Next(s, d); x != board.NoSquare {
				if y := geo.Next(x, d); y != board.NoSquare {
					g.ring2[sq] = g.ring2[sq].Or(board.SquareBit(y))
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
	for d := range board.Direction(dirs) {
		gate := geo.Next(c, d)
		g.gates = g.gates.Or(board.SquareBit(gate))
		g.gateList[g.ngates] = gate
		g.ngates++
		if behind := geo.Next(gate, d); behind != board.NoSquare {
			g.centreLines[g.ncentre] = [2]board.Square{gate, behind}
			g.ncentre++
			g.centreLineSquares = g.centreLineSquares.Or(board.SquareBit(gate)).Or(board.SquareBit(behind))
		}
		g.replyFrom[gate] = geo.Adjacent(gate).AndNot(board.SquareBit(c))
		region := g.replyFrom[gate]
		for d2 := range board.Direction(dirs) {
			x := geo.Next(gate, d2)
			if x == board.NoSquare {
				continue
			}
			if y := geo.Next(x, d2); y != board.NoSquare {
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
// origin of the step does not matter. A stone on the centre is never
// taken under CentreSafe.
func (g *geom) captures(t board.Square, own, opp board.Bitboard, lineCapture bool) board.Bitboard {
	if !lineCapture {
		if g.centreSafe {
			opp = opp.AndNot(g.centreBit)
		}
		return g.geo.Captures(t, own, opp)
	}
	var caps board.Bitboard
	for d := range board.Direction(g.dirs) {
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
				run = run.AndNot(g.centreBit)
			}
			caps = caps.Or(run)
		}
	}
	return caps
}
