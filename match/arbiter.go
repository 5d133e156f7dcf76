package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"seega/board"
)

// arbiter plays games between two engines and judges them. It holds what
// is the same for every game of a tournament.
type arbiter struct {
	rules board.Rules
	// tcOf is the time control of each engine, by name (Config's
	// timeControlOf), and tcLabel all of them as the records write it.
	tcOf     func(name string) TimeControl
	tcLabel  string
	margin   time.Duration
	timeouts Timeouts
	maxTurns int
	observer Observer
	warn     func(format string, args ...any)
}

// gameState is one game in progress.
type gameState struct {
	job     job
	slot    int
	names   [2]string
	opening Opening
	g       *board.Game
	rec     *Record
	tc      [2]TimeControl // White's and Black's
	left    clocks
	info    [2]Info
	over    bool
}

// errAbandoned means the tournament was stopped while the game was on:
// the game is not recorded, and will be played when the tournament
// resumes.
var errAbandoned = errors.New("game abandoned")

// play plays the game st holds, set up at its opening, to the end.
// engines are White's and Black's; startErr[side] is why that side's
// engine could not be started, and that side then loses at once. It
// returns errAbandoned if ctx ends first.
func (a *arbiter) play(ctx context.Context, st *gameState, engines [2]*engine, startErr [2]error) (*Record, error) {
	st.rec = &Record{
		Index: st.job.Index, Round: st.job.Round, Pair: st.job.Pair, Opening: st.job.Opening,
		White: st.names[0], Black: st.names[1],
		Variant: a.rules.Variant, Rules: a.rules.String(), TimeControl: a.tcLabel,
		OpeningLine: st.opening.String(), Start: st.g.SeFEN(),
	}
	st.tc = [2]TimeControl{a.tcOf(st.names[0]), a.tcOf(st.names[1])}
	st.left = clocks{st.tc[0].Clock, st.tc[1].Clock}
	a.notify(st)

	// Both engines must be up and have heard of the new game.
	for _, side := range []board.Color{board.White, board.Black} {
		err := startErr[side]
		if err == nil {
			err = engines[side].newGame(ctx, a.timeouts.Ready)
		}
		if err != nil {
			rec, err := a.forfeit(ctx, st, side, err, "")
			if rec != nil && startErr[side] != nil {
				// Told apart from a crash: the standings count an
				// engine that never started as such.
				rec.Termination = TermNoStart
			}
			return rec, err
		}
	}

	for {
		if res := st.g.Result(); res.Over() {
			a.finish(st, res.Outcome, TermRules, res.String())
			a.crossCheck(ctx, st, engines)
			return st.rec, nil
		}
		if a.maxTurns > 0 && len(st.rec.Turns) >= a.maxTurns {
			a.finish(st, board.Draw, TermTurnLimit, fmt.Sprintf("Draw: the turn limit of %d turns was reached.", a.maxTurns))
			return st.rec, nil
		}
		side := st.g.Position().SideToAct()
		e := engines[side]
		tc := st.tc[side]
		limit, why := tc.limit(st.left[side], a.margin)
		goLine := tc.goCommand(st.left, [2]time.Duration{st.tc[0].Inc, st.tc[1].Inc}, e.uci)
		move, used, err := e.think(ctx, a.positionCommand(st), goLine, limit, a.timeouts.Grace, why)
		st.info[side] = e.info
		if err != nil {
			return a.forfeit(ctx, st, side, err, move)
		}
		if err := a.apply(st, side, move); err != nil {
			return a.forfeit(ctx, st, side, err, move)
		}
		st.rec.Turns[len(st.rec.Turns)-1].Time = used
		if tc.Clock > 0 {
			st.left[side] = max(st.left[side]-used, 0) + tc.Inc
		}
		a.notify(st)
	}
}

