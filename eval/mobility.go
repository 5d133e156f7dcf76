package eval

import "seega/board"

// initMobility sets each side's blocking risk from the Blocked rule and
// fills the mobility tables. Having no step, or only one or two, is
// deadly where a blocked side loses (lose; White under whiteopens),
// costly where the blockade can still be held against it (Black under
// whiteopens) and nearly harmless where it only passes.
func (e *Evaluator) initMobility() {
	switch e.rules.Blocked {
	case board.BlockedLose:
		e.risk = [2]int{RiskLose, RiskLose}
	case board.BlockedWhiteOpens:
		e.risk = [2]int{RiskWhiteOpensWhite, RiskWhiteOpensBlack}
	default:
		e.risk = [2]int{RiskPass, RiskPass}
	}
	low := [3]int{BlockedWaiting, LowMobility1, LowMobility2}
	for c := range e.mob {
		for k := range e.mob[c] {
			v := MobilityStep * k
			if k < len(low) {
				v -= low[k] * e.risk[c] / 100
			}
			e.mob[c][k] = v
		}
	}
}

// mobility is c's mobility worth with the given number of steps.
func (e *Evaluator) mobility(c board.Color, steps int) int {
	if steps > MobilityCap {
		steps = MobilityCap
	}
	return e.mob[c][steps]
}
