package protocol

import (
	"fmt"

	"seega/board"
	"seega/engine"
)

// setTablebasePath is setoption name TablebasePath: open the tables for
// the current rules at once, so that a wrong path is reported now; an
// empty value (or <empty>) turns the tables off.
func (s *Session) setTablebasePath(v string) error {
	if v == "<empty>" {
		v = ""
	}
	s.stopSearch()
	s.tbPath, s.tb, s.tbFor, s.tbErr = v, nil, board.Rules{}, ""
	if v == "" {
		return nil
	}
	if s.cfg.OpenTablebase == nil {
		return fmt.Errorf("this engine has no endgame tables")
	}
	if _, err := s.tablebase(); err != nil {
		s.tbPath = ""
		return err
	}
	return nil
}

// tablebase returns the tables for the game's rules, opening them when
// the rules changed since; nil when TablebasePath is empty or the path
// holds no tables for these rules (err says why).
func (s *Session) tablebase() (engine.Tablebase, error) {
	if s.tbPath == "" || s.cfg.OpenTablebase == nil {
		return nil, nil
	}
	r := *s.game.Rules()
	if s.tbFor != r {
		s.tbFor = r
		s.tb, s.tbErr = nil, ""
		tb, err := s.cfg.OpenTablebase(s.tbPath, r)
		if err != nil {
			s.tbErr = err.Error()
		} else {
			s.tb = tb
		}
	}
	if s.tb == nil {
		return nil, fmt.Errorf("%s", s.tbErr)
	}
	return s.tb, nil
}

// tbAnswer is the answer to `query tb`.
func (s *Session) tbAnswer() string {
	if s.tbPath == "" {
		return "none: TablebasePath is not set"
	}
	tb, err := s.tablebase()
	if err != nil {
		return "none: " + err.Error()
	}
	return tb.Describe(s.game)
}
