package search

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"seega/board"
	"seega/engine"
	"seega/internal/testgame"
)

// searchAt runs a fresh one-thread search of g with limits lim.
func searchAt(t testing.TB, g *board.Game, lim engine.Limits) (engine.Result, []engine.Info) {
	t.Helper()
	s := NewAlphaBeta(engine.Options{HashMB: 4, Threads: 1}, newTestEval(*g.Rules()))
	var infos []engine.Info
	res := s.Search(context.Background(), g, lim, func(i engine.Info) { infos = append(infos, i) })
	return res, infos
}

// checkLegal fails unless res.Best is one of g's legal turns: each action
// legal in turn, the turn open after each but the last and complete after
// the last. On 5×5 the turn's text must also be among g.LegalTurns();
// larger boards can have millions of turns, too many to list.
func checkLegal(t *testing.T, g *board.Game, res engine.Result) {
	t.Helper()
	if len(res.Best) == 0 {
		t.Fatalf("empty best turn from\n%s", g.Position().Draw())
	}
	n := g.Position().Size()
	got := board.TurnString(res.Best, n)
	c := g.Clone()
	for i, a := range res.Best {
		legal, ok := c.Legalize(a)
		if !ok {
			t.Fatalf("best turn %q: action %d is not legal from %s", got, i+1, g.SeFEN())
		}
		c.Make(legal)
		if open := c.Position().MidTurn() && !c.Result().Over(); open != (i < len(res.Best)-1) {
			t.Fatalf("best turn %q from %s: after action %d the turn is open=%v", got, g.SeFEN(), i+1, open)
		}
	}
	if n == 5 && !slices.Contains(g.LegalTurns(), got) {
		t.Fatalf("best turn %q is not legal from %s", got, g.SeFEN())
	}
}

func TestDeterministicNodes(t *testing.T) {
	cases := []struct {
		name    string
		variant string
		opts    []string
		depth   int
		moving  bool
	}{
		{"egyptian start", "egyptian", nil, 2, false},
		{"egyptian movement", "egyptian", nil, 5, true},
		{"sudanese movement", "sudanese", nil, 4, true},
		{"classic movement", "classic", nil, 5, true},
		{"pro movement", "pro", nil, 6, true},
		{"pro 7x7 movement", "pro", []string{"BoardSize=7"}, 4, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := rulesFor(t, c.variant, c.opts...)
			g := randomGame(t, r, 7, 0)
			if c.moving {
				g = movementGame(t, r, 7)
			}
			first, _ := searchAt(t, g, engine.Limits{Depth: c.depth})
			second, _ := searchAt(t, g, engine.Limits{Depth: c.depth})
			if first.Nodes == 0 || first.Nodes != second.Nodes {
				t.Fatalf("nodes %d then %d", first.Nodes, second.Nodes)
			}
			// The same searcher after NewGame counts the same again.
			s := NewAlphaBeta(engine.Options{HashMB: 4, Threads: 1}, newTestEval(r))
			a := s.Search(context.Background(), g, engine.Limits{Depth: c.depth}, nil)
			s.NewGame()
			b := s.Search(context.Background(), g, engine.Limits{Depth: c.depth}, nil)
			if a.Nodes != first.Nodes || b.Nodes != first.Nodes {
				t.Fatalf("nodes %d, reused searcher %d and %d after NewGame", first.Nodes, a.Nodes, b.Nodes)
			}
			if !slices.EqualFunc(first.Best, second.Best, board.Action.Same) {
				t.Fatalf("best turns differ")
			}
		})
	}
}

func TestFindsCapture(t *testing.T) {
	// White's d2c2 takes b2 (a2 behind it). Nothing else captures.
	cases := []struct {
		name    string
		variant string
		fen     string
		want    string
	}{
		{"pro, one capture", "pro", "ww2b/4b/5/wb1w1/4w w 0/0 - 0 30", "d2c2"},
		{"egyptian, capture then bonus", "egyptian", "ww2b/4b/5/wb1w1/4w w 0/0 - 0 30", "d2c2"},
		{"sudanese, diagonal capture", "sudanese", "w2bb/4b/2w2/wb3/5 w 0/0 - 0 30", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := rulesFor(t, c.variant)
			g := fromFEN(t, r, c.fen)
			for depth := 1; depth <= 2; depth++ {
				res, _ := searchAt(t, g, engine.Limits{Depth: depth})
				checkLegal(t, g, res)
				if !res.Best[0].Captured() {
					t.Fatalf("depth %d: best %q captures nothing", depth, board.TurnString(res.Best, 5))
				}
				if c.want != "" && board.ActionString(res.Best[0], 5) != c.want {
					t.Fatalf("depth %d: best %q, want it to start with %s", depth, board.TurnString(res.Best, 5), c.want)
				}
			}
		})
	}
}

