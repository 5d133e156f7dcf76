package mcts

import (
	"context"
	"testing"

	"seega/board"
	"seega/engine"
)

// recorder is a Searcher that notes what it was asked.
type recorder struct {
	searches, newGames int
	opts               engine.Options
}

func (r *recorder) Search(_ context.Context, g *board.Game, _ engine.Limits, _ func(engine.Info)) engine.Result {
	r.searches++
	var best []board.Action
	g.ForEachTurn(func(turn []board.Action) bool {
		best = append(best, turn...)
		return false
	})
	return engine.Result{Best: best}
}
func (r *recorder) NewGame()                    { r.newGames++ }
func (r *recorder) SetOptions(o engine.Options) { r.opts = o }

// TestHybrid checks that each phase goes to its searcher and that the
// options reach both, the Hash shared between them.
func TestHybrid(t *testing.T) {
	r := rulesFor(t, "egyptian")
	for _, tc := range []struct {
		name      string
		actions   int
		placement bool
	}{
		{"start", 0, true},
		{"half-done placement turn", 5, true},
		{"movement", 40, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, m := &recorder{}, &recorder{}
			h := NewHybrid(p, m)
			g := liveGame(t, r, 1, tc.actions)
			if g.Position().Placement() != tc.placement {
				t.Fatalf("test position: placement %v", g.Position().Placement())
			}
			checkTurn(t, g, h.Search(context.Background(), g, engine.Limits{}, nil).Best)
			if want := map[bool]int{true: 1, false: 0}[tc.placement]; p.searches != want || m.searches != 1-want {
				t.Errorf("placement searcher %d searches, movement %d", p.searches, m.searches)
			}
			h.NewGame()
			h.SetOptions(engine.Options{HashMB: 64, Threads: 3, Contempt: -70})
			if p.newGames != 1 || m.newGames != 1 || p.opts.Threads != 3 || m.opts.Threads != 3 || m.opts.Contempt != -70 {
				t.Errorf("options did not reach both: %+v %+v", p, m)
			}
			if p.opts.HashMB+m.opts.HashMB != 64 || p.opts.HashMB < 1 || m.opts.HashMB < 1 {
				t.Errorf("Hash 64 shared as %d + %d", p.opts.HashMB, m.opts.HashMB)
			}
		})
	}
}
