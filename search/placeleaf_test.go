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

// leafThread is a thread ready to score g's position with the real
// evaluator, as a search would at its horizon.
func leafThread(t testing.TB, g *board.Game) *thread {
	t.Helper()
	th := newThread(0, eval.New(*g.Rules()))
	th.start(&shared{tt: newTable(1)}, g)
	return th
}

// TestPlacementLeafSeesTheForcedFill: Black places the last two stones
// and the only squares left are e1 and b3, a gate with White's a3 behind
// it. The stones on the board alone show nothing wrong with b3 (it is
// empty), but Black must fill it and White's first step, d3c3, takes it.
// The leaf plays the fill out and sees the stone go; the static
// evaluation does not.
func TestPlacementLeafSeesTheForcedFill(t *testing.T) {
	r := testgame.NoLimitRules(t, 5)
	g := fromFEN(t, r, "bwwwb/wbbww/w2wb/bwbbw/wbwb1 b 0/2 - 0 12")
	th := leafThread(t, g)
	before := g.SeFEN()
	static := th.evaluate(0)
	leaf := th.placementLeaf(-Infinity, Infinity, 0, 0)
	if g.SeFEN() != before {
		t.Fatalf("the leaf left %s, want %s", g.SeFEN(), before)
	}
	t.Logf("Black's view: static %d, leaf %d", static, leaf)
	if leaf > static-60 {
		t.Fatalf("Black's view: leaf %d, static %d: the leaf should see b3 lost at the first step", leaf, static)
	}
}

// TestPlacementSearchLegalEveryPreset searches placement positions near
// the end of the placement, where the leaves play the fill out, with the
// real evaluator under every preset, and checks every answer is a legal
// turn.
func TestPlacementSearchLegalEveryPreset(t *testing.T) {
	type ruleCase struct {
		name  string
		rules board.Rules
		long  bool
	}
	cases := []ruleCase{{"no-limit", testgame.NoLimitRules(t, 5), false}}
	for _, v := range []string{"egyptian", "sudanese", "classic", "pro"} {
		cases = append(cases, ruleCase{v, rulesFor(t, v), false})
	}
	cases = append(cases,
		ruleCase{"egyptian black starts", rulesFor(t, "egyptian", "MovementStarter=black"), false},
		ruleCase{"pro line capture", rulesFor(t, "pro", "LineCapture=on", "Chain=anycapture"), false},
		ruleCase{"egyptian 7x7", rulesFor(t, "egyptian", "BoardSize=7"), true})
	for _, rc := range cases {
		if rc.long && testing.Short() {
			continue
		}
		placement := rc.rules.Stones()
		for _, left := range []int{1, 3, 5, 7} { // placement turns left
			for seed := 0; seed < 2; seed++ {
				g := randomGame(t, rc.rules, uint64(seed*31+left), placement-left)
				t.Run(fmt.Sprintf("%s/%d/%d", rc.name, left, seed), func(t *testing.T) {
					s := NewAlphaBeta(engine.Options{HashMB: 4, Threads: 1}, eval.New(rc.rules))
					for _, lim := range []engine.Limits{{Depth: 2}, {Nodes: 20000}} {
						res := s.Search(context.Background(), g, lim, nil)
						checkLegal(t, g, res)
					}
				})
			}
		}
	}
}

// TestPlacementLeafSeesTheFirstStepBlockade: Black must place its last
// two stones on a3 and e1, and then White's step c2c3 leaves Black's
// stones no empty square to step to (c2's neighbours are all White).
// Where a blocked player loses, the leaf scores that as White's win;
// where a blocked player passes, it does not. Quiescence alone, which
// plays captures only, misses the quiet step that shuts Black in.
func TestPlacementLeafSeesTheFirstStepBlockade(t *testing.T) {
	const fen = "bbbbb/bbwbb/1w1wb/wwwww/wwww1 b 0/2 - 0 12"
	for _, c := range []struct {
		blocked string
		lost    bool
	}{{"lose", true}, {"pass", false}} {
		r := rulesFor(t, "egyptian", "CentreSafe=off", "Chain=none", "Blocked="+c.blocked)
		g := fromFEN(t, r, fen)
		th := leafThread(t, g)
		before := g.SeFEN()
		score := th.placementLeaf(-Infinity, Infinity, 0, 0)
		if g.SeFEN() != before {
			t.Fatalf("Blocked=%s: the leaf left %s, want %s", c.blocked, g.SeFEN(), before)
		}
		if lost := score <= -PlacementBlockadeScore; lost != c.lost {
			t.Errorf("Blocked=%s: Black's leaf scores %d; lost by blockade: %v, want %v", c.blocked, score, lost, c.lost)
		}
		if isMate(score) {
			t.Errorf("Blocked=%s: the leaf scores a mate (%d) after a guessed fill", c.blocked, score)
		}
	}
}
