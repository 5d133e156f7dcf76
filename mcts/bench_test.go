package mcts

import (
	"testing"
)

// BenchmarkPlayouts measures a search of a fixed playout budget from a
// movement position of 5×5 egyptian, per leaf-value setting; b.N counts
// searches of 2000 playouts, and playouts/s is reported.
func BenchmarkPlayouts(b *testing.B) {
	for _, pp := range allParams {
		b.Run(pp.name, func(b *testing.B) {
			r := rulesFor(b, "egyptian")
			g := liveGame(b, r, 1, 30)
			m := newMCTS(r, pp.p, 16, 1)
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				m.NewGame()
				playouts(m, g, 2000)
			}
			b.ReportMetric(float64(b.N)*2000/b.Elapsed().Seconds(), "playouts/s")
		})
	}
}
