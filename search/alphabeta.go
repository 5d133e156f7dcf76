package search

import (
	"context"
	"runtime"
	"sync"
	"time"

	"seega/board"
	"seega/engine"
)

// AlphaBeta is the alpha-beta engine.Searcher. Its table and threads live as long
// as it does, so a search allocates only a few things per call (the game
// clones, the result) and nothing per node.
type AlphaBeta struct {
	ev       engine.Evaluator
	tt       *table
	hashMB   int
	nthreads int
	threads  []*thread
	tb       engine.Tablebase // endgame tables, or nil
	contempt int              // what a draw costs the side searching (SetContempt)
	level    engine.LevelPlayer
	// plain turns the selective parts off (see NewPlain).
	plain bool
	// helpers are the Lazy SMP helpers of the last search, which may
	// still be winding down: Search returns once the main thread has its
	// answer, without waiting for them (see Search). Whatever touches the
	// table or the threads waits for them first (settle).
	helpers sync.WaitGroup
}

// settle waits until the helpers of the last search have stopped, which
// takes them at most a poll interval once the stop flag is set.
func (s *AlphaBeta) settle() { s.helpers.Wait() }

// NewAlphaBeta builds an alpha-beta searcher with o's table size, thread
// count, endgame tables and level (HashMB 0 means DefaultHashMB, Threads
// below 1 means 1, nil tables none, a nil level full strength); the
// contempt starts at Contempt until SetOptions, since o's zero value
// would mean a contempt of 0.
func NewAlphaBeta(o engine.Options, ev engine.Evaluator) *AlphaBeta {
	s := &AlphaBeta{ev: ev, contempt: Contempt}
	mb := o.HashMB
	if mb <= 0 {
		mb = DefaultHashMB
	}
	s.SetHashMB(mb)
	s.SetThreads(o.Threads)
	s.SetTablebase(o.Tablebase)
	s.level.SetLevel(o.Level)
	return s
}

// NewPlain builds an alpha-beta searcher that searches without any of
// the selective techniques, so that ev alone decides what it prefers:
// iterative deepening, PVS with aspiration windows, the transposition
// table (cuts and move ordering), killers and history for ordering,
// repetitions scored as draws, and quiescence over captures and chain
// steps — and nothing else. No reverse futility pruning, no late move
// pruning, no late move reductions, no quiet fade of the evaluation, no
// contempt (a draw is 0 for both sides) and no endgame tables. None of
// these change the value of a fixed-depth search; they only reorder it
// or make it faster. With a material-only evaluator (eval.MaterialOnly)
// it is the fixed, different-style opponent of Search material.
func NewPlain(o engine.Options, ev engine.Evaluator) *AlphaBeta {
	s := NewAlphaBeta(o, ev)
	s.plain = true
	s.SetContempt(0)
	s.SetTablebase(nil)
	return s
}

// SetHashMB resizes the table to at most mb MiB (clamped to
// 1..MaxHashMB), emptying it. The same size keeps the table as it is.
func (s *AlphaBeta) SetHashMB(mb int) {
	s.settle()
	mb = min(max(mb, 1), MaxHashMB)
	if s.tt != nil && mb == s.hashMB {
		return
	}
	s.tt = nil // let the old table go before the new one is allocated
	s.tt = newTable(mb)
	s.hashMB = mb
}

// HashBytes is the memory the table takes, never more than HashMB MiB.
func (s *AlphaBeta) HashBytes() int { return s.tt.bytes() }

// SetContempt sets what a draw costs the side searching from the next
// search on, in cp, clamped to ±MaxContempt (the default is Contempt).
// More contempt plays on where a draw is at hand, which wins more games
// against a weaker opponent and risks some against an equal one; a
// negative contempt seeks the draw. The table is not cleared: its draw
// scores of the old contempt age out as the game goes on.
func (s *AlphaBeta) SetContempt(cp int) {
	s.settle()
	if s.plain {
		cp = 0
	}
	s.contempt = min(max(cp, -MaxContempt), MaxContempt)
}

// SetThreads sets the number of threads of the next searches (clamped to
// 1..MaxThreads).
func (s *AlphaBeta) SetThreads(n int) { s.nthreads = min(max(n, 1), MaxThreads) }

// SetTablebase makes the following searches probe tb (nil: none); see
// tbRoot and probeTB.
func (s *AlphaBeta) SetTablebase(tb engine.Tablebase) {
	s.settle() // the last search's helpers may still probe the old tables
	if s.plain {
		tb = nil
	}
	s.tb = tb
}

