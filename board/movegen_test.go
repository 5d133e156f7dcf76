package board

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// The fast generator (capture pairs, shifts of whole sets, single words on
// small boards, bucket chains for repetitions) must give the same answers
// as the plain one it replaced, in the same order: searches and seeded
// playouts depend on the order. The walk* functions below are that plain
// generator: every empty square in turn, and every direction from it.

// walkCapturesAt walks out from t in each direction (RULES.md 3.2).
func walkCapturesAt(p *Position, t Square, c Color) Bitboard {
	g, r := p.geo, p.rules
	own, opp := p.stones[c], p.stones[c.Other()]
	var caps Bitboard
	for d := 0; d < g.dirs; d++ {
		e := g.next[t][d]
		if e < 0 || !opp.Has(e) {
			continue
		}
		run := SquareBit(e)
		f := g.next[e][d]
		for r.LineCapture && f >= 0 && opp.Has(f) {
			run = run.Or(SquareBit(f))
			f = g.next[f][d]
		}
		if f >= 0 && own.Has(f) {
			if r.CentreSafe {
				run = run.AndNot(SquareBit(g.centre))
			}
			caps = caps.Or(run)
		}
	}
	return caps
}

// walkedStep is a step of walkSteps with the stones it captures.
type walkedStep struct {
	a    Action
	caps Bitboard
}

// walkSteps lists c's steps from the stones of from by target square,
// then origin.
func walkSteps(p *Position, c Color, from Bitboard, onlyCapturing bool) []walkedStep {
	var out []walkedStep
	own := p.stones[c].And(from)
	for e := p.Empty(); e.Any(); {
		t := e.Pop()
		origins := p.geo.adj[t].And(own)
		caps := walkCapturesAt(p, t, c)
		if origins.IsEmpty() || (onlyCapturing && caps.IsEmpty()) {
			continue
		}
		for origins.Any() {
			out = append(out, walkedStep{Step(origins.Pop(), t), caps})
		}
	}
	return out
}

// walkHasStep looks for an empty square next to one of c's stones.
func walkHasStep(p *Position, c Color) bool {
	for e := p.Empty(); e.Any(); {
		if p.geo.adj[e.Pop()].And(p.stones[c]).Any() {
			return true
		}
	}
	return false
}

// walkRepetitions scans the whole history since the last capture.
func walkRepetitions(g *Game) int {
	n := len(g.hist)
	if n == 0 || g.hist[n-1] != g.pos.hash {
		return 0
	}
	count := 0
	for i := n - 1; i >= max(0, n-1-int(g.pos.quiet)); i-- {
		if g.hist[i] == g.pos.hash {
			count++
		}
	}
	return count
}

// checkHistoryChains rebuilds the repetition bucket chains from hist and
// compares them with the ones Make and Unmake keep.
func checkHistoryChains(t *testing.T, g *Game) {
	t.Helper()
	var last [histBuckets]int32
	if len(g.histPrev) != len(g.hist) {
		t.Fatalf("%d chain links for %d history entries", len(g.histPrev), len(g.hist))
	}
	for i, h := range g.hist {
		if g.histPrev[i] != last[h%histBuckets] {
			t.Fatalf("history entry %d links to %d, want %d", i, g.histPrev[i], last[h%histBuckets])
		}
		last[h%histBuckets] = int32(i + 1)
	}
	if last != g.histLast {
		t.Fatalf("bucket heads differ from the ones rebuilt from the history")
	}
}

// fastGenSetups are the rule sets the fast generator is checked under:
// every preset on every size, and mixes that reach LineCapture, CentreSafe
// with 8 directions, and each chain mode.
func fastGenSetups() []Rules {
	type setup struct {
		variant string
		size    int
		options []string
	}
	var setups []setup
	for _, v := range Variants {
		for _, n := range []int{5, 7, 9} {
			setups = append(setups, setup{v, n, nil})
		}
	}
	setups = append(setups,
		setup{"egyptian", 5, []string{"LineCapture=on", "Directions=8"}},
		setup{"egyptian", 9, []string{"LineCapture=on"}},
		setup{"sudanese", 7, []string{"LineCapture=on", "CentreSafe=on", "LoseAt=6"}},
		setup{"sudanese", 9, []string{"CentreSafe=on", "Chain=samecapture", "ChainMandatory=off"}},
		setup{"classic", 5, []string{"Directions=8", "Chain=anycapture", "ChainMandatory=off"}},
		setup{"pro", 7, []string{"Chain=bonus", "CentreSafe=on", "NoCaptureLimit=30"}},
		setup{"egyptian", 5, []string{"MovementStarter=black", "RepetitionDraw=2"}},
	)
	var out []Rules
	for _, s := range setups {
		if s.size*s.size > MaxSquares {
			continue // the narrow build
		}
		r, err := Preset(s.variant)
		if err != nil {
			panic(err)
		}
		if err := r.ParseOptions(append([]string{"BoardSize=" + strconv.Itoa(s.size)}, s.options...)); err != nil {
			panic(err)
		}
		out = append(out, r)
	}
	return out
}

