package match

import (
	"fmt"
	"math"

	"seega/match/stats"
)

// The Elo figures are written by these two functions wherever they are
// shown, the terminal's standings and the live page alike, so that the
// same tournament reads the same in both.

// FormatElo writes an Elo with its sign and one decimal: "+12.3",
// "-4.0", "+0.0" (never "-0.0"); "+inf" or "-inf" for the Elo of a
// perfect score or of none, and "?" where there is no estimate.
func FormatElo(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	case math.IsNaN(x):
		return "?"
	}
	if math.Abs(x) < 0.05 {
		x = 0 // no "-0.0"
	}
	return fmt.Sprintf("%+.1f", x)
}

// FormatEloErr writes the ± of an estimate, or "?" where it is unbounded.
func FormatEloErr(e stats.Estimate) string {
	if math.IsInf(e.Err, 0) || math.IsNaN(e.Err) {
		return "?"
	}
	return fmt.Sprintf("%.1f", e.Err)
}
