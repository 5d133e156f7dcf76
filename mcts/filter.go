package mcts

import "seega/board"

// rootFilter restricts the root turn to the SearchMoves turns. The tree
// walks single actions, so a root turn is the path of actions from the
// root to the first completed turn; selection skips a child whose path is
// no prefix of an allowed turn. Since the same actions from the same
// position lead to the same position, a path that is a prefix of an
// allowed turn is open exactly until it equals that turn, so checking
// prefixes is enough. Actions compare with Same, ignoring captures.
type rootFilter struct {
	only [][]board.Action // nil: every turn
}

// active reports whether the filter restricts anything.
func (f *rootFilter) active() bool { return f.only != nil }

// prefixOK reports whether some allowed turn begins with path.
func (f *rootFilter) prefixOK(path []board.Action) bool {
	if f.only == nil {
		return true
	}
	for _, turn := range f.only {
		if hasPrefix(turn, path) {
			return true
		}
	}
	return false
}

// allows reports whether the completed root turn path is allowed.
func (f *rootFilter) allows(path []board.Action) bool {
	if f.only == nil {
		return true
	}
	for _, turn := range f.only {
		if len(turn) == len(path) && hasPrefix(turn, path) {
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

// parseRootTurns reads SearchMoves into action paths from g (which it
// leaves as it found it), keeping only legal, complete turns, each played
// as a moves-list token (board.PerTurn), so that a stopped optional chain
// gets its 0000 as the tree's path does. A placement pair is put in square
// order, the order in which the tree places a turn's two stones. It
// returns nil when no token is a legal turn, so that the search then
// considers every turn rather than none.
func parseRootTurns(g *board.Game, tokens []string) [][]board.Action {
	var out [][]board.Action
	for _, tok := range tokens {
		turn, ok := rootTurn(g, tok)
		if !ok {
			continue
		}
		dup := false
		for _, t := range out {
			dup = dup || (len(t) == len(turn) && hasPrefix(t, turn))
		}
		if !dup {
			out = append(out, turn)
		}
	}
	return out
}

// rootTurn plays tok on g, reads back the actions it made and checks that
// they make exactly one turn: open after each action but the last,
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
			ok = false // the token spans more than one turn
		}
	}
	if ok && n == 2 && turn[0].Kind == board.ActPlace && turn[1].Kind == board.ActPlace && turn[1].To < turn[0].To && !g.Position().MidTurn() {
		turn[0], turn[1] = turn[1], turn[0]
	}
	return turn, ok
}
