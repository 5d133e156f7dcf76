package eval

import "seega/board"

// addQuiet books the quiet-turn counter. When it reaches NoCaptureLimit
// the side with more stones on the board wins, so a lead matters more
// the closer the counter is, whatever its size: the feature grows with
// the square of the counter's progress towards the limit (its scale is
// the limit squared) and takes the sign of the lead. A capture resets
// the counter, which is the trailing side's way out.
func (e *Evaluator) addQuiet(a *acc, p *board.Position, nW, nB int) {
	limit := e.rules.NoCaptureLimit
	if limit <= 0 || nW == nB {
		return
	}
	q := min(p.QuietTurns(), limit)
	if nW > nB {
		a.add(TermQuietLead, q*q)
	} else {
		a.add(TermQuietLead, -q*q)
	}
}
