package tablebase

import (
	"fmt"
	"math"

	"seega/board"
)

// Estimate is what a generation will take, worked out from the tables'
// sizes before any is made: a command can then refuse one that cannot
// finish, or warn of one that will not fit in memory, at once rather
// than hours in.
type Estimate struct {
	// Entries is the number of values in all the tables, a byte each
	// on disk and in memory once solved (every table of the default set
	// fits a byte a value).
	Entries float64
	// Largest is the material with the most states, and LargestStates
	// their number; the generator numbers states in 32 bits.
	Largest       Material
	LargestStates float64
	// PeakBytes is the expected memory at the peak: the solved tables,
	// kept for the probes of the next ones, and the working arrays of
	// the largest table being solved.
	PeakBytes float64
}

// Fits reports whether the generator can number every state of every
// table (2^32 states a table at most).
func (e Estimate) Fits() bool { return e.LargestStates < 1<<32 }

// The generator's working memory a state while a table is solved:
// the exits (two int32 counters and two flags), the move list's end and
// its moves (a uint32 each), the values (a uint16 per quiet count), and
// the garbage collector's headroom over all that. The figures are fitted
// to the peaks measured in full generations (the README's tables: pro
// 5×5 with 8 stones, 3400 MiB, 1.9e7 states in its largest table;
// egyptian 5×5 with 6 stones and 20 quiet counts, 651 MiB), which they
// meet within a fifth.
const (
	solveBytesPerState = 150
	solveBytesPerQuiet = 8
)

// EstimateGeneration estimates the generation of the tables of rules r
// with up to k stones. Sizes come from the same counts as the index
// (index.go: White's sets up to the board's 8 symmetries, Black's among
// the squares left), in floating point, since the largest counts of a
// 9×9 board do not fit 64 bits; the symmetry classes are taken as an
// eighth of White's sets, slightly fewer than there are.
func EstimateGeneration(r board.Rules, k int) (Estimate, error) {
	lay, err := newLayout(r)
	if err != nil {
		return Estimate{}, err
	}
	sq := float64(r.BoardSize * r.BoardSize)
	var e Estimate
	peakWork := 0.0
	for _, m := range Materials(r, k) {
		boards := binomial(sq, float64(m.White)) / 8 * binomial(sq-float64(m.White), float64(m.Black))
		states := boards * 2 * float64(lay.passed)
		entries := states * float64(lay.quiet)
		e.Entries += entries
		if states > e.LargestStates {
			e.Largest, e.LargestStates = m, states
		}
		peakWork = math.Max(peakWork, states*(solveBytesPerState+solveBytesPerQuiet*float64(lay.quiet)))
	}
	e.PeakBytes = e.Entries + peakWork
	return e, nil
}

// binomial is n choose k, in floating point.
func binomial(n, k float64) float64 {
	if k < 0 || k > n {
		return 0
	}
	ln, _ := math.Lgamma(n + 1)
	lk, _ := math.Lgamma(k + 1)
	lnk, _ := math.Lgamma(n - k + 1)
	return math.Round(math.Exp(ln - lk - lnk))
}

// String sums the estimate up for people.
func (e Estimate) String() string {
	return fmt.Sprintf("%.3g entries, the largest table %s with %.3g states; about %s of memory at the peak", e.Entries, e.Largest, e.LargestStates, Bytes(e.PeakBytes))
}

// Bytes writes a number of bytes in the largest binary unit under it.
func Bytes(n float64) string {
	units := []string{"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	i := 0
	for n >= 1024 && i < len(units)-1 {
		n /= 1024
		i++
	}
	if i == 0 {
		return fmt.Sprintf("%.0f bytes", n)
	}
	return fmt.Sprintf("%.1f %s", n, units[i])
}
