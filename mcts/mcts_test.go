package mcts

import (
	"context"
	"fmt"
	"testing"
	"time"

	"seega/board"
	"seega/engine"
	"seega/internal/testgame"
)

// allParams names the leaf-value settings the tests run with.
var allParams = []struct {
	name string
	p    Params
}{
	{"mix", DefaultParams()},
	{"playout", PlayoutParams()},
	{"eval", EvalParams()},
	{"quiescence", func() Params { p := EvalParams(); p.QuiescenceActions = 8; return p }()},
}

// TestBestIsLegalTurn searches random positions of every preset on 5×5
// and 7×7, in placement and movement and stopped inside turns, and checks
// that the answer is one legal complete turn (or the rest of the half-done
// one), for small budgets too (where the tree ends inside the first turn).
func TestBestIsLegalTurn(t *testing.T) {
	positions := 12
	if testing.Short() {
		positions = 4
	}
	for _, variant := range board.Variants {
		for _, size := range []int{5, 7} {
			for _, pp := range allParams {
				t.Run(fmt.Sprintf("%s/%d/%s", variant, size, pp.name), func(t *testing.T) {
					r := rulesFor(t, variant, fmt.Sprintf("BoardSize=%d", size))
					m := newMCTS(r, pp.p, 2, 1)
					full := r.Stones() + 2*size // actions: all placement and some movement
					for i := range positions {
						g := randomGame(t, r, uint64(i), i*full/positions*2)
						if g.Result().Over() {
							continue
						}
						for _, budget := range []uint64{1, 3, 200} {
							before := g.SeFEN()
							res := playouts(m, g, budget)
							if g.SeFEN() != before {
								t.Fatalf("search changed the game: %s -> %s", before, g.SeFEN())
							}
							checkTurn(t, g, res.Best)
							if m.Playouts() > budget {
								t.Errorf("%s: %d playouts over a budget of %d", before, m.Playouts(), budget)
							}
						}
					}
				})
			}
		}
	}
}

// TestFinishedGame answers nothing for a game that is over.
func TestFinishedGame(t *testing.T) {
	r := rulesFor(t, "pro")
	g := fromFEN(t, r, "w3b/5/wb3/2w1w/wwww1 w 0/0 - 0 30")
	g.PlayToken("c2c3", board.PerTurn)
	if !g.Result().Over() {
		t.Fatal("test position: c2c3 should win")
	}
	if res := playouts(newMCTS(r, DefaultParams(), 1, 1), g, 100); len(res.Best) != 0 {
		t.Errorf("best %v in a finished game", res.Best)
	}
}

// rootVisits lists the root children's visits.
func rootVisits(m *MCTS) []int32 {
	nodes := m.tree.pool().nodes
	r := &nodes[0]
	var out []int32
	for i := r.first; i < r.first+int32(r.nkids); i++ {
		out = append(out, nodes[i].visits)
	}
	return out
}

// TestDeterministic checks that one thread with a fixed seed and budget
// plays the same playouts every time: the same answer, score and root
// visits, from a fresh searcher and after NewGame.
func TestDeterministic(t *testing.T) {
	for _, pp := range allParams {
		for _, tc := range []struct {
			name, variant string
			actions       int
		}{
			{"placement", "egyptian", 6},
			{"movement", "sudanese", 40},
			{"ransom", "classic", 60},
		} {
			t.Run(pp.name+"/"+tc.name, func(t *testing.T) {
				r := rulesFor(t, tc.variant)
				g := liveGame(t, r, 3, tc.actions)
				run := func(m *MCTS) (engine.Result, []int32) {
					res := playouts(m, g, 1500)
					return res, rootVisits(m)
				}
				m := newMCTS(r, pp.p, 4, 1)
				r1, v1 := run(m)
				m.NewGame()
				r2, v2 := run(m)
				r3, v3 := run(newMCTS(r, pp.p, 4, 1))
				for i, o := range []struct {
					res engine.Result
					v   []int32
				}{{r2, v2}, {r3, v3}} {
					if fmt.Sprint(o.res) != fmt.Sprint(r1) || fmt.Sprint(o.v) != fmt.Sprint(v1) {
						t.Errorf("run %d differs:\n%v %v\n%v %v", i+2, r1, v1, o.res, o.v)
					}
				}
			})
		}
	}
}

