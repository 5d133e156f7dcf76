package board

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// Hand-worked positions for the rarer rules of RULES.md, checked against
// the naive implementation itself. The expected values were derived by hand
// from RULES.md, not from any program.

// naiveScenario is a start position, tokens to play, and what must hold after.
type naiveScenario struct {
	name   string
	opts   map[string]string
	fen    string
	moves  []string
	bad    string   // if set, this token (after moves) must be rejected
	want   []string // turns() after the moves, when non-nil
	result string   // result() after the moves ("" means none)
	after  string   // fen() after the moves, when set
}

func TestNaiveScenarios(t *testing.T) {
	classicNoRansom := map[string]string{"Variant": "classic", "Ransom": "off"}
	// Black a1, a2 walled in by White b1, b2, a3; a loose White stone on e5.
	const walled = "4w/5/w4/bw3/bw3 b 0/0 - 0 30"
	// Black a1, a2 walled in by White stones that cannot move away.
	const blockade = "5/w4/ww3/bww2/bww2 b 0/0 - 0 30"
	cases := []naiveScenario{
		{
			name: "whiteopens: blocked Black can only pass",
			opts: classicNoRansom, fen: walled,
			want: []string{"0000"},
		},
		{
			name: "whiteopens: White must open after the pass",
			opts: classicNoRansom, fen: walled, moves: []string{"0000"},
			after: "4w/5/w4/bw3/bw3 w 0/0 - 1 31 passed=1",
			want:  []string{"a3a4", "a3b3", "b1c1", "b2b3", "b2c2"},
			bad:   "e5d5",
		},
		{
			name: "whiteopens: duty off when the game ends after the turn",
			opts: map[string]string{"Variant": "classic", "Ransom": "off", "NoCaptureLimit": "5"},
			fen:  strings.Replace(walled, "- 0 30", "- 3 30", 1), moves: []string{"0000", "e5d5"},
			result: "p1win",
		},
		{
			name: "whiteopens: after the duty turn White may block again",
			opts: classicNoRansom, fen: walled, moves: []string{"0000", "a3a4", "a2a3"},
			after: "4w/w4/b4/1w3/bw3 w 0/0 - 3 33",
		},
		{
			name: "whiteopens: the blockade stands",
			opts: classicNoRansom, fen: blockade, moves: []string{"0000"},
			result: "p1win",
		},
		{
			name: "whiteopens: the blockade stands, read from a SeFEN",
			opts: classicNoRansom, fen: "5/w4/ww3/bww2/bww2 w 0/0 - 1 31 passed=1",
			result: "p1win",
		},
		{
			name: "whiteopens: no blockade when every turn ends the game",
			opts: map[string]string{"Variant": "classic", "Ransom": "off", "NoCaptureLimit": "5"},
			fen:  strings.Replace(blockade, "- 0 30", "- 3 30", 1), moves: []string{"0000"},
			want: []string{"a4a5", "a4b4", "b3b4", "b3c3", "c1d1", "c2c3", "c2d2"},
		},
		{
			name: "whiteopens: blocked White loses",
			opts: map[string]string{"Variant": "classic"}, fen: "3bw/4b/5/b4/wb3 w 0/0 - 0 40",
			result: "p2win",
		},
		{
			name: "lose: blocked White loses",
			opts: map[string]string{"Variant": "pro"}, fen: "3bw/4b/5/b4/wb3 w 0/0 - 0 40",
			result: "p2win",
		},
		{
			name: "pass: blocked White passes",
			opts: map[string]string{"Variant": "egyptian"}, fen: "3bw/4b/5/b4/wb3 w 0/0 - 0 40",
			want: []string{"0000"},
		},
		{
			name: "pass: the pass is a quiet turn and sets passed",
			opts: map[string]string{"Variant": "egyptian"}, fen: "3bw/4b/5/b4/wb3 w 0/0 - 0 40",
			moves: []string{"0000"},
			after: "3bw/4b/5/b4/wb3 b 0/0 - 1 41 passed=1",
		},
		{
			name: "ransom: a blocked Black may request instead of passing",
			opts: map[string]string{"Variant": "classic"}, fen: walled,
			want: []string{"0000", "ransom:a1", "ransom:a2"},
		},
		{
			name: "ransom: White refuses or names two stones",
			opts: map[string]string{"Variant": "classic"}, fen: walled, moves: []string{"ransom:a1"},
			after: "4w/5/w4/bw3/bw3 w 0/0 - 0 30 asked=1 pending=a1",
			want: []string{"accept:a3:e5", "accept:b1:a3", "accept:b1:b2", "accept:b1:e5",
				"accept:b2:a3", "accept:b2:e5", "refuse"},
		},
		{
			name: "ransom: after a refusal Black must pass",
			opts: map[string]string{"Variant": "classic"}, fen: walled, moves: []string{"ransom:a1", "refuse"},
			after: "4w/5/w4/bw3/bw3 b 0/0 - 0 30 asked=1 refusals=1 turnrefused=1",
			want:  []string{"0000"},
		},
		{
			name: "ransom: the pass after a refusal completes the turn",
			opts: map[string]string{"Variant": "classic"}, fen: walled, moves: []string{"ransom:a1", "refuse", "0000"},
			after: "4w/5/w4/bw3/bw3 w 0/0 - 1 31 passed=1 asked=1 refusals=1 bturns=1",
		},
		{
			name: "ransom: acceptance leaves Black at LoseAt",
			opts: map[string]string{"Variant": "classic"}, fen: walled, moves: []string{"ransom:a1", "accept:b1:b2"},
			after:  "4w/5/w4/b4/5 b 0/0 - 0 30 asked=1 accepted=1",
			result: "p1win",
		},
		{
			name: "ransom: both at LoseAt after a ransom, Black wins",
			opts: map[string]string{"Variant": "classic"}, fen: "w3w/5/2w2/5/b3b b 0/0 - 0 30",
			moves: []string{"ransom:a1", "accept:c3:a5"}, result: "p2win",
		},
		{
			name: "ransom: acceptance is not a capture and not a turn",
			opts: map[string]string{"Variant": "classic", "LoseAt": "0"}, fen: "ww1ww/5/2w2/5/b3b b 0/0 - 4 30",
			moves: []string{"ransom:a1", "accept:a5:b5"},
			after: "3ww/5/2w2/5/4b b 0/0 - 4 30 asked=1 accepted=1",
			want:  []string{"e1d1", "e1e2"},
		},
		{
			name: "ransom: no refusal left and one White stone, no request",
			opts: map[string]string{"Variant": "classic", "LoseAt": "0"}, fen: "5/5/2w2/5/b3b b 0/0 - 0 30 refusals=8",
			want: []string{"a1a2", "a1b1", "e1d1", "e1e2"},
		},
		{
			name: "ransom: no refusal left, only acceptances",
			opts: map[string]string{"Variant": "classic"}, fen: "w4/5/2w2/5/b3b b 0/0 - 0 30 refusals=8",
			moves: []string{"ransom:e1"},
			want:  []string{"accept:c3:a5"},
		},
		{
			name: "ransom: the deadline",
			opts: map[string]string{"Variant": "classic"}, fen: "w3w/5/2w2/5/b3b b 0/0 - 0 70 bturns=31",
			moves: []string{"a1a2"}, result: "p1win",
			after: "w3w/5/2w2/b4/4b w 0/0 - 1 71 bturns=32",
		},
		{
			name: "ransom: no deadline once asked",
			opts: map[string]string{"Variant": "classic"}, fen: "w3w/5/2w2/5/b3b b 0/0 - 0 70 asked=1 refusals=1 bturns=31",
			moves: []string{"a1a2"},
		},
		{
			name: "ransom: a request does not count towards the deadline",
			opts: map[string]string{"Variant": "classic"}, fen: "w3w/5/2w2/5/b3b b 0/0 - 0 70 bturns=31",
			moves: []string{"ransom:a1", "refuse", "a1a2"},
			after: "w3w/5/2w2/b4/4b w 0/0 - 1 71 asked=1 refusals=1 bturns=32",
		},
		{
			name: "repetition: the third occurrence draws",
			opts: map[string]string{"Variant": "egyptian"}, fen: "4b/5/5/5/w4 w 0/0 - 0 30",
			moves:  []string{"a1a2", "e5e4", "a2a1", "e4e5", "a1a2", "e5e4", "a2a1", "e4e5"},
			result: "draw",
		},
		{
			name: "repetition: the second occurrence does not",
			opts: map[string]string{"Variant": "egyptian"}, fen: "4b/5/5/5/w4 w 0/0 - 0 30",
			moves: []string{"a1a2", "e5e4", "a2a1", "e4e5", "a1a2", "e5e4", "a2a1"},
			want:  []string{"e4d4", "e4e3", "e4e5"},
		},
		{
			name: "quiet turns: the limit ends the game by count",
			opts: map[string]string{"Variant": "egyptian"}, fen: "4b/5/5/5/ww3 w 0/0 - 19 30",
			moves: []string{"a1a2"}, result: "p1win",
		},
		{
			name: "bonus: any stone continues, compulsorily",
			opts: map[string]string{"Variant": "egyptian"}, fen: "4b/5/5/2w2/wb3 w 0/0 - 5 40",
			want: []string{"a1a2", "c2b2", "c2c1,a1a2", "c2c1,a1b1", "c2c1,c1b1", "c2c1,c1c2",
				"c2c1,c1d1", "c2c3", "c2d2"},
		},
		{
			name: "bonus: a compulsory chain stays open at the end of a token",
			opts: map[string]string{"Variant": "egyptian"}, fen: "4b/5/5/2w2/wb3 w 0/0 - 5 40",
			moves: []string{"c2c1"},
			after: "4b/5/5/5/w1w2 w 0/0 + 0 40",
			want:  []string{"a1a2", "a1b1", "c1b1", "c1c2", "c1d1"},
		},
		{
			name: "samecapture: optional chain, stopped without 0000",
			opts: map[string]string{"Variant": "classic"}, fen: "3bb/5/5/wbw2/wb3 w 0/0 - 0 40",
			want: []string{"a2a3", "c2c1", "c2c1,c1c2", "c2c3", "c2d2"},
		},
		{
			name: "samecapture: an optional chain ends at the end of a token",
			opts: map[string]string{"Variant": "classic"}, fen: "3bb/5/5/wbw2/wb3 w 0/0 - 3 40",
			moves: []string{"c2c1"},
			after: "3bb/5/5/wb3/w1w2 b 0/0 - 0 41",
		},
		{
			name: "samecapture: in an open chain, the stop is 0000",
			opts: map[string]string{"Variant": "classic"}, fen: "3bb/5/5/wb3/w1w2 w 0/0 c1 0 40",
			want: []string{"0000", "c1c2"},
		},
		{
			name: "samecapture: an opponent's action ends an open chain",
			opts: map[string]string{"Variant": "classic"}, fen: "3bb/5/5/wb3/w1w2 w 0/0 c1 0 40",
			moves: []string{"e5e4"},
			after: "3b1/4b/5/wb3/w1w2 w 0/0 - 1 42 bturns=1",
		},
		{
			name: "line capture with a safe centre",
			opts: map[string]string{"Variant": "egyptian", "LineCapture": "on"}, fen: "4b/w4/1bbbw/5/5 w 0/0 - 3 40",
			moves: []string{"a4a3"},
			after: "4b/5/w1b1w/5/5 w 0/0 + 0 40",
		},
		{
			name: "line capture without a safe centre",
			opts: map[string]string{"Variant": "egyptian", "LineCapture": "on", "CentreSafe": "off"}, fen: "4b/w4/1bbbw/5/5 w 0/0 - 3 40",
			moves: []string{"a4a3"},
			after: "4b/5/w3w/5/5 w 0/0 + 0 40",
		},
		{
			name: "no line capture: one stone per direction",
			opts: map[string]string{"Variant": "egyptian"}, fen: "4b/w4/1bbbw/5/5 w 0/0 - 3 40",
			moves: []string{"a4a3"},
			after: "4b/5/wbbbw/5/5 b 0/0 - 4 41",
		},
		{
			name: "a safe centre stone is not captured",
			opts: map[string]string{"Variant": "egyptian"}, fen: "4b/5/3bw/1w3/5 w 0/0 - 3 40",
			moves: []string{"b2b3"},
			after: "4b/5/1w1bw/5/5 b 0/0 - 4 41",
		},
		{
			name: "placement: a pair is one turn, a single stone leaves it open",
			opts: map[string]string{"Variant": "egyptian"}, fen: "5/5/5/5/5 w 12/12 - 0 1",
			moves: []string{"e5"},
			after: "4w/5/5/5/5 w 11/12 - 0 1",
		},
		{
			name:  "placement: the movement starter acts after the last placement",
			opts:  map[string]string{"Variant": "egyptian", "MovementStarter": "black"},
			fen:   "bwwbw/wwbbw/bw1bb/wbwbw/wbbw1 b 0/1 - 0 12",
			moves: []string{"e1"},
			after: "bwwbw/wwbbw/bw1bb/wbwbw/wbbwb b 0/0 - 0 13",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := newNaiveGameFromFEN(c.opts, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range c.moves {
				if err := g.play(m); err != nil {
					t.Fatalf("play %s: %v", m, err)
				}
			}
			want := c.result
			if want == "" {
				want = "none"
			}
			if got := g.result(); got != want {
				t.Errorf("result %s, want %s", got, want)
			}
			if c.after != "" && g.fen() != c.after {
				t.Errorf("fen\n got %s\nwant %s", g.fen(), c.after)
			}
			if c.want != nil {
				if got := g.turns(); !reflect.DeepEqual(got, c.want) {
					t.Errorf("turns\n got %v\nwant %v", got, c.want)
				}
			}
			if c.bad != "" {
				before := g.fen()
				if err := g.play(c.bad); err == nil {
					t.Errorf("play %s was accepted", c.bad)
				} else if g.fen() != before {
					t.Errorf("a rejected token changed the game")
				}
			}
			// Every listed turn must be playable as a token, and the SeFEN
			// must read back to itself.
			for _, tt := range g.turns() {
				if err := g.clone().play(tt); err != nil {
					t.Errorf("listed turn %s not playable: %v", tt, err)
				}
			}
			back, err := newNaiveGameFromFEN(c.opts, g.fen())
			if err != nil {
				t.Errorf("reading back %s: %v", g.fen(), err)
			} else if back.fen() != g.fen() {
				t.Errorf("round trip %s -> %s", g.fen(), back.fen())
			}
		})
	}
}

