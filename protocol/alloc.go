package protocol

import "time"

// SimpleAllocate is a plain time allocator, for sessions whose Config
// names none (tests, engines without time management of their own). The
// engine's search package has the real one.
//
// Under movetime it aims at the whole time less the overhead; under a
// clock it spends a share of what is left, and never more than half of it,
// so that it cannot run out.
func SimpleAllocate(tc TimeControl) (soft, hard time.Duration) {
	const minimum = time.Millisecond
	if tc.MoveTime > 0 {
		hard = max(tc.MoveTime-tc.Overhead, minimum)
		return hard, hard
	}
	if tc.Time <= 0 {
		return 0, 0
	}
	left := max(tc.Time-tc.Overhead, minimum)
	togo := tc.MovesToGo
	if togo <= 0 {
		togo = 30
	}
	soft = left/time.Duration(togo) + tc.Inc*3/4
	hard = min(soft*3, left/2)
	soft = min(soft, hard)
	return max(soft, minimum), max(hard, minimum)
}
