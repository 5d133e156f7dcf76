package search

import (
	"context"
	"slices"
	"testing"
	"time"

	"seega/board"
	"seega/engine"
)

// leveled is a one-thread alpha-beta searcher at level l.
func leveled(r board.Rules, l *engine.Level) *AlphaBeta {
	s := NewAlphaBeta(engine.Options{HashMB: 4, Threads: 1}, newTestEval(r))
	s.SetOptions(engine.Options{HashMB: 4, Threads: 1, Level: l})
	return s
}

// levelPositions are fixed positions of every phase and preset, for the
// level tests.
func levelPositions(t *testing.T) []*board.Game {
	var out []*board.Game
	for _, v := range []string{"egyptian", "classic", "pro", "sudanese"} {
		r := rulesFor(t, v)
		for seed := uint64(1); seed <= 3; seed++ {
			out = append(out, randomGame(t, r, seed, 2), movementGame(t, r, seed))
		}
	}
	r7 := rulesFor(t, "egyptian", "BoardSize=7")
	out = append(out, randomGame(t, r7, 1, 3), movementGame(t, r7, 1))
	// Half a placement turn: the level must finish the turn it is in.
	half := randomGame(t, rulesFor(t, "classic"), 4, 2)
	half.Make(half.LegalActions(nil)[0])
	if !half.Position().MidTurn() {
		t.Fatal("one stone of a placement pair did not leave the turn open")
	}
	return append(out, half)
}

func TestLevelPlaysLegalTurns(t *testing.T) {
	for _, skill := range []int{0, 7, 19} {
		for _, g := range levelPositions(t) {
			s := leveled(*g.Rules(), &engine.Level{Skill: skill, Seed: 3, Seeded: true})
			res := s.Search(context.Background(), g, engine.Limits{}, nil)
			checkLegal(t, g, res)
		}
	}
}

// A level's search stays within its node budget (to the poll interval
// at which the budget is looked at), except that depth 1 always
// completes; a node limit of the caller's that is lower wins.
func TestLevelNodeBudget(t *testing.T) {
	for _, skill := range []int{0, 5, 12, 19} {
		l := &engine.Level{Skill: skill, Seeded: true}
		p, _ := l.Params()
		for _, g := range levelPositions(t) {
			s := leveled(*g.Rules(), l)
			res := s.Search(context.Background(), g, engine.Limits{}, nil)
			if res.Depth > 1 && res.Nodes > p.Nodes+pollMask+1 {
				t.Errorf("skill %d from %s: %d nodes at depth %d, budget %d", skill, g.SeFEN(), res.Nodes, res.Depth, p.Nodes)
			}
			lower := p.Nodes / 4
			if lower < 2*(pollMask+1) {
				continue
			}
			s.NewGame()
			res = s.Search(context.Background(), g, engine.Limits{Nodes: lower}, nil)
			if res.Depth > 1 && res.Nodes > lower+pollMask+1 {
				t.Errorf("skill %d, go nodes %d: searched %d nodes at depth %d", skill, lower, res.Nodes, res.Depth)
			}
		}
	}
}

// A level never takes longer than the time it is given: the context's
// deadline ends it as it ends a full-strength search, depth 1 included.
func TestLevelRespectsTime(t *testing.T) {
	r := rulesFor(t, "egyptian", "BoardSize=9")
	g := randomGame(t, r, 1, 0) // 9×9 placement: thousands of pairs at depth 1
	s := leveled(r, &engine.Level{Skill: 19, Frac: 1})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	res := s.Search(ctx, g, engine.Limits{Soft: 10 * time.Millisecond}, nil)
	if took := time.Since(start); took > 500*time.Millisecond {
		t.Errorf("took %v with a 20 ms deadline", took)
	}
	checkLegal(t, g, res)
}

// playGame plays a game between two searchers from g and returns its
// turns.
func playGame(t *testing.T, g *board.Game, white, black engine.Searcher, maxTurns int) []string {
	g = g.Clone()
	white.NewGame()
	black.NewGame()
	var turns []string
	for len(turns) < maxTurns && !g.Result().Over() {
		s := white
		if g.Position().SideToAct() == board.Black {
			s = black
		}
		res := s.Search(context.Background(), g, engine.Limits{}, nil)
		if len(res.Best) == 0 {
			t.Fatalf("no turn from %s", g.SeFEN())
		}
		turns = append(turns, board.TurnString(res.Best, g.Position().Size()))
		for _, a := range res.Best {
			g.Make(a)
		}
	}
	return turns
}

