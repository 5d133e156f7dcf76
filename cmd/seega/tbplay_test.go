package main

import (
	"context"
	"math/rand/v2"
	"testing"

	"seega/board"
	"seega/engine"
	"seega/eval"
	"seega/search"
	"seega/tablebase"
)

// TestTablesConvertWins is the play demonstration of docs/strength.md:
// for each preset, won positions the tables cover (the side to act wins in
// 3 turns or more) are played out by alpha-beta with the tables, for the
// winner, against alpha-beta without them (20,000 nodes a turn). The
// winner must win every one, and within the tables' number of turns,
// which its best turns guarantee against any defence. The long run plays
// 100 positions per preset; the short one a few of pro's.
func TestTablesConvertWins(t *testing.T) {
	type set struct {
		variant string
		stones  int
	}
	sets := []set{{"egyptian", 5}, {"sudanese", 6}, {"classic", 5}, {"pro", 5}}
	games := 100
	if testing.Short() {
		sets, games = sets[3:], 2
	}
	for _, st := range sets {
		t.Run(st.variant, func(t *testing.T) {
			r := mustPreset(t, st.variant)
			dir := t.TempDir()
			if err := tablebase.Generate(r, tablebase.Options{Stones: st.stones, Dir: dir, Workers: 2}); err != nil {
				t.Fatal(err)
			}
			tabs, err := tablebase.Open(dir, r)
			if err != nil {
				t.Fatal(err)
			}
			with := search.NewAlphaBeta(engine.Options{HashMB: 16}, eval.New(r))
			with.SetTablebase(tabs)
			without := search.NewAlphaBeta(engine.Options{HashMB: 16}, eval.New(r))
			rng := rand.New(rand.NewPCG(uint64(st.stones), 13))
			won, tableTurns, played, worst := 0, 0, 0, 0
			for n := 0; n < games; {
				g := randomCovered(rng, r, st.stones)
				v, ok := tabs.Probe(g)
				if !ok || v.WDL != tablebase.Win || v.Turns < 3 {
					continue
				}
				n++
				winner := g.Position().SideToAct()
				with.NewGame()
				without.NewGame()
				turns := 0
				for !g.Result().Over() && turns <= v.Turns+20 {
					var res engine.Result
					if g.Position().SideToAct() == winner {
						res = with.Search(context.Background(), g, engine.Limits{Depth: 4}, nil)
					} else {
						res = without.Search(context.Background(), g, engine.Limits{Nodes: 20000}, nil)
					}
					for _, a := range res.Best {
						g.Make(a)
					}
					turns++
				}
				if w, ok := g.Result().Winner(); ok && w == winner {
					won++
				} else {
					t.Errorf("%s: won in %d by the tables, but after %d turns: %s", g.SeFEN(), v.Turns, turns, g.Result())
				}
				if turns > v.Turns {
					t.Errorf("won in %d by the tables, but took %d turns", v.Turns, turns)
				}
				tableTurns += v.Turns
				played += turns
				worst = max(worst, turns-v.Turns)
			}
			t.Logf("%s, tables up to %d stones: won %d of %d; %d turns played against the tables' %d (the loser without tables often resists less well); most over the tables' count: %d",
				st.variant, st.stones, won, games, played, tableTurns, worst)
		})
	}
}

// randomCovered is a random movement turn start of at most k stones, both
// sides above LoseAt, with a random quiet count under a quiet limit.
func randomCovered(rng *rand.Rand, r board.Rules, k int) *board.Game {
	ms := tablebase.Materials(r, k)
	m := ms[rng.IntN(len(ms))]
	sq := rng.Perm(r.BoardSize * r.BoardSize)
	var ts board.TurnStart
	for i := 0; i < m.Total(); i++ {
		if i < m.White {
			ts.White = ts.White.Or(board.SquareBit(board.Square(sq[i])))
		} else {
			ts.Black = ts.Black.Or(board.SquareBit(board.Square(sq[i])))
		}
	}
	ts.Side = board.Color(rng.IntN(2))
	if r.NoCaptureLimit > 0 {
		ts.Quiet = rng.IntN(r.NoCaptureLimit)
	}
	ts.Asked, ts.Accepted = r.Ransom, r.Ransom
	g, err := board.NewGame(r)
	if err != nil {
		panic(err)
	}
	if err := g.SetTurnStart(ts); err != nil {
		panic(err)
	}
	return g
}
