package bench

import (
	"context"
	"testing"

	"seega/board"
	"seega/engine"
	"seega/eval"
	"seega/protocol"
	"seega/search"
)

// realConfig is the protocol wired to the real alpha-beta searcher, as
// cmd/seega wires it.
func realConfig() protocol.Config {
	return protocol.Config{
		Name: "Seega", Author: "test",
		Searchers: []engine.Factory{{Name: "alphabeta", New: func(r board.Rules, o engine.Options) engine.Searcher {
			return search.New(o, eval.New(r))
		}}},
		Contempt: protocol.ContemptRange{Default: search.Contempt, Max: search.MaxContempt},
	}
}

// TestRealBenchIsDeterministic runs the bench twice at a low depth: the
// node count, the signature, is the same both times, and it is the sum of
// what the searches themselves return (the last info lines carry it).
func TestRealBenchIsDeterministic(t *testing.T) {
	depth := 2
	if !testing.Short() {
		depth = 3
	}
	a, err := Run(context.Background(), realConfig(), depth, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Run(context.Background(), realConfig(), depth, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Nodes != b.Nodes || a.Nodes == 0 {
		t.Errorf("bench nodes %d then %d", a.Nodes, b.Nodes)
	}
	var direct uint64
	for _, p := range positions() {
		r, _ := board.Preset(p.variant)
		g, err := board.NewGameFromSeFEN(r, p.fen)
		if err != nil {
			t.Fatal(err)
		}
		s := search.New(engine.Options{HashMB: 16, Threads: 1}, eval.New(*g.Rules()))
		direct += s.Search(context.Background(), g, engine.Limits{Depth: depth, MultiPV: 1}, nil).Nodes
	}
	if direct != a.Nodes {
		t.Errorf("bench counts %d nodes, the searches themselves %d", a.Nodes, direct)
	}
}
