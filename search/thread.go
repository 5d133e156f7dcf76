package search

import (
	"runtime"
	"sync/atomic"

	"seega/board"
	"seega/engine"
)

// shared is the state every thread of one search reads: the table, the
// stop flag and the limits. Only stop changes during the search.
type shared struct {
	tt        *table
	tb        engine.Tablebase // endgame tables, or nil
	stop      atomic.Bool
	done      <-chan struct{}
	nodeLimit uint64
	threads   []*thread
	// only restricts the root turns (SearchMoves); nil allows every turn.
	only [][]board.Action
	// yield is set where the search threads take every processor Go
	// has (GOMAXPROCS), so that a thread must yield now and then to let
	// the command loop read "stop" (see poll).
	yield bool
	// contempt is the searcher's contempt (SetContempt), before the fade.
	contempt int
	// plain is set for a plain searcher (NewPlain): no pruning, no
	// reductions, no quiet fade.
	plain bool
}

// totalNodes sums the node counts the threads have published.
func (s *shared) totalNodes() uint64 {
	var n uint64
	for _, t := range s.threads {
		n += t.published.Load()
	}
	return n
}

// totalTBHits sums the table hits the threads have published.
func (s *shared) totalTBHits() uint64 {
	var n uint64
	for _, t := range s.threads {
		n += t.publishedTB.Load()
	}
	return n
}

// thread is one searcher of a Lazy SMP search: its own game, stacks and
// heuristics, sharing only the table. Its arrays are allocated once, with
// the thread, so the search allocates nothing per node.
type thread struct {
	id int
	sh *shared
	g  *board.Game
	ev engine.Evaluator

	nodes       uint64
	published   atomic.Uint64 // nodes, as last told to the other threads
	tbHits      uint64        // endgame table probes that answered
	publishedTB atomic.Uint64 // tbHits, as last told
	stopped     bool
	seldepth    int // deepest turn count reached, quiescence included
	// plain is sh.plain, kept here for the inner loop: no pruning, no
	// reductions, no quiet fade (NewPlain).
	plain bool

	// filter restricts the root turn: SearchMoves and earlier MultiPV lines.
	filter engine.RootFilter

	// rootPV and rootScore hold the best line of the root search under
	// way, updated whenever the root raises alpha with a finished search.
	rootPV    []board.Action
	rootScore int
	rootValid bool
	// rootSide is the side to act at the root: the side the search plays
	// for, whom a draw costs contempt.
	rootSide board.Color
	// contempt is what a draw costs rootSide in this search: the
	// searcher's contempt, faded by the quiet turns at the root (see
	// rootContempt).
	contempt int

	moves   [MaxPly][]board.Action
	scores  [MaxPly][]int32
	tried   [MaxPly][]board.Action // quiet actions tried, for the history malus
	path    [MaxPly]board.Action
	pv      [MaxPly][MaxPly]board.Action
	pvLen   [MaxPly]int
	killers [MaxPly][2]board.Action
	// placeFrom and ttMoves: see scoreActions and pickAt.
	placeFrom [MaxPly]int
	ttMoves   [MaxPly]uint32
	// ps is ev as a PlacementScorer, or nil; placeScores its scores of
	// the node being ordered.
	ps          engine.PlacementScorer
	placeScores [board.MaxSquares]int32
	// fillScores are placementLeaf's scores of the stone it is placing.
	fillScores [board.MaxSquares]int32
	history    [2][board.MaxSquares + 1][board.MaxSquares]int32
	// firstCapture[ply] is 1 + the quiet-turn count at which the line from
	// the root to ply first captured, or 0 where it has captured nothing:
	// the count the quiet fade reads (see evaluate). The root's entry is
	// always 0.
	firstCapture [MaxPly]int32
}

func newThread(id int, ev engine.Evaluator) *thread {
	if pt, ok := ev.(engine.PerThread); ok {
		ev = pt.ForThread()
	}
	t := &thread{id: id, ev: ev}
	t.ps, _ = ev.(engine.PlacementScorer)
	for i := range t.moves {
		t.moves[i] = make([]board.Action, 0, 64)
		t.scores[i] = make([]int32, 0, 64)
		t.tried[i] = make([]board.Action, 0, 32)
	}
	t.rootPV = make([]board.Action, 0, MaxPly)
	return t
}

