package book

import (
	"context"
	"strings"
	"testing"

	"seega/board"
	"seega/engine"
)

// fakeSearcher records what reaches it and answers the first legal turn.
type fakeSearcher struct {
	searches int
	opts     engine.Options
}

func (f *fakeSearcher) Search(_ context.Context, g *board.Game, _ engine.Limits, _ func(engine.Info)) engine.Result {
	f.searches++
	var best []board.Action
	g.ForEachTurn(func(turn []board.Action) bool {
		best = append([]board.Action(nil), turn...)
		return false
	})
	return engine.Result{Best: best}
}
func (f *fakeSearcher) NewGame()                    {}
func (f *fakeSearcher) SetOptions(o engine.Options) { f.opts = o }

// The wrapper plays the book's turn at once, with an info string, when
// OwnBook is on at full strength for an ordinary search, and hands every
// other search to the searcher it wraps.
func TestSearcherPlaysTheBookOnlyWhenAsked(t *testing.T) {
	b := sampleBook(t)
	r, _ := board.Preset("egyptian")
	bookTurn := [2]board.Square{1, 3}
	weak := &engine.Level{Skill: 5}
	for _, c := range []struct {
		name     string
		opts     engine.Options
		lim      engine.Limits
		fromBook bool
	}{
		{"OwnBook on", engine.Options{OwnBook: true}, engine.Limits{}, true},
		{"OwnBook on, a node limit", engine.Options{OwnBook: true}, engine.Limits{Nodes: 5000}, true},
		{"OwnBook off", engine.Options{}, engine.Limits{}, false},
		{"a level below full strength", engine.Options{OwnBook: true, Level: weak}, engine.Limits{}, false},
		{"full strength as a level", engine.Options{OwnBook: true, Level: &engine.Level{Skill: engine.MaxSkill}}, engine.Limits{}, true},
		{"searchmoves", engine.Options{OwnBook: true}, engine.Limits{SearchMoves: [][]board.Action{{}}}, false},
		{"MultiPV 2", engine.Options{OwnBook: true}, engine.Limits{MultiPV: 2}, false},
		{"infinite", engine.Options{OwnBook: true}, engine.Limits{Infinite: true}, false},
	} {
		inner := &fakeSearcher{}
		s := WithBook(inner, b, nil)
		s.SetOptions(c.opts)
		if inner.opts.OwnBook != c.opts.OwnBook {
			t.Errorf("%s: the options were not handed on", c.name)
		}
		g, _ := board.NewGame(r)
		var texts []string
		res := s.Search(context.Background(), g, c.lim, func(i engine.Info) {
			if i.Text != "" {
				texts = append(texts, i.Text)
			}
		})
		gotBook := inner.searches == 0
		if gotBook != c.fromBook {
			t.Errorf("%s: played from the book %v, want %v", c.name, gotBook, c.fromBook)
			continue
		}
		if c.fromBook {
			if len(res.Best) != 2 || squaresOf(res.Best) != bookTurn || res.Score != 127 {
				t.Errorf("%s: result %+v, want the book's b1,d1 at 127", c.name, res)
			}
			if len(texts) != 1 || !strings.HasPrefix(texts[0], "book b1,d1 ") {
				t.Errorf("%s: info strings %q, want one naming the book turn", c.name, texts)
			}
		}
	}
}

// A position the book does not hold is searched; and a missing book is
// said once, in an info string, and the searcher plays on without one.
func TestSearcherWithoutTheEntryOrTheBook(t *testing.T) {
	r, _ := board.Preset("egyptian")
	g, _ := board.NewGame(r)
	g.Make(board.Action{From: board.NoSquare, To: 2, Kind: board.ActPlace})
	g.Make(board.Action{From: board.NoSquare, To: 7, Kind: board.ActPlace})
	inner := &fakeSearcher{}
	s := WithBook(inner, sampleBook(t), nil)
	s.SetOptions(engine.Options{OwnBook: true})
	s.Search(context.Background(), g, engine.Limits{}, nil)
	if inner.searches != 1 {
		t.Error("a position not in the book was not searched")
	}

	inner = &fakeSearcher{}
	s = WithBook(inner, nil, ErrFormat)
	s.SetOptions(engine.Options{OwnBook: true})
	var texts []string
	for range 2 {
		s.Search(context.Background(), g, engine.Limits{}, func(i engine.Info) {
			if i.Text != "" {
				texts = append(texts, i.Text)
			}
		})
	}
	if inner.searches != 2 || len(texts) != 1 || !strings.Contains(texts[0], "book: none") {
		t.Errorf("searches %d, info strings %q: want 2 searches and one line saying there is no book", inner.searches, texts)
	}
}
