package board

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// referencePlayout is the loop RandomPlayout stands for: RandomAction and
// Make until the game is over or max actions are made. It leaves g at the
// end.
func referencePlayout(g *Game, rng *rand.Rand, max int) (actions, turns int) {
	for actions < max {
		a, ok := g.RandomAction(rng)
		if !ok {
			break
		}
		g.Make(a)
		actions++
		if !g.pos.MidTurn() {
			turns++
		}
	}
	return actions, turns
}

// TestRandomPlayoutPlaysLikeRandomAction plays random games from the
// start and from positions along other random games, under every setup,
// both ways from the same seed, with and without a cap: the end position,
// the history, the result and the counts must be the same, and
// RandomPlayout must leave the game as it found it.
func TestRandomPlayoutPlaysLikeRandomAction(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 3
	}
	for i, r := range fastGenSetups() {
		t.Run(fmt.Sprintf("%d-%s-%d", i, r.Variant, r.BoardSize), func(t *testing.T) {
			walk := rand.New(rand.NewPCG(uint64(i), 23))
			g, _ := NewGame(r)
			for game := 0; game < games; game++ {
				for _, max := range []int{3000, 1 + walk.IntN(60)} {
					seed := walk.Uint64()
					checkPlayout(t, g, seed, max)
				}
				// Move the start on along a random game, restarting when it ends.
				for range 1 + walk.IntN(40) {
					a, ok := g.RandomAction(walk)
					if !ok {
						g, _ = NewGame(r)
						break
					}
					g.Make(a)
				}
			}
		})
	}
}

// checkPlayout compares RandomPlayout and playRandom from g with the
// reference loop, all seeded with seed.
func checkPlayout(t *testing.T, g *Game, seed uint64, max int) {
	t.Helper()
	start := g.SeFEN()
	before, ply := g.pos.state, g.Ply()
	hist := slices.Clone(g.hist)
	ref := g.Clone()
	wantActions, wantTurns := referencePlayout(ref, rand.New(rand.NewPCG(seed, 1)), max)
	want := ref.Result()

	res, actions, turns := g.RandomPlayout(rand.NewPCG(seed, 1), max)
	if res != want || actions != wantActions || turns != wantTurns {
		t.Fatalf("%s (cap %d): RandomPlayout = %+v, %d actions, %d turns; RandomAction's loop %+v, %d, %d",
			start, max, res, actions, turns, want, wantActions, wantTurns)
	}
	if g.pos.state != before || g.Ply() != ply || !slices.Equal(g.hist, hist) || g.SeFEN() != start {
		t.Fatalf("%s: RandomPlayout left the game at %s (ply %d, %d history entries), want ply %d, %d entries",
			start, g.SeFEN(), g.Ply(), len(g.hist), ply, len(hist))
	}

	end := g.Clone()
	actions, turns = end.playRandom(rand.NewPCG(seed, 1), max)
	if end.pos.state != ref.pos.state || !slices.Equal(end.hist, ref.hist) || end.histLast != ref.histLast ||
		actions != wantActions || turns != wantTurns {
		t.Fatalf("%s (cap %d): playRandom ended at %s after %d actions, the reference at %s after %d",
			start, max, end.SeFEN(), actions, ref.SeFEN(), wantActions)
	}
	if end.Result() != want {
		t.Fatalf("%s: playRandom's end scores %+v, the reference's %+v", start, end.Result(), want)
	}
}

// TestRandomPlayoutAllocatesNothing: once the history has grown to a
// game's length, a playout allocates nothing.
func TestRandomPlayoutAllocatesNothing(t *testing.T) {
	for _, n := range []int{5, 7, 9} {
		if n*n > MaxSquares {
			continue
		}
		r, _ := Preset("pro")
		r.BoardSize = n
		g, _ := NewGame(r)
		src := rand.NewPCG(3, 4)
		for range 50 {
			g.RandomPlayout(src, 3000)
		}
		if allocs := testing.AllocsPerRun(20, func() { g.RandomPlayout(src, 3000) }); allocs != 0 {
			t.Errorf("%d×%d: RandomPlayout allocates %.1f times a game", n, n, allocs)
		}
	}
}

// TestDrawBelow: drawBelow gives the numbers rand.New(src).IntN gives
// from the same source, for small bounds, powers of two, and bounds near
// 2⁶³, where about one draw in four takes the redraw.
func TestDrawBelow(t *testing.T) {
	bounds := []uint64{1, 2, 3, 7, 8, 25, 100, 1 << 20, 1<<62 + 12345, 1<<63 - 1}
	for n := uint64(1); n < 70; n++ {
		bounds = append(bounds, n)
	}
	for _, n := range bounds {
		ours, theirs := rand.NewPCG(n, 5), rand.New(rand.NewPCG(n, 5))
		for i := 0; i < 2000; i++ {
			if got, want := drawBelow(ours, n), uint64(theirs.IntN(int(n))); got != want {
				t.Fatalf("bound %d, draw %d: drawBelow = %d, IntN = %d", n, i, got, want)
			}
		}
	}
}
