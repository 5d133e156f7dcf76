package protocol

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"seega/engine"
)

// BenchStep is the bench's progress after one search: the Index-th of
// Count positions, its SeFEN, the nodes its search took and the time.
type BenchStep struct {
	Index, Count int
	FEN          string
	Nodes        uint64
	Took         time.Duration
}

// BenchFunc runs the bench for the bench command: it searches the bench
// positions at depth (its own default if 0) in a session of its own built
// from cfg, calls progress after each search, and returns the bench's
// last line, `<N> nodes <M> nps`. It stops when ctx ends. Package bench
// has it (bench.Protocol); it drives a session through this package, so
// cmd/seega wires it in rather than this package importing it.
type BenchFunc func(ctx context.Context, cfg Config, depth int, progress func(BenchStep)) (string, error)

// cmdBench runs the bench as a job, like a search, so that isready is
// answered and stop ends it. It runs in a session of its own, so that this
// session's options and position are as they were, with this session's
// searcher, and prints the signature last.
func (s *Session) cmdBench(args []string, _ time.Time) error {
	depth := 0
	if len(args) > 1 {
		return fmt.Errorf("want bench [depth]")
	}
	if len(args) == 1 {
		d, err := strconv.Atoi(args[0])
		if err != nil || d < 1 || d > 64 {
			return fmt.Errorf("depth %s is not a whole number from 1 to 64", quote(args[0]))
		}
		depth = d
	}
	if s.cfg.Bench == nil {
		return fmt.Errorf("this engine has no bench")
	}
	// The bench session starts from the defaults, so it is told which
	// searcher this session has chosen: `setoption name Search value mcts`
	// then `bench` benches MCTS.
	cfg := s.cfg
	if len(cfg.Searchers) > 0 {
		cfg.Searchers = []engine.Factory{cfg.Searchers[s.opts.searcher]}
	}
	out := s.out
	s.startTask(func(ctx context.Context) {
		done := 0
		last, err := cfg.Bench(ctx, cfg, depth, func(st BenchStep) {
			done = st.Index
			out.printf("info string bench %d/%d nodes %d time %d fen %s", st.Index, st.Count, st.Nodes, st.Took.Milliseconds(), st.FEN)
		})
		switch {
		case ctx.Err() != nil:
			out.printf("info string bench stopped after %d positions", done)
		case err != nil:
			out.errorf("bench: %v", err)
		default:
			out.line(last)
		}
	})
	return nil
}
