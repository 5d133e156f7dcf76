package eval

import "seega/board"

// Stone safety: how many ways an enemy pair could sandwich a stone. A
// stone on a corner has no capture line at all; one on an edge has one
// (along the edge), an inner one two (four with eight directions). A line
// with a friendly stone on one end cannot close on the stone while that
// friend stands, which is what makes pairs and walls safe shapes. With
// LineCapture a friend does not shield (the run is taken whole), but a
// friendly run that reaches the edge does.

// stoneSafety scores the stone on s, whose side's stones are own, with
// the weights of the safe-stone and exposed-line terms given (the
// movement's or the placement's).
func (e *Evaluator) stoneSafety(gm *geom, s board.Square, own board.Bitboard, safeT, exposedT Term) int {
	if e.rules.CentreSafe && s == gm.centre {
		return e.w[safeT] + e.w[TermSafeCentre]
	}
	var exposed int
	if e.rules.LineCapture {
		exposed = gm.exposedRuns(s, own)
	} else {
		exposed = gm.exposedLines(s, own)
	}
	if exposed == 0 {
		return e.w[safeT]
	}
	return -e.w[exposedT] * exposed
}

// exposedLines counts the capture lines of s with no friend on either
// end.
func (gm *geom) exposedLines(s board.Square, own board.Bitboard) int {
	return gm.geo.OpenLines(s, own)
}

// exposedRuns counts, under LineCapture, the capture lines of s along
// which the friendly run through s reaches neither edge.
func (gm *geom) exposedRuns(s board.Square, own board.Bitboard) int {
	exposed := 0
	geo := gm.geo
	for i := range geo.CaptureLines(s) {
		d := geo.LineDirection(s, i)
		if !gm.runToEdge(s, d, own) && !gm.runToEdge(s, d.Opposite(), own) {
			exposed++
		}
	}
	return exposed
}

// runToEdge reports whether the friendly run from s in direction d
// reaches the edge of the board.
func (gm *geom) runToEdge(s board.Square, d board.Direction, own board.Bitboard) bool {
	for x := gm.next[s][d]; ; x = gm.next[x][d] {
		if x == board.NoSquare {
			return true
		}
		if !own.Has(x) {
			return false
		}
	}
}

// safetyCounts counts, over the stones of own, those with no open
// capture line (the safe centre among them), the open lines, and
// whether own holds the centre under CentreSafe. Without LineCapture it
// works on whole sets (board.Lines.OpenLines): the stones that some
// friend shields along an orientation are the friends' neighbours along
// it, which one shift each way gives, and a few counts finish the job.
func (e *Evaluator) safetyCounts(gm *geom, own board.Bitboard) (safe, exposed, centre int) {
	rest := own
	if e.rules.CentreSafe && own.Has(gm.centre) {
		safe, centre = 1, 1
		rest = rest.AndNot(board.SquareBit(gm.centre))
	}
	if e.rules.LineCapture {
		for b := rest; b.Any(); {
			if n := gm.exposedRuns(b.Pop(), own); n == 0 {
				safe++
			} else {
				exposed += n
			}
		}
		return safe, exposed, centre
	}
	exposed, unsafe := gm.lines.OpenLines(own, rest, gm.nkinds)
	return safe + rest.AndNot(unsafe).Count(), exposed, centre
}

// addSafety books the safety of c's stones own under the terms given.
func (e *Evaluator) addSafety(a *acc, gm *geom, own board.Bitboard, c board.Color, safeT, exposedT Term) {
	safe, exposed, centre := e.safetyCounts(gm, own)
	sg := sign(c)
	a.add(safeT, sg*safe)
	a.add(exposedT, -sg*exposed)
	a.add(TermSafeCentre, sg*centre)
}
