package mcts

import (
	"context"
	"testing"

	"seega/board"
	"seega/search"
)

// recorder is a Searcher that notes what it was asked.
type recorder struct {
	searches, newGames, hashMB, threads int
}

func (r *recorder) Search(_ context.Context, g *board.Game, _ search.Limits, _ func(search.Info)) search.Result {
	r.searches++
	var best []board.Action
	g.ForEachTurn(func(turn []board.Action) bool {
		best = append(best, turn...)
		return false
	})
	return search.Result{Best: best}
}
func (r *recorder) NewGame()         { r.newGames++ }
func (r *recorder) SetHashMB(mb int) { r.hashMB = mb }
func (r *recorder) SetThreads(n int) { r.threads = n }

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
			checkTurn(t, g, h.Search(context.Background(), g, search.Limits{}, nil).Best)
			if want := map[bool]int{true: 1, false: 0}[tc.placement]; p.searches != want || m.searches != 1-want {
				t.Errorf("placement searcher %d searches, movement %d", p.searches, m.searches)
			}
			h.NewGame()
			h.SetThreads(3)
			h.SetHashMB(64)
			if p.newGames != 1 || m.newGames != 1 || p.threads != 3 || m.threads != 3 {
				t.Errorf("options did not reach both: %+v %+v", p, m)
			}
			if p.hashMB+m.hashMB != 64 || p.hashMB < 1 || m.hashMB < 1 {
				t.Errorf("Hash 64 shared as %d + %d", p.hashMB, m.hashMB)
			}
		})
	}
}

// contemptRecorder is a recorder with a contempt, as alpha-beta has.
type contemptRecorder struct {
	recorder
	contempt int
}

func (r *contemptRecorder) SetContempt(cp int) { r.contempt = cp }

// TestHybridContempt checks that the hybrid hands a contempt to the
// searcher that has one and passes over the one that has none.
func TestHybridContempt(t *testing.T) {
	p, m := &recorder{}, &contemptRecorder{}
	h := NewHybrid(p, m)
	h.SetContempt(-70)
	if m.contempt != -70 {
		t.Errorf("the movement searcher's contempt is %d, want -70", m.contempt)
	}
}
