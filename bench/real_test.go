package bench

import (
	"context"
	"testing"
	"time"

	"seega/board"
	"seega/eval"
	"seega/protocol"
	"seega/search"
)

// searchEngine is the adapter cmd/seega wires between the real searcher
// and the protocol (plain conversions between twin structs).
type searchEngine struct{ s search.Searcher }

func (e searchEngine) Search(ctx context.Context, g *board.Game, lim protocol.Limits, info func(protocol.Info)) protocol.Result {
	var report func(search.Info)
	if info != nil {
		report = func(i search.Info) { info(protocol.Info(i)) }
	}
	return protocol.Result(e.s.Search(ctx, g, search.Limits(lim), report))
}
func (e searchEngine) NewGame()         { e.s.NewGame() }
func (e searchEngine) SetHashMB(mb int) { e.s.SetHashMB(mb) }
func (e searchEngine) SetThreads(n int) { e.s.SetThreads(n) }

func realConfig() protocol.Config {
	return protocol.Config{
		Name: "Seega", Author: "test",
		Searchers: []protocol.Searcher{{Name: "alphabeta", New: func(r board.Rules, hashMB, threads int) protocol.Engine {
			return searchEngine{search.New(search.Config{HashMB: hashMB, Threads: threads}, eval.New(r))}
		}}},
		Allocate: func(tc protocol.TimeControl) (time.Duration, time.Duration) {
			return search.Allocate(search.TimeControl(tc))
		},
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
		s := search.New(search.Config{HashMB: 16, Threads: 1}, eval.New(*g.Rules()))
		direct += s.Search(context.Background(), g, search.Limits{Depth: depth, MultiPV: 1}, nil).Nodes
	}
	if direct != a.Nodes {
		t.Errorf("bench counts %d nodes, the searches themselves %d", a.Nodes, direct)
	}
}
