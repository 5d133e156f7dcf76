package search

import (
	"context"
	"fmt"
	"testing"

	"seega/board"
	"seega/engine"
	"seega/eval"
	"seega/internal/testgame"
)

// newMaterialSearcher is Search material as cmd/seega builds it: a plain
// searcher with the material-only evaluation.
func newMaterialSearcher(o engine.Options) *AlphaBeta {
	s := NewPlain(o, eval.MaterialOnly{})
	s.SetOptions(o)
	return s
}

// TestPlainPlaysLegalGames plays games of every preset (and egyptian
// 7×7 without -short) between two material searchers on a small node
// budget, from a few random turns in, and checks every turn they choose:
// chains, passes and ransoms included.
func TestPlainPlaysLegalGames(t *testing.T) {
	type preset struct {
		variant string
		opts    []string
		long    bool
	}
	presets := []preset{{variant: "egyptian"}, {variant: "sudanese"}, {variant: "classic"}, {variant: "pro"},
		{"classic", []string{"Blocked=pass"}, false}, {"egyptian", []string{"BoardSize=7"}, true}}
	games, maxTurns := 3, 120
	if testing.Short() {
		games, maxTurns = 2, 60
	}
	for _, p := range presets {
		if p.long && testing.Short() {
			continue
		}
		r := rulesFor(t, p.variant, p.opts...)
		for seed := range games {
			t.Run(fmt.Sprintf("%s%v/%d", p.variant, p.opts, seed), func(t *testing.T) {
				g := randomGame(t, r, uint64(seed), seed*3)
				s := newMaterialSearcher(engine.Options{HashMB: 1, Threads: 1})
				for turn := 0; turn < maxTurns && !g.Result().Over(); turn++ {
					res := s.Search(context.Background(), g, engine.Limits{Nodes: 1500}, nil)
					checkLegal(t, g, res)
					for _, a := range res.Best {
						legal, _ := g.Legalize(a)
						g.Make(legal)
					}
				}
			})
		}
	}
}

// TestPlainTakesFreeStone: a capture in hand is taken at every depth.
func TestPlainTakesFreeStone(t *testing.T) {
	for _, variant := range []string{"pro", "egyptian"} {
		r := rulesFor(t, variant)
		// White's d2c2 takes b2 (a2 behind it); nothing else captures.
		g := fromFEN(t, r, "ww2b/4b/5/wb1w1/4w w 0/0 - 0 30")
		for depth := 1; depth <= 4; depth++ {
			res := newMaterialSearcher(engine.Options{HashMB: 1}).Search(context.Background(), g, engine.Limits{Depth: depth}, nil)
			checkLegal(t, g, res)
			if got := board.ActionString(res.Best[0], 5); got != "d2c2" {
				t.Fatalf("%s depth %d: best %q, want the capture d2c2", variant, depth, board.TurnString(res.Best, 5))
			}
			if res.Score < eval.StoneValue {
				t.Fatalf("%s depth %d: score %d, want at least a stone", variant, depth, res.Score)
			}
		}
	}
}

// TestPlainFindsTwoTurnWin: White, two stones ahead with no capture at
// hand, wins a third on its second turn after c3d3, which the full
// engine plays too. Two turns deep the material searcher sees nothing;
// three deep (its turn, the reply, its capture) it finds the same turn.
func TestPlainFindsTwoTurnWin(t *testing.T) {
	r := rulesFor(t, "pro")
	g := fromFEN(t, r, "bwwbw/wwb1b/w1w1w/bwwwb/bbwbb w 0/0 - 5 19")
	before := eval.MaterialOnly{}.Evaluate(g)
	if before != 2*eval.StoneValue || len(g.CaptureActions(nil)) != 0 {
		t.Fatalf("set-up: material %d, captures %d", before, len(g.CaptureActions(nil)))
	}
	s := newMaterialSearcher(engine.Options{HashMB: 4})
	if res := s.Search(context.Background(), g, engine.Limits{Depth: 2}, nil); res.Score > before {
		t.Fatalf("depth 2 already sees a gain: %d", res.Score)
	}
	s.NewGame()
	res := s.Search(context.Background(), g, engine.Limits{Depth: 3}, nil)
	if got := board.TurnString(res.Best, 5); got != "c3d3" || res.Score != before+eval.StoneValue {
		t.Fatalf("depth 3: best %q score %d, want c3d3 scoring %d", got, res.Score, before+eval.StoneValue)
	}
	full := New(engine.Options{HashMB: 4}, eval.New(r)).Search(context.Background(), g, engine.Limits{Depth: 6}, nil)
	if got := board.TurnString(full.Best, 5); got != "c3d3" {
		t.Fatalf("the full engine plays %q here now; pick another position", got)
	}
}

// TestPlainSearchesEverything: a plain search neither fades the
// evaluation nor pays contempt nor probes tables, whatever the options
// say, and its static evaluation is the evaluator's own.
func TestPlainSearchesEverything(t *testing.T) {
	r := rulesFor(t, "egyptian", "NoCaptureLimit=0", "RepetitionDraw=0")
	tabs := testgame.BuildTables(t, r, 2)
	s := newMaterialSearcher(engine.Options{HashMB: 1, Contempt: 300, Tablebase: tabs})
	s.SetOptions(engine.Options{HashMB: 1, Contempt: 200, Tablebase: tabs})
	if s.contempt != 0 || s.tb != nil {
		t.Fatalf("contempt %d, tables %v: want 0 and none", s.contempt, s.tb)
	}
	th := newThread(0, eval.MaterialOnly{})
	th.start(&shared{plain: true}, fromFEN(t, r, "ww2b/4b/5/wb1w1/4w w 0/0 - 90 30"))
	if v := th.evaluate(0); v != 2*eval.StoneValue {
		t.Fatalf("evaluate after 90 quiet turns: %d, want the unfaded %d", v, 2*eval.StoneValue)
	}
}

// TestPlainLimits: the node budget, a cancelled context (stop) and the
// soft limit (movetime) each end a material search with a legal turn.
func TestPlainLimits(t *testing.T) {
	r := rulesFor(t, "egyptian")
	g := movementGame(t, r, 2)
	s := newMaterialSearcher(engine.Options{HashMB: 2})
	const budget = 5000
	res := s.Search(context.Background(), g, engine.Limits{Nodes: budget}, nil)
	checkLegal(t, g, res)
	if res.Nodes < budget || res.Nodes > budget+pollMask+1 {
		t.Fatalf("%d nodes for a budget of %d", res.Nodes, budget)
	}

	checkCancelReturns(t, s, g)

	checkSoftLimitStops(t, s, g)
}
