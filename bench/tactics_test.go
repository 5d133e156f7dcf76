package bench

import (
	"context"
	"strings"
	"testing"

	"seega/board"
	"seega/engine"
	"seega/eval"
	"seega/search"
)

// TestTactics: the alpha-beta searcher with the real evaluation solves
// every position of the suite at its depth.
func TestTactics(t *testing.T) {
	for _, tc := range Tactics {
		t.Run(tc.Name, func(t *testing.T) {
			r, err := board.Preset(tc.Variant)
			if err != nil {
				t.Fatal(err)
			}
			if err := r.ParseOptions(tc.Options); err != nil {
				t.Fatal(err)
			}
			g, err := board.NewGameFromSeFEN(r, tc.SeFEN)
			if err != nil {
				t.Fatal(err)
			}
			if res := g.Result(); res.Over() {
				t.Fatalf("the game is already over: %s", res)
			}
			s := search.New(engine.Options{HashMB: 16, Threads: 1}, eval.New(r))
			res := s.Search(context.Background(), g, engine.Limits{Depth: tc.Depth, MultiPV: 1}, nil)
			got := board.TurnString(res.Best, r.BoardSize)
			ok := len(tc.Best) == 0
			for _, b := range tc.Best {
				if got == b || (strings.HasSuffix(b, ":") && strings.HasPrefix(got, b)) {
					ok = true
				}
			}
			if !ok {
				t.Errorf("best turn %s, want one of %v (score %d, mate %d)", got, tc.Best, res.Score, res.Mate)
			}
			if tc.Mate > 0 && (res.Mate <= 0 || res.Mate > tc.Mate) {
				t.Errorf("mate %d, want a win in at most %d turns (score %d)", res.Mate, tc.Mate, res.Score)
			}
			if tc.Mate == 1 {
				mover := g.Position().SideToAct()
				if err := g.PlayToken(got, board.PerTurn); err != nil {
					t.Fatalf("the engine's turn %s: %v", got, err)
				}
				if w, ok := g.Result().Winner(); !ok || w != mover {
					t.Errorf("after %s: %s, want a win for %s", got, g.Result(), mover)
				}
			}
		})
	}
}