// TestPoolBudget fills small pools and counts their bytes: the pools stay
// within Hash, the search stops expanding when they are full, and it still
// answers a legal turn.
func TestPoolBudget(t *testing.T) {
	for _, mb := range []int{1, 2, 3} {
		t.Run(fmt.Sprintf("%dMB", mb), func(t *testing.T) {
			r := rulesFor(t, "egyptian", "BoardSize=7")
			m := newMCTS(r, DefaultParams(), mb, 1)
			if m.HashBytes() > mb<<20 {
				t.Fatalf("pools take %d bytes, over %d MiB", m.HashBytes(), mb)
			}
			g := randomGame(t, r, 1, 4)
			nodes := len(m.tree.pools[0].nodes)
			// Every playout expands at most one node of at most 48
			// children, so this budget overfills one pool.
			res := playouts(m, g, uint64(nodes))
			checkTurn(t, g, res.Best)
			p := m.tree.pool()
			if used := int(p.next.Load()); used > len(p.nodes) {
				t.Errorf("pool used %d of %d nodes", used, len(p.nodes))
			}
			if len(p.nodes)*nodeBytes*2 > mb<<20 || m.HashBytes() > mb<<20 {
				t.Errorf("pools take %d bytes, over %d MiB", m.HashBytes(), mb)
			}
			if p.used() < len(p.nodes)-MaxChildren {
				t.Errorf("pool only %d of %d full after %d playouts", p.used(), len(p.nodes), res.Nodes)
			}
		})
	}
}

// TestTreeReuse searches, plays the tree's best turn and the reply it
// expects, and checks that the next search starts from the node those
// actions lead to, with its visits; a position off the tree starts afresh.
func TestTreeReuse(t *testing.T) {
	for _, tc := range []struct {
		name, variant string
		actions       int
	}{
		{"placement", "egyptian", 4},
		{"movement", "pro", 40},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := rulesFor(t, tc.variant)
			g := liveGame(t, r, 5, tc.actions)
			m := newMCTS(r, DefaultParams(), 8, 1)
			playouts(m, g, 3000)
			sh := &shared{nodes: m.tree.pool().nodes}
			l := m.line(g, sh, -1)
			if len(l.pv) == l.turn {
				t.Fatalf("pv %v holds no reply", l.pv)
			}
			// Play the pv's first two turns and find the node they reach.
			idx := int32(0)
			nodes := m.tree.pool().nodes
			played := 0
			turns := 0
			for _, a := range l.pv {
				if turns == 2 {
					break
				}
				n := &nodes[idx]
				for i := n.first; i < n.first+int32(n.nkids); i++ {
					if nodes[i].act.Same(a) {
						idx = i
					}
				}
				g.Make(a)
				played++
				if !g.Position().MidTurn() {
					turns++
				}
			}
			want := nodes[idx].visits
			if want == 0 {
				t.Fatal("the reply has no visits")
			}
			if !m.tree.prepare(g) {
				t.Fatal("tree not reused")
			}
			root := &m.tree.pool().nodes[0]
			if root.visits != want || !root.act.Same(l.pv[played-1]) {
				t.Errorf("new root has %d visits and action %v, want %d and %v", root.visits, root.act, want, l.pv[played-1])
			}
			checkTurn(t, g, playouts(m, g, 500).Best)
			// Same position again: kept whole.
			if !m.tree.prepare(g) {
				t.Error("tree not kept for the same position")
			}
			// An unrelated position: a fresh tree.
			other := randomGame(t, r, 99, tc.actions+10)
			if m.tree.prepare(other) {
				t.Error("tree reused for an unrelated position")
			}
			if v := m.tree.pool().nodes[0].visits; v != 0 {
				t.Errorf("fresh root has %d visits", v)
			}
			// NewGame forgets.
			m.NewGame()
			if m.tree.prepare(other) {
				t.Error("tree reused after NewGame")
			}
		})
	}
}

// TestCancel checks that a search returns once its context is done,
// before or during the search, with threads and without: a hang guard
// only, with no timing threshold.
func TestCancel(t *testing.T) {
	r := rulesFor(t, "egyptian", "BoardSize=7")
	g := liveGame(t, r, 2, 30)
	for _, threads := range []int{1, 2} {
		for _, pp := range allParams {
			t.Run(fmt.Sprintf("%s/%dthreads", pp.name, threads), func(t *testing.T) {
				m := newMCTS(r, pp.p, 4, threads)
				for _, wait := range []time.Duration{0, 20 * time.Millisecond} {
					ctx, cancel := context.WithCancel(context.Background())
					if wait == 0 {
						cancel()
					}
					done := make(chan engine.Result, 1)
					go func() { done <- m.Search(ctx, g, engine.Limits{Infinite: true}, nil) }()
					time.Sleep(wait)
					cancel()
					select {
					case res := <-done:
						checkTurn(t, g, res.Best)
					case <-time.After(30 * time.Second):
						t.Fatal("search did not return after cancel")
					}
				}
			})
		}
	}
}

// TestThreads runs two threads on shared trees (go test -race checks the
// sharing) and checks the answer and the playout count.
func TestThreads(t *testing.T) {
	for _, variant := range board.Variants {
		t.Run(variant, func(t *testing.T) {
			r := rulesFor(t, variant)
			m := newMCTS(r, DefaultParams(), 2, 2)
			for _, actions := range []int{0, 9, 30} {
				g := randomGame(t, r, 4, actions)
				if g.Result().Over() {
					continue
				}
				res := playouts(m, g, 2000)
				checkTurn(t, g, res.Best)
				if m.Playouts() != 2000 || res.Nodes < 2000 {
					t.Errorf("%d playouts and %d nodes, want 2000 and at least as many", m.Playouts(), res.Nodes)
				}
			}
		})
	}
}

