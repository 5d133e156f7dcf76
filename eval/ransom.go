package eval

import "seega/board"

// ransom is the White-view worth of the ransom state under Ransom
// (RULES.md 3.5):
//   - Black's option: while no ransom has been accepted, Black may trade
//     one of its stones for two of White's. A request costs Black nothing
//     (a refused request leaves its turn as it was), so the option is
//     worth a share of the trade's gain that rises as White's refusals
//     run out.
//   - A pending request: White picks the better of refusing (one refusal
//     fewer left) and accepting (the trade now).
//   - The deadline: a Black that has never asked loses when its
//     RansomDeadline-th turn ends, so not having asked weighs on Black in
//     the last DeadlineWindow turns, and asking removes the weight.
func (e *Evaluator) ransom(p *board.Position, nW, nB int) int {
	r := &e.rules
	if !r.Ransom {
		return 0
	}
	score := 0
	if r.RansomDeadline > 0 && !p.RansomAsked() {
		left := max(r.RansomDeadline-p.BlackTurns(), 1)
		if left <= DeadlineWindow {
			score += DeadlinePressure * (DeadlineWindow - left + 1) / DeadlineWindow
		}
	}
	if p.RansomAccepted() || nW < 2 {
		return score // no trade is possible any more
	}
	refLeft := max(r.RansomRefusals-p.RefusalsUsed(), 0)
	gain := e.tradeGain(nW, nB)
	if p.PendingRansom() != board.NoSquare {
		answer := -gain // accept
		if refLeft > 0 {
			answer = max(answer, -optionValue(gain, refLeft-1))
		}
		return score + answer
	}
	return score - optionValue(gain, refLeft)
}

// tradeGain is what the ransom trade (one Black stone for two White ones)
// gains Black on the material table. If it leaves White at or below
// LoseAt, Black wins, even where Black falls there too.
func (e *Evaluator) tradeGain(nW, nB int) int {
	if nW-2 <= e.rules.LoseAt {
		return Win
	}
	return e.captureGain(nW, 2) - e.captureGain(nB, 1)
}

// optionValue is the worth of Black's option to trade for gain, with
// refLeft refusals left to White.
func optionValue(gain, refLeft int) int {
	if gain <= 0 {
		return 0
	}
	pct := max(RansomNowPct-RansomPerRefusalPct*min(refLeft, 100), RansomMinPct)
	return gain * pct / 100
}
