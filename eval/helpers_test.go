package eval

import (
	"math/rand/v2"

	"seega/board"
	"seega/internal/testgame"
)

var (
	// rulesFor and gameAt build test rules and positions.
	rulesFor = testgame.Rules
	gameAt   = testgame.FromSeFEN
)

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
