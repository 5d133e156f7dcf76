package protocol

import (
	"context"
	"time"

	"seega/board"
	"seega/engine"
)

// fakeEngine is a deterministic stand-in for a searcher. It plays the
// first legal turn in the board package's order (or the first of
// searchmoves), and reports one info line per depth with numbers made up
// from the depth, so that transcripts are fixed.
type fakeEngine struct {
	rules           board.Rules
	hashMB, threads int
	newGames        int
	// illegal makes it answer a turn that is not legal, as a buggy
	// searcher might, to test the protocol's check.
	illegal bool
	// stale makes its info lines fall behind its result, as a real
	// search's do when the time runs out in an iteration that never
	// reported: the result names another turn and has more nodes.
	stale bool
	// started, if not nil, is closed when a search begins.
	started chan struct{}
	// contempt and tb are the last options set.
	contempt int
	tb       engine.Tablebase
	level    *engine.Level
	ownBook  bool
}

func (f *fakeEngine) Search(ctx context.Context, g *board.Game, lim engine.Limits, info func(engine.Info)) engine.Result {
	if f.started != nil {
		close(f.started)
		f.started = nil
	}
	if lim.Infinite {
		<-ctx.Done()
	}
	n := g.Position().Size()
	var best []board.Action
	if len(lim.SearchMoves) > 0 {
		best = lim.SearchMoves[0]
	} else {
		g.ForEachTurn(func(t []board.Action) bool {
			best = append([]board.Action(nil), t...)
			return false
		})
	}
	if f.illegal {
		best = []board.Action{board.Step(0, board.Square(n*n-1))}
	}
	depth := lim.Depth
	if depth <= 0 || depth > 3 {
		depth = 3
	}
	for d := 1; d <= depth; d++ {
		info(engine.Info{Depth: d, SelDepth: d + 1, Score: 10 * d, Nodes: uint64(100 * d), NPS: 1000,
			HashFull: d, Time: time.Duration(d) * time.Millisecond, MultiPV: 1,
			PV: [][]board.Action{best}})
	}
	if f.stale {
		var second []board.Action
		turns := 0
		g.ForEachTurn(func(t []board.Action) bool {
			turns++
			second = append(second[:0], t...)
			return turns < 2
		})
		return engine.Result{Best: second, Score: -5, Depth: depth, Nodes: uint64(100*depth + 37)}
	}
	return engine.Result{Best: best, Score: 10 * depth, Depth: depth, Nodes: uint64(100 * depth)}
}

func (f *fakeEngine) NewGame() { f.newGames++ }
func (f *fakeEngine) SetOptions(o engine.Options) {
	f.hashMB, f.threads, f.contempt, f.tb, f.level, f.ownBook = o.HashMB, o.Threads, o.Contempt, o.Tablebase, o.Level, o.OwnBook
}

// testConfig builds sessions on fake engines; mod, if not nil, adjusts
// each engine as it is made.
func testConfig(mod func(*fakeEngine)) Config {
	mk := func(r board.Rules, o engine.Options) engine.Searcher {
		f := &fakeEngine{rules: r, hashMB: o.HashMB, threads: o.Threads}
		if mod != nil {
			mod(f)
		}
		return f
	}
	return Config{
		Name:   "Seega test",
		Author: "the Seega authors",
		Searchers: []engine.Factory{
			{Name: "fake", New: mk},
			{Name: "random", New: func(board.Rules, engine.Options) engine.Searcher { return NewRandomEngine(1) }},
		},
	}
}

// Execute runs one command line as if it had been read from the input,
// waiting for nothing: a go starts its search and returns. It reports
// whether the line was quit.
func (s *Session) Execute(line string) (quit bool) {
	return s.execute(line, time.Now()) == errQuit
}
