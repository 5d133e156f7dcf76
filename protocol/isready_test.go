package protocol

import (
	"strings"
	"testing"

	"seega/board"
)

// TestIsReadyBuildsTheEngine: with no search under way, isready builds
// the engine the next go would (so its table is not allocated on a
// clock), go then uses it, and isready during a search only answers.
func TestIsReadyBuildsTheEngine(t *testing.T) {
	built := 0
	cfg := testConfig(func(*fakeEngine) { built++ })
	var out syncBuffer
	s := New(cfg, &out)
	s.Execute("isready")
	if built != 1 {
		t.Fatalf("isready built %d engines, want 1", built)
	}
	s.Execute("isready")
	s.Execute("go depth 2")
	s.waitSearch()
	if built != 1 {
		t.Errorf("after a second isready and a go, %d engines were built, want 1", built)
	}
	// New rules: the next isready builds their engine; go finds it.
	s.Execute("setoption name Variant value sudanese")
	s.Execute("position startpos")
	s.Execute("isready")
	if built != 2 {
		t.Errorf("isready after new rules: %d engines built, want 2", built)
	}
	f := s.engine.(*fakeEngine)
	if want, _ := board.Preset("sudanese"); f.rules != want {
		t.Errorf("the engine isready built is for %+v, want sudanese", f.rules)
	}
	s.Execute("go depth 1")
	s.waitSearch()
	if built != 2 {
		t.Errorf("go after isready built another engine (%d in all)", built)
	}
	// During a search isready only answers.
	s.Execute("go infinite")
	s.Execute("isready")
	if built != 2 {
		t.Errorf("isready during a search built an engine (%d in all)", built)
	}
	s.Execute("stop")
	s.waitSearch()
	if text := out.take(); strings.Count(text, "readyok") != 4 {
		t.Errorf("want 4 readyok lines:\n%s", text)
	}
}
