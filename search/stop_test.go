package search

import (
	"context"
	"runtime"
	"sync/atomic"
	"testing"

	"seega/board"
	"seega/engine"
)

// countingEval counts its evaluations, one per quiescence node or fewer,
// and calls hook once, from the search thread that makes the at-th one.
// The counts stand in for time: they measure how much searching goes on
// between two events without reading a clock.
type countingEval struct {
	*testEval
	count atomic.Int64
	at    int64
	fired atomic.Bool
	hook  func(n int64)
}

func (e *countingEval) Evaluate(g *board.Game) int {
	if n := e.count.Add(1); n >= e.at && e.fired.CompareAndSwap(false, true) {
		e.hook(n)
	}
	return e.testEval.Evaluate(g)
}

// stopSlack is how many evaluations past an event the tests below allow:
// a few poll intervals of every thread. A thread polls every pollMask+1
// nodes and evaluates at most once a node.
const stopSlack = 4 * (pollMask + 1)

// TestThreadsYieldToWaitingGoroutines: a goroutine made ready during the
// search (as the one that reads stop from stdin is) runs within a few
// poll intervals, not when the Go scheduler preempts the search 10 ms
// later. With as many search threads as processors (one processor for
// two threads, or for one) the threads yield the processor when they
// poll. (With a processor to spare they do not: the goroutine runs on
// the spare one, as soon as the system gives its thread a core, which a
// test on a loaded machine cannot time.)
func TestThreadsYieldToWaitingGoroutines(t *testing.T) {
	for _, c := range []struct{ procs, threads int }{{1, 2}, {1, 1}} {
		func() {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(c.procs))
			r := rulesFor(t, "egyptian", "BoardSize=7")
			g := movementGame(t, r, 3)
			ev := &countingEval{testEval: newTestEval(r), at: 50000}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			ready := make(chan int64, 1)
			var readied, ran int64
			waiter := make(chan struct{})
			go func() {
				defer close(waiter)
				readied = <-ready
				ran = ev.count.Load()
				cancel()
			}()
			ev.hook = func(n int64) { ready <- n }
			s := NewAlphaBeta(engine.Options{HashMB: 16, Threads: c.threads}, ev)
			s.Search(ctx, g, engine.Limits{Infinite: true, MultiPV: 1}, nil)
			<-waiter
			if ran-readied > stopSlack {
				t.Errorf("%d processors, %d threads: the goroutine readied at evaluation %d ran at %d: %d evaluations later, want at most %d",
					c.procs, c.threads, readied, ran, ran-readied, stopSlack)
			}
		}()
	}
}

// TestStopReachesEveryThread: once the search is cancelled, every thread
// notices within a few poll intervals (the main thread through the
// context, the helpers through the shared stop flag and the context) and
// Search returns: few evaluations happen after the cancel, with any
// number of threads.
func TestStopReachesEveryThread(t *testing.T) {
	r := rulesFor(t, "egyptian", "BoardSize=7")
	g := movementGame(t, r, 4)
	for _, threads := range []int{1, 2, 4} {
		ev := &countingEval{testEval: newTestEval(r), at: 30000}
		ctx, cancel := context.WithCancel(context.Background())
		var cancelledAt int64
		// Count from the moment the cancel is done, not from the hook's
		// evaluation: on a loaded machine the system may preempt the
		// cancelling thread between the two, and the other threads,
		// not yet told, search on meanwhile (8677 evaluations were seen
		// once, with 4 threads on 2 busy cores).
		ev.hook = func(int64) { cancel(); cancelledAt = ev.count.Load() }
		s := NewAlphaBeta(engine.Options{HashMB: 16, Threads: threads}, ev)
		s.Search(ctx, g, engine.Limits{Infinite: true, MultiPV: 1}, nil)
		cancel()
		if after := ev.count.Load() - cancelledAt; after > int64(threads)*stopSlack {
			t.Errorf("%d threads: %d evaluations after the cancel, want at most %d", threads, after, int64(threads)*stopSlack)
		}
	}
}
