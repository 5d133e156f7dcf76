package eval

import "seega/board"

// scarcity[k] is the scarcity bonus of k stones above LoseAt in
// hundredths of TermScarce's weight: the k-th stone above LoseAt gets
// (ScarceWindow−k+1)/ScarceWindow of it, so 100, 75, 50 and 25 for the
// first four with the default window, and the table sums them.
var scarcity = func() (t [board.MaxSquares + 1]int) {
	for k := 1; k < len(t); k++ {
		t[k] = t[k-1]
		if k <= ScarceWindow {
			t[k] += 100 * (ScarceWindow - k + 1) / ScarceWindow
		}
	}
	return t
}()

// initMaterial fills the material table from the weights: k stones above
// LoseAt are worth k Stones and their scarcity bonus, so the table is
// concave: a lead of one stone counts for more when both sides are near
// LoseAt, where one more capture ends the game.
func (e *Evaluator) initMaterial() {
	e.mat[0] = LostMaterial
	for k := 1; k < len(e.mat); k++ {
		e.mat[k] = e.w[TermStone]*k + e.w[TermScarce]*scarcity[k]/100
	}
}

// aboveLoseAt is how many of n stones are above LoseAt, capped to the
// material table: 0 for a lost side.
func (e *Evaluator) aboveLoseAt(n int) int {
	return min(max(n-e.rules.LoseAt, 0), len(e.mat)-1)
}

// addMaterial books the material of both sides: n[c] stones each, both
// above LoseAt.
func (e *Evaluator) addMaterial(a *acc, nW, nB int) {
	kW, kB := e.aboveLoseAt(nW), e.aboveLoseAt(nB)
	a.add(TermStone, kW-kB)
	a.add(TermScarce, scarcity[kW]-scarcity[kB])
}

// material is the worth of n stones on the board under the rules'
// LoseAt: LostMaterial at or below it.
func (e *Evaluator) material(n int) int {
	k := n - e.rules.LoseAt
	if k <= 0 {
		return e.mat[0]
	}
	if k >= len(e.mat) {
		k = len(e.mat) - 1
	}
	return e.mat[k]
}

// captureGain is what taking k of the n stones of a side is worth to the
// capturer, measured on the material table.
func (e *Evaluator) captureGain(n, k int) int {
	if k <= 0 {
		return 0
	}
	return e.material(n) - e.material(n-k)
}

// decided returns the score, from White's view, of a position where a
// side is at or below LoseAt (RULES.md 3.6: if both are, Black wins,
// since White accepted the trade); ok is false while both are above it.
func (e *Evaluator) decided(nW, nB int) (score int, ok bool) {
	switch {
	case nW <= e.rules.LoseAt:
		return -Limit, true
	case nB <= e.rules.LoseAt:
		return Limit, true
	}
	return 0, false
}

// byCount is the White-view score of a game the stone count decides now
// (quiet turns, both passed): more stones on the board wins.
func byCount(nW, nB int) int {
	switch {
	case nW > nB:
		return Limit
	case nB > nW:
		return -Limit
	}
	return 0
}
