package eval

import "seega/board"

// initMobility sets each side's blocking risk from the Blocked rule.
// Having no step, or only one or two, is deadly where a blocked side
// loses (lose; White under whiteopens), costly where the blockade can
// still be held against it (Black under whiteopens) and nearly harmless
// where it only passes.
func (e *Evaluator) initMobility() {
	switch e.rules.Blocked {
	case board.BlockedLose:
		e.risk = [2]int{RiskLose, RiskLose}
	case board.BlockedWhiteOpens:
		e.risk = [2]int{RiskWhiteOpensWhite, RiskWhiteOpensBlack}
	default:
		e.risk = [2]int{RiskPass, RiskPass}
	}
}

// addMobility books c's mobility with the given number of steps: each
// step up to MobilityCap, and the penalty, scaled by c's risk, for
// having none, one or two.
func (e *Evaluator) addMobility(a *acc, c board.Color, steps int) {
	sg := sign(c)
	a.add(TermMobility, sg*min(steps, MobilityCap))
	switch steps {
	case 0:
		a.add(TermBlockedWaiting, -sg*e.risk[c])
	case 1:
		a.add(TermLowMobility1, -sg*e.risk[c])
	case 2:
		a.add(TermLowMobility2, -sg*e.risk[c])
	}
}
