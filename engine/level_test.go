package engine

import (
	"context"
	"math/rand/v2"
	"testing"

	"seega/board"
)

// The parameters weaken steadily: more nodes and a lower temperature at
// each level up, fractional levels in between, none at full strength.
func TestLevelParams(t *testing.T) {
	prev, _ := (&Level{Skill: 0}).Params()
	for s := 1; s < MaxSkill; s++ {
		p, ok := (&Level{Skill: s}).Params()
		if !ok || p.Nodes <= prev.Nodes || p.Temperature >= prev.Temperature || p.Candidates < 2 {
			t.Errorf("level %d: %+v after %+v", s, p, prev)
		}
		half, _ := (&Level{Skill: s - 1, Frac: 0.5}).Params()
		if half.Nodes <= prev.Nodes || half.Nodes >= p.Nodes || half.Temperature >= prev.Temperature || half.Temperature <= p.Temperature {
			t.Errorf("level %d.5: %+v, not between %+v and %+v", s-1, half, prev, p)
		}
		prev = p
	}
	for _, l := range []*Level{nil, {Skill: MaxSkill}, {Skill: MaxSkill + 3}} {
		if p, ok := l.Params(); ok || !l.FullStrength() {
			t.Errorf("level %+v: params %+v, want none at full strength", l, p)
		}
	}
}

// UCI_Elo's mapping: the ends of the scale are level 0 and full
// strength, and more Elo never asks for a weaker level.
func TestLevelForElo(t *testing.T) {
	lo, hi := LevelEloRange()
	if lo >= hi {
		t.Fatalf("range %d to %d", lo, hi)
	}
	if l := LevelForElo(lo - 100); l != (Level{Skill: 0}) {
		t.Errorf("below the scale: %+v", l)
	}
	if l := LevelForElo(hi + 1); !l.FullStrength() {
		t.Errorf("above the scale: %+v", l)
	}
	strength := func(l Level) float64 { return float64(l.Skill) + l.Frac }
	prev := -1.0
	for e := lo; e <= hi+1; e += 7 {
		l := LevelForElo(e)
		if s := strength(l); s < prev || l.Frac < 0 || l.Frac >= 1 {
			t.Fatalf("Elo %d: level %+v after strength %.3f", e, l, prev)
		} else {
			prev = s
		}
	}
}

// A short measurement out of order still maps monotonically.
func TestLevelForEloNonMonotonicTable(t *testing.T) {
	saved := LevelElo
	defer func() { LevelElo = saved }()
	for i := range LevelElo {
		LevelElo[i] = float64(100 * i)
	}
	LevelElo[5] = 300 // below level 4's 400
	// Level 5 counts as 400, level 4's, so 450 is a quarter of the way
	// from 5 to 6 (600).
	if l := LevelForElo(450); l.Skill != 5 || l.Frac != 0.25 {
		t.Errorf("Elo 450: %+v, want level 5.25", l)
	}
	if l := LevelForElo(250); l.Skill != 2 || l.Frac != 0.5 {
		t.Errorf("Elo 250: %+v, want level 2.5", l)
	}
}

// PickCandidate favours the best line, rarely picks one far worse, and
// is the same for the same seed.
func TestPickCandidate(t *testing.T) {
	turn := func(sq board.Square) [][]board.Action { return [][]board.Action{{board.Place(sq)}} }
	lines := []Info{
		{Score: 50, PV: turn(1)}, {Score: 40, PV: turn(2)}, {Score: -60, PV: turn(3)}, {Score: -950, PV: turn(4)},
	}
	count := map[int]int{}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		count[PickCandidate(lines, 50, rng).Score]++
	}
	if !(count[50] > count[40] && count[40] > count[-60] && count[-60] > count[-950]) || count[-950] > 5 {
		t.Errorf("picks by score %v", count)
	}
	// exp(-10/50) = 0.82: the second line about 0.82 times as often.
	if r := float64(count[40]) / float64(count[50]); r < 0.75 || r > 0.89 {
		t.Errorf("second/first %.2f, want about 0.82", r)
	}
	a := PickCandidate(lines, 200, rand.New(rand.NewPCG(9, 9)))
	for range 20 {
		if b := PickCandidate(lines, 200, rand.New(rand.NewPCG(9, 9))); b.Score != a.Score {
			t.Fatal("the same seed picked differently")
		}
	}
}

// fakeSearch stands for a searcher: it reports lines of two depths and
// records the limits it was given.
type fakeSearch struct {
	lims    []Limits
	report  bool // report any line at all
	nodes   uint64
	results int
}

