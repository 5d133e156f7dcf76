package openings

import (
	"strings"
	"testing"

	"seega/board"
	"seega/engine"
	"seega/internal/testgame"
)

func testConversionConfig(r board.Rules) ConversionConfig {
	c := DefaultConversionConfig(r)
	c.Count, c.Lead, c.MinScore = 4, 2, -1000
	c.PlayNodes, c.DeepNodes, c.PlayoutNodes, c.PlayoutTurns = 100, 100, 100, 200
	c.MaxCandidates = 400
	c.NewEngine = func() engine.Searcher { return hashEngine{} }
	return c
}

// TestConversionPlayout checks the play-out test: every position kept is
// one that both play-outs (at half the budget, then the whole), run
// again, win for White, each says so in its pair, some candidates fail
// it, one play-out turns away no more candidates than two, and without
// it no position carries a pair and no candidate is turned away by it.
func TestConversionPlayout(t *testing.T) {
	r, _ := board.Preset("pro")
	cfg := testConversionConfig(r)
	ps, st, err := BuildConversion(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != cfg.Count {
		t.Fatalf("%d positions, want %d (%s)", len(ps), cfg.Count, st)
	}
	if st.PairRejects == 0 {
		t.Errorf("no candidate failed the play-out (%s): the stand-in engine's random play should lose some", st)
	}
	for i, p := range ps {
		g, err := board.NewGameFromSeFEN(r, p.SeFEN)
		if err != nil {
			t.Fatalf("position %d: %v", i, err)
		}
		pos := g.Position()
		if lead := pos.Stones(board.White).Count() - pos.Stones(board.Black).Count(); lead < cfg.Lead || g.Result().Over() {
			t.Errorf("position %d (%s): White ahead by %d, over %v", i, p.SeFEN, lead, g.Result().Over())
		}
		if p.Pair != "11" {
			t.Errorf("position %d: pair %q, want the two play-outs' White wins \"11\"", i, p.Pair)
		}
		for _, n := range []uint64{cfg.PlayoutNodes / 2, cfg.PlayoutNodes} {
			res, err := playOut(g.Clone(), [2]engine.Searcher{hashEngine{}, hashEngine{}}, [2]uint64{n, n}, cfg.PlayoutTurns)
			if err != nil || res != int(board.White) {
				t.Errorf("position %d (%s): played out again at %d nodes, result %d, %v; want a White win", i, p.SeFEN, n, res, err)
			}
		}
	}

	two := st
	cfg.Playouts = 1
	ps, st, err = BuildConversion(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if st.PairRejects > two.PairRejects || len(ps) != cfg.Count {
		t.Errorf("one play-out: %s; two: %s", st, two)
	}
	for i, p := range ps {
		if p.Pair != "1" {
			t.Errorf("one play-out: position %d has pair %q, want \"1\"", i, p.Pair)
		}
	}

	cfg.PlayoutNodes = 0
	ps, st, err = BuildConversion(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if st.PairRejects != 0 {
		t.Errorf("without the play-out, %d candidates failed it", st.PairRejects)
	}
	for i, p := range ps {
		if p.Pair != "" {
			t.Errorf("without the play-out, position %d has pair %q", i, p.Pair)
		}
	}
}

// TestDrawnByFortress checks the fortress filter of the conversion
// builder: the first no-limit 7×7 suite's second position, whose Black
// makes a fortress with g3f3, is drawn, as is the position after that
// turn; the suite's first position is not; and under a quiet-turn limit
// no fortress counts, since the stones still decide there.
func TestDrawnByFortress(t *testing.T) {
	nl := testgame.NoLimitRules(t, 7)
	const second = "bbww2b/w2wbbw/ww1bbww/b1w1wwb/bw1ww1b/bw1wwbb/bbwwwwb b 0/0 - 6 46"
	cases := []struct {
		fen   string
		moves []string
		want  bool
	}{
		{second, nil, true},
		{second, []string{"g3f3"}, true},
		{"bbbwwbw/wbw1wb1/wbw3w/bw1w3/bbww2w/wwbbwbb/wbwwbbw b 0/0 - 2 42", nil, false},
	}
	for _, c := range cases {
		g, err := board.NewGameFromSeFEN(nl, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range c.moves {
			if err := g.PlayToken(m, board.PerTurn); err != nil {
				t.Fatal(err)
			}
		}
		before := g.Position().SeFEN()
		if got := drawnByFortress(g); got != c.want {
			t.Errorf("%s after %v: drawnByFortress %v, want %v", c.fen, c.moves, got, c.want)
		}
		if after := g.Position().SeFEN(); after != before {
			t.Errorf("drawnByFortress left %s, want %s", after, before)
		}
	}

	limited := nl
	limited.NoCaptureLimit = 20
	g, err := board.NewGameFromSeFEN(limited, second)
	if err != nil {
		t.Fatal(err)
	}
	if drawnByFortress(g) {
		t.Errorf("with a quiet-turn limit, %s counts as drawn by a fortress", second)
	}
	if h := ConversionHeader("x", DefaultConversionConfig(limited), "", Stats{}); strings.Contains(h.Selection, "fortress") {
		t.Errorf("the selection under a quiet-turn limit names a fortress: %s", h.Selection)
	}
	if h := ConversionHeader("x", DefaultConversionConfig(nl), "", Stats{}); !strings.Contains(h.Selection, "fortress") {
		t.Errorf("the selection under the no-limit rules does not name the fortress filter: %s", h.Selection)
	}
}