// walkRandomGames plays seeded random games under every setup and calls
// check at every position reached, after making an action and after
// taking one back.
func walkRandomGames(t *testing.T, check func(t *testing.T, g *Game)) {
	games := 4
	if testing.Short() {
		games = 1
	}
	for i, r := range fastGenSetups() {
		t.Run(fmt.Sprintf("%d-%s-%d", i, r.Variant, r.BoardSize), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 11))
			for game := 0; game < games; game++ {
				g, err := NewGame(r)
				if err != nil {
					t.Fatal(err)
				}
				var buf []Action
				for ply := 0; ply < 600; ply++ {
					check(t, g)
					buf = g.LegalActions(buf[:0])
					if len(buf) == 0 {
						break
					}
					// Now and then try another action first and take it
					// back, so that Unmake is checked too.
					if rng.IntN(4) == 0 {
						g.Make(buf[rng.IntN(len(buf))])
						check(t, g)
						g.Unmake()
						check(t, g)
					}
					g.Make(buf[rng.IntN(len(buf))])
				}
			}
		})
	}
}

// TestGeneratorMatchesWalk compares the fast generator's parts with the
// plain walk at every position of the random games: step existence,
// captures per square, capturing steps next to each stone (the chain
// test), the steps in order, and the repetition count and its chains.
func TestGeneratorMatchesWalk(t *testing.T) {
	walkRandomGames(t, func(t *testing.T, g *Game) {
		p := &g.pos
		for c := White; c <= Black; c++ {
			if got, want := p.hasStep(c), walkHasStep(p, c); got != want {
				t.Fatalf("%s: hasStep(%s) = %v, want %v", g.SeFEN(), c, got, want)
			}
			for s := p.stones[c]; s.Any(); {
				sq := s.Pop()
				want := len(walkSteps(p, c, SquareBit(sq), true)) > 0
				if got := p.hasCapturingStep(c, p.geo.adj[sq]); got != want {
					t.Fatalf("%s: hasCapturingStep(%s) next to %s = %v, want %v", g.SeFEN(), c, SquareName(sq, p.geo.n), got, want)
				}
			}
			for e := p.Empty(); e.Any(); {
				sq := e.Pop()
				if got, want := p.capturesAt(sq, c), walkCapturesAt(p, sq, c); got != want {
					t.Fatalf("%s: capturesAt(%s, %s) = %v, want %v", g.SeFEN(), SquareName(sq, p.geo.n), c, got, want)
				}
			}
		}
		if !p.Placement() && p.pending == NoSquare {
			us := p.side
			from := p.stones[us]
			if p.chain >= 0 {
				from = SquareBit(p.chain)
			}
			for _, onlyCapturing := range []bool{false, true} {
				got := p.appendSteps(nil, us, from, onlyCapturing)
				want := walkSteps(p, us, from, onlyCapturing)
				same := len(got) == len(want)
				for i := 0; same && i < len(got); i++ {
					w := want[i]
					same = got[i].Same(w.a) && p.CaptureSet(got[i]) == w.caps && got[i].CaptureCount() == w.caps.Count()
				}
				if !same {
					t.Fatalf("%s: steps (onlyCapturing %v)\n got %v\nwant %v", g.SeFEN(), onlyCapturing, got, want)
				}
			}
		}
		if got, want := g.repetitions(), walkRepetitions(g); got != want {
			t.Fatalf("%s: %d repetitions, want %d", g.SeFEN(), got, want)
		}
		checkHistoryChains(t, g)
	})
}

