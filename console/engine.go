package console

import (
	"context"
	"fmt"
	"time"

	"seega/board"
	"seega/engine"
	"seega/protocol"
)

// This file holds the package's only calls into the searcher: a change
// of the search API is adapted here and nowhere else.

// Choice is a turn chosen for the side to act: its text, as the protocol
// writes turns (the rest of the turn when one is half done), and a note
// on how it was found, for the turn line (empty when there is none).
type Choice struct {
	Turn string
	Note string
}

// Chooser picks the turn for the side to act in g, leaving g as it found
// it. The engine is one; tests use stand-ins whose turns they know.
type Chooser interface {
	Choose(g *board.Game) (Choice, error)
}

// Engine chooses turns with a searcher, under per-turn limits.
type Engine struct {
	Searcher engine.Searcher
	// Allocate turns MoveTime into a soft aim and a hard deadline, as in
	// UGI mode; nil searches to the soft limit MoveTime with no deadline.
	Allocate func(engine.TimeControl) (soft, hard time.Duration)
	// MoveTime is the time for each turn, 0 for none; Depth the depth in
	// turns, 0 for none. One of them must be set.
	MoveTime time.Duration
	Depth    int
}

// moveOverhead is kept back from each turn's time, as Move Overhead is in
// UGI mode, so that a turn never runs past MoveTime.
const moveOverhead = 10 * time.Millisecond

// Choose is the best turn for this game with these limits. The turn is
// checked against the rules (protocol.BestMove) before it is returned.
func (e *Engine) Choose(g *board.Game) (Choice, error) {
	lim := engine.Limits{Depth: e.Depth, MultiPV: 1}
	ctx := context.Background()
	if e.MoveTime > 0 {
		lim.Soft = e.MoveTime
		if e.Allocate != nil {
			soft, hard := e.Allocate(engine.TimeControl{
				MoveTime:   e.MoveTime,
				Overhead:   moveOverhead,
				TurnNumber: g.Position().TurnNumber(),
				BoardSize:  g.Position().Size(),
			})
			lim.Soft = soft
			if hard > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, hard)
				defer cancel()
			}
		}
	}
	start := time.Now()
	res := e.Searcher.Search(ctx, g.Clone(), lim, nil)
	took := time.Since(start)
	turn, err := protocol.BestMove(g, res.Best, board.PerTurn)
	if err != nil {
		return Choice{}, fmt.Errorf("the engine chose no legal turn: %v", err)
	}
	score := fmt.Sprintf("cp %d", res.Score)
	if res.Mate != 0 {
		score = fmt.Sprintf("mate %d", res.Mate)
	}
	return Choice{Turn: turn, Note: fmt.Sprintf("depth %d, score %s, %d nodes, %d ms",
		res.Depth, score, res.Nodes, took.Milliseconds())}, nil
}
