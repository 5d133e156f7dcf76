package eval

// initMaterial fills the material table. The k-th stone above LoseAt is
// worth StoneValue plus a scarcity bonus that grows as k falls, so the
// table is concave: a lead of one stone counts for more when both sides
// are near LoseAt, where one more capture ends the game.
func (e *Evaluator) initMaterial() {
	e.mat[0] = LostMaterial
	sum := 0
	for k := 1; k < len(e.mat); k++ {
		v := StoneValue
		if k <= ScarceWindow {
			v += ScarceStone * (ScarceWindow - k + 1) / ScarceWindow
		}
		sum += v
		e.mat[k] = sum
	}
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
