package search

import (
	"seega/board"
	"seega/engine"
)

// Principal variations are kept as actions; these helpers replay them on a
// clone of the root to cut them into turns. They run once per iteration,
// not per node, and may allocate.

// completeTurn returns a copy of pv, cut at its first action that is not
// legal (which a table race could in principle cause) and, should its
// first turn stop halfway, completed: the search keeps the first turn
// whole, but this guarantees that the answer is always a whole legal turn.
// The completion follows the table's action where it has one, else the
// first action in generation order, and respects the root filter.
func completeTurn(root *board.Game, pv []board.Action, tt *table, f engine.RootFilter) []board.Action {
	out := make([]board.Action, 0, len(pv)+4)
	for _, a := range pv {
		if root.Result().Over() {
			break
		}
		legal, ok := root.Legalize(a)
		if !ok {
			break
		}
		root.Make(legal)
		out = append(out, legal)
	}
	for range out {
		root.Unmake()
	}
	n := firstTurnLen(root, out)
	if n == len(out) && !turnComplete(root, out) {
		// The first turn is open at the end of the PV: finish it.
		made := 0
		for _, a := range out {
			root.Make(a)
			made++
		}
		out = extendTurn(root, out, tt, f)
		for ; made > 0; made-- {
			root.Unmake()
		}
	}
	return out
}

// turnComplete reports whether playing pv from root completes at least
// one turn.
func turnComplete(root *board.Game, pv []board.Action) bool {
	if len(pv) == 0 {
		return false
	}
	n := firstTurnLen(root, pv)
	if n < len(pv) {
		return true
	}
	for _, a := range pv {
		root.Make(a)
	}
	done := !root.Position().MidTurn()
	for range pv {
		root.Unmake()
	}
	return done
}

// extendTurn appends to path (played on g already) actions that complete
// the turn, depth first, the table's action first at each step, so that
// the completed turn passes the root filter. It leaves g as it found it.
func extendTurn(g *board.Game, path []board.Action, tt *table, f engine.RootFilter) []board.Action {
	if len(path) > 0 && !g.Position().MidTurn() {
		if f.Allows(path) {
			return path
		}
		return nil
	}
	acts := g.LegalActions(nil)
	if e, ok := tt.probe(tableKey(g)); ok {
		for i, a := range acts {
			if packMove(a) == e.move {
				acts[0], acts[i] = acts[i], acts[0]
				break
			}
		}
	}
	for _, a := range acts {
		next := append(path[:len(path):len(path)], a)
		if !f.PrefixOK(next) {
			continue
		}
		g.Make(a)
		done := extendTurn(g, next, tt, f)
		g.Unmake()
		if done != nil {
			return done
		}
	}
	return nil
}

// firstTurnLen is the number of actions of pv's first turn from root.
func firstTurnLen(root *board.Game, pv []board.Action) int {
	n := len(pv)
	for i, a := range pv {
		root.Make(a)
		if !root.Position().MidTurn() {
			n = i + 1
			root.Unmake()
			for j := i - 1; j >= 0; j-- {
				root.Unmake()
			}
			return n
		}
	}
	for range pv {
		root.Unmake()
	}
	return n
}

// firstTurnOf copies pv's first turn.
func firstTurnOf(root *board.Game, pv []board.Action) []board.Action {
	return append([]board.Action(nil), pv[:firstTurnLen(root, pv)]...)
}

// firstTurn is the answer of a search stopped before its first result:
// the first SearchMoves turn, or else the first legal turn in generation
// order.
func firstTurn(root *board.Game, only [][]board.Action) []board.Action {
	if len(only) > 0 {
		return append([]board.Action(nil), only[0]...)
	}
	var out []board.Action
	root.ForEachTurn(func(turn []board.Action) bool {
		out = append(out, turn...)
		return false
	})
	return out
}
