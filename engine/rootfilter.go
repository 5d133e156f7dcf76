package engine

import (
	"seega/board"
)

// RootFilter restricts the root turn: to the SearchMoves turns where they
// are given, and away from the first turns of earlier MultiPV lines. The
// search walks single actions, so a root turn is the path of actions from
// the root to the first completed turn; the filter checks each prefix of
// that path as it grows (PrefixOK) and the whole turn when it completes
// (Allows). Alpha-beta and MCTS share it, since both walk single
// actions. Actions compare with Same, ignoring captures, which follow
// from the position.
type RootFilter struct {
	Only    [][]board.Action // nil: every turn
	Exclude [][]board.Action // turns not to search (earlier MultiPV lines)
}

// Active reports whether the filter restricts anything.
func (f *RootFilter) Active() bool { return f.Only != nil || len(f.Exclude) > 0 }

// PrefixOK reports whether some allowed turn begins with path.
func (f *RootFilter) PrefixOK(path []board.Action) bool {
	if f.Only == nil {
		return true
	}
	for _, turn := range f.Only {
		if hasPrefix(turn, path) {
			return true
		}
	}
	return false
}

// Allows reports whether the completed root turn path may be searched.
func (f *RootFilter) Allows(path []board.Action) bool {
	for _, turn := range f.Exclude {
		if sameTurn(turn, path) {
			return false
		}
	}
	if f.Only == nil {
		return true
	}
	for _, turn := range f.Only {
		if sameTurn(turn, path) {
			return true
		}
	}
	return false
}

func hasPrefix(turn, path []board.Action) bool {
	if len(path) > len(turn) {
		return false
	}
	for i, a := range path {
		if !a.Same(turn[i]) {
			return false
		}
	}
	return true
}

func sameTurn(a, b []board.Action) bool { return len(a) == len(b) && hasPrefix(a, b) }
