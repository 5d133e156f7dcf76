package search

import (
	"context"
	"fmt"
	"testing"

	"seega/engine"
)

// BenchmarkSearch measures nodes per second of a fixed-depth, one-thread
// search from a movement position (a random game just past placement),
// per preset on 5×5 and 7×7, with an empty table for each search. The
// depths keep each search well under a second.
func BenchmarkSearch(b *testing.B) {
	cases := []struct {
		variant string
		size    int
		depth   int
	}{
		{"egyptian", 5, 10},
		{"sudanese", 5, 8},
		{"classic", 5, 12},
		{"pro", 5, 12},
		{"egyptian", 7, 4},
		{"sudanese", 7, 1},
		{"classic", 7, 9},
		{"pro", 7, 8},
	}
	for _, c := range cases {
		b.Run(fmt.Sprintf("%s/%dx%d/depth%d", c.variant, c.size, c.size, c.depth), func(b *testing.B) {
			r := rulesFor(b, c.variant, fmt.Sprintf("BoardSize=%d", c.size))
			g := movementGame(b, r, 1)
			s := NewAlphaBeta(engine.Options{HashMB: 16, Threads: 1}, newTestEval(r))
			var nodes uint64
			for b.Loop() {
				b.StopTimer()
				s.NewGame()
				b.StartTimer()
				nodes += s.Search(context.Background(), g, engine.Limits{Depth: c.depth}, nil).Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
