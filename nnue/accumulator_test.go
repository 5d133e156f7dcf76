package nnue

import (
	"math/rand/v2"
	"testing"

	"seega/board"
)

// TestIncrementalMatchesScratch walks random games of every preset and
// board size, making and unmaking actions (placements, steps, chains,
// captures, passes, the ransom), and checks at every node that the
// thread's updated accumulator equals one computed from scratch, and
// that its evaluation equals the shared (scratch) evaluator's.
func TestIncrementalMatchesScratch(t *testing.T) {
	for _, r := range everyRules(t) {
		t.Run(r.Variant+"-"+string(rune('0'+r.BoardSize)), func(t *testing.T) {
			net := randomNet(r, 24, uint64(r.BoardSize))
			shared := NewEvaluator(net, linearStub{})
			te := shared.ForThread().(*ThreadEvaluator)
			rng := rand.New(rand.NewPCG(uint64(r.BoardSize), 1))
			nodes := 0
			kinds := map[string]bool{}
			for game := range 6 {
				g, err := board.NewGame(r)
				if err != nil {
					t.Fatal(err)
				}
				depth := 0
				for step := 0; step < 1500; step++ {
					// Mostly forward, sometimes back: the search's pattern of
					// siblings and parents.
					if depth > 0 && rng.IntN(4) == 0 {
						g.Unmake()
						depth--
					} else {
						a, ok := g.RandomAction(rng)
						if !ok {
							if depth == 0 {
								break
							}
							g.Unmake()
							depth--
						} else {
							kinds[actionKind(a)] = true
							g.Make(a)
							if g.Position().Chain() != board.NoSquare {
								kinds["chain"] = true
							}
							depth++
						}
					}
					nodes++
					checkNode(t, net, te, shared, g, game, step)
				}
			}
			if te.Updates == 0 || nodes < 1000 {
				t.Fatalf("%d nodes, %d updates: the walk did not exercise the updates", nodes, te.Updates)
			}
			if !kinds["place"] || !kinds["step"] || !kinds["capture"] || r.Ransom && !kinds["ransom"] {
				t.Errorf("the walk played only %v", kinds)
			}
			if r.Chain != board.ChainNone && !kinds["chain"] {
				t.Errorf("the walk met no chain under way")
			}
			t.Logf("%d nodes, %d updates, %d refreshes, actions %v", nodes, te.Updates, te.Refreshes, kinds)
		})
	}
}

func actionKind(a board.Action) string {
	switch {
	case a.Kind == board.ActPlace:
		return "place"
	case a.Captured():
		return "capture"
	case a.Kind == board.ActStep:
		return "step"
	case a.Kind == board.ActPass:
		return "pass"
	}
	return "ransom" // a request, a refusal or an acceptance
}

func checkNode(t *testing.T, net *Net, te *ThreadEvaluator, shared *Evaluator, g *board.Game, game, step int) {
	t.Helper()
	got := te.Accumulate(g)
	var want Accumulator
	net.Refresh(&want, g.Position(), g.Rules())
	for c := range 2 {
		if got.feats[c] != want.feats[c] || got.vals[c] != want.vals[c] {
			t.Fatalf("game %d step %d (%s): colour %d: the updated accumulator differs from scratch", game, step, g.SeFEN(), c)
		}
	}
	if a, b := te.Evaluate(g), shared.Evaluate(g); a != b {
		t.Fatalf("game %d step %d (%s): thread evaluation %d, shared %d", game, step, g.SeFEN(), a, b)
	}
}

// TestEvaluateAllocatesNothing: the thread evaluation, updates and
// refreshes alike, and the shared one allocate nothing.
func TestEvaluateAllocatesNothing(t *testing.T) {
	r := board.DefaultRules()
	net := randomNet(r, 32, 1)
	shared := NewEvaluator(net, linearStub{})
	te := shared.ForThread().(*ThreadEvaluator)
	g, _ := board.NewGame(r)
	rng := rand.New(rand.NewPCG(1, 2))
	var games []*board.Game
	for range 40 {
		a, ok := g.RandomAction(rng)
		if !ok {
			break
		}
		g.Make(a)
		games = append(games, g.Clone())
	}
	i := 0
	if n := testing.AllocsPerRun(200, func() {
		te.Evaluate(games[i%len(games)])
		shared.Evaluate(games[i%len(games)])
		i++
	}); n != 0 {
		t.Errorf("%v allocations an evaluation", n)
	}
}