// TestWinningCapture: a capture that ends the game at once is found with
// a modest budget, whatever the leaf values.
func TestWinningCapture(t *testing.T) {
	r := rulesFor(t, "pro")
	// Black has 2 stones and LoseAt is 1: c2c3 takes b3 (between c3 and
	// a3) and wins.
	g := fromFEN(t, r, "w3b/5/wb3/2w1w/wwww1 w 0/0 - 0 30")
	for _, pp := range allParams {
		t.Run(pp.name, func(t *testing.T) {
			res := playouts(newMCTS(r, pp.p, 2, 1), g, 400)
			if got := board.TurnString(res.Best, 5); got != "c2c3" {
				t.Errorf("best %s, want c2c3", got)
			}
		})
	}
}

// TestSearchMoves restricts the root to given turns.
func TestSearchMoves(t *testing.T) {
	r := rulesFor(t, "pro")
	g := fromFEN(t, r, "w3b/5/wb3/2w1w/wwww1 w 0/0 - 0 30")
	m := newMCTS(r, DefaultParams(), 2, 1)
	res := m.Search(context.Background(), g, engine.Limits{Nodes: 300, SearchMoves: testgame.RootMoves(g, "a5a4", "e2e1")}, nil)
	if got := board.TurnString(res.Best, 5); got != "a5a4" && got != "e2e1" {
		t.Errorf("best %s, want a5a4 or e2e1", got)
	}
	// A placement pair given in either order.
	p := rulesFor(t, "egyptian")
	g = randomGame(t, p, 1, 2)
	m = newMCTS(p, DefaultParams(), 2, 1)
	res = m.Search(context.Background(), g, engine.Limits{Nodes: 300, SearchMoves: testgame.RootMoves(g, "e5,a1")}, nil)
	if got := board.TurnString(res.Best, 5); got != "a1,e5" {
		t.Errorf("best %s, want a1,e5", got)
	}
}

// TestInfo checks the info lines: a PV that begins with the answer, the
// result's nodes (at least one per playout), a depth, and MultiPV lines with distinct first
// turns.
func TestInfo(t *testing.T) {
	r := rulesFor(t, "sudanese")
	g := liveGame(t, r, 8, 30)
	m := newMCTS(r, DefaultParams(), 4, 1)
	var infos []engine.Info
	res := m.Search(context.Background(), g, engine.Limits{Nodes: 2000, MultiPV: 3}, func(i engine.Info) { infos = append(infos, i) })
	if len(infos) < 3 {
		t.Fatalf("%d info lines, want 3 at the end", len(infos))
	}
	last := infos[len(infos)-3:]
	best := board.TurnString(res.Best, 5)
	seen := map[string]bool{}
	for i, in := range last {
		if in.MultiPV != i+1 || in.Nodes != res.Nodes || in.Nodes < 2000 || in.Depth < 1 || in.SelDepth < in.Depth || len(in.PV) == 0 || in.Mate != 0 {
			t.Errorf("info %+v", in)
		}
		if len(in.PV) > 0 {
			if seen[testgame.PVText(g, in.PV)[0]] {
				t.Errorf("MultiPV repeats %s", testgame.PVText(g, in.PV)[0])
			}
			seen[testgame.PVText(g, in.PV)[0]] = true
		}
	}
	if testgame.PVText(g, last[0].PV)[0] != best || last[0].Score != res.Score {
		t.Errorf("line 1 %v score %d, answer %s score %d", last[0].PV, last[0].Score, best, res.Score)
	}
}

// TestDepthLimit: a depth limit is a playout budget.
func TestDepthLimit(t *testing.T) {
	r := rulesFor(t, "egyptian")
	g := randomGame(t, r, 1, 0)
	m := newMCTS(r, DefaultParams(), 2, 1)
	m.Search(context.Background(), g, engine.Limits{Depth: 2}, nil)
	if m.Playouts() != 2*PlayoutsPerDepth {
		t.Errorf("%d playouts at depth 2, want %d", m.Playouts(), 2*PlayoutsPerDepth)
	}
}

// TestPlayoutsAllocateNothing: a search's allocations (game clones, the
// answer, the PV) do not grow with its playouts. The few extra allowed
// are the longer PV of a bigger tree.
func TestPlayoutsAllocateNothing(t *testing.T) {
	for _, pp := range allParams {
		t.Run(pp.name, func(t *testing.T) {
			r := rulesFor(t, "classic")
			g := liveGame(t, r, 6, 30)
			m := newMCTS(r, pp.p, 8, 1)
			run := func(n uint64) float64 {
				return testing.AllocsPerRun(3, func() {
					m.NewGame()
					playouts(m, g, n)
				})
			}
			run(3000) // grow the buffers
			few, many := run(300), run(3000)
			if many > few+8 {
				t.Errorf("%.0f allocations for 3000 playouts, %.0f for 300", many, few)
			}
		})
	}
}
