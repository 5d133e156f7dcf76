package match

import (
	"fmt"

	"seega/board"
)

// A records file is the tournament's memory: a rerun counts the games it
// holds and does not play them again. A record damaged by hand or by a
// disk (a turn changed to "zz99", a result edited) would be counted as it
// stands, so each record resumed from is played again through board, and
// one that is not a legal game, or whose result does not follow from its
// turns, is refused with its line.

// ReplayError is a record that does not replay: Line is the line of the
// records file it is found at (the turn, or the record's score line for
// its end).
type ReplayError struct {
	Line int
	Msg  string
}

func (e *ReplayError) Error() string { return e.Msg }

// Replay plays r's turns from g, the game set up at r's opening as the
// arbiter set it up (g is played on), and checks that r is a game the
// arbiter could have recorded: each turn the side to act's, legal and
// whole; the stones captured and the final position as recorded; and
// the result as its termination says: by the rules, the rules' result;
// at the turn limit (maxTurns; 0 for none), a draw with the game still
// on after maxTurns turns; by forfeit, a loss for the side that was to
// act (or, before any turn, either side: both engines are readied
// then), with the game still on.
func (r *Record) Replay(g *board.Game, maxTurns int) error {
	fail := func(line int, format string, args ...any) error {
		return &ReplayError{Line: line, Msg: fmt.Sprintf(format, args...)}
	}
	if g.SeFEN() != r.Start {
		return fail(r.Line, "game %d starts at %q, but its opening gives %q", r.Index, r.Start, g.SeFEN())
	}
	var captured [2]int
	for i, t := range r.Turns {
		what := fmt.Sprintf("game %d, turn %d (%s %s)", r.Index, i+1, sideLetter(t.Side), t.Move)
		if res := g.Result(); res.Over() {
			return fail(t.Line, "%s: the game was over before it (%s)", what, res)
		}
		p := g.Position()
		side := p.SideToAct()
		if t.Side != side {
			return fail(t.Line, "%s: it is %s's turn", what, colourName(side))
		}
		oppBefore, ownBefore := p.Stones(side.Other()).Count(), p.Stones(side).Count()
		if err := g.PlayToken(t.Move, board.PerTurn); err != nil {
			return fail(t.Line, "%s: not a legal turn: %v", what, err)
		}
		p = g.Position()
		if p.MidTurn() && !g.Result().Over() {
			return fail(t.Line, "%s: not a whole turn", what)
		}
		// As the arbiter counts them: a ransom's removals are no captures.
		if p.Stones(side).Count() == ownBefore {
			captured[side] += oppBefore - p.Stones(side.Other()).Count()
		}
	}
	end := fmt.Sprintf("game %d, %s by %s", r.Index, r.Score(), r.Termination)
	res := g.Result()
	switch {
	case r.Termination == TermRules:
		if !res.Over() {
			return fail(r.EndLine, "%s: after its %d turns the game is not over", end, len(r.Turns))
		}
		if res.Outcome != r.Outcome {
			return fail(r.EndLine, "%s: its turns end %s (%s)", end, res.Code(), res)
		}
	case r.Termination == TermTurnLimit:
		if res.Over() {
			return fail(r.EndLine, "%s: its turns end the game by the rules (%s)", end, res)
		}
		if r.Outcome != board.Draw {
			return fail(r.EndLine, "%s: a game drawn at the turn limit is a draw", end)
		}
		if maxTurns > 0 && len(r.Turns) != maxTurns {
			return fail(r.EndLine, "%s: it has %d turns, and the turn limit is %d", end, len(r.Turns), maxTurns)
		}
	case r.Termination.Forfeit():
		if res.Over() {
			return fail(r.EndLine, "%s: its turns end the game by the rules (%s)", end, res)
		}
		winner, ok := r.Winner()
		if !ok {
			return fail(r.EndLine, "%s: a forfeit is a loss, not a draw", end)
		}
		if toAct := g.Position().SideToAct(); len(r.Turns) > 0 && winner == toAct {
			return fail(r.EndLine, "%s: %s forfeited, but %s was to act", end, colourName(winner.Other()), colourName(toAct))
		}
	default:
		return fail(r.EndLine, "%s: no such termination", end)
	}
	if captured != r.Captured {
		return fail(r.EndLine, "%s: its turns capture %d and %d stones, the record says %d and %d", end, captured[0], captured[1], r.Captured[0], r.Captured[1])
	}
	if r.Final != "" && r.Final != g.SeFEN() {
		return fail(r.EndLine, "%s: its turns end at %q, the record says %q", end, g.SeFEN(), r.Final)
	}
	return nil
}

func colourName(c board.Color) string {
	if c == board.White {
		return "White"
	}
	return "Black"
}
