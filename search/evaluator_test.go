package search

import "seega/board"

// testEval is the tests' own evaluator, so that the search is tested
// without package eval: material in hundredths of a stone, plus ten per
// empty square the side can step to more than the opponent can. It
// places next to the centre first. Like the real one, it allocates
// nothing and is safe for concurrent use.
type testEval struct {
	adj     [board.MaxSquares]board.Bitboard
	squares int
	centre  board.Square
}

func newTestEval(r board.Rules) *testEval {
	e := &testEval{squares: r.BoardSize * r.BoardSize}
	n := r.BoardSize
	e.centre = board.Square(e.squares / 2)
	type delta struct{ df, dr int }
	dirs := []delta{{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {1, 1}, {1, -1}, {-1, -1}, {-1, 1}}[:r.Directions]
	for sq := 0; sq < e.squares; sq++ {
		f, rk := sq%n, sq/n
		for _, d := range dirs {
			nf, nr := f+d.df, rk+d.dr
			if nf >= 0 && nf < n && nr >= 0 && nr < n {
				e.adj[sq] = e.adj[sq].Or(board.SquareBit(board.Square(nr*n + nf)))
			}
		}
	}
	return e
}

func (e *testEval) Evaluate(g *board.Game) int {
	p := g.Position()
	us := p.SideToAct()
	own, opp := p.Stones(us), p.Stones(us.Other())
	score := 100 * (own.Count() - opp.Count())
	for empty := p.Empty(); empty.Any(); {
		a := e.adj[empty.Pop()]
		if a.And(own).Any() {
			score += 10
		}
		if a.And(opp).Any() {
			score -= 10
		}
	}
	return score
}

func (e *testEval) PlacementScore(g *board.Game, sq board.Square) int {
	if e.adj[e.centre].Has(sq) {
		return 10
	}
	return 0
}
