package engine

import (
	"slices"

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
	return f.Only == nil || slices.ContainsFunc(f.Only, func(turn []board.Action) bool { return hasPrefix(turn, path) })
}

// Allows reports whether the completed root turn path may be searched.
func (f *RootFilter) Allows(path []board.Action) bool {
	same := func(turn []board.Action) bool { return sameTurn(turn, path) }
	return !slices.ContainsFunc(f.Exclude, same) && (f.Only == nil || slices.ContainsFunc(f.Only, same))
}

func hasPrefix(turn, path []board.Action) bool {
	return len(path) <= len(turn) && slices.EqualFunc(path, turn[:len(path)], board.Action.Same)
}

func sameTurn(a, b []board.Action) bool { return len(a) == len(b) && hasPrefix(a, b) }
