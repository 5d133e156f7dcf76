package board

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"
)

// walkPerft is Perft by the plainest walk: every turn made, action by
// action (ForEachTurn), down to depth 0. It shares no bulk counting with
// Perft: no last ply counted without making it, no chain counted on the
// stones, no second ply counted after a quiet step. It gives up (ok
// false) once it has visited more than budget turns: a position with
// long bonus chains has millions.
func walkPerft(g *Game, d int, budget *int) (n uint64, ok bool) {
	if d == 0 {
		return 1, true
	}
	ok = true
	g.ForEachTurn(func([]Action) bool {
		if *budget--; *budget < 0 {
			ok = false
			return false
		}
		k, more := walkPerft(g, d-1, budget)
		n += k
		ok = ok && more
		return ok
	})
	return n, ok
}

// TestPerftBulkMatchesWalk compares Perft with walkPerft at depths 1 to 3
// on positions of random games (with their histories, so that
// repetitions count) under every preset and size and option mixes that
// change what the bulk counting reads: the chain rules with 4 and 8
// directions, the centre safe, a high LoseAt, a short quiet-turn limit,
// repetition at the second occurrence and the Blocked rules.
func TestPerftBulkMatchesWalk(t *testing.T) {
	type setup struct {
		variant string
		size    int
		options []string
	}
	var setups []setup
	for _, v := range Variants {
		for _, n := range []int{5, 7, 9} {
			if n*n <= MaxSquares {
				setups = append(setups, setup{v, n, nil})
			}
		}
	}
	setups = append(setups,
		setup{"pro", 5, []string{"Chain=bonus", "RepetitionDraw=2"}},
		setup{"pro", 5, []string{"Chain=anycapture", "ChainMandatory=on", "Directions=8"}},
		setup{"sudanese", 5, []string{"Chain=samecapture", "CentreSafe=on", "Blocked=lose"}},
		setup{"egyptian", 5, []string{"Chain=samecapture", "Directions=8", "LoseAt=5", "NoCaptureLimit=3"}},
		setup{"pro", 7, []string{"Chain=anycapture", "Blocked=pass", "RepetitionDraw=2"}},
		setup{"egyptian", 5, []string{"Chain=none", "MovementStarter=black"}},
	)
	if 9*9 <= MaxSquares {
		setups = append(setups,
			setup{"pro", 9, []string{"Directions=8", "CentreSafe=on", "LoseAt=8"}},
			setup{"egyptian", 9, []string{"Chain=anycapture", "ChainMandatory=off", "NoCaptureLimit=4"}},
		)
	}
	positions := 30
	if testing.Short() {
		positions = 8
	}
	for i, s := range setups {
		t.Run(fmt.Sprintf("%s-%d-%v", s.variant, s.size, s.options), func(t *testing.T) {
			r := rulesOf(t, s.variant, append([]string{"BoardSize=" + strconv.Itoa(s.size)}, s.options...)...)
			rng := rand.New(rand.NewPCG(uint64(i), 41))
			depth := 3
			if s.size > 5 {
				depth = 2
			}
			found, compared := 0, uint64(0)
			for tries := 0; found < positions && tries < 50*positions; tries++ {
				g, _ := NewGame(r)
				// Somewhere in the movement phase, often a turn start.
				stop := r.Stones()*2 + rng.IntN(300)
				for ply := 0; ply < stop && !g.over(); ply++ {
					a, ok := g.RandomAction(rng)
					if !ok {
						break
					}
					g.Make(a)
				}
				if g.pos.Placement() || g.over() {
					continue
				}
				for d := 1; d <= depth; d++ {
					budget := 200000
					want, ok := walkPerft(g, d, &budget)
					if !ok {
						break // too many turns to walk
					}
					compared += want
					if got := g.Perft(d); got != want {
						t.Fatalf("%s: Perft(%d) = %d, the walk counts %d", g.SeFEN(), d, got, want)
					}
					if d >= 2 && want > 20 {
						found++
					}
				}
			}
			t.Logf("%d positions, %d nodes compared", found, compared)
			if found < positions/2 {
				t.Fatalf("only %d positions compared beyond depth 1", found)
			}
		})
	}
}