func TestMateInOne(t *testing.T) {
	// Pro: Black has 2 stones and loses at 1. d2c2 takes b2 and wins.
	r := rulesFor(t, "pro")
	g := fromFEN(t, r, "ww2b/5/5/wb1w1/5 w 0/0 - 0 30")
	for depth := 1; depth <= 3; depth++ {
		res, infos := searchAt(t, g, engine.Limits{Depth: depth})
		if got := board.TurnString(res.Best, 5); got != "d2c2" {
			t.Fatalf("depth %d: best %q, want d2c2", depth, got)
		}
		if res.Mate != 1 || !isMate(res.Score) {
			t.Fatalf("depth %d: score %d mate %d, want mate 1", depth, res.Score, res.Mate)
		}
		if last := infos[len(infos)-1]; last.Mate != 1 || len(last.PV) == 0 || testgame.PVText(g, last.PV)[0] != "d2c2" {
			t.Fatalf("depth %d: info %+v", depth, last)
		}
	}
}

func TestMateAgainst(t *testing.T) {
	// Pro: Black to act with 2 stones. e5 is walled in, and a1's only
	// step, a1b1, lets a2a1 take it between a1 and c1: Black loses after
	// one turn of its own.
	r := rulesFor(t, "pro")
	g := fromFEN(t, r, "3wb/4w/5/w4/b1w2 b 0/0 - 0 30")
	if got := g.LegalTurns(); !slices.Equal(got, []string{"a1b1"}) {
		t.Fatalf("legal turns %v, want only a1b1", got)
	}
	for depth := 2; depth <= 3; depth++ {
		res, _ := searchAt(t, g, engine.Limits{Depth: depth})
		if res.Mate != -1 || res.Score > -MateBound {
			t.Fatalf("depth %d: score %d mate %d, want mate -1", depth, res.Score, res.Mate)
		}
	}
}

func TestNeverIllegal(t *testing.T) {
	rules := []struct {
		name    string
		variant string
		opts    []string
		long    bool // only without -short
	}{
		{"egyptian", "egyptian", nil, false},
		{"sudanese", "sudanese", nil, false},
		{"classic", "classic", nil, false},
		{"pro", "pro", nil, false},
		{"egyptian black starts", "egyptian", []string{"MovementStarter=black"}, false},
		{"pro line capture", "pro", []string{"LineCapture=on", "Chain=anycapture"}, false},
		{"classic blocked pass", "classic", []string{"Blocked=pass", "NoCaptureLimit=6"}, false},
		{"pro 8 directions", "pro", []string{"Directions=8", "ChainMandatory=on"}, false},
		{"egyptian 7x7", "egyptian", []string{"BoardSize=7"}, true},
		{"classic 7x7", "classic", []string{"BoardSize=7"}, true},
		{"pro 9x9", "pro", []string{"BoardSize=9"}, true},
	}
	seeds := 10
	if testing.Short() {
		seeds = 3
	}
	for _, rc := range rules {
		if rc.long && testing.Short() {
			continue
		}
		r := rulesFor(t, rc.variant, rc.opts...)
		placement := r.Stones() // placement turns, both sides together
		for _, turns := range []int{0, 3, placement - 1, placement + 3, placement + 20} {
			for seed := 0; seed < seeds; seed++ {
				g := randomGame(t, r, uint64(seed*100+turns), turns)
				if g.Result().Over() {
					continue
				}
				// Every third game stops in the middle of a turn where
				// it can, so the search also starts from half-done turns.
				if seed%3 == 0 {
					acts := g.LegalActions(nil)
					g.Make(acts[seed%len(acts)])
					if g.Result().Over() {
						continue
					}
				}
				t.Run(fmt.Sprintf("%s/%d/%d", rc.name, turns, seed), func(t *testing.T) {
					res, _ := searchAt(t, g, engine.Limits{Depth: 2})
					checkLegal(t, g, res)
				})
			}
		}
	}
}

