package mcts

// With endgame tables (Options.Tablebase) the searches score a leaf that
// the tables cover by its table value instead of its evaluation or a
// playout. The leaf is not expanded further: its value is exact. The
// tree's root is always searched.

// tbWinShade is how much a table win loses of its value per turn it takes,
// so that among won leaves the tree prefers the quicker wins (and, for the
// loser, the slower losses).
const tbWinShade = 0.001

// tbLeaf is the table value of the leaf the worker stands on, for White,
// if the tables cover it and it is not the root (plen is the selection
// path's length, 1 at the root).
func (w *worker) tbLeaf(plen int) (float64, bool) {
	tb := w.sh.tb
	if tb == nil || plen <= 1 {
		return 0, false
	}
	wdl, turns, ok := tb.ProbeWDL(w.g)
	if !ok {
		return 0, false
	}
	w.sh.tbHits.Add(1)
	v := 0.5
	switch {
	case wdl > 0:
		v = 1 - tbWinShade*float64(min(turns, 100))
	case wdl < 0:
		v = tbWinShade * float64(min(turns, 100))
	}
	if w.g.Position().SideToAct() != 0 { // Black to act: White's value is the other way round
		v = 1 - v
	}
	return v, true
}
