package eval

import (
	"math/rand/v2"
	"testing"

	"seega/board"
)

// rulesFor returns a preset with options applied ("Name=value"), or
// fails the test.
func rulesFor(t testing.TB, variant string, opts ...string) board.Rules {
	t.Helper()
	r, err := board.Preset(variant)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.ParseOptions(opts); err != nil {
		t.Fatal(err)
	}
	return r
}

// gameAt loads fen under r, or fails the test.
func gameAt(t testing.TB, r board.Rules, fen string) *board.Game {
	t.Helper()
	g, err := board.NewGameFromSeFEN(r, fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return g
}

// randomPositions plays seeded random games under r and samples about
// one position in sampleEvery that is not over, until it has count of
// them: placement, half-done turns, chains, pending ransoms and movement,
// spread over many games.
func randomPositions(r board.Rules, seed uint64, count int) []string {
	const sampleEvery = 6
	rng := rand.New(rand.NewPCG(seed, 0x5ee9a))
	var out []string
	var buf []board.Action
	for game := 0; game < 20*count && len(out) < count; game++ {
		g, err := board.NewGame(r)
		if err != nil {
			return nil
		}
		for ply := 0; ply < 500 && len(out) < count; ply++ {
			buf = g.LegalActions(buf[:0])
			if len(buf) == 0 {
				break
			}
			g.Make(buf[rng.IntN(len(buf))])
			if rng.IntN(sampleEvery) == 0 && !g.Result().Over() {
				out = append(out, g.SeFEN())
			}
		}
	}
	return out
}

// sizes and presets every whole-board test walks.
var (
	testSizes    = []string{"5", "7", "9"}
	testVariants = board.Variants
)