// TestCaptureActions checks CaptureActions against the legal actions
// filtered to the captures and the chain stop, order included.
func TestCaptureActions(t *testing.T) {
	seen := 0
	walkRandomGames(t, func(t *testing.T, g *Game) {
		if g.Result().Over() {
			return
		}
		var want []Action
		for _, a := range g.LegalActions(nil) {
			if a.Captured() || (a.Kind == ActPass && g.pos.chain != NoSquare) {
				want = append(want, a)
			}
		}
		seen += len(want)
		prefix := []Action{Pass()} // CaptureActions appends: what is there stays
		got := g.CaptureActions(prefix)
		if !slices.Equal(got[:1], prefix) || !slices.Equal(got[1:], want) {
			t.Fatalf("%s: CaptureActions\n got %v\nwant %v", g.SeFEN(), got[1:], want)
		}
	})
	if seen == 0 {
		t.Fatal("the random games reached no capture")
	}
}

// TestCaptureActionsCases checks CaptureActions on drawn positions that
// random games rarely reach: the whiteopens duty dropping a capture that
// leaves Black blocked, chain stops, and positions with no capture at all.
func TestCaptureActionsCases(t *testing.T) {
	cases := []struct {
		name    string
		variant string
		options []string
		fen     string
		// dropped: the duty removes some capturing steps; stop: the chain
		// stop is among the actions; none: there is nothing to list.
		dropped, stop, none bool
	}{
		{name: "duty drops a capture that leaves Black blocked", variant: "classic",
			fen: "wbwbb/wwwww/bww2/bb1bw/bbbwb w 0/0 - 0 30 passed=1 bturns=3", dropped: true},
		{name: "duty drops some of several captures", variant: "classic",
			fen: "bbwbw/wbbbb/1wwbw/wwb1w/1w1ww w 0/0 - 0 30 passed=1 bturns=3", dropped: true},
		{name: "samecapture chain with its stop", variant: "pro", options: []string{"Blocked=whiteopens", "Directions=8"},
			fen: "wbwbb/4b/wbw1w/ww1wb/b1b1w b 0/0 c1 0 16", stop: true},
		{name: "bonus chain: only its capturing steps", variant: "egyptian",
			fen: "wwbbw/wbbbb/w1w1b/wwwbw/wbbbw w 0/0 + 0 13"},
		{name: "placement", variant: "classic", fen: StartSeFEN, none: true},
		{name: "pending ransom", variant: "classic",
			fen: "wwbbw/w1bwb/ww1bb/ww1bw/wbwbb w 0/0 - 0 14 asked=1 pending=e1", none: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := rulesOf(t, tc.variant, tc.options...)
			g, err := NewGameFromSeFEN(r, tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			if g.Result().Over() {
				t.Fatalf("game over: %s", g.Result())
			}
			var want []Action
			for _, a := range g.LegalActions(nil) {
				if a.Captured() || (a.Kind == ActPass && g.pos.chain != NoSquare) {
					want = append(want, a)
				}
			}
			got := g.CaptureActions(nil)
			if !slices.Equal(got, want) {
				t.Fatalf("CaptureActions\n got %v\nwant %v", got, want)
			}
			if pseudo := g.pos.appendActions(nil, true); tc.dropped != (len(got) < len(pseudo)) {
				t.Errorf("the duty dropped %d of %d, want dropped=%v", len(pseudo)-len(got), len(pseudo), tc.dropped)
			}
			if tc.stop != slices.ContainsFunc(got, func(a Action) bool { return a.Kind == ActPass }) {
				t.Errorf("chain stop listed: %v, want %v", !tc.stop, tc.stop)
			}
			if tc.none != (len(got) == 0) {
				t.Errorf("%d actions, want none=%v", len(got), tc.none)
			}
		})
	}
}

// TestHasQuietChainStep checks HasQuietChainStep against its definition,
// a legal step that captures nothing in a chain under way, at every
// position of the random games, and that both answers occur.
func TestHasQuietChainStep(t *testing.T) {
	seen := map[bool]int{}
	walkRandomGames(t, func(t *testing.T, g *Game) {
		if g.Result().Over() {
			return
		}
		want := false
		if g.pos.chain != NoSquare {
			want = slices.ContainsFunc(g.LegalActions(nil), func(a Action) bool {
				return a.Kind == ActStep && !a.Captured()
			})
		}
		if got := g.HasQuietChainStep(); got != want {
			t.Fatalf("%s: HasQuietChainStep %v, want %v", g.SeFEN(), got, want)
		}
		if g.pos.chain != NoSquare {
			seen[want]++
		}
	})
	if seen[true] == 0 || seen[false] == 0 {
		t.Fatalf("chains with and without a quiet step: %d and %d, want both", seen[true], seen[false])
	}
}