func TestGameOverGivesNoTurn(t *testing.T) {
	r := rulesFor(t, "pro")
	g := fromFEN(t, r, "w4/5/5/5/b3w b 0/0 - 0 30") // Black has 1 stone: lost
	res, infos := searchAt(t, g, engine.Limits{Depth: 3})
	if len(res.Best) != 0 || len(infos) != 0 {
		t.Fatalf("finished game searched: %+v", res)
	}
}

func TestSearchMoves(t *testing.T) {
	r := rulesFor(t, "pro")
	g := movementGame(t, r, 3)
	legal := g.LegalTurns()
	if len(legal) < 3 {
		t.Skip("too few turns")
	}
	for _, want := range []string{legal[0], legal[len(legal)-1]} {
		res, infos := searchAt(t, g, engine.Limits{Depth: 3, SearchMoves: testgame.RootMoves(g, want, "z9z9")})
		if got := board.TurnString(res.Best, 5); got != want {
			t.Fatalf("searchmoves %s: best %s", want, got)
		}
		for _, i := range infos {
			if testgame.PVText(g, i.PV)[0] != want {
				t.Fatalf("searchmoves %s: PV %v", want, i.PV)
			}
		}
	}
	// Nothing legal in the list: the whole root is searched.
	res, _ := searchAt(t, g, engine.Limits{Depth: 2, SearchMoves: testgame.RootMoves(g, "a1a1")})
	checkLegal(t, g, res)
}

func TestSearchMovesPlacementPair(t *testing.T) {
	r := rulesFor(t, "egyptian")
	g := randomGame(t, r, 1, 2)
	// Written high square first: still the turn a1,e5 if both are empty.
	legal := g.LegalTurns()
	want := legal[len(legal)/2]
	a, b, _ := cut(want)
	res, _ := searchAt(t, g, engine.Limits{Depth: 2, SearchMoves: testgame.RootMoves(g, b+","+a)})
	if got := board.TurnString(res.Best, 5); got != want {
		t.Fatalf("best %s, want %s", got, want)
	}
}

func cut(s string) (string, string, bool) {
	for i := range s {
		if s[i] == ',' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

func TestMultiPV(t *testing.T) {
	r := rulesFor(t, "pro")
	g := movementGame(t, r, 5)
	const lines = 3
	if len(g.LegalTurns()) < lines {
		t.Skip("too few turns")
	}
	res, infos := searchAt(t, g, engine.Limits{Depth: 3, MultiPV: lines})
	checkLegal(t, g, res)
	byDepth := map[int][]engine.Info{}
	for _, i := range infos {
		byDepth[i.Depth] = append(byDepth[i.Depth], i)
	}
	for d := 1; d <= 3; d++ {
		got := byDepth[d]
		if len(got) != lines {
			t.Fatalf("depth %d: %d lines", d, len(got))
		}
		seen := map[string]bool{}
		for k, i := range got {
			if i.MultiPV != k+1 || seen[testgame.PVText(g, i.PV)[0]] {
				t.Fatalf("depth %d: line %d is %+v", d, k+1, i)
			}
			seen[testgame.PVText(g, i.PV)[0]] = true
		}
	}
	// More lines than turns: as many lines as there are turns.
	few := fromFEN(t, r, "ww2b/5/5/wb1w1/5 w 0/0 - 0 30")
	n := len(few.LegalTurns())
	_, infos = searchAt(t, few, engine.Limits{Depth: 1, MultiPV: n + 5})
	if len(infos) != n {
		t.Fatalf("%d lines for %d turns", len(infos), n)
	}
}

func TestNodeLimit(t *testing.T) {
	r := rulesFor(t, "egyptian")
	g := movementGame(t, r, 2)
	const budget = 5000
	res, _ := searchAt(t, g, engine.Limits{Nodes: budget})
	checkLegal(t, g, res)
	if res.Nodes < budget || res.Nodes > budget+pollMask+1 {
		t.Fatalf("%d nodes for a budget of %d", res.Nodes, budget)
	}
	again, _ := searchAt(t, g, engine.Limits{Nodes: budget})
	if again.Nodes != res.Nodes {
		t.Fatalf("node-limited search not deterministic: %d then %d", res.Nodes, again.Nodes)
	}
}

func TestCancelReturns(t *testing.T) {
	cases := []struct {
		name    string
		variant string
		size    string
		threads int
	}{
		{"pro 5x5 one thread", "pro", "5", 1},
		{"egyptian 7x7 two threads", "egyptian", "7", 2},
		{"sudanese 7x7 one thread", "sudanese", "7", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := rulesFor(t, c.variant, "BoardSize="+c.size)
			g := movementGame(t, r, 4)
			s := NewAlphaBeta(engine.Options{HashMB: 4, Threads: c.threads}, newTestEval(r))
			checkCancelReturns(t, s, g)
		})
	}
}

// checkCancelReturns starts an infinite search of g with s, cancels it
// 20 ms later and checks that it returns a legal turn within seconds.
func checkCancelReturns(t *testing.T, s engine.Searcher, g *board.Game) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan engine.Result)
	go func() { done <- s.Search(ctx, g, engine.Limits{Infinite: true}, nil) }()
	time.Sleep(20 * time.Millisecond)
	cancel()
	select {
	case res := <-done:
		checkLegal(t, g, res)
	case <-time.After(5 * time.Second):
		t.Fatal("search did not return after cancel")
	}
}