// SetOptions applies every option alpha-beta has: Hash, Threads,
// Contempt, the endgame tables and the level.
func (s *AlphaBeta) SetOptions(o engine.Options) {
	s.SetHashMB(o.HashMB)
	s.SetThreads(o.Threads)
	s.SetContempt(o.Contempt)
	s.SetTablebase(o.Tablebase)
	s.level.SetLevel(o.Level)
}

// NewGame clears the table and every thread's history and killers, so
// that the next search depends on nothing before it.
func (s *AlphaBeta) NewGame() {
	s.settle()
	s.level.NewGame()
	s.tt.clear()
	for _, t := range s.threads {
		t.history = [2][board.MaxSquares + 1][board.MaxSquares]int32{}
		t.killers = [MaxPly][2]board.Action{}
	}
}

// line is one principal variation of an iteration.
type line struct {
	pv    []board.Action
	score int
}

// Search runs iterative deepening on the main thread and Lazy SMP helpers
// on the others, all sharing the table; the main thread's result is the
// answer. See engine.Searcher.
//
// It returns as soon as the main thread has stopped, and leaves the
// helpers to see the stop flag on their own: the bestmove then waits for
// one thread only, which matters on a busy machine, where the operating
// system may have put a helper aside for milliseconds. The result counts
// the helpers' nodes as they last published them (at most a poll interval
// behind). The next call that needs the table or the threads waits for
// them.
//
// Below full strength (Options.Level) the level's player runs the
// search, on one thread so that a seeded level plays the same game
// again.
func (s *AlphaBeta) Search(ctx context.Context, g *board.Game, lim engine.Limits, info func(engine.Info)) engine.Result {
	if s.level.Active() {
		return s.level.Search(ctx, g, lim, info, s.searchOneThread)
	}
	return s.search(ctx, g, lim, info, s.nthreads)
}

// searchOneThread is search on one thread, for levels.
func (s *AlphaBeta) searchOneThread(ctx context.Context, g *board.Game, lim engine.Limits, info func(engine.Info)) engine.Result {
	return s.search(ctx, g, lim, info, 1)
}

// search is Search on nthreads threads.
func (s *AlphaBeta) search(ctx context.Context, g *board.Game, lim engine.Limits, info func(engine.Info), nthreads int) engine.Result {
	start := time.Now()
	s.settle()
	if g.Result().Over() {
		return engine.Result{}
	}
	root := g.Clone() // for fallbacks and PV turns; g stays untouched
	if res, ok := s.tbRoot(root, lim, start, info); ok {
		return res
	}
	s.tt.newSearch()

	var only [][]board.Action
	if len(lim.SearchMoves) > 0 {
		only = lim.SearchMoves
	}
	for len(s.threads) < nthreads {
		s.threads = append(s.threads, newThread(len(s.threads), s.ev))
	}
	sh := &shared{tt: s.tt, tb: s.tb, done: ctx.Done(), nodeLimit: lim.Nodes, only: only, threads: s.threads[:nthreads],
		yield: nthreads >= runtime.GOMAXPROCS(0), contempt: s.contempt, plain: s.plain}
	for _, t := range sh.threads {
		t.start(sh, g.Clone())
	}
	main := sh.threads[0]

	maxDepth := MaxDepth
	if lim.Depth > 0 && !lim.Infinite {
		maxDepth = min(lim.Depth, MaxDepth)
	}
	for _, t := range sh.threads[1:] {
		s.helpers.Add(1)
		go func() {
			defer s.helpers.Done()
			t.helperLoop(maxDepth)
		}()
	}

	res := s.mainLoop(ctx, main, root, lim, maxDepth, start, info)

	sh.stop.Store(true)
	res.Nodes = main.nodes
	for _, t := range sh.threads[1:] {
		res.Nodes += t.published.Load()
	}
	if len(res.Best) == 0 {
		res.Best = firstTurn(root, only)
	}
	return res
}

