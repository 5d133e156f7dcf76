package nnue

import (
	"testing"
	"time"

	"seega/board"
	"seega/engine"
	"seega/eval"
	"seega/openings"
	"seega/search"
)

// BenchmarkSearchNPS measures the search's speed, in nodes a second,
// with the linear evaluation and with a net of the default width, from
// the egyptian 5×5 balanced suite's first positions: the ratio is what
// the network costs (docs/strength.md, "Network evaluation").
func BenchmarkSearchNPS(b *testing.B) {
	r := board.DefaultRules()
	suite, ok, err := openings.ForRules(r)
	if err != nil || !ok {
		b.Fatal("no suite", err)
	}
	linear := eval.New(r)
	for _, c := range []struct {
		name string
		ev   engine.Evaluator
	}{
		{"linear", linear},
		{"net32", NewEvaluator(randomNet(r, 32, 1), linear)},
		{"net64", NewEvaluator(randomNet(r, 64, 1), linear)},
	} {
		b.Run(c.name, func(b *testing.B) {
			var nodes uint64
			start := time.Now()
			for i := 0; i < b.N; i++ {
				for _, line := range suite.Lines[:8] {
					g, err := board.NewGameFromSeFEN(r, line)
					if err != nil {
						b.Fatal(err)
					}
					s := search.New(engine.Options{HashMB: 16, Threads: 1}, c.ev)
					nodes += engine.SearchNodes(s, g, 50000).Nodes
				}
			}
			b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
		})
	}
}
