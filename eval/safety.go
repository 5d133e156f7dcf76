package eval

import "seega/board"

// Stone safety: how many ways an enemy pair could sandwich a stone. A
// stone on a corner has no capture line at all; one on an edge has one
// (along the edge), an inner one two (four with eight directions). A line
// with a friendly stone on one end cannot close on the stone while that
// friend stands, which is what makes pairs and walls safe shapes. With
// LineCapture a friend does not shield (the run is taken whole), but a
// friendly run that reaches the edge does.

// stoneSafety scores the stone on s, whose side's stones are own.
func (e *Evaluator) stoneSafety(gm *geom, s board.Square, own board.Bitboard) int {
	if e.rules.CentreSafe && s == gm.centre {
		return SafeStone + SafeCentreStone
	}
	var exposed int
	if e.rules.LineCapture {
		exposed = gm.exposedRuns(s, own)
	} else {
		exposed = gm.exposedLines(s, own)
	}
	if exposed == 0 {
		return SafeStone
	}
	return -ExposedLine * exposed
}

// exposedLines counts the capture lines of s with no friend on either
// end.
func (gm *geom) exposedLines(s board.Square, own board.Bitboard) int {
	exposed := 0
	masks := gm.lineMask[s][:gm.nlines[s]]
	for _, m := range masks {
		if own.And(m).IsEmpty() {
			exposed++
		}
	}
	return exposed
}

// exposedRuns counts, under LineCapture, the capture lines of s along
// which the friendly run through s reaches neither edge.
func (gm *geom) exposedRuns(s board.Square, own board.Bitboard) int {
	exposed := 0
	for i := 0; i < int(gm.nlines[s]); i++ {
		d := int(gm.lineDir[s][i])
		if !gm.runToEdge(s, d, own) && !gm.runToEdge(s, opposite[d], own) {
			exposed++
		}
	}
	return exposed
}

// runToEdge reports whether the friendly run from s in direction d
// reaches the edge of the board.
func (gm *geom) runToEdge(s board.Square, d int, own board.Bitboard) bool {
	for x := gm.next[s][d]; ; x = gm.next[x][d] {
		if x == board.NoSquare {
			return true
		}
		if !own.Has(x) {
			return false
		}
	}
}

// safety sums stoneSafety over every stone of own. Without LineCapture
// it works a line orientation at a time on whole sets: the stones that
// some friend shields along an orientation are the union of the friends'
// neighbours along it, so one pass over the stones builds every shield
// and a few counts finish the sum.
func (e *Evaluator) safety(gm *geom, own board.Bitboard) int {
	sum := 0
	rest := own
	if e.rules.CentreSafe && own.Has(gm.centre) {
		sum += SafeStone + SafeCentreStone
		rest = rest.AndNot(board.SquareBit(gm.centre))
	}
	if e.rules.LineCapture {
		for b := rest; b.Any(); {
			sum += e.stoneSafety(gm, b.Pop(), own)
		}
		return sum
	}
	var s0, s1, s2, s3 board.Bitboard
	if gm.nkinds == 2 {
		for b := own; b.Any(); {
			sh := &gm.shield[b.Pop()]
			s0, s1 = s0.Or(sh[0]), s1.Or(sh[1])
		}
	} else {
		for b := own; b.Any(); {
			sh := &gm.shield[b.Pop()]
			s0, s1, s2, s3 = s0.Or(sh[0]), s1.Or(sh[1]), s2.Or(sh[2]), s3.Or(sh[3])
		}
	}
	shielded := [4]board.Bitboard{s0, s1, s2, s3}
	var unsafe board.Bitboard
	for k := 0; k < gm.nkinds; k++ {
		open := rest.And(gm.hasLine[k]).AndNot(shielded[k])
		sum -= ExposedLine * open.Count()
		unsafe = unsafe.Or(open)
	}
	return sum + SafeStone*rest.AndNot(unsafe).Count()
}