// TestNaiveRandomGames plays seeded random games under every preset and a
// few option mixes, and checks at every node that each listed turn plays as
// a token to the same position that the turn walker reached, and that the
// SeFEN reads back to a game with the same turns.
func TestNaiveRandomGames(t *testing.T) {
	mixes := []map[string]string{
		{"Variant": "egyptian"},
		{"Variant": "sudanese"},
		{"Variant": "classic"},
		{"Variant": "pro"},
		{"Variant": "classic", "Blocked": "pass", "LineCapture": "on", "Directions": "8"},
		{"Variant": "egyptian", "Chain": "anycapture", "ChainMandatory": "off", "Ransom": "on", "RansomDeadline": "6"},
		{"Variant": "sudanese", "Chain": "samecapture", "Blocked": "whiteopens", "LoseAt": "4"},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	games := 4
	if testing.Short() {
		games = 1
	}
	for _, opts := range mixes {
		for game := 0; game < games; game++ {
			g, err := newNaiveGame(opts)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 200 && g.result() == "none"; ply++ {
				list := g.turnList()
				if len(list) == 0 {
					t.Fatalf("%v: no turns in a game on: %s", opts, g.fen())
				}
				back, err := newNaiveGameFromFEN(opts, g.fen())
				if err != nil {
					t.Fatalf("%v: reading %s: %v", opts, g.fen(), err)
				}
				if !reflect.DeepEqual(back.turns(), g.turns()) {
					t.Fatalf("%v: turns differ after reading %s", opts, g.fen())
				}
				for i, tt := range list {
					if len(list) > 24 && rng.IntN(len(list)) >= 24 && i > 0 {
						continue // check about 24 of a long list
					}
					c := g.clone()
					if err := c.play(tt.text); err != nil {
						t.Fatalf("%v at %s: listed %s: %v", opts, g.fen(), tt.text, err)
					}
					if c.fen() != tt.after.fen() || c.result() != tt.after.result() {
						t.Fatalf("%v at %s: %s plays to %s, walker reached %s", opts, g.fen(), tt.text, c.fen(), tt.after.fen())
					}
				}
				if err := g.play(list[rng.IntN(len(list))].text); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
