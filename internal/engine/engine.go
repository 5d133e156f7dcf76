// Package engine adapts the search package's searchers to the protocol
// package's Engine interface. The two packages declare twin structs on
// purpose (each declares what it needs, and neither imports the other),
// so the adapter is plain conversions, and the compiler says so if they
// ever part. cmd/seega wires it; the tests that drive the real searcher
// through the protocol use the same adapter.
package engine

import (
	"context"
	"time"

	"seega/board"
	"seega/eval"
	"seega/protocol"
	"seega/search"
)

// Adapter is a search.Searcher seen as a protocol.Engine.
type Adapter struct{ S search.Searcher }

// Search runs the searcher, converting the limits, the reports and the
// result between the packages' twin structs.
func (e Adapter) Search(ctx context.Context, g *board.Game, lim protocol.Limits, info func(protocol.Info)) protocol.Result {
	var report func(search.Info)
	if info != nil {
		report = func(i search.Info) { info(protocol.Info(i)) }
	}
	return protocol.Result(e.S.Search(ctx, g, search.Limits(lim), report))
}

func (e Adapter) NewGame()         { e.S.NewGame() }
func (e Adapter) SetHashMB(mb int) { e.S.SetHashMB(mb) }
func (e Adapter) SetThreads(n int) { e.S.SetThreads(n) }

// NewAlphaBeta is the alpha-beta searcher with the evaluation for r.
func NewAlphaBeta(r board.Rules, hashMB, threads int) search.Searcher {
	return search.New(search.Config{HashMB: hashMB, Threads: threads}, eval.New(r))
}

// AlphaBeta is the protocol's "alphabeta" searcher, adapted.
func AlphaBeta() protocol.Searcher {
	return protocol.Searcher{Name: "alphabeta", New: func(r board.Rules, hashMB, threads int) protocol.Engine {
		return Adapter{NewAlphaBeta(r, hashMB, threads)}
	}}
}

// Allocate is the search package's time allocator under the protocol's
// types.
func Allocate(tc protocol.TimeControl) (soft, hard time.Duration) {
	return search.Allocate(search.TimeControl(tc))
}