// mainLoop is the main thread's iterative deepening: each depth searches
// the MultiPV lines in turn, each excluding the first turns of the lines
// before it, and reports them.
func (s *AlphaBeta) mainLoop(ctx context.Context, t *thread, root *board.Game, lim engine.Limits, maxDepth int, start time.Time, info func(engine.Info)) engine.Result {
	multiPV := max(lim.MultiPV, 1)
	lines := make([]line, multiPV)
	var res engine.Result
	for depth := 1; depth <= maxDepth; depth++ {
		t.filter.Exclude = t.filter.Exclude[:0]
		n := 0
		for ; n < multiPV; n++ {
			t.rootValid = false
			prev := lines[n].score
			if depth == 1 || lines[n].pv == nil {
				prev = -Infinity
			}
			score := t.aspirate(depth, prev)
			if t.stopped || score == -Infinity || !t.rootValid {
				break
			}
			pv := completeTurn(root, t.rootPV, s.tt, t.filter)
			lines[n] = line{pv: pv, score: score}
			t.filter.Exclude = append(t.filter.Exclude, pv[:firstTurnLen(root, pv)])
		}
		if t.stopped {
			// A stopped first line may still have proved a better turn.
			if n == 0 && t.rootValid {
				res.Best = firstTurnOf(root, completeTurn(root, t.rootPV, s.tt, t.filter))
				res.Score = t.rootScore
				res.Mate = mateOf(root, t.rootPV, t.rootScore)
			}
			break
		}
		if n == 0 {
			break // no legal root turn passes the filter
		}
		res.Depth = depth
		res.Best = firstTurnOf(root, lines[0].pv)
		res.Score = lines[0].score
		res.Mate = mateOf(root, lines[0].pv, lines[0].score)
		if info != nil {
			elapsed := time.Since(start)
			nodes := t.nodes + t.sh.totalNodes() - t.published.Load()
			tbHits := t.tbHits + t.sh.totalTBHits() - t.publishedTB.Load()
			for i := 0; i < n; i++ {
				info(engine.Info{
					Depth:    depth,
					SelDepth: t.seldepth,
					Score:    lines[i].score,
					Mate:     mateOf(root, lines[i].pv, lines[i].score),
					Nodes:    nodes,
					NPS:      nps(nodes, elapsed),
					TBHits:   tbHits,
					HashFull: s.tt.hashfull(),
					Time:     elapsed,
					MultiPV:  i + 1,
					PV:       engine.Turns(root, lines[i].pv),
				})
			}
		}
		if !lim.Infinite && lim.Soft > 0 && time.Since(start) >= lim.Soft {
			break
		}
	}
	if lim.Infinite {
		// Only the context ends an infinite search, even one that has
		// run out of depth.
		select {
		case <-ctx.Done():
		case <-stopped(t.sh):
		}
	}
	return res
}

// stopped returns a channel that is closed at once if the search was
// stopped by its node budget, which ends an infinite search too; else a
// channel that is never closed.
func stopped(sh *shared) <-chan struct{} {
	if sh.stop.Load() {
		c := make(chan struct{})
		close(c)
		return c
	}
	return nil
}

// aspirate searches the root with a window around the previous
// iteration's score, widening it on each fail, from AspirationMinDepth on;
// earlier iterations and mate scores use the full window.
func (t *thread) aspirate(depth, prev int) int {
	if depth < AspirationMinDepth || prev == -Infinity || isMate(prev) {
		return t.search(-Infinity, Infinity, depth, 0, 0, board.NoSquare)
	}
	delta := AspirationDelta
	alpha, beta := max(prev-delta, -Infinity), min(prev+delta, Infinity)
	for {
		score := t.search(alpha, beta, depth, 0, 0, board.NoSquare)
		switch {
		case t.stopped || score == -Infinity:
			return score
		case score <= alpha:
			alpha = max(score-delta, -Infinity)
		case score >= beta:
			beta = min(score+delta, Infinity)
		default:
			return score
		}
		delta *= 2
		if delta > MateBound/4 {
			alpha, beta = -Infinity, Infinity
		}
	}
}

// helperLoop is a Lazy SMP helper: iterative deepening with the full
// window, odd helpers a depth ahead, until the main thread stops it. Its
// results reach the main thread only through the table.
func (t *thread) helperLoop(maxDepth int) {
	for depth := 1 + t.id%2; depth <= maxDepth && !t.stopped; depth++ {
		t.search(-Infinity, Infinity, depth, 0, 0, board.NoSquare)
	}
	t.published.Store(t.nodes)
}

func nps(nodes uint64, d time.Duration) uint64 {
	if d <= 0 {
		return 0
	}
	return uint64(float64(nodes) / d.Seconds())
}

// mateOf is the Info.Mate of a root score: counted along the PV where it
// reaches the end of the game, else by alternating turns.
func mateOf(root *board.Game, pv []board.Action, score int) int {
	if !isMate(score) {
		return 0
	}
	if m, ok := mateTurnsFromPV(root, pv, score > 0); ok {
		return m
	}
	return mateTurns(score)
}
