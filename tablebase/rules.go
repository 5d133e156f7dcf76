package tablebase

import (
	"fmt"
	"strings"

	"seega/board"
)

// DirName names the directory of a rule set's tables after the options
// that decide their values, so that two rule sets that differ only in
// options that cannot matter at a turn start with a ransom settled (the
// variant's name, MovementStarter, RansomRefusals, RansomDeadline, and
// RepetitionDraw beyond being on or off) share their tables. Example:
// "n5-d4-safe-bonus-mand-pass-lose0-quiet20-rep".
func DirName(r board.Rules) string {
	parts := []string{fmt.Sprintf("n%d", r.BoardSize), fmt.Sprintf("d%d", r.Directions)}
	if r.CentreSafe {
		parts = append(parts, "safe")
	}
	if r.LineCapture {
		parts = append(parts, "line")
	}
	parts = append(parts, r.Chain.String())
	if r.ChainMandatory {
		parts = append(parts, "mand")
	}
	parts = append(parts, r.Blocked.String(), fmt.Sprintf("lose%d", r.LoseAt))
	if r.NoCaptureLimit > 0 {
		parts = append(parts, fmt.Sprintf("quiet%d", r.NoCaptureLimit))
	}
	if r.RepetitionDraw > 0 {
		parts = append(parts, "rep")
	}
	if r.Ransom {
		parts = append(parts, "ransom")
	}
	return strings.Join(parts, "-")
}

// layout is how a rule set shapes its tables: which state beside the board
// and the side to act an entry depends on.
type layout struct {
	rules board.Rules
	n     int // board width
	// passed is 2 when the passed flag changes values (Blocked pass or
	// whiteopens), else 1.
	passed int
	// quiet is NoCaptureLimit: the number of quiet counts a position has
	// values for, or 1 without a limit.
	quiet int
	// minStones is the fewest stones a side has in a covered position:
	// LoseAt+1, since with fewer the game is over.
	minStones int
}

func newLayout(r board.Rules) (*layout, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	l := &layout{rules: r, n: r.BoardSize, passed: 1, quiet: 1, minStones: r.LoseAt + 1}
	if r.Blocked != board.BlockedLose {
		l.passed = 2
	}
	if r.NoCaptureLimit > 0 {
		l.quiet = r.NoCaptureLimit
	}
	return l, nil
}

// passedIndex is the passed flag's index in an entry's state.
func (l *layout) passedIndex(passed bool) int {
	if passed && l.passed == 2 {
		return 1
	}
	return 0
}
