package protocol

import (
	"context"
	"fmt"
	"time"

	"seega/board"
	"seega/engine"
)

// searchJob is one go, or one perft or bench: the job goroutine's own
// copies of what it needs, so that the command loop may change the
// session's game and options while it runs, and keeps answering isready,
// stop and quit.
type searchJob struct {
	engine   engine.Searcher
	work     *board.Game // the engine searches this copy
	check    *board.Game // the bestmove is checked against this untouched copy
	lim      engine.Limits
	gran     board.Granularity
	infinite bool // hold bestmove until stop, even if the search ends first

	// over marks a finished game: no search, bestmove 0000 (cmdGo has
	// given the reason).
	over bool

	// task, if not nil, is what the job runs instead of a search: a perft
	// or a bench, which prints its own output. Unlike a search it has an
	// end of its own that a script waits for, so only stop and quit cut
	// it short; any other command that needs the job slot waits for it.
	task func(ctx context.Context)

	cancel context.CancelFunc
	done   chan struct{}
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
	if j.task != nil {
		defer func() {
			// A bug, but the session goes on, as after a handler's panic.
			if r := recover(); r != nil {
				out.errorf("internal error: %v", r)
			}
		}()
		j.task(ctx)
		return
	}
	if j.over {
		if j.infinite {
			<-ctx.Done()
		}
		out.line("bestmove 0000")
		return
	}
	var res engine.Result
	var shown shownInfo
	start := time.Now()
	func() {
		defer func() {
			if r := recover(); r != nil {
				out.errorf("the search failed: %v", r)
				res = engine.Result{}
			}
		}()
		n := j.work.Position().Size()
		res = j.engine.Search(ctx, j.work, j.lim, func(i engine.Info) {
			if i.Text != "" {
				out.line("info string " + i.Text)
				return
			}
			l := newInfoLine(i, n)
			shown.add(l)
			out.line(formatInfo(l))
		})
	}()
	took := time.Since(start)
	if j.infinite {
		<-ctx.Done()
	}
	move, err := BestMove(j.check, res.Best, j.gran)
	if err != nil {
		out.errorf("%v; playing %s instead", err, move)
	}
	if final, ok := shown.final(j.check, res, move, j.gran, took); ok {
		out.line(formatInfo(final))
	}
	out.line("bestmove " + move)
}

// stopSearch ends the search under way, if any, and waits for its
// bestmove to be printed. A perft or a bench under way is waited for, not
// cut short: a script that sends perft 6 and then go wants both.
func (s *Session) stopSearch() {
	if s.job != nil && s.job.task == nil {
		s.job.cancel()
	}
	s.waitSearch()
}

// cancelJob ends whatever job is under way, a perft or a bench too, and
// waits for it: the stop command.
func (s *Session) cancelJob() {
	if s.job != nil {
		s.job.cancel()
	}
	s.waitSearch()
}

// idle reports whether no job is under way: none was started, or the
// last one has finished.
func (s *Session) idle() bool {
	if s.job == nil {
		return true
	}
	select {
	case <-s.job.done:
		return true
	default:
		return false
	}
}

// waitSearch waits for the job under way, if any, to finish on its own.
func (s *Session) waitSearch() {
	j := s.job
	if j == nil {
		return
	}
	<-j.done
	s.job = nil
}

// startTask runs task as a job, after the job under way: a perft or a
// bench runs on the job goroutine like a search, so that the command loop
// answers isready, stop and quit meanwhile.
func (s *Session) startTask(task func(ctx context.Context)) {
	s.stopSearch()
	s.startJob(&searchJob{task: task}, time.Now(), 0)
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
