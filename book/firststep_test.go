package book

import (
	"bytes"
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"seega/board"
	"seega/engine"
	"seega/eval"
	"seega/firststep"
	"seega/internal/testgame"
	"seega/search"
)

// limitsSearcher keeps the limits that reach it and answers the first
// turn they allow.
type limitsSearcher struct {
	fakeSearcher
	lim engine.Limits
}

func (l *limitsSearcher) Search(ctx context.Context, g *board.Game, lim engine.Limits, info func(engine.Info)) engine.Result {
	l.lim = lim
	if len(lim.SearchMoves) > 0 {
		return engine.Result{Best: lim.SearchMoves[0]}
	}
	return l.fakeSearcher.Search(ctx, g, lim, info)
}

// Under rules whose first step the solver covers, the wrapper hands the
// search only the placement turns that keep the first step's value, and
// the turn played keeps it; with OwnBook off, or under a preset, the
// search is not restricted.
func TestSearcherKeepsTheFirstStepValue(t *testing.T) {
	r := testgame.NoLimitRules(t, 5)
	solver, err := firststep.New(r)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	restricted := 0
	for i := range 30 {
		g, err := board.NewGame(r)
		if err != nil {
			t.Fatal(err)
		}
		for range 2 + 2*(i%5) { // a few random placement turns
			g.RandomTurn(rng, nil)
		}
		inner := &limitsSearcher{}
		s := WithBook(inner, nil, ErrNoBook).WithFirstStep(r)
		s.SetOptions(engine.Options{OwnBook: true})
		var texts []string
		res := s.Search(context.Background(), g, engine.Limits{}, func(in engine.Info) { texts = append(texts, in.Text) })
		want, _ := solver.Value(g.Position())
		for _, a := range res.Best {
			g.Make(a)
		}
		got, _ := solver.Value(g.Position())
		if got != want {
			t.Fatalf("position %d: the turn played leaves the first step at %d, best play %d", i, got, want)
		}
		if inner.lim.SearchMoves != nil {
			restricted++
			if !slices.ContainsFunc(texts, func(s string) bool { return strings.HasPrefix(s, "firststep: ") }) {
				t.Errorf("position %d: restricted without an info string: %q", i, texts)
			}
		}
	}
	if restricted == 0 {
		t.Fatal("no position of 30 was restricted: the test shows nothing")
	}

	g, _ := board.NewGame(r)
	g.RandomTurn(rng, nil)
	for _, c := range []struct {
		name  string
		rules board.Rules
		opts  engine.Options
	}{
		{"OwnBook off", r, engine.Options{}},
		{"a level below full strength", r, engine.Options{OwnBook: true, Level: &engine.Level{Skill: 3}}},
	} {
		inner := &limitsSearcher{}
		s := WithBook(inner, nil, ErrNoBook).WithFirstStep(c.rules)
		s.SetOptions(c.opts)
		s.Search(context.Background(), g, engine.Limits{}, nil)
		if inner.lim.SearchMoves != nil {
			t.Errorf("%s: the search was restricted", c.name)
		}
	}
	egyptian, _ := board.Preset("egyptian")
	if s := WithBook(&limitsSearcher{}, nil, ErrNoBook).WithFirstStep(egyptian); s.first != nil {
		t.Error("the egyptian preset (bonus chains) got a first-step solver")
	}
}

// Under rules whose first step is solved, every turn of a built book
// keeps the solved value, though the tree holds every turn (the
// opponent's included), and the build is still deterministic.
func TestBuildKeepsTheFirstStepValue(t *testing.T) {
	cfg := tinyConfig(t, "egyptian")
	cfg.Rules = testgame.NoLimitRules(t, 5)
	ev := eval.New(cfg.Rules)
	cfg.NewSearcher = func() engine.Searcher { return search.New(engine.Options{HashMB: 1, Threads: 1}, ev) }
	b, err := Build(cfg)
	if err != nil {
		t.Fatal(err)
	}
	solver, err := firststep.New(cfg.Rules)
	if err != nil {
		t.Fatal(err)
	}
	start, _ := board.NewGame(cfg.Rules)
	children := map[Key]bool{}
	start.ForEachTurn(func([]board.Action) bool {
		k, _ := KeyOf(start.Position())
		children[k] = true
		return true
	})
	if len(b.Entries) != 1+len(children) {
		t.Fatalf("%d entries, want the root and its %d turns up to symmetry, kept or not", len(b.Entries), len(children))
	}
	for _, e := range b.Entries {
		g, err := gameAt(cfg.Rules, e.Key)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := solver.Value(g.Position())
		g.Make(board.Place(e.Turn[0]))
		g.Make(board.Place(e.Turn[1]))
		if got, _ := solver.Value(g.Position()); got != want {
			t.Errorf("entry %s: its turn leaves the first step at %d, best play %d", e.Key.SeFEN(cfg.Rules), got, want)
		}
	}
	if !bytes.Equal(buildBytes(t, cfg), buildBytes(t, cfg)) {
		t.Error("two builds differ")
	}
}