func TestCancelledBeforeStart(t *testing.T) {
	// A context already done still gets a legal turn back at once.
	for _, v := range board.Variants {
		r := rulesFor(t, v)
		g := movementGame(t, r, 9)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		s := NewAlphaBeta(engine.Options{HashMB: 1, Threads: 2}, newTestEval(r))
		checkLegal(t, g, s.Search(ctx, g, engine.Limits{}, nil))
	}
}

func TestSoftLimitStops(t *testing.T) {
	// No depth, no nodes, no deadline: only Soft can end this search.
	r := rulesFor(t, "pro")
	g := movementGame(t, r, 6)
	checkSoftLimitStops(t, NewAlphaBeta(engine.Options{HashMB: 4, Threads: 1}, newTestEval(r)), g)
}

// checkSoftLimitStops checks that a search of g by s limited by Soft
// alone (as movetime is) returns a legal turn.
func checkSoftLimitStops(t *testing.T, s engine.Searcher, g *board.Game) {
	t.Helper()
	done := make(chan engine.Result)
	go func() { done <- s.Search(context.Background(), g, engine.Limits{Soft: time.Millisecond}, nil) }()
	select {
	case res := <-done:
		checkLegal(t, g, res)
	case <-time.After(30 * time.Second):
		t.Fatal("soft limit ignored")
	}
}

func TestThreadsRace(t *testing.T) {
	for _, v := range board.Variants {
		t.Run(v, func(t *testing.T) {
			r := rulesFor(t, v)
			g := movementGame(t, r, 11)
			s := NewAlphaBeta(engine.Options{HashMB: 1, Threads: 2}, newTestEval(r))
			var infos int
			res := s.Search(context.Background(), g, engine.Limits{Depth: 4}, func(engine.Info) { infos++ })
			checkLegal(t, g, res)
			if res.Depth != 4 || infos != 4 {
				t.Fatalf("depth %d with %d infos", res.Depth, infos)
			}
			// And once more from placement, on the same searcher.
			p := randomGame(t, r, 11, 3)
			checkLegal(t, p, s.Search(context.Background(), p, engine.Limits{Depth: 2}, nil))
		})
	}
}

func TestGameUntouched(t *testing.T) {
	r := rulesFor(t, "classic")
	g := movementGame(t, r, 8)
	before, ply, hist := g.SeFEN(), g.Ply(), len(g.History())
	searchAt(t, g, engine.Limits{Depth: 3, SearchMoves: testgame.RootMoves(g, g.LegalTurns()[0]), MultiPV: 2})
	if g.SeFEN() != before || g.Ply() != ply || len(g.History()) != hist {
		t.Fatalf("search changed the game: %s -> %s", before, g.SeFEN())
	}
}

func TestInfoFields(t *testing.T) {
	r := rulesFor(t, "pro")
	g := movementGame(t, r, 1)
	_, infos := searchAt(t, g, engine.Limits{Depth: 4})
	if len(infos) != 4 {
		t.Fatalf("%d infos for 4 iterations", len(infos))
	}
	var prevNodes uint64
	for k, i := range infos {
		if i.Depth != k+1 || i.MultiPV != 1 || i.SelDepth < i.Depth || i.Nodes <= prevNodes || len(i.PV) == 0 {
			t.Fatalf("info %d: %+v", k, i)
		}
		if i.HashFull < 0 || i.HashFull > 1000 {
			t.Fatalf("hashfull %d", i.HashFull)
		}
		prevNodes = i.Nodes
	}
}

