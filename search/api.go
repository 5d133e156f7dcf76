// Package search is the engine's alpha-beta searcher: iterative-deepening
// principal variation search over single actions, with a shared
// transposition table, quiescence over captures and Lazy SMP threads.
//
// The search walks single actions (a placement stone, one step of a
// chain) with make/unmake on a board.Game, and counts depth in turns: a
// chain's further steps and a placement turn's second stone are free
// plies, so a depth-d search always looks d whole turns ahead and the
// principal variation is always made of whole turns. The protocol speaks
// turns only.
//
// The package declares the small Evaluator interface it needs; package
// eval implements it, and search does not import eval.
package search

import (
	"context"
	"time"

	"seega/board"
)

// Evaluator scores positions for one rule set. The searcher shares one
// Evaluator between its threads, so it must be safe for concurrent use
// (read-only after construction). Evaluate must allocate nothing: it runs
// at every leaf.
type Evaluator interface {
	// Evaluate scores g's current position from the side to act's point
	// of view, in hundredths of a stone. It must leave g as it found it.
	Evaluate(g *board.Game) int
	// PlacementScore scores a placement square for the side to act,
	// higher is better; the search orders placement actions by it.
	PlacementScore(g *board.Game, sq board.Square) int
}

// PlacementScorer is an Evaluator that can also score a set of
// placement squares of a position at once, more cheaply than square by
// square: out gets PlacementScore(g, sq) for each square sq of squares,
// and 0 elsewhere. The search uses it where the Evaluator has it.
type PlacementScorer interface {
	PlacementScores(g *board.Game, squares board.Bitboard, out *[board.MaxSquares]int32)
}

// Config is what a Searcher is built with.
type Config struct {
	HashMB  int // transposition table size in MiB; the table never exceeds it
	Threads int // >= 1
}

// Limits bound one search. Zero values mean "no limit", except MultiPV,
// where anything below 1 means 1.
type Limits struct {
	Depth       int           // max depth in turns; 0 = no limit
	Nodes       uint64        // node budget; 0 = no limit
	Soft        time.Duration // stop starting new iterations after this (0 = none)
	MultiPV     int           // >= 1
	SearchMoves []string      // restrict the root to these turns (turn text); nil = all
	Infinite    bool          // do not stop on Depth/Soft; only ctx ends it
}

// Info reports one principal variation of a completed iteration.
type Info struct {
	Depth, SelDepth int
	Score           int // cp from the side to act
	Mate            int // 0, or +M / -M: forced win/loss in M of the engine's own turns
	Nodes           uint64
	NPS             uint64
	TBHits          uint64 // endgame table probes that answered
	HashFull        int    // per mille
	Time            time.Duration
	MultiPV         int      // 1-based line number
	PV              []string // turns, as board.TurnString text
}

// Result is what a search found.
type Result struct {
	// Best is the best turn as its actions (from a half-done turn: its
	// rest). It is never empty unless the game is over.
	Best  []board.Action
	Score int // cp from the side to act; a mate score where Mate != 0
	Mate  int // as in Info
	Depth int // the last depth completed in full
	Nodes uint64
}

// Searcher is what the protocol drives. Its methods must not be called
// concurrently with each other; Search itself runs its threads inside.
type Searcher interface {
	// Search looks for the best turn in g, which it does not change, and
	// returns when a limit is reached or ctx is done (within a few ms),
	// with the best turn found so far. info, if not nil, is called once
	// per completed iteration and MultiPV line, on the caller's goroutine.
	Search(ctx context.Context, g *board.Game, lim Limits, info func(Info)) Result
	NewGame()         // clear TT and history
	SetHashMB(mb int) // resize the table (and clear it)
	SetThreads(n int) // use n threads from the next search on
}

// New builds the alpha-beta Searcher. It returns the interface so that the
// protocol can hold it beside other Searcher implementations; NewAlphaBeta
// gives the concrete type.
func New(cfg Config, ev Evaluator) Searcher { return NewAlphaBeta(cfg, ev) }
