package protocol

import (
	"context"
	"time"

	"seega/board"
)

// Engine is what the protocol drives: one searcher with its own tables.
// It is declared here, with its user, so that any searcher (alpha-beta,
// MCTS, a test fake) plugs in through a small adapter in cmd/seega and
// the protocol never imports a search package.
//
// The protocol calls the methods from one goroutine at a time: Search runs
// on the search goroutine, and the others are called only while no search
// is running.
type Engine interface {
	// Search searches g (which it may change while running but must leave
	// as it found it) until ctx is done or lim is reached, calling info
	// (if not nil) for each line of output, and returns the best turn. It
	// must return within a few milliseconds once ctx is done.
	Search(ctx context.Context, g *board.Game, lim Limits, info func(Info)) Result
	// NewGame forgets the game: clears hash tables and history.
	NewGame()
	// SetHashMB resizes the transposition table; it never exceeds mb MiB.
	SetHashMB(mb int)
	// SetThreads sets the number of search threads (>= 1).
	SetThreads(n int)
}

// Limits bounds one search. Zero values mean "no limit".
//
// Limits, Info, Result and TimeControl have the same fields, in the same
// order, as their twins in package search, so that cmd/seega adapts one to
// the other by plain conversion and the compiler notices if they part.
type Limits struct {
	Depth       int           // max depth in turns
	Nodes       uint64        // node budget
	Soft        time.Duration // stop starting new iterations after this
	MultiPV     int           // lines to report, >= 1
	SearchMoves []string      // restrict the root to these turns (turn text); nil = all
	Infinite    bool          // do not stop on Depth or Soft; only ctx ends the search
}

// Info is one progress report of a search: one `info` line.
type Info struct {
	Depth, SelDepth int
	Score           int // cp, from the side to act
	Mate            int // 0, or +M / -M: a forced win/loss in M of the engine's own turns
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
	// Best is the best turn (from a half-done turn, its rest); empty only
	// when the game is over.
	Best  []board.Action
	Score int
	Mate  int
	Depth int
	Nodes uint64
}

// TimeControl is the clock situation of one `go`, for the allocator.
type TimeControl struct {
	Time, Inc  time.Duration // the engine's own clock; Time 0 = no clock
	MovesToGo  int
	MoveTime   time.Duration // exact time per move (0 = none)
	Overhead   time.Duration // Move Overhead
	TurnNumber int           // board.Position.TurnNumber()
	BoardSize  int
}

// Allocator turns a clock into budgets: soft (aim) and hard (never pass).
// A hard budget of 0 means no deadline.
type Allocator func(tc TimeControl) (soft, hard time.Duration)

// Searcher is one entry of the Search option: a name and a way to build
// the engine for a rule set. The protocol rebuilds the engine whenever the
// rules change, since evaluators are made for one rule set.
type Searcher struct {
	Name string
	New  func(r board.Rules, hashMB, threads int) Engine
}
