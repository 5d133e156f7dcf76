package bench

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"

	"seega/board"
)

var genBench = flag.Bool("genbench", false, "print candidate bench positions from seeded random games, to freeze in positions.go")

// randomGame plays seeded random legal actions from the start of r until
// the turn number reaches turn, and returns the game; ok is false if the
// game ended first.
// With noRansom, ransom requests are never chosen, so the deadline stays
// in play; with request, Black's last act is a ransom request left
// pending.
func randomGame(r board.Rules, seed uint64, turn int, noRansom, request bool) (*board.Game, bool) {
	g, err := board.NewGame(r)
	if err != nil {
		panic(err)
	}
	rng := rand.New(rand.NewPCG(seed, 0))
	var buf []board.Action
	for g.Position().TurnNumber() < turn || g.Position().MidTurn() {
		buf = g.LegalActions(buf[:0])
		if len(buf) == 0 {
			return g, false
		}
		if noRansom {
			kept := buf[:0]
			for _, a := range buf {
				if a.Kind != board.ActRansom {
					kept = append(kept, a)
				}
			}
			buf = kept
		}
		g.Make(buf[rng.IntN(len(buf))])
	}
	if request {
		buf = g.LegalActions(buf[:0])
		for _, a := range buf {
			if a.Kind == board.ActRansom {
				g.Make(a)
				return g, !g.Result().Over()
			}
		}
		return g, false
	}
	return g, !g.Result().Over()
}

// TestGenerateBench prints the positions frozen in benchPositions. It is
// how they were made: go test ./bench -run GenerateBench -genbench.
func TestGenerateBench(t *testing.T) {
	if !*genBench {
		t.Skip("run with -genbench to print bench positions")
	}
	type want struct {
		variant           string
		size              int
		turn              int
		noRansom, request bool
	}
	var wants []want
	for _, v := range board.Variants {
		wants = append(wants, want{v, 5, 7, false, false}, want{v, 5, 16, true, false}, want{v, 5, 26, false, false})
	}
	wants = append(wants, want{"classic", 5, 20, true, true},
		want{"egyptian", 7, 11, false, false}, want{"egyptian", 7, 30, false, false},
		want{"classic", 7, 30, true, false}, want{"sudanese", 7, 30, false, false})
	for i, w := range wants {
		r, _ := board.Preset(w.variant)
		if err := r.Set("BoardSize", fmt.Sprint(w.size)); err != nil {
			t.Fatal(err)
		}
		for seed := uint64(100*i + 1); seed < uint64(100*i+100); seed++ {
			g, ok := randomGame(r, seed, w.turn, w.noRansom, w.request)
			if !ok || len(g.LegalTurns()) < 2 {
				continue
			}
			fmt.Printf("{%q, %d, %q}, // seed %d, turn %d\n", w.variant, w.size, g.SeFEN(), seed, w.turn)
			break
		}
	}
}
