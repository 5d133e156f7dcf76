// Package engine is the vocabulary every searcher and every front end
// share: what a search is asked (Limits), what it reports (Info) and
// finds (Result), the options a searcher is built and set with (Options),
// the endgame tables it may probe (Tablebase), and the one time
// allocator (Allocate). It depends on package board alone.
//
// The searchers (package search's alpha-beta, package mcts) implement
// Searcher; the front ends (the UGI protocol, GTP, the tools of cmd/seega)
// drive it with board values: turns, searchmoves and principal variations
// are actions, and only the protocols read and write them as text.
package engine

import (
	"context"

	"seega/board"
)

// Searcher is one searcher with its own tables. Its methods must not be
// called concurrently with each other; Search runs its threads inside.
type Searcher interface {
	// Search looks for the best turn in g, which it may change while it
	// runs but leaves as it found it, until a limit of lim is reached or
	// ctx is done (it returns within a few milliseconds then), with the
	// best turn found so far. info, if not nil, is called for each report,
	// on the caller's goroutine.
	Search(ctx context.Context, g *board.Game, lim Limits, info func(Info)) Result
	// NewGame forgets the game: clears hash tables and history, so that
	// the next search depends on nothing before it.
	NewGame()
	// SetOptions applies o from the next search on. A searcher takes
	// what it has of o and ignores the rest; an unchanged Hash keeps the
	// table as it is.
	SetOptions(o Options)
}

// Options are a searcher's settings, handed to it whole: the front ends
// keep one Options and give it to whichever searcher they drive, so that
// no option needs to know which searchers have it.
type Options struct {
	HashMB   int // transposition table size in MiB; a table never exceeds it
	Threads  int // search threads, >= 1
	Contempt int // what a draw costs the side searching, in cp
	// Tablebase is the endgame tables to probe, or nil for none.
	Tablebase Tablebase
	// Level, if not nil and below MaxSkill, makes the searcher play
	// weaker (see Level); nil is full strength.
	Level *Level
	// OwnBook lets a searcher that has an opening book play from it
	// (package book's wrapper); a full-strength searcher only. The zero
	// value is off, so that tools that build their own Options (bench,
	// the builders, the tuner) search every position; the front ends
	// turn it on.
	OwnBook bool

	// EvalFile is a network file to evaluate with (the EvalFile option),
	// or "" for the evaluation built in for the rules. It is read when a
	// searcher is built: a Factory's New takes it, SetOptions does not.
	EvalFile string
}

// Factory is a searcher by name and how to build it for a rule set: the
// evaluation is made for one rule set, so a front end builds a new
// searcher whenever the rules change.
type Factory struct {
	Name string
	New  func(r board.Rules, o Options) Searcher
}

// SearchNodes searches g for at most nodes nodes with no clock, as the
// tools that must give the same answer every time (the opening builder,
// the tuner's games) do: on one thread with a cleared table it is
// deterministic.
func SearchNodes(s Searcher, g *board.Game, nodes uint64) Result {
	return s.Search(context.Background(), g, Limits{Nodes: nodes}, nil)
}