// Seeded, a level plays the same game again; unseeded, its games vary.
func TestLevelDeterministicUnderSeed(t *testing.T) {
	r := rulesFor(t, "egyptian")
	start := randomGame(t, r, 5, 0)
	seeded := func() engine.Searcher { return leveled(r, &engine.Level{Skill: 4, Seed: 42, Seeded: true}) }
	a := playGame(t, start, seeded(), seeded(), 60)
	b := playGame(t, start, seeded(), seeded(), 60)
	if !slices.Equal(a, b) {
		t.Fatalf("seeded games differ:\n%v\n%v", a, b)
	}
	// The same searchers again, after NewGame, replay it too.
	w, bl := seeded(), seeded()
	playGame(t, start, w, bl, 60)
	if c := playGame(t, start, w, bl, 60); !slices.Equal(a, c) {
		t.Fatalf("seeded game after NewGame differs:\n%v\n%v", a, c)
	}
	unseeded := func() engine.Searcher { return leveled(r, &engine.Level{Skill: 4}) }
	varied := false
	for i := 0; i < 5 && !varied; i++ {
		varied = !slices.Equal(a, playGame(t, start, unseeded(), unseeded(), 60))
	}
	if !varied {
		t.Error("five unseeded games all played the seeded game")
	}
}

// A different seed plays a different game: the seed reaches the choice.
func TestLevelSeedMatters(t *testing.T) {
	r := rulesFor(t, "egyptian")
	start := randomGame(t, r, 5, 0)
	at := func(seed uint64) []string {
		l := &engine.Level{Skill: 2, Seed: seed, Seeded: true}
		return playGame(t, start, leveled(r, l), leveled(r, l), 60)
	}
	base := at(1)
	for seed := uint64(2); seed < 6; seed++ {
		if !slices.Equal(base, at(seed)) {
			return
		}
	}
	t.Error("seeds 1 to 5 all played the same game")
}

// freeStonePositions are fixed positions of the movement phase where a
// capture is free: a depth-3 search scores the best capturing turn at
// least 80 cp above every turn that captures nothing.
func freeStonePositions(t *testing.T) []*board.Game {
	var out []*board.Game
	for _, v := range []string{"egyptian", "classic", "pro"} {
		r := rulesFor(t, v)
		for seed := uint64(1); seed <= 40; seed++ {
			g := movementGame(t, r, seed)
			if free, _ := freeCapture(t, g); free {
				out = append(out, g)
			}
		}
	}
	return out
}

// freeCapture reports whether g has a free capture (see
// freeStonePositions), and the capturing turns.
func freeCapture(t *testing.T, g *board.Game) (bool, [][]board.Action) {
	lines := 12
	_, infos := searchAt(t, g, engine.Limits{Depth: 3, MultiPV: lines})
	var captures [][]board.Action
	bestCapture, bestQuiet := -Infinity, -Infinity
	for _, i := range infos {
		if i.Depth != 3 {
			continue
		}
		if captures1(i.PV[0]) {
			bestCapture = max(bestCapture, i.Score)
			captures = append(captures, i.PV[0])
		} else {
			bestQuiet = max(bestQuiet, i.Score)
		}
	}
	if len(infos) == 0 || bestQuiet == -Infinity {
		return false, nil
	}
	return bestCapture >= bestQuiet+80, captures
}

func captures1(turn []board.Action) bool {
	return slices.ContainsFunc(turn, board.Action.Captured)
}

// freeStonesTaken is how often, over the free-stone positions and ten
// seeds each, the level takes a stone.
func freeStonesTaken(t *testing.T, positions []*board.Game, skill int) (taken, total int) {
	for _, g := range positions {
		for seed := uint64(0); seed < 10; seed++ {
			s := leveled(*g.Rules(), &engine.Level{Skill: skill, Seed: seed, Seeded: true})
			res := s.Search(context.Background(), g, engine.Limits{}, nil)
			total++
			if captures1(res.Best) {
				taken++
			}
		}
	}
	return taken, total
}

// At level 0 a free stone is still taken most of the time, and from
// level 6 on nearly always: a weak level seldom leaves a stone it could
// simply take.
func TestLevelsTakeFreeStones(t *testing.T) {
	positions := freeStonePositions(t)
	if len(positions) < 10 {
		t.Fatalf("only %d positions with a free stone", len(positions))
	}
	for _, c := range []struct {
		skill int
		least float64
	}{{0, 0.7}, {6, 0.9}, {10, 0.95}} {
		taken, total := freeStonesTaken(t, positions, c.skill)
		t.Logf("level %d took a free stone %d times of %d, in %d positions", c.skill, taken, total, len(positions))
		if float64(taken) < c.least*float64(total) {
			t.Errorf("level %d took a free stone %d times of %d, under %.0f%%", c.skill, taken, total, 100*c.least)
		}
	}
}

// Full strength (a nil level, or MaxSkill) is the search as it is: the
// same turn and the same node count as a searcher never given a level.
func TestFullStrengthLevelIsTheSearch(t *testing.T) {
	for _, g := range levelPositions(t)[:6] {
		want, _ := searchAt(t, g, engine.Limits{Depth: 3})
		for _, l := range []*engine.Level{nil, {Skill: engine.MaxSkill}} {
			got := leveled(*g.Rules(), l).Search(context.Background(), g, engine.Limits{Depth: 3}, nil)
			if !slices.EqualFunc(got.Best, want.Best, board.Action.Same) || got.Nodes != want.Nodes {
				t.Errorf("level %v from %s: %v in %d nodes, want %v in %d", l, g.SeFEN(), got.Best, got.Nodes, want.Best, want.Nodes)
			}
		}
	}
}