// TestCountAndPick checks countListed and nthListed against the list
// appendActions makes, and PickAction against LegalActions, at every
// position of the random games: the same count, the same action at every
// index, and no action for an index out of range.
func TestCountAndPick(t *testing.T) {
	walkRandomGames(t, func(t *testing.T, g *Game) {
		p := &g.pos
		for _, capturesOnly := range []bool{false, true} {
			want := p.appendActions(nil, capturesOnly)
			var l listing
			p.list(&l, capturesOnly)
			if n := p.countListed(&l); n != len(want) {
				t.Fatalf("%s (capturesOnly %v): counted %d actions, listed %d", g.SeFEN(), capturesOnly, n, len(want))
			}
			for k, a := range want {
				if got := p.nthListed(&l, k); got != a {
					t.Fatalf("%s (capturesOnly %v): action %d is %v, listed %v", g.SeFEN(), capturesOnly, k, got, a)
				}
			}
		}
		legal := g.LegalActions(nil)
		for k := -1; k <= len(legal); k++ { // one out of range at each end
			got, ok := g.PickAction(func(n int) int {
				if n != len(legal) {
					t.Fatalf("%s: PickAction offers %d actions, LegalActions lists %d", g.SeFEN(), n, len(legal))
				}
				return k
			})
			var want Action
			inRange := k >= 0 && k < len(legal)
			if inRange {
				want = legal[k]
			}
			if got != want || ok != inRange {
				t.Fatalf("%s: PickAction(%d) = %v, %v; want %v, %v", g.SeFEN(), k, got, ok, want, inRange)
			}
		}
	})
}

// TestRandomActionPlaysLikeLegalActions plays each random game twice from
// the same seed, once picking from LegalActions and once with
// RandomAction: the games must be the same action for action.
func TestRandomActionPlaysLikeLegalActions(t *testing.T) {
	for i, r := range fastGenSetups() {
		t.Run(fmt.Sprintf("%d-%s-%d", i, r.Variant, r.BoardSize), func(t *testing.T) {
			listed, _ := NewGame(r)
			drawn, _ := NewGame(r)
			rl := rand.New(rand.NewPCG(uint64(i), 13))
			rd := rand.New(rand.NewPCG(uint64(i), 13))
			var buf []Action
			for ply := 0; ply < 3000; ply++ {
				buf = listed.LegalActions(buf[:0])
				a, ok := drawn.RandomAction(rd)
				if ok != (len(buf) > 0) {
					t.Fatalf("%s: RandomAction ok=%v with %d legal actions", listed.SeFEN(), ok, len(buf))
				}
				if !ok {
					if ply < 10 {
						t.Fatalf("the game ended after %d actions", ply)
					}
					return
				}
				want := buf[rl.IntN(len(buf))]
				if a != want {
					t.Fatalf("%s: RandomAction %v, LegalActions pick %v", listed.SeFEN(), a, want)
				}
				listed.Make(want)
				drawn.Make(a)
			}
		})
	}
}

// TestRandomTurn checks RandomTurn at every position of the random games:
// it appends (keeping what buf held) the actions that drawing one action
// at a time from LegalActions gives with the same seed, up to the end of
// the turn or of the game; the turn is complete; and g is left as it was.
func TestRandomTurn(t *testing.T) {
	k := uint64(0)
	walkRandomGames(t, func(t *testing.T, g *Game) {
		k++
		before := g.SeFEN()
		prefix := []Action{Pass()}
		got := g.RandomTurn(rand.New(rand.NewPCG(k, 17)), prefix)
		if g.SeFEN() != before {
			t.Fatalf("RandomTurn left %s, want %s", g.SeFEN(), before)
		}
		if !slices.Equal(got[:1], prefix) {
			t.Fatalf("%s: RandomTurn overwrote the buffer's %v", before, prefix)
		}
		rng := rand.New(rand.NewPCG(k, 17))
		var want []Action
		for {
			legal := g.LegalActions(nil)
			if len(legal) == 0 {
				break
			}
			a := legal[rng.IntN(len(legal))]
			g.Make(a)
			want = append(want, a)
			if !g.Position().MidTurn() {
				break
			}
		}
		ended := !g.Position().MidTurn() || g.Result().Over()
		for range want {
			g.Unmake()
		}
		if !slices.Equal(got[1:], want) {
			t.Fatalf("%s: RandomTurn %v, want %v", before, got[1:], want)
		}
		if len(want) > 0 && !ended {
			t.Fatalf("%s: RandomTurn %v stops mid-turn", before, want)
		}
		if over := g.Result().Over(); over != (len(want) == 0) {
			t.Fatalf("%s: game over %v, yet RandomTurn gave %d actions", before, over, len(want))
		}
	})
}

