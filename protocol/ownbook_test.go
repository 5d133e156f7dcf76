package protocol

import (
	"context"
	"strings"
	"testing"

	"seega/board"
	"seega/engine"
)

// The OwnBook option: offered only where the config says the searchers
// carry a book, on by default, handed to the engine before each search,
// and a bad value refused with nothing changed.
func TestOwnBookOption(t *testing.T) {
	var out syncBuffer
	s := New(testConfig(nil), &out)
	s.Execute("ugi")
	if strings.Contains(out.take(), "OwnBook") {
		t.Error("OwnBook offered by a config whose searchers have no book")
	}
	if engineOf(s).ownBook {
		t.Error("OwnBook handed on as on by a config whose searchers have no book")
	}
	cfg := testConfig(nil)
	cfg.OwnBook = true
	s = New(cfg, &out)
	s.Execute("ugi")
	if want := "option name OwnBook type check default true\n"; !strings.Contains(out.take(), want) {
		t.Errorf("ugi does not list %q", want)
	}
	if !engineOf(s).ownBook {
		t.Error("OwnBook is on by default, but the engine got it off")
	}
	s.Execute("setoption name OwnBook value false")
	if engineOf(s).ownBook {
		t.Error("after setoption false the engine has OwnBook on")
	}
	s.Execute("setoption name ownbook value sometimes")
	if got := out.take(); !strings.Contains(got, "info string error") {
		t.Errorf("a bad value: no error line, got %q", got)
	}
	if engineOf(s).ownBook {
		t.Error("a bad value changed OwnBook")
	}
	s.Execute("setoption name OwnBook value true")
	if !engineOf(s).ownBook {
		t.Error("after setoption true the engine has OwnBook off")
	}
}

// textEngine reports one free-text line, then plays the first turn.
type textEngine struct{ fakeEngine }

func (e *textEngine) Search(_ context.Context, g *board.Game, _ engine.Limits, info func(engine.Info)) engine.Result {
	var best []board.Action
	g.ForEachTurn(func(t []board.Action) bool {
		best = append([]board.Action(nil), t...)
		return false
	})
	info(engine.Info{Text: "book a1,b1 score cp 3"})
	info(engine.Info{Depth: 2, Score: 3, MultiPV: 1, PV: [][]board.Action{best}})
	return engine.Result{Best: best, Score: 3, Depth: 2}
}

// A report with Text is an info string line, and does not count as the
// search's last info line.
func TestInfoTextIsAnInfoString(t *testing.T) {
	var out syncBuffer
	cfg := testConfig(nil)
	cfg.Searchers = []engine.Factory{{Name: "text", New: func(board.Rules, engine.Options) engine.Searcher { return &textEngine{} }}}
	s := New(cfg, &out)
	s.Execute("position startpos")
	s.Execute("go")
	s.waitSearch()
	got := out.take()
	want := "info string book a1,b1 score cp 3\ninfo depth 2 seldepth 0 multipv 1 score cp 3 nodes 0 nps 0 hashfull 0 time 0 pv a1,b1\nbestmove a1,b1\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