// apply plays an engine's bestmove as a whole turn, counting what it
// captured.
func (a *arbiter) apply(st *gameState, side board.Color, move string) error {
	name := st.names[side]
	if move == "" {
		return &engineError{kind: failIllegal, msg: name + " sent bestmove without a move"}
	}
	p := st.g.Position()
	oppBefore, ownBefore := p.Stones(side.Other()).Count(), p.Stones(side).Count()
	plyBefore := st.g.Ply()
	if err := st.g.PlayToken(move, board.PerTurn); err != nil {
		return &engineError{kind: failIllegal, msg: fmt.Sprintf("%s played %q, which is not a legal turn: %v", name, move, err)}
	}
	p = st.g.Position()
	if p.MidTurn() && !st.g.Result().Over() {
		for st.g.Ply() > plyBefore {
			st.g.Unmake()
		}
		return &engineError{kind: failIllegal, msg: fmt.Sprintf("%s played %q, which is not a whole turn: the turn is still under way after it", name, move)}
	}
	// A step's captures are the opponent's stones it took. Ransom
	// removals are no captures (RULES.md 3.5): an accept takes the
	// mover's own stones too, and is told apart by that.
	if p.Stones(side).Count() == ownBefore {
		st.rec.Captured[side] += oppBefore - p.Stones(side.Other()).Count()
	}
	st.rec.Turns = append(st.rec.Turns, TurnRecord{Side: side, Move: move})
	return nil
}

// positionCommand is the `position` line for the game so far.
func (a *arbiter) positionCommand(st *gameState) string {
	var sb strings.Builder
	sb.WriteString("position ")
	sb.WriteString(st.opening.String())
	if len(st.opening.Moves) == 0 && len(st.rec.Turns) > 0 {
		sb.WriteString(" moves")
	}
	for _, t := range st.rec.Turns {
		sb.WriteByte(' ')
		sb.WriteString(t.Move)
	}
	return sb.String()
}

// forfeit ends the game with a loss for side, because of err.
func (a *arbiter) forfeit(ctx context.Context, st *gameState, side board.Color, err error, move string) (*Record, error) {
	if stoppedWithRunner(ctx, err) {
		return nil, errAbandoned
	}
	var ee *engineError
	if !errors.As(err, &ee) {
		ee = &engineError{kind: failCrash, msg: fmt.Sprintf("%s: %v", st.names[side], err)}
	}
	term := map[failKind]Termination{failCrash: TermCrash, failNoAnswer: TermNoAnswer, failTime: TermTime, failIllegal: TermIllegal}[ee.kind]
	reason := ee.msg
	if ee.kind == failTime && move != "" {
		reason += fmt.Sprintf(" (its move %s was not played)", move)
	}
	outcome := board.WhiteWins
	if side == board.White {
		outcome = board.BlackWins
	}
	winner := "White"
	if outcome == board.BlackWins {
		winner = "Black"
	}
	a.finish(st, outcome, term, fmt.Sprintf("%s wins: %s.", winner, strings.TrimSuffix(reason, ".")))
	return st.rec, nil
}

// finish fills in the end of the record and tells the observer.
func (a *arbiter) finish(st *gameState, o board.Outcome, term Termination, reason string) {
	st.rec.Outcome, st.rec.Termination, st.rec.Reason = o, term, reason
	st.rec.Final = st.g.SeFEN()
	st.rec.Date = time.Now().UTC().Format(time.RFC3339)
	st.over = true
	a.notify(st)
}

// crossCheck asks each engine for its view of the result, where it
// answers, and notes a disagreement with the arbiter's. The arbiter's
// result stands either way.
func (a *arbiter) crossCheck(ctx context.Context, st *gameState, engines [2]*engine) {
	pos := a.positionCommand(st)
	for side, e := range engines {
		if e == nil {
			continue
		}
		got, ok := e.query(ctx, pos, "result", a.timeouts.Query)
		if !ok || got == st.rec.Code() {
			continue
		}
		note := fmt.Sprintf("%s says the result is %s; the arbiter says %s (%s)", st.names[side], got, st.rec.Code(), st.rec.Reason)
		st.rec.Notes = append(st.rec.Notes, note)
		a.warn("game %d: %s", st.job.Index+1, note)
	}
}

func (a *arbiter) notify(st *gameState) {
	if a.observer != nil {
		a.observer.Game(a.view(st))
	}
}

// warnTo makes a warn function that writes lines to w (nil: nowhere).
func warnTo(w io.Writer) func(string, ...any) {
	return func(format string, args ...any) {
		if w != nil {
			fmt.Fprintf(w, "warning: "+format+"\n", args...)
		}
	}
}