func TestZeroAllocationsPerNode(t *testing.T) {
	r := rulesFor(t, "pro")
	g := movementGame(t, r, 1)
	s := NewAlphaBeta(engine.Options{HashMB: 1, Threads: 1}, newTestEval(r))
	var nodes uint64
	allocs := testing.AllocsPerRun(3, func() {
		s.NewGame()
		nodes = s.Search(context.Background(), g, engine.Limits{Depth: 8}, nil).Nodes
	})
	// A search allocates a little per call and per iteration (clones, the
	// result, the PV), nothing per node.
	if allocs*100 > float64(nodes) {
		t.Fatalf("%.0f allocations for %d nodes", allocs, nodes)
	}
	t.Logf("%.0f allocations per search of %d nodes", allocs, nodes)
}

func TestInfiniteWaitsForCancel(t *testing.T) {
	// A mate in one runs out of depth at once; an infinite search must
	// still wait for its context before it answers.
	r := rulesFor(t, "pro")
	g := fromFEN(t, r, "ww2b/5/5/wb1w1/5 w 0/0 - 0 30")
	s := NewAlphaBeta(engine.Options{HashMB: 1, Threads: 2}, newTestEval(r))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan engine.Result, 1)
	go func() { done <- s.Search(ctx, g, engine.Limits{Infinite: true, Depth: 1}, nil) }()
	select {
	case <-done:
		t.Fatal("infinite search returned before its context was done")
	case <-time.After(50 * time.Millisecond):
	}
	cancel()
	select {
	case res := <-done:
		if board.TurnString(res.Best, 5) != "d2c2" || res.Mate != 1 {
			t.Fatalf("best %q mate %d", board.TurnString(res.Best, 5), res.Mate)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("search did not return after cancel")
	}
}

// TestRepetitionBeforeTheRoot checks the history-aware draw: a turn that
// goes back to a position the game stood in before the search began
// scores as a draw (worth the root's contempt to the side searching), where the
// same turn from the same position without that history does not.
func TestRepetitionBeforeTheRoot(t *testing.T) {
	r := rulesFor(t, "pro")
	fen := "w4/5/2w2/5/b3b w 0/0 - 0 40"
	// White a5 steps down and back while Black e1 steps up and back: the
	// game is back where it began, and a5a4 would reach again the
	// position after the first turn.
	g := fromFEN(t, r, fen)
	if err := g.PlayMoves([]string{"a5a4", "e1e2", "a4a5", "e2e1"}, board.PerTurn); err != nil {
		t.Fatal(err)
	}
	res, _ := searchAt(t, g, engine.Limits{Depth: 2, SearchMoves: testgame.RootMoves(g, "a5a4")})
	if draw := DrawScore - rootContempt(g, Contempt); res.Score != draw {
		t.Errorf("a5a4 back into the game's history scores %d, want the draw %d", res.Score, draw)
	}
	fresh, _ := searchAt(t, fromFEN(t, r, fen), engine.Limits{Depth: 2, SearchMoves: testgame.RootMoves(g, "a5a4")})
	if fresh.Score == DrawScore-Contempt || fresh.Score == DrawScore {
		t.Errorf("a5a4 without the history scores %d, a draw: the test shows nothing", fresh.Score)
	}
}

// TestSetContempt checks that SetContempt sets what the draw into the
// game's history costs the side searching (the position of
// TestRepetitionBeforeTheRoot), within ±MaxContempt, and that a contempt
// that makes the draw worse than the alternatives turns the search away
// from it: with contempt 0 White takes the repetition, with enough it
// plays another turn.
func TestSetContempt(t *testing.T) {
	r := rulesFor(t, "pro")
	game := func() *board.Game {
		g := fromFEN(t, r, "w4/5/2w2/5/b3b w 0/0 - 0 40")
		if err := g.PlayMoves([]string{"a5a4", "e1e2", "a4a5", "e2e1"}, board.PerTurn); err != nil {
			t.Fatal(err)
		}
		return g
	}
	for _, c := range []struct{ set, want int }{{77, 77}, {0, 0}, {-50, -50}, {MaxContempt + 5, MaxContempt}, {-MaxContempt - 5, -MaxContempt}} {
		g := game()
		s := NewAlphaBeta(engine.Options{HashMB: 1, Threads: 1}, newTestEval(r))
		s.SetContempt(c.set)
		res := s.Search(context.Background(), g, engine.Limits{Depth: 2, SearchMoves: testgame.RootMoves(g, "a5a4")}, nil)
		if want := DrawScore - rootContempt(g, c.want); res.Score != want {
			t.Errorf("contempt %d: a5a4 into the history scores %d, want %d", c.set, res.Score, want)
		}
	}
	for _, c := range []struct {
		contempt int
		repeats  bool
	}{{-MaxContempt, true}, {MaxContempt, false}} {
		s := NewAlphaBeta(engine.Options{HashMB: 1, Threads: 1}, newTestEval(r))
		s.SetContempt(c.contempt)
		res := s.Search(context.Background(), game(), engine.Limits{Depth: 2}, nil)
		if best := board.TurnString(res.Best, 5); (best == "a5a4") != c.repeats {
			t.Errorf("contempt %d: best %s (score %d); the repetition a5a4 wanted: %v", c.contempt, best, res.Score, c.repeats)
		}
	}
	if got := NewAlphaBeta(engine.Options{HashMB: 1, Threads: 1}, newTestEval(r)).contempt; got != Contempt {
		t.Errorf("a new searcher's contempt is %d, want the default %d", got, Contempt)
	}
}