func (f *fakeSearch) search(_ context.Context, g *board.Game, lim Limits, info func(Info)) Result {
	f.lims = append(f.lims, lim)
	var turns [][]board.Action
	g.ForEachTurn(func(t []board.Action) bool {
		turns = append(turns, append([]board.Action(nil), t...))
		return len(turns) < lim.MultiPV
	})
	if f.report || lim.Depth == 1 {
		for d := 1; d <= 2; d++ {
			for i, t := range turns {
				info(Info{Depth: d, Score: -10 * i, MultiPV: i + 1, PV: [][]board.Action{t}})
			}
		}
	}
	return Result{Best: turns[0], Depth: 2, Nodes: f.nodes}
}

func TestLevelPlayerSearch(t *testing.T) {
	g, err := board.NewGame(board.DefaultRules())
	if err != nil {
		t.Fatal(err)
	}
	var p LevelPlayer
	p.SetLevel(&Level{Skill: 3, Seed: 1, Seeded: true})
	if !p.Active() {
		t.Fatal("level 3 is not active")
	}
	params, _ := (&Level{Skill: 3}).Params()
	f := &fakeSearch{report: true, nodes: 100}
	var shown []Info
	res := p.Search(context.Background(), g, Limits{MultiPV: 1, Nodes: 1 << 40}, func(i Info) { shown = append(shown, i) }, f.search)
	if len(f.lims) != 1 || f.lims[0].Nodes != params.Nodes || f.lims[0].MultiPV != params.Candidates {
		t.Errorf("searched with %+v, want the level's %d nodes and %d lines", f.lims, params.Nodes, params.Candidates)
	}
	for _, i := range shown {
		if i.MultiPV != 1 {
			t.Errorf("a line the caller did not ask for was shown: %+v", i)
		}
	}
	if len(res.Best) == 0 || res.Nodes != 100 {
		t.Errorf("result %+v", res)
	}
	// A caller's MultiPV above the level's candidates is searched and
	// shown, but the level picks among its own candidates only: the
	// fake scores line k at -10(k-1), so a pick beyond them shows as a
	// score below -10(Candidates-1).
	for seed := uint64(0); seed < 50; seed++ {
		p.SetLevel(&Level{Skill: 0, Seed: seed, Seeded: true})
		f = &fakeSearch{report: true}
		shown = shown[:0]
		res = p.Search(context.Background(), g, Limits{MultiPV: 8}, func(i Info) { shown = append(shown, i) }, f.search)
		if f.lims[0].MultiPV != 8 || len(shown) != 16 {
			t.Fatalf("MultiPV 8: searched %d lines, showed %d lines", f.lims[0].MultiPV, len(shown))
		}
		if res.Score < -10*(params.Candidates-1) {
			t.Fatalf("seed %d picked line scored %d, beyond the %d candidates", seed, res.Score, params.Candidates)
		}
	}
	p.SetLevel(&Level{Skill: 3, Seed: 1, Seeded: true})
	// A lower node limit of the caller's stays.
	f = &fakeSearch{report: true}
	p.Search(context.Background(), g, Limits{Nodes: 7}, nil, f.search)
	if f.lims[0].Nodes != 7 {
		t.Errorf("go nodes 7 searched %d nodes", f.lims[0].Nodes)
	}
	// No iteration reported within the budget: depth 1 is finished.
	f = &fakeSearch{nodes: 10}
	res = p.Search(context.Background(), g, Limits{}, nil, f.search)
	if len(f.lims) != 2 || f.lims[1].Depth != 1 || f.lims[1].Nodes != 0 || res.Nodes != 20 {
		t.Errorf("fallback: searched %+v, result %+v", f.lims, res)
	}
	// Lines without a turn (a searcher that reports none) leave the
	// search's own answer.
	empty := func(_ context.Context, g *board.Game, lim Limits, info func(Info)) Result {
		for i := 1; i <= lim.MultiPV; i++ {
			info(Info{Depth: 1, MultiPV: i})
		}
		return Result{Best: []board.Action{board.Place(3), board.Place(7)}, Nodes: 5}
	}
	if res := p.Search(context.Background(), g, Limits{}, nil, empty); len(res.Best) != 2 || res.Best[0].To != 3 {
		t.Errorf("lines without turns: result %+v, want the search's own", res)
	}
	// Full strength is not the player's business.
	p.SetLevel(&Level{Skill: MaxSkill})
	if p.Active() {
		t.Error("full strength is active")
	}
	p.SetLevel(nil)
	if p.Active() {
		t.Error("nil level is active")
	}
}
