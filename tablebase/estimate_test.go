package tablebase

import (
	"math"
	"testing"

	"seega/board"
)

// TestEstimateCountsTheTables: the estimate's entries are the entries
// the generator makes, up to the symmetry classes it takes as an eighth
// of White's sets (there are a few more: sets some symmetry maps onto
// themselves), and a generation that cannot number its states is told
// apart.
func TestEstimateCountsTheTables(t *testing.T) {
	r, err := board.Preset("pro")
	if err != nil {
		t.Fatal(err)
	}
	lay, _ := newLayout(r)
	sym := newSymmetries(r.BoardSize)
	made := 0.0
	for _, m := range Materials(r, 6) {
		made += float64(newTable(lay, newClassIndex(sym, m)).states) * float64(lay.quiet)
	}
	e, err := EstimateGeneration(r, 6)
	if err != nil {
		t.Fatal(err)
	}
	if e.Entries > made || e.Entries < 0.85*made {
		t.Errorf("estimated %.0f entries, the generator makes %.0f", e.Entries, made)
	}
	if !e.Fits() || e.Largest != (Material{3, 3}) {
		t.Errorf("6 stones: %s, fits %v; want the largest table w3b3, and to fit", e, e.Fits())
	}
	if e.PeakBytes <= e.Entries {
		t.Errorf("peak %.0f bytes, no more than the tables' %.0f", e.PeakBytes, e.Entries)
	}
	full, _ := EstimateGeneration(r, 2*r.Stones())
	if full.Fits() {
		t.Errorf("every stone of a 5×5 board: %s; want it not to fit 32-bit state numbers", full)
	}
	if got := binomial(25, 12); got != 5200300 {
		t.Errorf("binomial(25, 12) = %v, want 5200300", got)
	}
	if b := binomial(81, 40); math.IsInf(b, 0) || b < 1e23 {
		t.Errorf("binomial(81, 40) = %v: the 9×9 board's counts must not overflow", b)
	}
}