// TestContemptFades checks that a draw costs the root side the full
// Contempt at the start of a quiet stretch and nothing after
// ContemptFadeTurns quiet turns where no quiet-turn limit applies (pro),
// and always the full Contempt where one does (egyptian).
func TestContemptFades(t *testing.T) {
	const fen = "w4/1w3/2w2/5/b3b w 0/0 - %d 40"
	cases := []struct {
		variant string
		quiet   int
		want    int
	}{
		{"pro", 0, Contempt},
		{"pro", ContemptFadeTurns / 2, Contempt / 2},
		{"pro", ContemptFadeTurns, 0},
		{"pro", ContemptFadeTurns + 30, 0},
		{"egyptian", 0, Contempt},
		{"egyptian", 15, Contempt},
	}
	for _, c := range cases {
		r := rulesFor(t, c.variant)
		g := fromFEN(t, r, fmt.Sprintf(fen, c.quiet))
		if got := rootContempt(g, Contempt); got != c.want {
			t.Errorf("%s after %d quiet turns: contempt %d, want %d", c.variant, c.quiet, got, c.want)
		}
	}
}

// TestQuietFade checks that the static evaluation of a position fades
// with its quiet turns where no quiet-turn limit ends the game (pro),
// to half at half of QuietFadeTurns and to QuietFadeFull−QuietFadeTurns
// hundredths at QuietFadeTurns and beyond, and is the evaluator's own
// where a limit does (egyptian, whose evaluation weighs the count).
func TestQuietFade(t *testing.T) {
	const fen = "w4/1w3/2w2/5/b3b w 0/0 - %d 40"
	for _, variant := range []string{"pro", "egyptian"} {
		r := rulesFor(t, variant)
		at := func(q int) (searched, raw int) {
			th := newThread(0, newTestEval(r))
			th.g = fromFEN(t, r, fmt.Sprintf(fen, q))
			return th.evaluate(0), clampEval(th.ev.Evaluate(th.g))
		}
		if variant == "egyptian" {
			if got, raw := at(10); got != raw {
				t.Errorf("egyptian at 10 quiet turns: %d, the evaluator says %d", got, raw)
			}
			continue
		}
		fresh, raw := at(0)
		mid, _ := at(QuietFadeTurns / 2)
		end, _ := at(QuietFadeTurns)
		beyond, _ := at(QuietFadeTurns + 30)
		if fresh == 0 || fresh != raw {
			t.Fatalf("pro at 0 quiet turns: %d, the evaluator %d; want them equal and not 0", fresh, raw)
		}
		if want := fresh * (QuietFadeFull - QuietFadeTurns/2) / QuietFadeFull; mid != want {
			t.Errorf("pro: %d at 0 quiet turns, %d at %d; want %d", fresh, mid, QuietFadeTurns/2, want)
		}
		want := fresh * (QuietFadeFull - QuietFadeTurns) / QuietFadeFull
		if end != want || beyond != want {
			t.Errorf("pro: %d at 0 quiet turns, %d at %d and %d beyond; want %d at and beyond", fresh, end, QuietFadeTurns, beyond, want)
		}
	}
}

// fadedEvaluate is a fresh thread's evaluate (the static evaluation with
// the quiet fade) of fen, a SeFEN whose quiet-turn count is the %d, at q
// quiet turns under rules r.
func fadedEvaluate(t *testing.T, r board.Rules, fen string, q int) int {
	t.Helper()
	th := newThread(0, newTestEval(r))
	th.g = fromFEN(t, r, fmt.Sprintf(fen, q))
	return th.evaluate(0)
}

