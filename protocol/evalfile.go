package protocol

import (
	"fmt"

	"seega/board"
)

// evalAnnouncement is what the session last said about the evaluation
// that plays: after EvalFile changes, or the rules change while it is
// set, the next isready or go says it again in an info string.
type evalAnnouncement struct {
	pending bool        // EvalFile changed since the last announcement
	rules   board.Rules // the rules it was made for
}

// evalFileOption is the EvalFile option: a net file to evaluate with,
// or <empty> for the evaluation built in for the rules.
func evalFileOption() option {
	return option{name: "EvalFile", typ: "string",
		get: func(s *Session) string {
			if s.evalFile == "" {
				return "<empty>"
			}
			return s.evalFile
		},
		set: (*Session).setEvalFile}
}

// setEvalFile is setoption name EvalFile: the file is read and checked
// at once against the current rules, so that a wrong path, a damaged or
// truncated file or a net for other rules is reported now, and the
// evaluation in play stays as it was.
func (s *Session) setEvalFile(v string) error {
	if v == "<empty>" {
		v = ""
	}
	if _, _, err := s.cfg.Evaluation(v, *s.game.Rules()); err != nil {
		return fmt.Errorf("%v (the evaluation stays as it was)", err)
	}
	s.stopSearch()
	s.evalFile = v
	s.eval.pending = true
	return nil
}

// announceEval prints which evaluation plays under the rules r, if
// EvalFile changed since the last time, or the rules changed while it is
// set, or while a net built in for them plays. A session that never sets
// EvalFile and plays the linear evaluation hears nothing.
func (s *Session) announceEval(r board.Rules) {
	// A fresh session's rules are the zero value, which no game has, so
	// its first search under any rules decides whether to speak.
	if s.cfg.Evaluation == nil || !s.eval.pending && s.eval.rules == r {
		return
	}
	desc, network, err := s.cfg.Evaluation(s.evalFile, r)
	quiet := !s.eval.pending && s.evalFile == "" && !network
	s.eval = evalAnnouncement{rules: r}
	if quiet {
		return
	}
	if err != nil {
		s.out.line(fmt.Sprintf("info string evaluation: %s; EvalFile not used: %v", desc, err))
		return
	}
	s.out.line("info string evaluation: " + desc)
}
