package tablebase

import "testing"

// A blocked side that passes after its opponent's pass ends the game by
// counting the stones; a SeFEN writes that finished game as passed=1, so
// the checker judges such ends on the game (this position once made it
// read a loss in 1 as a loss in 4).
func TestCheckerSecondPass(t *testing.T) {
	r := preset("egyptian")
	fen := "wb3/b4/5/5/1b3 w 0/0 - 11 1 passed=1"
	if v := newChecker(r).value(fen); v != (Value{Loss, 1}) {
		t.Errorf("checker: %v, want a loss in 1", v)
	}
	tabs := buildTables(t, r, 4)
	if v := probeFEN(t, tabs, r, fen); v != (Value{Loss, 1}) {
		t.Errorf("tables: %v, want a loss in 1", v)
	}
}