// TestQuietFadeWithoutRepetition checks that where no repetition rule
// applies either the fade slows down at QuietFadeNoDrawTurns: from half
// the lead's worth there it shrinks in inverse proportion to the quiet
// turns, so that it never reaches nothing and every further quiet turn
// still costs something.
func TestQuietFadeWithoutRepetition(t *testing.T) {
	r := rulesFor(t, "pro")
	r.RepetitionDraw = 0
	at := func(q int) int { return fadedEvaluate(t, r, "w4/1w3/2w2/5/b3b w 0/0 - %d 40", q) }
	fresh := at(0)
	if fresh == 0 {
		t.Fatalf("the position scores 0; the test needs one that does not")
	}
	if got, want := at(10), fresh*(QuietFadeFull-10)/QuietFadeFull; got != want {
		t.Errorf("%d at 0 quiet turns, %d at 10; want %d", fresh, got, want)
	}
	half := fresh * (QuietFadeFull - QuietFadeNoDrawTurns) / QuietFadeFull
	if got := at(QuietFadeNoDrawTurns); got != half {
		t.Errorf("%d at 0 quiet turns, %d at %d; want %d", fresh, got, QuietFadeNoDrawTurns, half)
	}
	if got, want := at(2*QuietFadeNoDrawTurns), half/2; got != want {
		t.Errorf("%d at %d quiet turns, want %d: half of %d at %d", got, 2*QuietFadeNoDrawTurns, want, half, QuietFadeNoDrawTurns)
	}
	prev := half
	for q := QuietFadeNoDrawTurns + 10; q <= 300; q += 10 {
		got := at(q)
		if got <= 0 || got > prev {
			t.Errorf("%d at %d quiet turns after %d ten turns before; want no more, and above 0", got, q, prev)
		}
		prev = got
	}
	if late := at(300); late >= half/2 {
		t.Errorf("%d at 300 quiet turns, %d at %d: the fade stopped", late, half/2, 2*QuietFadeNoDrawTurns)
	}
}

// TestFadeCountsAtFirstCapture checks that without a repetition rule the
// fade reads the quiet turns of the line's first capture where the line
// has one (a leaf whose own count restarted at a capture fades as the
// position did when that capture came), and that with the rule it reads
// the leaf's own count whatever the line captured.
func TestFadeCountsAtFirstCapture(t *testing.T) {
	for _, norep := range []bool{false, true} {
		r := rulesFor(t, "pro")
		if norep {
			r.RepetitionDraw = 0
		}
		th := newThread(0, newTestEval(r))
		th.g = fromFEN(t, r, "w4/1w3/2w2/5/b3b w 0/0 - 3 40")
		raw := clampEval(th.ev.Evaluate(th.g))
		own := quietFade(raw, 3, !norep, false)
		if got := th.evaluate(5); got != own {
			t.Errorf("no capture on the line (repetition rule %v): %d, want %d, the leaf's own count", !norep, got, own)
		}
		for _, at := range []int{0, 20, 70} {
			th.firstCapture[5] = int32(at) + 1
			want := own
			if norep {
				want = quietFade(raw, at, false, false)
			}
			if got := th.evaluate(5); got != want {
				t.Errorf("first capture at %d quiet turns (repetition rule %v): %d, want %d", at, !norep, got, want)
			}
		}
		if norep && quietFade(raw, 70, false, false) == own {
			t.Errorf("the fade at 70 and at 3 quiet turns agree (%d): the test shows nothing", own)
		}
	}
}

// TestTrackCapture checks the line's record of its first capture: none
// until a capturing step, then the quiet count of the position it was
// made from, kept through later captures.
func TestTrackCapture(t *testing.T) {
	th := newThread(0, newTestEval(rulesFor(t, "pro")))
	quiet, capture := board.Step(0, 1), board.Action{}
	g := fromFEN(t, rulesFor(t, "pro"), "5/5/5/5/wb1w1 w 0/0 - 7 40")
	for _, a := range g.Actions(nil) {
		if a.Captured() {
			capture = a
		}
	}
	if !capture.Captured() {
		t.Fatal("the position has no capture; the test needs one")
	}
	th.trackCapture(0, quiet, 7)
	if th.firstCapture[1] != 0 {
		t.Errorf("after a quiet step: %d, want 0", th.firstCapture[1])
	}
	th.trackCapture(1, capture, 8)
	th.trackCapture(2, quiet, 0)
	th.trackCapture(3, capture, 1)
	for ply, want := range []int32{0, 0, 9, 9, 9} {
		if th.firstCapture[ply] != want {
			t.Errorf("ply %d: %d, want %d", ply, th.firstCapture[ply], want)
		}
	}
}

