package engine

import (
	"time"

	"seega/board"
)

// Limits bound one search. Zero values mean "no limit", except MultiPV,
// where anything below 1 means 1.
type Limits struct {
	Depth   int           // max depth in turns; 0 = no limit
	Nodes   uint64        // node budget; 0 = no limit
	Soft    time.Duration // stop starting new iterations after this (0 = none)
	MultiPV int           // lines to report, >= 1
	// SearchMoves restricts the root to these turns, each the actions a
	// searcher walks to make it (a stopped optional chain ends with its
	// stop, a placement pair is in square order); nil = every turn.
	SearchMoves [][]board.Action
	Infinite    bool // do not stop on Depth or Soft; only ctx ends the search
}

// Info is one progress report of a search: one principal variation of a
// completed iteration (one `info` line).
type Info struct {
	Depth, SelDepth int
	Score           int // cp from the side to act
	Mate            int // 0, or +M / -M: a forced win/loss in M of the engine's own turns
	Nodes           uint64
	NPS             uint64
	TBHits          uint64 // endgame table probes that answered
	HashFull        int    // per mille
	Time            time.Duration
	MultiPV         int // 1-based line number
	// PV is the line, one element a turn (the last may be left open);
	// see Turns.
	PV [][]board.Action
	// Text, if not empty, makes the report free text (UGI's `info
	// string`), such as where a book turn came from; the other fields
	// are then unset.
	Text string
}

// Result is what a search found.
type Result struct {
	// Best is the best turn as its actions (from a half-done turn: its
	// rest). It is empty only when the game is over.
	Best  []board.Action
	Score int // cp from the side to act; a mate score where Mate != 0
	Mate  int // as in Info
	Depth int // the last depth completed in full
	Nodes uint64
}

// Turns cuts a line of play from g, given as its actions, into its
// turns, for Info.PV: the last is left as far as it goes if it is open.
// The turns are a copy, so the caller may reuse line. g is left as it
// was.
func Turns(g *board.Game, line []board.Action) [][]board.Action {
	line = append([]board.Action(nil), line...)
	var out [][]board.Action
	start := 0
	for i, a := range line {
		g.Make(a)
		if !g.Position().MidTurn() {
			out = append(out, line[start:i+1:i+1])
			start = i + 1
		}
	}
	if start < len(line) {
		out = append(out, line[start:])
	}
	for range line {
		g.Unmake()
	}
	return out
}
