package protocol

import (
	"strings"
	"testing"

	"seega/board"
)

// engineOf is the session's current engine, built as a go would build it.
func engineOf(s *Session) *fakeEngine { return s.ensureEngine(nil).(*fakeEngine) }

func TestEngineOptionsReachTheEngine(t *testing.T) {
	var out syncBuffer
	s := New(testConfig(nil), &out)
	e := engineOf(s)
	if e.hashMB != defaultHashMB || e.threads != 1 {
		t.Fatalf("new engine: hash %d threads %d", e.hashMB, e.threads)
	}
	s.Execute("setoption name Hash value 64")
	s.Execute("setoption name threads value 3")
	// They reach it before the next search (or isready builds it).
	if engineOf(s); e.hashMB != 64 || e.threads != 3 {
		t.Errorf("after setoption: hash %d threads %d, want 64 and 3", e.hashMB, e.threads)
	}
	s.Execute("uginewgame")
	s.Execute("ucinewgame")
	if e.newGames != 2 {
		t.Errorf("NewGame called %d times, want 2", e.newGames)
	}
	if engineOf(s) != e {
		t.Error("the engine was rebuilt though the rules stayed")
	}
	if got := out.take(); got != "" {
		t.Errorf("unexpected output %q", got)
	}
}

// TestContemptOption checks the Contempt option: offered only where the
// config gives it a range, shown with its default, handed to the engine
// before each search, and a bad value refused with nothing changed.
func TestContemptOption(t *testing.T) {
	var out syncBuffer
	s := New(testConfig(nil), &out)
	s.Execute("ugi")
	if strings.Contains(out.take(), "Contempt") {
		t.Error("Contempt offered by a config without a range for it")
	}
	cfg := testConfig(nil)
	cfg.Contempt = ContemptRange{Default: 20, Max: 300}
	s = New(cfg, &out)
	s.Execute("ugi")
	if want := "option name Contempt type spin default 20 min -300 max 300"; !strings.Contains(out.take(), want) {
		t.Errorf("ugi does not list %q", want)
	}
	if e := engineOf(s); e.contempt != 20 {
		t.Errorf("new engine's contempt %d, want the default 20", e.contempt)
	}
	s.Execute("setoption name Contempt value -45")
	e := engineOf(s)
	if e.contempt != -45 {
		t.Errorf("after setoption -45 the engine has contempt %d", e.contempt)
	}
	for _, bad := range []string{"301", "-301", "lots"} {
		s.Execute("setoption name Contempt value " + bad)
		if got := out.take(); !strings.Contains(got, "info string error") {
			t.Errorf("Contempt %s: no error line, got %q", bad, got)
		}
		if e := engineOf(s); e.contempt != -45 {
			t.Errorf("Contempt %s changed the engine's contempt to %d", bad, e.contempt)
		}
	}
	s.Execute("setoption name Variant value classic")
	if e := engineOf(s); e.contempt != -45 {
		t.Errorf("the engine rebuilt for new rules has contempt %d, want -45", e.contempt)
	}
}

// The engine is rebuilt, with the options in force, whenever the game's
// rules change: by setoption, or by a SeFEN of another board size.
func TestEngineFollowsTheRules(t *testing.T) {
	var out syncBuffer
	s := New(testConfig(nil), &out)
	s.Execute("setoption name Hash value 8")
	first := engineOf(s)
	s.Execute("setoption name Variant value classic")
	second := engineOf(s)
	if second == first || second.rules.Variant != "classic" || second.hashMB != 8 {
		t.Errorf("after Variant classic: engine for %s with hash %d", second.rules.Variant, second.hashMB)
	}
	s.Execute("position fen 1w2bwb/w1b4/bb1wbb1/1wb3w/6w/2ww1wb/b6 w 14/14 - 0 11")
	third := engineOf(s)
	if third == second || third.rules.BoardSize != 7 {
		t.Errorf("after a 7×7 SeFEN: engine for size %d", third.rules.BoardSize)
	}
	s.Execute("setoption name Search value random")
	if _, ok := s.ensureEngine(nil).(*RandomEngine); !ok {
		t.Errorf("Search random: engine is %T", s.ensureEngine(nil))
	}
	if got := out.take(); got != "" {
		t.Errorf("unexpected output %q", got)
	}
}

// A bad setoption or position changes nothing: the rules, the game and
// the options are as before.
func TestBadInputChangesNothing(t *testing.T) {
	var out syncBuffer
	s := New(testConfig(nil), &out)
	s.Execute("setoption name Variant value classic")
	s.Execute("position startpos moves a1,e5 b1")
	rules, fen, opts := s.rules, s.game.SeFEN(), s.opts
	for _, cmd := range []string{
		"setoption name LoseAt value 99",
		"setoption name Variant value chess",
		"setoption name Hash value -1",
		"setoption name MultiPV value 0",
		"setoption name Move Overhead value lots",
		"position startpos moves a1,e5 b1 b1",
		"position fen 9/9 w 1/1 - 0 1",
		"go depth 1 searchmoves z9",
		"position",
	} {
		s.Execute(cmd)
		s.waitSearch()
		got := out.take()
		if !strings.HasPrefix(got, "info string error: ") || strings.Count(got, "\n") != 1 {
			t.Errorf("%s: want one error line, got %q", cmd, got)
		}
		if s.rules != rules || s.game.SeFEN() != fen || s.opts != opts {
			t.Fatalf("%s changed the state", cmd)
		}
	}
}

func TestRuleOptionResetsTheGame(t *testing.T) {
	var out syncBuffer
	s := New(testConfig(nil), &out)
	s.Execute("position startpos moves a1,e5")
	s.Execute("setoption name NoCaptureLimit value 30")
	if s.game.SeFEN() != board.StartSeFEN || s.rules.NoCaptureLimit != 30 {
		t.Errorf("after a rule option: %s, NoCaptureLimit %d", s.game.SeFEN(), s.rules.NoCaptureLimit)
	}
	s.Execute("position startpos moves a1,e5")
	s.Execute("setoption name MultiPV value 2")
	if s.game.SeFEN() == board.StartSeFEN {
		t.Error("an engine option reset the game")
	}
}
