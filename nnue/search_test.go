package nnue

import (
	"testing"

	"seega/board"
	"seega/engine"
	"seega/eval"
	"seega/search"
)

// sharedOnly hides ForThread, so that the search evaluates every node
// from scratch.
type sharedOnly struct{ e *Evaluator }

func (s sharedOnly) Evaluate(g *board.Game) int { return s.e.Evaluate(g) }
func (s sharedOnly) PlacementScore(g *board.Game, sq board.Square) int {
	return s.e.PlacementScore(g, sq)
}
func (s sharedOnly) PlacementScores(g *board.Game, squares board.Bitboard, out *[board.MaxSquares]int32) {
	s.e.PlacementScores(g, squares, out)
}

// TestSearchIncrementalEqualsScratch: a search whose threads update
// their accumulators plays, node for node, the search that computes
// them afresh: same best turn, score and node count.
func TestSearchIncrementalEqualsScratch(t *testing.T) {
	for _, v := range board.Variants {
		r, _ := board.Preset(v)
		ev := NewEvaluator(randomNet(r, 32, 5), eval.New(r))
		g, _ := board.NewGame(r)
		for turn := 0; turn < 30 && !g.Result().Over(); turn++ {
			inc := engine.SearchNodes(search.New(engine.Options{HashMB: 1, Threads: 1}, ev), g, 3000)
			scr := engine.SearchNodes(search.New(engine.Options{HashMB: 1, Threads: 1}, sharedOnly{ev}), g, 3000)
			if inc.Score != scr.Score || inc.Nodes != scr.Nodes || board.TurnString(inc.Best, 5) != board.TurnString(scr.Best, 5) {
				t.Fatalf("%s turn %d (%s): incremental %v %d %d, scratch %v %d %d", v, turn, g.SeFEN(),
					inc.Best, inc.Score, inc.Nodes, scr.Best, scr.Score, scr.Nodes)
			}
			if err := g.PlayToken(board.TurnString(inc.Best, 5), board.PerTurn); err != nil {
				t.Fatal(err)
			}
		}
	}
}
