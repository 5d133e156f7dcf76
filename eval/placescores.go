package eval

import "seega/board"

// PlacementScores sets out[sq] to PlacementScore(g, sq) for every square
// sq of squares, at once, and the rest of out to 0. The search orders a
// placement node's actions with it (squares being those it will search:
// a turn's second stone only above its first), so it is written for
// whole sets: without LineCapture each
// part of a square's score (its static worth, the new stone's safety,
// the shields it lends its friends) is a weight added to the squares of
// a few sets, and the fight for the centre is worked out once for the
// position and asked again only for a stone on the squares it reads
// (openingSquares), redoing there only what the stone changes.
func (e *Evaluator) PlacementScores(g *board.Game, squares board.Bitboard, out *[board.MaxSquares]int32) {
	p := g.Position()
	gm := e.geomFor(p)
	*out = [board.MaxSquares]int32{}
	if !p.Placement() {
		return
	}
	var ob openingBatch
	e.startOpening(gm, p.Stones(board.White), p.Stones(board.Black), &ob)
	squares = squares.And(p.Empty()).AndNot(gm.centreBit)
	if e.rules.LineCapture {
		for b := squares; b.Any(); {
			sq := b.Pop()
			out[sq] = int32(e.placementScore(p, gm, sq, &ob))
		}
		return
	}
	c := p.SideToAct()
	e.addPlacedSafety(gm, p.Stones(c), squares, out)
	addOn(out, squares.And(gm.corners), e.w[TermPlaceCorner])
	addOn(out, squares.And(gm.edges), e.w[TermPlaceEdge])
	sg := sign(c)
	for b := squares.And(gm.openingSquares); b.Any(); {
		sq := b.Pop()
		out[sq] += int32(sg * (e.openingAfter(gm, &ob, sq, c) - ob.before))
	}
}

// addPlacedSafety adds to out, for each square of squares, the safety
// part of placing a stone of own there, without LineCapture: the new
// stone's stoneSafety, and for each friend next to it the change to the
// friend's (placementScore's shortcut: a shield is a neighbour, so only
// the first friend of each straight run from the square gains).
//
// A square's line of orientation k is open when both its ends are on the
// board and neither holds a stone of own; the ends are its neighbours,
// so the new stone's open lines are the square's. A stone with no open
// line is worth safe (the weight of TermPlaceSafeStone), one with n
// costs n × exposed: the new stone adds safe, less safe where it has an
// open line and exposed for each. A friend next to it in direction d
// whose line along d is open has it shielded: it gains exposed, and
// safe too where that was its only open line. Each of these is a set,
// and the weight is added to its squares.
func (e *Evaluator) addPlacedSafety(gm *geom, own, squares board.Bitboard, out *[board.MaxSquares]int32) {
	safe, exposed := e.w[TermPlaceSafeStone], e.w[TermPlaceExposedLine]
	var open [4]board.Bitboard
	var any, several board.Bitboard // squares with at least one, and two, open lines
	addOn(out, squares, safe)
	for k := range gm.nkinds {
		open[k] = gm.hasLine[k].AndNot(gm.lines.Beside(own, board.OrientationDirection(k)))
		several = several.Or(any.And(open[k]))
		any = any.Or(open[k])
		addOn(out, squares.And(open[k]), -exposed)
	}
	addOn(out, squares.And(any), -safe)
	lastOpen := own.And(any).AndNot(several) // friends with one open line
	for d := range board.Direction(gm.dirs) {
		friends := own.And(open[d.Orientation()])
		back := d.Opposite()
		addOn(out, gm.lines.Step(friends, back).And(squares), exposed)
		addOn(out, gm.lines.Step(friends.And(lastOpen), back).And(squares), safe)
	}
}

// addOn adds w to out[sq] for every square sq of b.
func addOn(out *[board.MaxSquares]int32, b board.Bitboard, w int) {
	for b.Any() {
		out[b.Pop()] += int32(w)
	}
}
