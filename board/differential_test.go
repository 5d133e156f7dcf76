package board

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// TestAgainstNaive plays seeded random games of every preset and size, and
// some option mixes, with both the fast generator and the naive one of
// naive_*_test.go, and compares at every turn: the legal turns, the SeFEN
// and the result. The turn played is chosen from the common list, so both
// walk the same game.
func TestAgainstNaive(t *testing.T) {
	type setup struct {
		variant string
		size    int
		options []string
	}
	var setups []setup
	for _, v := range Variants {
		for _, n := range []int{5, 7, 9} {
			if n*n > MaxSquares {
				continue // the narrow build holds boards up to 7×7
			}
			setups = append(setups, setup{v, n, nil})
		}
	}
	setups = append(setups,
		setup{"egyptian", 5, []string{"LineCapture=on", "Directions=8"}},
		setup{"sudanese", 5, []string{"CentreSafe=on", "Blocked=whiteopens", "Ransom=on"}},
		setup{"classic", 5, []string{"Chain=anycapture", "ChainMandatory=off", "RansomRefusals=2", "RansomDeadline=6"}},
		setup{"pro", 7, []string{"Chain=bonus", "LoseAt=6", "NoCaptureLimit=5"}},
		setup{"egyptian", 5, []string{"MovementStarter=black", "Chain=samecapture", "ChainMandatory=off", "RepetitionDraw=2"}},
	)
	games := 6
	if testing.Short() {
		games = 2
	}
	for i, s := range setups {
		t.Run(fmt.Sprintf("%s-%d-%v", s.variant, s.size, s.options), func(t *testing.T) {
			r := rulesOf(t, s.variant, append([]string{"BoardSize=" + strconv.Itoa(s.size)}, s.options...)...)
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			for game := 0; game < games; game++ {
				compareRandomGame(t, r, rng)
			}
		})
	}
}

func compareRandomGame(t *testing.T, r Rules, rng *rand.Rand) {
	t.Helper()
	g, err := NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	ng, err := newNaiveGame(naiveOptions(r))
	if err != nil {
		t.Fatal(err)
	}
	var played []string
	for turn := 0; turn < 400; turn++ {
		if got, want := g.SeFEN(), ng.fen(); got != want {
			t.Fatalf("after %v: SeFEN\n got %s\nnaive %s", played, got, want)
		}
		if got, want := g.Result().Code(), ng.result(); got != want {
			t.Fatalf("after %v (%s): result %s, naive %s", played, g.SeFEN(), got, want)
		}
		// Bonus chains can have very many turns: there, compare counts
		// while the naive generator can afford them, then play a random
		// turn that both must accept.
		if _, complete := g.CountTurns(3000); !complete {
			tok := randomTurn(g, rng)
			if err := ng.play(tok); err != nil {
				t.Fatalf("%s: naive rejects %s: %v", g.SeFEN(), tok, err)
			}
			played = append(played, tok)
			continue
		}
		turns := g.LegalTurns()
		want := ng.turns()
		if !slices.Equal(turns, want) {
			t.Fatalf("after %v (%s): turns\n got %v\nnaive %v", played, g.SeFEN(), turns, want)
		}
		if len(turns) == 0 {
			return
		}
		tok := turns[rng.IntN(len(turns))]
		if err := g.PlayToken(tok, PerTurn); err != nil {
			t.Fatalf("%s: %s: %v", g.SeFEN(), tok, err)
		}
		if err := ng.play(tok); err != nil {
			t.Fatalf("%s: naive: %s: %v", g.SeFEN(), tok, err)
		}
		played = append(played, tok)
	}
}

// randomTurn plays random legal actions until the turn is complete and
// returns its text.
func randomTurn(g *Game, rng *rand.Rand) string {
	var turn []Action
	for {
		acts := g.LegalActions(nil)
		a := acts[rng.IntN(len(acts))]
		g.Make(a)
		turn = append(turn, a)
		if !g.Position().MidTurn() {
			return TurnString(turn, g.Position().Size())
		}
	}
}
