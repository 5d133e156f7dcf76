package eval

import "seega/board"

// quiet is the White-view worth of the quiet-turn counter. When it
// reaches NoCaptureLimit the side with more stones on the board wins, so
// a lead matters more the closer the counter is, whatever its size: the
// term grows with the square of the counter's progress towards the limit
// and takes the sign of the lead. A capture resets the counter, which is
// the trailing side's way out.
func (e *Evaluator) quiet(p *board.Position, nW, nB int) int {
	limit := e.rules.NoCaptureLimit
	if limit <= 0 || nW == nB {
		return 0
	}
	q := min(p.QuietTurns(), limit)
	v := QuietLeadWin * q * q / (limit * limit)
	if nW > nB {
		return v
	}
	return -v
}