// start readies the thread for a search of g's position, whose clone it
// takes.
func (t *thread) start(sh *shared, g *board.Game) {
	t.sh = sh
	t.g = g
	t.nodes = 0
	t.published.Store(0)
	t.tbHits = 0
	t.publishedTB.Store(0)
	t.stopped = false
	t.seldepth = 0
	t.plain = sh.plain
	t.filter = engine.RootFilter{Only: sh.only, Exclude: t.filter.Exclude[:0]}
	t.rootPV = t.rootPV[:0]
	t.rootValid = false
	t.rootSide = g.Position().SideToAct()
	t.contempt = rootContempt(g, sh.contempt)
	t.killers = [MaxPly][2]board.Action{}
	t.ageHistory()
}

// key is the table key of the current position.
func (t *thread) key() uint64 { return tableKey(t.g) }

// tableKey is the table key of g's position: the board's hash, which
// leaves out the counters, with the counters mixed in that change what
// the position is worth: the quiet-turn count where NoCaptureLimit will
// end the game, and Black's turns and White's refusals under Ransom.
func tableKey(g *board.Game) uint64 {
	p := g.Position()
	r := g.Rules()
	k := p.Hash()
	if r.NoCaptureLimit > 0 {
		k ^= uint64(p.QuietTurns()+1) * 0x9E3779B97F4A7C15
	}
	if r.Ransom {
		k ^= uint64(p.BlackTurns()<<8|p.RefusalsUsed()+1) * 0xD6E8FEB86659FD93
	}
	return k
}

// visit counts a node and, every pollMask+1 nodes, publishes the count,
// yields the processor and looks at the stop flag, the context and the
// node budget. It reports whether the search must stop.
func (t *thread) visit() bool {
	t.nodes++
	if t.nodes&pollMask == 0 {
		t.poll()
	}
	return t.stopped
}

func (t *thread) poll() {
	t.published.Store(t.nodes)
	t.publishedTB.Store(t.tbHits)
	// Let a goroutine that is waiting run: with as many search threads as
	// processors, the goroutine that reads "stop" from stdin (back from
	// its read with no processor free) would otherwise wait for the Go
	// scheduler's 10 ms preemption, and each hop to the command loop and
	// back costs as much again. With a processor to spare there is no
	// need, and a yield is not free: it wakes an idle processor, which
	// finds nothing to do (a futex call each time, 4–5% of a profile of
	// the bench, which searches on one thread).
	sh := t.sh
	if sh.yield {
		runtime.Gosched()
	}
	if sh.stop.Load() {
		t.stopped = true
		return
	}
	select {
	case <-sh.done:
		sh.stop.Store(true)
		t.stopped = true
		return
	default:
	}
	if sh.nodeLimit > 0 && sh.totalNodes() >= sh.nodeLimit {
		sh.stop.Store(true)
		t.stopped = true
	}
}

// repeated reports whether the current position, at the start of a
// movement turn, occurred before in the game, in the search or before
// its root: the search scores that 2-fold repetition as a draw. Within
// the search, repeating is always available to the side that repeated.
// Before the root it is what makes a side ahead convert: a position it
// has already stood in scores no better than a draw, so it looks for
// new ones rather than stepping the same stones back and forth until
// the repetition rule or the turn cap ends the game. Only positions
// since the last capture can match.
func (t *thread) repeated() bool {
	h := t.g.History()
	n := len(h)
	p := t.g.Position()
	if n == 0 || h[n-1] != p.Hash() {
		return false
	}
	lo := max(0, n-1-p.QuietTurns())
	for i := n - 2; i >= lo; i-- {
		if h[i] == h[n-1] {
			return true
		}
	}
	return false
}

// drawScore is what a draw is worth to side us: -contempt for the side
// to act at the root, +contempt for its opponent.
func (t *thread) drawScore(us board.Color) int {
	if us == t.rootSide {
		return DrawScore - t.contempt
	}
	return DrawScore + t.contempt
}

