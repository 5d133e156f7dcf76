package eval

import (
	"flag"
	"math/rand/v2"
	"testing"

	"seega/board"
)

// player plays one turn in g and reports false if it could not (the
// game is over).
type player func(g *board.Game) bool

// oneTurnSearch returns a player that plays the turn whose end score
// likes best for the side to act: the least a search could do with an
// evaluation. Equal scores are broken at random, so that games differ.
func oneTurnSearch(score func(*board.Game) int, rng *rand.Rand) player {
	return func(g *board.Game) bool {
		if g.Result().Over() {
			return false
		}
		us := g.Position().SideToAct()
		var line, best []board.Action
		bestScore := -1 << 40
		nodes := 0
		var walk func()
		walk = func() {
			if nodes++; nodes > 20000 {
				return // a maze of bonus chains: keep what was found
			}
			res := g.Result()
			p := g.Position()
			if res.Over() || (len(line) > 0 && !p.MidTurn()) {
				var s int
				switch w, ok := res.Winner(); {
				case res.Over() && !ok:
					s = 0
				case res.Over() && w == us:
					s = Limit + 1
				case res.Over():
					s = -Limit - 1
				case p.SideToAct() == us:
					s = score(g)
				default:
					s = -score(g)
				}
				if s = s*16 + rng.IntN(16); s > bestScore {
					bestScore = s
					best = append(best[:0], line...)
				}
				return
			}
			for _, a := range g.LegalActions(nil) {
				g.Make(a)
				line = append(line, a)
				walk()
				line = line[:len(line)-1]
				g.Unmake()
			}
		}
		walk()
		for _, a := range best {
			g.Make(a)
		}
		return len(best) > 0
	}
}

// randomPlayer plays uniformly random actions until its turn ends.
func randomPlayer(rng *rand.Rand) player {
	return func(g *board.Game) bool {
		us := g.Position().SideToAct()
		for {
			acts := g.LegalActions(nil)
			if len(acts) == 0 {
				return false
			}
			g.Make(acts[rng.IntN(len(acts))])
			p := g.Position()
			if g.Result().Over() || !p.MidTurn() || p.SideToAct() != us {
				return true
			}
		}
	}
}

// match plays 2*pairs games between a and b under r, a taking White in
// every other game, and returns a's wins, draws and losses. A game that
// runs past 300 turns counts as a draw.
func match(r board.Rules, pairs int, a, b func(g *board.Game) player) (wins, draws, losses int) {
	for i := 0; i < 2*pairs; i++ {
		aColour := board.Color(i % 2)
		g, _ := board.NewGame(r)
		pa, pb := a(g), b(g)
		for turn := 0; turn < 300; turn++ {
			play := pb
			if g.Position().SideToAct() == aColour {
				play = pa
			}
			if !play(g) || g.Result().Over() {
				break
			}
		}
		switch w, ok := g.Result().Winner(); {
		case !ok:
			draws++
		case w == aColour:
			wins++
		default:
			losses++
		}
	}
	return wins, draws, losses
}

// TestOneTurnSearchBeatsRandom is a sanity check of the evaluation's
// signs as a whole: a one-turn search guided by it must beat random play
// in every preset, with either colour.
func TestOneTurnSearchBeatsRandom(t *testing.T) {
	const pairs = 10
	for _, v := range testVariants {
		t.Run(v, func(t *testing.T) {
			r := rulesFor(t, v)
			e := New(r)
			rng := rand.New(rand.NewPCG(1, 2))
			searcher := func(*board.Game) player { return oneTurnSearch(e.Evaluate, rng) }
			random := func(*board.Game) player { return randomPlayer(rng) }
			w, d, l := match(r, pairs, searcher, random)
			t.Logf("%s: %d wins, %d draws, %d losses against random play", v, w, d, l)
			if w < pairs || w < 3*l {
				t.Errorf("%s: %d wins, %d draws, %d losses: the evaluation should beat random play", v, w, d, l)
			}
		})
	}
}

// The flags of TestPlacementBeatsUniform, for the figures of
// docs/strength.md: go test ./eval -run TestPlacementBeatsUniform -v
// -args -placement-pairs 1000 -placement-all.
var (
	placementPairs = flag.Int("placement-pairs", 50, "pairs of games a preset in TestPlacementBeatsUniform")
	placementAll   = flag.Bool("placement-all", false, "TestPlacementBeatsUniform also plays egyptian and sudanese, reporting their score without checking it")
)

// TestPlacementBeatsUniform checks that the placement heuristics beat
// uniform random placement: both sides play the movement phase with the
// same one-turn search, and only one places by the evaluation. It plays
// the hand weights, since it tests what the terms mean: egyptian's
// fitted weights, tuned on games of a deep search, lose this one-turn
// contest (37 wins, 16 draws, 47 losses), while at 100 ms a turn they
// beat the hand weights (docs/strength.md).
//
// It checks only classic and pro: there the heuristics win clearly (in
// 1000 pairs, 69.3% and 75.0% of the points). Under egyptian and
// sudanese the contest cannot tell the two placements apart (51.2% and
// 50.2% in 1000 pairs; why is a guess: the first steps take stones
// whatever the placement), and 50 pairs of those would pass or fail by
// the seed, asserting nothing. -placement-all plays them too and only
// reports them; -placement-pairs sets the pairs (docs/strength.md).
func TestPlacementBeatsUniform(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 200 games")
	}
	pairs := *placementPairs
	checked := map[string]bool{"classic": true, "pro": true}
	for _, v := range testVariants {
		if !checked[v] && !*placementAll {
			continue
		}
		t.Run(v, func(t *testing.T) {
			r := rulesFor(t, v)
			e := NewWithWeights(r, HandWeights())
			rng := rand.New(rand.NewPCG(5, 6))
			search := oneTurnSearch(e.Evaluate, rng)
			random := randomPlayer(rng)
			smart := func(*board.Game) player { return search }
			uniform := func(*board.Game) player {
				return func(g *board.Game) bool {
					if g.Position().Placement() {
						return random(g)
					}
					return search(g)
				}
			}
			w, d, l := match(r, pairs, smart, uniform)
			t.Logf("%s: placement heuristics %d wins, %d draws, %d losses against uniform placement", v, w, d, l)
			if checked[v] && w <= l {
				t.Errorf("%s: %d wins, %d draws, %d losses: the placement heuristics should beat uniform placement", v, w, d, l)
			}
		})
	}
}
