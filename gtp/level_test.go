package gtp

import (
	"context"
	"strings"
	"testing"

	"seega/board"
	"seega/engine"
)

// seega-level reaches a SearcherPlayer's searcher: the next genmove's
// searcher is built with the level set, in GoGui's "key value" form or
// as a bare number, and a bad value changes nothing.
func TestSeegaLevel(t *testing.T) {
	var built []*engine.Level
	p := &SearcherPlayer{}
	p.New = func(r board.Rules) engine.Searcher {
		built = append(built, p.Level)
		return fakeSearcher{}
	}
	e, err := New(board.DefaultRules(), p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := do(t, e, "seega-level"); !strings.HasPrefix(got, "[list/0/1/2/") || !strings.HasSuffix(got, "/20] level 20") {
		t.Errorf("seega-level: %q", got)
	}
	for _, c := range []struct {
		cmd  string
		want int
	}{{"seega-level level 4", 4}, {"seega-level 0", 0}, {"seega-level LEVEL 20", 20}} {
		if got := do(t, e, c.cmd); got != "" {
			t.Fatalf("%s: %q", c.cmd, got)
		}
		do(t, e, "genmove w")
		do(t, e, "undo")
		l := built[len(built)-1]
		if full := c.want == engine.MaxSkill; full != (l == nil) || (l != nil && l.Skill != c.want) {
			t.Errorf("%s: the searcher was built with level %+v", c.cmd, l)
		}
	}
	do(t, e, "seega-level 6")
	for _, bad := range []string{"seega-level 21", "seega-level -1", "seega-level x", "seega-level level", "seega-level a 1 2", "seega-level depth 3"} {
		if got := do(t, e, bad); !strings.HasPrefix(got, "? ") {
			t.Errorf("%s: %q, want an error", bad, got)
		}
	}
	if got := do(t, e, "seega-level"); !strings.HasSuffix(got, "] level 6") {
		t.Errorf("after bad values: %q, want level 6", got)
	}
}

// A player without levels says so.
func TestSeegaLevelRandomPlayer(t *testing.T) {
	e := newTestEngine(t, "egyptian")
	if got := do(t, e, "seega-level 3"); !strings.Contains(got, "no levels") {
		t.Errorf("seega-level on a random player: %q", got)
	}
}

// fakeSearcher plays the first legal turn at once.
type fakeSearcher struct{}

func (fakeSearcher) Search(_ context.Context, g *board.Game, _ engine.Limits, _ func(engine.Info)) engine.Result {
	var best []board.Action
	g.ForEachTurn(func(t []board.Action) bool {
		best = append([]board.Action(nil), t...)
		return false
	})
	return engine.Result{Best: best}
}
func (fakeSearcher) NewGame()                  {}
func (fakeSearcher) SetOptions(engine.Options) {}