// TestCapturesSooner checks that a side far ahead takes a stone it can
// win now rather than at the edge of its horizon. White has 24 stones
// to Black's 5, 155 quiet turns in, with no repetition rule and no
// quiet-turn limit; Black is shut in the corner and passing. White wins a
// stone by opening the corner (a4a5: Black must step a3a4, and b3a3
// takes it). Faded by the leaf's own quiet count, every line that
// captured later scored higher, and at depths 7 and 9 the search (with
// this test's evaluator) stepped a stone about (g1g2), the same capture
// at the end of its line; the engine's own evaluator did the same with
// d5d4. White holds c1 (and not g7): with c1 Black's, Black could answer
// the capture by sealing b1 inside a2, b2, a1 and c1 (a fortress,
// board.Position.Fortress), which the search at depths 7 and 9 sees and
// cannot yet stop, so it waits instead; this test is about the fade.
func TestCapturesSooner(t *testing.T) {
	r := testgame.NoLimitRules(t, 7)
	g := fromFEN(t, r, "w1ww1w1/wwww3/1w1www1/w1w1ww1/bw1w3/bbww3/bbwww1w w 0/0 - 155 235 passed=1")
	for _, depth := range []int{5, 7, 9} {
		s := NewAlphaBeta(engine.Options{HashMB: 4, Threads: 1}, newTestEval(r))
		var pv []string
		res := s.Search(context.Background(), g, engine.Limits{Depth: depth}, func(i engine.Info) { pv = testgame.PVText(g, i.PV) })
		if len(pv) == 0 {
			t.Fatalf("depth %d: no PV", depth)
		}
		gg := g.Clone()
		captured := -1
		for i, turn := range pv {
			before := gg.Position().Stones(board.Black).Count()
			if err := gg.PlayMoves([]string{turn}, board.PerTurn); err != nil {
				t.Fatalf("depth %d: PV %v: %v", depth, pv, err)
			}
			if gg.Position().Stones(board.Black).Count() < before {
				captured = i
				break
			}
		}
		if captured < 0 || captured > 2 {
			t.Errorf("depth %d: best %s, PV %v captures at turn %d; want a capture within White's first two turns", depth, board.TurnString(res.Best, 7), pv, captured+1)
		}
	}
}

// TestLevelFade checks that in a level ending the evaluation fades twice
// as fast, to nothing at LevelFadeFull quiet turns, and that a lead of a
// stone, or level stones before the ending, fade at the usual rate.
func TestLevelFade(t *testing.T) {
	r := rulesFor(t, "pro")
	at := func(fen string, q int) int { return fadedEvaluate(t, r, fen, q) }
	const level = "ww3/1w3/5/5/b2bb w 0/0 - %d 40" // 3 against 3, White better placed
	fresh := at(level, 0)
	if fresh == 0 {
		t.Fatalf("the level position scores 0; the test needs one that does not")
	}
	if got, want := at(level, LevelFadeFull/2), fresh*(LevelFadeFull-LevelFadeFull/2)/LevelFadeFull; got != want {
		t.Errorf("level: %d at 0 quiet turns, %d at %d; want %d", fresh, got, LevelFadeFull/2, want)
	}
	if got := at(level, LevelFadeFull); got != 0 {
		t.Errorf("level: %d at %d quiet turns, want 0", got, LevelFadeFull)
	}
	for _, fen := range []string{
		"ww3/1w3/5/5/b3b w 0/0 - %d 40",      // 3 against 2
		"ww3/1w3/w1w2/5/bb1bb w 0/0 - %d 40", // 5 against 5: not yet an ending
	} {
		fresh := at(fen, 0)
		if got, want := at(fen, LevelFadeFull), fresh*(QuietFadeFull-LevelFadeFull)/QuietFadeFull; got != want || fresh == 0 {
			t.Errorf("%s: %d at 0 quiet turns, %d at %d; want %d, not 0", fen, fresh, got, LevelFadeFull, want)
		}
	}
}
