package testgame

import "seega/board"

// RootMoves is engine.Limits.SearchMoves for the legal whole turns among
// toks, as the protocol reads a go searchmoves; illegal tokens are left
// out, so that a test may show what a searcher does with none.
func RootMoves(g *board.Game, toks ...string) [][]board.Action {
	var out [][]board.Action
	for _, tok := range toks {
		c := g.Clone()
		start := c.Ply()
		if c.PlayToken(tok, board.PerTurn) != nil || c.Position().MidTurn() {
			continue
		}
		turn := make([]board.Action, c.Ply()-start)
		for i := len(turn) - 1; i >= 0; i-- {
			turn[i], _ = c.LastAction()
			c.Unmake()
		}
		if len(turn) == 2 && turn[0].Kind == board.ActPlace && turn[1].To < turn[0].To {
			turn[0], turn[1] = turn[1], turn[0]
		}
		out = append(out, turn)
	}
	return out
}

// PVText is a principal variation (engine.Info.PV) as turn text.
func PVText(g *board.Game, pv [][]board.Action) []string {
	return board.FormatTurns(pv, g.Position().Size())
}