// TestChoices checks CountActions, NthAction, CountCaptures and
// NthCapture against Actions and its capturing actions, order included,
// at every position of the random games.
func TestChoices(t *testing.T) {
	var c Choices
	walkRandomGames(t, func(t *testing.T, g *Game) {
		if g.Result().Over() {
			return
		}
		acts := g.Actions(nil)
		if n := g.CountActions(&c); n != len(acts) {
			t.Fatalf("%s: CountActions %d, Actions lists %d", g.SeFEN(), n, len(acts))
		}
		var caps []Action
		for k, a := range acts {
			if got := g.NthAction(&c, k); got != a {
				t.Fatalf("%s: NthAction(%d) = %v, want %v", g.SeFEN(), k, got, a)
			}
			if a.Captured() {
				caps = append(caps, a)
			}
		}
		if n := g.CountCaptures(&c); n != len(caps) {
			t.Fatalf("%s: CountCaptures %d, want %d", g.SeFEN(), n, len(caps))
		}
		for k, a := range caps {
			if got := g.NthCapture(&c, k); got != a {
				t.Fatalf("%s: NthCapture(%d) = %v, want %v", g.SeFEN(), k, got, a)
			}
		}
	})
}

// TestPlacementActions checks PlacementActions along random games: in a
// placement position it lists what LegalActions lists, and on a part of
// the board (the squares above a random one) what LegalActions lists
// there, in the same order; elsewhere it reports false and appends
// nothing.
func TestPlacementActions(t *testing.T) {
	for i, r := range fastGenSetups() {
		t.Run(fmt.Sprintf("%d-%s-%d", i, r.Variant, r.BoardSize), func(t *testing.T) {
			n := r.BoardSize * r.BoardSize
			var all Bitboard
			for sq := 0; sq < n; sq++ {
				all = all.Or(SquareBit(Square(sq)))
			}
			placements, others := 0, 0
			// A game may end as the placement does (a side blocked at
			// once): then another seed, until one plays on.
			for seed := uint64(29); seed < 33 && others == 0; seed++ {
				g, _ := NewGame(r)
				rng := rand.New(rand.NewPCG(uint64(i), seed))
				playPlacementChecks(t, g, rng, all, n, &placements, &others)
			}
			if placements == 0 || others == 0 {
				t.Fatalf("%d placement positions and %d others met: want both", placements, others)
			}
		})
	}
}

// playPlacementChecks plays one random game of TestPlacementActions,
// checking PlacementActions at each position and counting the placement
// positions and the others.
func playPlacementChecks(t *testing.T, g *Game, rng *rand.Rand, all Bitboard, n int, placements, others *int) {
	t.Helper()
	for ply := 0; ply < 400; ply++ {
		legal := g.LegalActions(nil)
		if len(legal) == 0 {
			break
		}
		above := Square(rng.IntN(n))
		var part, want []Action
		for _, a := range legal {
			if a.To > above {
				want = append(want, a)
			}
		}
		got, ok := g.PlacementActions([]Action{Pass()}, all)
		if allPlace := legal[0].Kind == ActPlace; ok != allPlace {
			t.Fatalf("%s: PlacementActions ok=%v, legal actions %v", g.SeFEN(), ok, legal)
		}
		if !ok {
			*others++
			if len(got) != 1 {
				t.Fatalf("%s: PlacementActions appended %v outside placement", g.SeFEN(), got[1:])
			}
		} else {
			*placements++
			if fmt.Sprint(got[1:]) != fmt.Sprint(legal) || got[0] != Pass() {
				t.Fatalf("%s: PlacementActions %v, LegalActions %v", g.SeFEN(), got, legal)
			}
			upper := all.AndNot(SquareBit(above))
			for sq := Square(0); sq < above; sq++ {
				upper = upper.AndNot(SquareBit(sq))
			}
			part, _ = g.PlacementActions(nil, upper)
			if fmt.Sprint(part) != fmt.Sprint(want) {
				t.Fatalf("%s: PlacementActions above %d: %v, want %v", g.SeFEN(), above, part, want)
			}
		}
		g.Make(legal[rng.IntN(len(legal))])
	}
}

// capturesAt is the set of stones runsAt describes.
func (p *Position) capturesAt(t Square, c Color) Bitboard {
	runs, n := p.runsAt(t, c)
	return p.CaptureSet(Action{To: t, Kind: ActStep, ncaps: uint8(n), runs: runs})
}
