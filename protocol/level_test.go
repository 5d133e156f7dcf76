package protocol

import (
	"strconv"
	"strings"
	"testing"

	"seega/engine"
)

// The level options are listed with their bounds and defaults.
func TestLevelOptionsListed(t *testing.T) {
	var out syncBuffer
	s := New(testConfig(nil), &out)
	s.Execute("ugi")
	got := out.take()
	lo, hi := engine.LevelEloRange()
	for _, want := range []string{
		"option name Skill Level type spin default 20 min 0 max 20",
		"option name UCI_LimitStrength type check default false",
		"option name UCI_Elo type spin default " + itoa(lo) + " min " + itoa(lo) + " max " + itoa(hi),
		"option name Seed type spin default 0 min 0 max 2147483647",
	} {
		if !strings.Contains(got, want+"\n") {
			t.Errorf("ugi does not list %q:\n%s", want, got)
		}
	}
}

// Each level option reaches the engine as the Level of its options.
func TestLevelOptionsReachTheEngine(t *testing.T) {
	var out syncBuffer
	s := New(testConfig(nil), &out)
	if l := engineOf(s).level; l != nil {
		t.Fatalf("default level %+v, want nil (full strength)", *l)
	}
	s.Execute("setoption name Skill Level value 5")
	if l := engineOf(s).level; l == nil || *l != (engine.Level{Skill: 5}) {
		t.Errorf("Skill Level 5: level %+v", l)
	}
	s.Execute("setoption name Seed value 77")
	if l := engineOf(s).level; l == nil || *l != (engine.Level{Skill: 5, Seed: 77, Seeded: true}) {
		t.Errorf("Seed 77: level %+v", l)
	}
	s.Execute("setoption name skill level value 20")
	if l := engineOf(s).level; l != nil {
		t.Errorf("Skill Level 20: level %+v, want nil", *l)
	}
	// UCI_LimitStrength wins over Skill Level, at the Elo's level.
	lo, hi := engine.LevelEloRange()
	mid := (lo + hi) / 2
	s.Execute("setoption name UCI_Elo value " + itoa(mid))
	if l := engineOf(s).level; l != nil {
		t.Errorf("UCI_Elo without UCI_LimitStrength: level %+v, want nil", *l)
	}
	s.Execute("setoption name UCI_LimitStrength value true")
	want := engine.LevelForElo(mid)
	want.Seed, want.Seeded = 77, true
	if l := engineOf(s).level; l == nil || *l != want {
		t.Errorf("UCI_Elo %d: level %+v, want %+v", mid, l, want)
	}
	s.Execute("setoption name UCI_Elo value " + itoa(hi))
	if l := engineOf(s).level; l != nil {
		t.Errorf("UCI_Elo at the top of the scale: level %+v, want nil (full strength)", *l)
	}
	s.Execute("setoption name UCI_LimitStrength value false")
	s.Execute("setoption name Skill Level value 3")
	if l := engineOf(s).level; l == nil || l.Skill != 3 {
		t.Errorf("UCI_LimitStrength off, Skill Level 3: level %+v", l)
	}
	if got := out.take(); got != "" {
		t.Errorf("unexpected output %q", got)
	}
}

// A bad value of a level option is an error line and changes nothing.
func TestLevelOptionsBadValues(t *testing.T) {
	var out syncBuffer
	s := New(testConfig(nil), &out)
	s.Execute("setoption name Skill Level value 4")
	before := s.level
	lo, hi := engine.LevelEloRange()
	for _, cmd := range []string{
		"setoption name Skill Level value 21",
		"setoption name Skill Level value -1",
		"setoption name Skill Level value weak",
		"setoption name Skill Level",
		"setoption name UCI_Elo value " + itoa(lo-1),
		"setoption name UCI_Elo value " + itoa(hi+1),
		"setoption name UCI_LimitStrength value maybe",
		"setoption name Seed value -3",
		"setoption name Seed value 2147483648",
		"setoption name Seed value x",
	} {
		s.Execute(cmd)
		if got := out.take(); !strings.HasPrefix(got, "info string error: setoption: ") {
			t.Errorf("%s: got %q, want an error line", cmd, got)
		}
		if s.level != before {
			t.Errorf("%s changed the level options to %+v", cmd, s.level)
		}
	}
}

// go's seed token seeds that search's level, over the Seed option; a go
// without one goes back to the option.
func TestGoSeed(t *testing.T) {
	var out syncBuffer
	s := New(testConfig(nil), &out)
	s.Execute("setoption name Skill Level value 2")
	s.Execute("go depth 1 seed 123")
	s.waitSearch()
	if l := s.engine.(*fakeEngine).level; l == nil || *l != (engine.Level{Skill: 2, Seed: 123, Seeded: true}) {
		t.Errorf("go seed 123: level %+v", l)
	}
	if l := engineOf(s).level; l == nil || l.Seeded {
		t.Errorf("the next search, without a seed: level %+v, want unseeded", l)
	}
	s.Execute("setoption name Skill Level value 20")
	s.Execute("go depth 1 seed 5")
	s.waitSearch()
	if l := s.engine.(*fakeEngine).level; l != nil {
		t.Errorf("go seed at full strength: level %+v, want nil", *l)
	}
	if got := out.take(); strings.Count(got, "bestmove ") != 2 || strings.Contains(got, "error") {
		t.Errorf("two go with a seed: %q", got)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
