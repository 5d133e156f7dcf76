package nnue

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"seega/board"
	"seega/engine"
	"seega/eval"
	"seega/openings"
	"seega/search"
)

// residualNet is n marked residual: the linear evaluation plus n.
func residualNet(n *Net) *Net {
	n.Residual = true
	return n
}

// benchNets names trained net files for BenchmarkSearchNPS to measure
// beside its random ones: go test -bench SearchNPS ./nnue/ -args -nets
// a.nnue,b.nnue (paths from the nnue folder, or absolute). The random
// nets cost what a trained one of their width does, but a trained one's
// residual flag and width are the ones that play.
var benchNets = flag.String("nets", "", "comma-separated egyptian 5×5 net files for BenchmarkSearchNPS")

// BenchmarkSearchNPS measures the search's speed, in nodes a second,
// with the linear evaluation, with nets 32 and 64 wide, and with a
// 32-wide residual net (the linear evaluation and the net both), from
// the egyptian 5×5 balanced suite's first positions: the ratio is what
// the network costs (docs/strength.md, "Network evaluation").
func BenchmarkSearchNPS(b *testing.B) {
	r := board.DefaultRules()
	suite, ok, err := openings.ForRules(r)
	if err != nil || !ok {
		b.Fatal("no suite", err)
	}
	linear := eval.New(r)
	type evaluation struct {
		name string
		ev   engine.Evaluator
	}
	cases := []evaluation{
		{"linear", linear},
		{"net32", NewEvaluator(randomNet(r, 32, 1), linear)},
		{"net64", NewEvaluator(randomNet(r, 64, 1), linear)},
		{"net32+linear", NewEvaluator(residualNet(randomNet(r, 32, 1)), linear)},
	}
	for _, path := range strings.Split(*benchNets, ",") {
		if path == "" {
			continue
		}
		n, err := Load(path, r)
		if err != nil {
			b.Fatal(err)
		}
		cases = append(cases, evaluation{filepath.Base(path), NewEvaluator(n, linear)})
	}
	for _, c := range cases {
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
