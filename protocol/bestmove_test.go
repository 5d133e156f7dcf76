package protocol

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"seega/board"
	"seega/engine"
)

func TestBestMove(t *testing.T) {
	classic, _ := board.Preset("classic")
	egyptian := board.DefaultRules()
	const chainFEN = "bbwbb/w2ww/wb2w/bww1w/b1bbw b 0/0 - 1 20 bturns=3" // b3c3 captures; the chain may go on
	parse := func(r board.Rules, fen, turn string) []board.Action {
		g, err := board.NewGameFromSeFEN(r, fen)
		if err != nil {
			t.Fatal(err)
		}
		a, err := board.ParseTurn(turn, g.Position().Size())
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	for _, tc := range []struct {
		name    string
		rules   board.Rules
		fen     string
		best    string // "" for no move
		gran    board.Granularity
		want    string
		illegal bool
	}{
		{"placement turn", egyptian, board.StartSeFEN, "e5,a1", board.PerTurn, "a1,e5", false},
		{"placement, per action", egyptian, board.StartSeFEN, "e5,a1", board.PerAction, "e5", false},
		{"half a placement turn is no turn", egyptian, board.StartSeFEN, "a1", board.PerTurn, "a1,b1", true},
		{"a stopped chain", classic, chainFEN, "b3c3", board.PerTurn, "b3c3", false},
		{"a stopped chain with its 0000", classic, chainFEN, "b3c3,0000", board.PerTurn, "b3c3", false},
		{"a chain", classic, chainFEN, "b3c3,c3d3", board.PerTurn, "b3c3,c3d3", false},
		{"the stop, mid-chain", classic, "bbwbb/w2ww/w1b1w/bw2w/b1bbw b 0/0 c3 0 20 bturns=3", "0000", board.PerTurn, "0000", false},
		{"the stop, mid-chain, per action", classic, "bbwbb/w2ww/w1b1w/bw2w/b1bbw b 0/0 c3 0 20 bturns=3", "0000", board.PerAction, "0000", false},
		{"an illegal step", classic, chainFEN, "a1a2", board.PerTurn, "", true},
		{"an illegal step, per action", classic, chainFEN, "a1a2", board.PerAction, "", true},
		{"no move", egyptian, board.StartSeFEN, "", board.PerTurn, "a1,b1", true},
		{"game over", egyptian, "5/5/2b2/5/5 w 0/0 - 0 30", "", board.PerTurn, "0000", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := board.NewGameFromSeFEN(tc.rules, tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			var best []board.Action
			if tc.best != "" {
				best = parse(tc.rules, tc.fen, tc.best)
			}
			before := g.SeFEN()
			got, err := BestMove(g, best, tc.gran)
			if (err != nil) != tc.illegal {
				t.Errorf("error %v, want an error: %v", err, tc.illegal)
			}
			if g.SeFEN() != before {
				t.Errorf("BestMove changed the game to %s", g.SeFEN())
			}
			if tc.want != "" && got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
			checkLegal(t, g, got, tc.gran)
		})
	}
}

// checkLegal fails unless move is a legal bestmove in g: 0000 exactly when
// the game is over, else a whole legal turn (or one legal action).
func checkLegal(t *testing.T, g *board.Game, move string, gran board.Granularity) {
	t.Helper()
	if g.Result().Over() {
		if move != "0000" {
			t.Errorf("game over, bestmove %q", move)
		}
		return
	}
	c := g.Clone()
	if err := c.PlayToken(move, gran); err != nil {
		t.Errorf("bestmove %q is illegal in %s: %v", move, g.SeFEN(), err)
		return
	}
	if gran == board.PerTurn && c.Position().MidTurn() {
		t.Errorf("bestmove %q is not a whole turn in %s", move, g.SeFEN())
	}
	if gran == board.PerAction && strings.Contains(move, ",") {
		t.Errorf("bestmove %q is not one action", move)
	}
}

// randomMoves plays a seeded random game of n turns from the start of r
// and returns its turns as text.
func randomMoves(r board.Rules, seed uint64, n int) []string {
	g, _ := board.NewGame(r)
	e := NewRandomEngine(seed)
	var moves []string
	for i := 0; i < n && !g.Result().Over(); i++ {
		res := e.Search(context.Background(), g, engine.Limits{}, nil)
		tok := board.TurnString(res.Best, g.Position().Size())
		if err := g.PlayToken(tok, board.PerTurn); err != nil {
			panic(err)
		}
		moves = append(moves, tok)
	}
	return moves
}

// TestNeverAnIllegalBestmove drives many random positions of every preset
// and size through `position … moves …` and `go depth`, with searchers
// good and buggy, and checks every bestmove with the board package.
func TestNeverAnIllegalBestmove(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 4
	}
	engines := map[string]func(*fakeEngine){
		"fake":  nil,
		"buggy": func(f *fakeEngine) { f.illegal = true },
	}
	for name, mod := range engines {
		for _, v := range board.Variants {
			for _, size := range []int{5, 7} {
				t.Run(fmt.Sprintf("%s/%s/%d", name, v, size), func(t *testing.T) {
					r, _ := board.Preset(v)
					if err := r.Set("BoardSize", fmt.Sprint(size)); err != nil {
						t.Fatal(err)
					}
					var out syncBuffer
					s := New(testConfig(mod), &out)
					s.Execute("setoption name Variant value " + v)
					s.Execute(fmt.Sprintf("setoption name BoardSize value %d", size))
					for seed := uint64(0); seed < uint64(games); seed++ {
						moves := randomMoves(r, seed, int(seed*7)%60)
						for _, gran := range []string{"turn", "action"} {
							s.Execute("setoption name MoveGranularity value " + gran)
							s.Execute("position startpos moves " + strings.Join(moves, " "))
							s.Execute(fmt.Sprintf("go depth %d", 1+seed%2))
							s.waitSearch()
							text := out.take()
							if name == "fake" && strings.Contains(text, "error") {
								t.Errorf("%s", text)
							}
							i := strings.LastIndex(text, "bestmove ")
							if i < 0 {
								t.Fatalf("no bestmove in %q", text)
							}
							move := strings.TrimSpace(text[i+len("bestmove "):])
							g := s.game
							if gran == "action" {
								checkLegal(t, g, move, board.PerAction)
							} else {
								checkLegal(t, g, move, board.PerTurn)
							}
						}
					}
				})
			}
		}
	}
}
