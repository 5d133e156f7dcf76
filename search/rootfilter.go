package search

import (
	"seega/board"
)

// RootFilter restricts the root turn: to the SearchMoves turns where they
// are given, and away from the first turns of earlier MultiPV lines. The
// search walks single actions, so a root turn is the path of actions from
// the root to the first completed turn; the filter checks each prefix of
// that path as it grows (PrefixOK) and the whole turn when it completes
// (Allows). MCTS shares it, since its tree walks single actions too. Actions compare with Same, ignoring captures, which follow
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

// ParseRootTurns reads SearchMoves into the action paths the search will
// walk, keeping only the legal, complete turns from g (which it leaves as
// it found it). Each token is played as a turn of a moves list
// (board.PerTurn), so a stopped optional chain gets its stopping 0000, as
// the search's path does. A token that ends a turn before its last action
// (a stop followed by the opponent's action) is not one root turn and is
// dropped. It returns nil when no token is a legal turn, so that the
// search then considers every turn rather than none.
func ParseRootTurns(g *board.Game, tokens []string) [][]board.Action {
	var out [][]board.Action
	for _, tok := range tokens {
		turn, ok := rootTurn(g, tok)
		if !ok {
			continue
		}
		dup := false
		for _, t := range out {
			dup = dup || sameTurn(t, turn)
		}
		if !dup {
			out = append(out, turn)
		}
	}
	return out
}

// rootTurn plays tok on g, reads back the actions it made and checks
// that they make exactly one turn: open after each action but the last,
// complete after the last.
func rootTurn(g *board.Game, tok string) ([]board.Action, bool) {
	start := g.Ply()
	if err := g.PlayToken(tok, board.PerTurn); err != nil {
		return nil, false
	}
	n := g.Ply() - start
	ok := n > 0 && !g.Position().MidTurn()
	turn := make([]board.Action, n)
	for i := n - 1; i >= 0; i-- {
		turn[i], _ = g.LastAction()
		g.Unmake()
		if i > 0 && !g.Position().MidTurn() {
			// The position before action i is a turn start: the token
			// spans more than one turn.
			ok = false
		}
	}
	// The search places a turn's two stones in square order.
	if ok && n == 2 && turn[0].Kind == board.ActPlace && turn[1].Kind == board.ActPlace && turn[1].To < turn[0].To {
		turn[0], turn[1] = turn[1], turn[0]
	}
	return turn, ok
}
