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

// TestResidualAddsToTheBase: a residual net's evaluation is the base
// evaluation (held within ±BaseLimit) plus the net's own output, and a
// base verdict of a decided game stands as it is; a plain net's is its
// output alone. The shared and the thread evaluators agree.
func TestResidualAddsToTheBase(t *testing.T) {
	r := board.DefaultRules()
	g, err := board.NewGameFromSeFEN(r, "wbbww/wbbwb/wb1bw/wwbwb/wbwbb w 0/0 - 0 13")
	if err != nil {
		t.Fatal(err)
	}
	net := randomNet(r, 16, 5)
	plain := NewEvaluator(net, linearStub{}).Evaluate(g)
	for _, c := range []struct {
		name string
		base int
		want int
	}{
		{"small base", 150, clampScore(150 + plain)},
		{"large base, held", 4000, clampScore(BaseLimit + plain)},
		{"verdict", -6000, -6000},
	} {
		rn := *net
		rn.Residual = true
		shared := NewEvaluator(&rn, fixedEval(c.base))
		thread := shared.ForThread()
		if got, gotT := shared.Evaluate(g), thread.Evaluate(g); got != c.want || gotT != got {
			t.Errorf("%s: shared %d, thread %d, want %d (net alone %d)", c.name, got, gotT, c.want, plain)
		}
	}
}

// fixedEval is a base evaluation that gives every position one score.
type fixedEval int

func (f fixedEval) Evaluate(*board.Game) int                   { return int(f) }
func (fixedEval) PlacementScore(*board.Game, board.Square) int { return 0 }