// rootContempt is the contempt of a search from g's position, for a
// searcher whose contempt is c. Where no quiet-turn limit ends the game,
// it fades from c to nothing over ContemptFadeTurns quiet turns: after so
// long without a capture, refusing every repetition only walks the
// stones about until the turn cap.
func rootContempt(g *board.Game, c int) int {
	if g.Rules().NoCaptureLimit > 0 {
		return c
	}
	q := min(g.Position().QuietTurns(), ContemptFadeTurns)
	return c * (ContemptFadeTurns - q) / ContemptFadeTurns
}

// evaluate is the clamped static evaluation at ply, shrunk towards a draw
// as quiet turns pile up where no quiet-turn limit ends the game: a lead
// that is not turned into captures is then worth less the longer it
// waits (quietFade).
//
// Where no repetition rule applies either, it reads the quiet turns of
// the line's first capture (the leaf's own where the line captured
// nothing), so that a capture sooner scores higher: the leaf's count
// restarts at every capture and would make the search put captures off
// to its horizon. Worth: nolimit-7 conversion 28 → 36–37 of 40; with a
// repetition rule it lost (docs/strength.md, docs/strength-tried.md).
// A plain searcher (NewPlain) takes the evaluation as it is.
func (t *thread) evaluate(ply int) int {
	v := clampEval(t.ev.Evaluate(t.g))
	r := t.g.Rules()
	if r.NoCaptureLimit > 0 || t.plain {
		return v
	}
	p := t.g.Position()
	v = fortressScale(v, p)
	q := p.QuietTurns()
	repetitionRule := r.RepetitionDraw > 0
	if c := t.firstCapture[ply]; c > 0 && !repetitionRule {
		q = int(c) - 1
	}
	w := p.Stones(board.White).Count()
	level := w == p.Stones(board.Black).Count() && w*LevelFadeShare <= r.Stones()
	return quietFade(v, q, repetitionRule, level)
}

// fortressScale divides v, the evaluation of p for its side to act, by
// FortressDivisor where the side it favours leads against a fortress of
// more than LoseAt stones: the game cannot be won there. Only for rules
// under which a fortress draws (board.Rules.FortressDraws: no quiet-turn
// limit, no ransom), in the movement phase, and for a lead of at least
// FortressMinLead. A decided score needs no exception: the
// evaluation calls a game over only for a side at LoseAt stones or
// blocked, and a fortress side is neither.
func fortressScale(v int, p *board.Position) int {
	r := p.Rules()
	if !r.FortressDraws() || p.Placement() || abs(v) < FortressMinLead {
		return v
	}
	behind := p.SideToAct() // v < 0: the side to act is behind
	if v > 0 {
		behind = behind.Other()
	}
	if p.Fortress(behind).Count() > r.LoseAt {
		return v / FortressDivisor
	}
	return v
}

// quietFade shrinks the evaluation v after q quiet turns. With a
// repetition rule it fades to nothing over QuietFadeTurns (a lead no
// capture has cashed is then worth a draw, and the side ahead takes the
// repetition rather than walk about until the turn cap). In a level
// ending, where there is no lead to wait with, it fades twice as fast
// (LevelFadeFull). Without a repetition rule no draw awaits a faded lead,
// only the turn cap, and a lead faded to nothing would leave the side
// ahead no gradient to hunt by: there it fades as with the rule up to
// QuietFadeNoDrawTurns, and from there on in inverse proportion to q, so
// that it never reaches nothing and a capture sooner still scores higher
// than one later.
func quietFade(v, q int, repetitionRule, level bool) int {
	switch {
	case level:
		q = min(q, LevelFadeFull)
		return v * (LevelFadeFull - q) / LevelFadeFull
	case repetitionRule || q <= QuietFadeNoDrawTurns:
		q = min(q, QuietFadeTurns)
		return v * (QuietFadeFull - q) / QuietFadeFull
	default:
		return v * (QuietFadeFull - QuietFadeNoDrawTurns) * QuietFadeNoDrawTurns / (QuietFadeFull * q)
	}
}

// trackCapture sets firstCapture for ply+1, after action a was made at
// ply from a position with quiet quiet turns: the count of the line's
// first capture, kept once the line has one.
func (t *thread) trackCapture(ply int, a board.Action, quiet int) {
	c := t.firstCapture[ply]
	if c == 0 && a.Captured() {
		c = int32(quiet) + 1
	}
	t.firstCapture[ply+1] = c
}
