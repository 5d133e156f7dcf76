package protocol

import (
	"context"
	"fmt"
	"time"

	"seega/board"
)

// searchJob is one go: the search goroutine's own copies of what it needs,
// so that the command loop may change the session's game and options
// while it runs. The loop reads nodes only after done is closed.
type searchJob struct {
	engine   Engine
	work     *board.Game // the engine searches this copy
	check    *board.Game // the bestmove is checked against this untouched copy
	lim      Limits
	gran     board.Granularity
	infinite bool // hold bestmove until stop, even if the search ends first

	// over marks a finished game: no search, bestmove 0000 with the reason.
	over   bool
	result board.Result

	cancel context.CancelFunc
	done   chan struct{}
	nodes  uint64 // nodes searched, valid once done is closed
}

// startJob runs j on a goroutine of its own, with a deadline hard after at
// when hard > 0.
func (s *Session) startJob(j *searchJob, at time.Time, hard time.Duration) {
	ctx := context.Background()
	if hard > 0 {
		ctx, j.cancel = context.WithDeadline(ctx, at.Add(hard))
	} else {
		ctx, j.cancel = context.WithCancel(ctx)
	}
	j.done = make(chan struct{})
	s.job = j
	go j.run(ctx, s.out)
}

// run searches and prints the info lines and exactly one bestmove. A
// searcher that panics or names an illegal turn is a bug, but the GUI
// still gets a legal bestmove, with an error line saying what happened.
func (j *searchJob) run(ctx context.Context, out *lineWriter) {
	defer close(j.done)
	defer j.cancel()
	if j.over {
		out.line("info string " + j.result.String())
		if j.infinite {
			<-ctx.Done()
		}
		out.line("bestmove 0000")
		return
	}
	var res Result
	func() {
		defer func() {
			if r := recover(); r != nil {
				out.errorf("the search failed: %v", r)
				res = Result{}
			}
		}()
		res = j.engine.Search(ctx, j.work, j.lim, func(i Info) { out.line(formatInfo(i)) })
	}()
	j.nodes = res.Nodes
	if j.infinite {
		<-ctx.Done()
	}
	move, err := BestMove(j.check, res.Best, j.gran)
	if err != nil {
		out.errorf("%v; playing %s instead", err, move)
	}
	out.line("bestmove " + move)
}

// stopSearch ends the search under way, if any, and waits for its
// bestmove to be printed.
func (s *Session) stopSearch() {
	if s.job != nil {
		s.job.cancel()
	}
	s.waitSearch()
}

// waitSearch waits for the search under way, if any, to finish on its own
// and counts its nodes.
func (s *Session) waitSearch() {
	j := s.job
	if j == nil {
		return
	}
	<-j.done
	s.nodes += j.nodes
	s.job = nil
}

// BestMove writes a search's best turn as a bestmove: the whole turn under
// board.PerTurn, its first action under board.PerAction. It checks the
// turn with the board package first, so that the engine never prints an
// illegal move; if the turn is not legal in g (a searcher's bug), it
// returns the first legal turn or action instead, with an error saying
// why. In a finished game it returns 0000.
func BestMove(g *board.Game, best []board.Action, gran board.Granularity) (string, error) {
	n := g.Position().Size()
	if g.Result().Over() {
		return "0000", nil
	}
	if gran == board.PerAction {
		if len(best) > 0 {
			if a, ok := g.Legalize(best[0]); ok {
				return board.ActionString(a, n), nil
			}
		}
		legal := g.LegalActions(nil)
		return board.ActionString(legal[0], n), illegal(best, n)
	}
	if len(best) > 0 {
		text := board.TurnString(best, n)
		c := g.Clone()
		if c.PlayToken(text, board.PerTurn) == nil && !c.Position().MidTurn() {
			return text, nil
		}
	}
	first := "0000"
	g.ForEachTurn(func(t []board.Action) bool {
		first = board.TurnString(t, n)
		return false
	})
	return first, illegal(best, n)
}

func illegal(best []board.Action, n int) error {
	if len(best) == 0 {
		return fmt.Errorf("the search returned no move")
	}
	return fmt.Errorf("the search returned %s, which is not a legal turn here", quote(board.TurnString(best, n)))
}
