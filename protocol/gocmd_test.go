package protocol

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"seega/board"
	"seega/engine"
)

func TestParseGo(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct {
		name string
		args string
		want goParams
	}{
		{"nothing", "", goParams{}},
		{"ugi clocks", "p1time 1000 p2time 2000 p1inc 10 p2inc 20",
			goParams{time: [2]time.Duration{1000 * ms, 2000 * ms}, inc: [2]time.Duration{10 * ms, 20 * ms}, hasTime: [2]bool{true, true}}},
		{"uci clocks", "wtime 1000 btime 2000 winc 10 binc 20",
			goParams{time: [2]time.Duration{1000 * ms, 2000 * ms}, inc: [2]time.Duration{10 * ms, 20 * ms}, hasTime: [2]bool{true, true}}},
		{"mixed spellings", "p1time 5 btime 6",
			goParams{time: [2]time.Duration{5 * ms, 6 * ms}, hasTime: [2]bool{true, true}}},
		{"negative clock kept", "wtime -50",
			goParams{time: [2]time.Duration{-50 * ms, 0}, hasTime: [2]bool{true, false}}},
		{"limits", "depth 7 nodes 12345 movetime 250 movestogo 9",
			goParams{depth: 7, nodes: 12345, moveTime: 250 * ms, movesToGo: 9}},
		{"infinite", "infinite", goParams{infinite: true}},
		{"searchmoves then keyword", "searchmoves a1,b1 c1,d1 depth 3",
			goParams{searchMoves: []string{"a1,b1", "c1,d1"}, depth: 3}},
		{"searchmoves last", "depth 2 searchmoves e5,e4",
			goParams{searchMoves: []string{"e5,e4"}, depth: 2}},
		{"seed", "movetime 100 seed 42", goParams{moveTime: 100 * ms, seed: ptr(uint64(42))}},
		{"seed ends searchmoves", "searchmoves a1,b1 seed 0", goParams{searchMoves: []string{"a1,b1"}, seed: ptr(uint64(0))}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseGo(strings.Fields(tc.args))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestParseGoErrors(t *testing.T) {
	for _, args := range []string{
		"depth", "depth x", "depth -1", "nodes -5", "movetime", "ponder", "mate 3",
		"searchmoves", "searchmoves depth 3", "wtime 1e3", "depth 99999999999999999999",
		"seed", "seed -1", "seed x", "seeds 3",
	} {
		t.Run(args, func(t *testing.T) {
			if _, err := parseGo(strings.Fields(args)); err == nil {
				t.Errorf("go %s: no error", args)
			}
		})
	}
}

func TestTimeControlIsTheSideToActs(t *testing.T) {
	p, err := parseGo(strings.Fields("p1time 1000 p2time 3000 p1inc 10 p2inc 30 movestogo 4"))
	if err != nil {
		t.Fatal(err)
	}
	g, _ := board.NewGame(board.DefaultRules())
	if tc := p.timeControl(g, 5*time.Millisecond); tc.Time != time.Second || tc.Inc != 10*time.Millisecond ||
		tc.MovesToGo != 4 || tc.Overhead != 5*time.Millisecond || tc.TurnNumber != 1 || tc.BoardSize != 5 {
		t.Errorf("White: %+v", tc)
	}
	if err := g.PlayToken("a1,b1", board.PerTurn); err != nil {
		t.Fatal(err)
	}
	if tc := p.timeControl(g, 0); tc.Time != 3*time.Second || tc.Inc != 30*time.Millisecond || tc.TurnNumber != 2 {
		t.Errorf("Black: %+v", tc)
	}
	// A clock at zero or below is still a clock: the least time there is.
	p, _ = parseGo(strings.Fields("wtime -20"))
	g, _ = board.NewGame(board.DefaultRules())
	if tc := p.timeControl(g, 0); tc.Time != time.Millisecond {
		t.Errorf("run-out clock: Time = %v, want 1ms", tc.Time)
	}
}

func TestFormatInfo(t *testing.T) {
	for _, tc := range []struct {
		name string
		info infoLine
		want string
	}{
		{"cp with pv", infoLine{engine.Info{Depth: 5, SelDepth: 9, Score: -37, Nodes: 12345, NPS: 678, HashFull: 12, Time: 1500 * time.Millisecond, MultiPV: 2}, []string{"d3c3,e2d2", "0000"}},
			"info depth 5 seldepth 9 multipv 2 score cp -37 nodes 12345 nps 678 hashfull 12 time 1500 pv d3c3,e2d2 0000"},
		{"mate for us", infoLine{engine.Info{Depth: 3, SelDepth: 3, Mate: 2, Score: 99999, MultiPV: 1}, []string{"a1b1"}},
			"info depth 3 seldepth 3 multipv 1 score mate 2 nodes 0 nps 0 hashfull 0 time 0 pv a1b1"},
		{"mate against us", infoLine{Info: engine.Info{Depth: 4, SelDepth: 6, Mate: -3}},
			"info depth 4 seldepth 6 multipv 1 score mate -3 nodes 0 nps 0 hashfull 0 time 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := formatInfo(tc.info); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestRansomWarning(t *testing.T) {
	classic, _ := board.Preset("classic")
	const board5 = "wwbbw/b3w/bb2w/w2w1/bbb2"
	for _, tc := range []struct {
		name, fen string
		want      int // turns left in the warning; 0 for none
	}{
		{"turn 25: none yet", board5 + " b 0/0 - 1 50 bturns=24", 0},
		{"turn 26: 7 left", board5 + " b 0/0 - 1 50 bturns=25", 7},
		{"turn 29: 4 left", board5 + " b 0/0 - 1 50 bturns=28", 4},
		{"turn 32: last", board5 + " b 0/0 - 1 50 bturns=31", 1},
		{"already asked", board5 + " b 0/0 - 1 50 asked=1 bturns=28", 0},
		{"White to act", board5 + " w 0/0 - 1 50 bturns=28", 0},
		{"mid-chain", "bbwbb/w2ww/w1b1w/bw2w/b1bbw b 0/0 c3 0 20 bturns=28", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := board.NewGameFromSeFEN(classic, tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			w, ok := RansomWarning(g.Position())
			if tc.want == 0 {
				if ok {
					t.Errorf("unexpected warning %q", w)
				}
				return
			}
			if !ok || !strings.Contains(w, " "+strconv.Itoa(tc.want)+" turn") {
				t.Errorf("warning %q (ok %v), want %d turns left", w, ok, tc.want)
			}
		})
	}
	egyptian := board.DefaultRules()
	g, _ := board.NewGame(egyptian)
	if w, ok := RansomWarning(g.Position()); ok {
		t.Errorf("egyptian start: warning %q without Ransom", w)
	}
}

// TestSearchMovesAsTurns checks how searchmoves reach the searcher: as
// the turns it walks, a placement pair in square order whichever way it
// was written, each turn once; an illegal token is an error.
func TestSearchMovesAsTurns(t *testing.T) {
	g, err := board.NewGame(board.DefaultRules())
	if err != nil {
		t.Fatal(err)
	}
	turns, err := searchMoves(g, []string{"e5,a1", "a1,e5", "b2,d4"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, turn := range turns {
		if len(turn) != 2 || turn[1].To < turn[0].To {
			t.Errorf("turn %v is not a placement pair in square order", turn)
		}
		got = append(got, board.TurnString(turn, 5))
	}
	if strings.Join(got, " ") != "a1,e5 b2,d4" {
		t.Errorf("searchmoves e5,a1 a1,e5 b2,d4 read as %v, want a1,e5 b2,d4", got)
	}
	if _, err := searchMoves(g, []string{"a1,e5", "c3,c4"}); err == nil {
		t.Error("c3,c4 (the centre) was taken as a legal turn")
	}
}

func ptr[T any](v T) *T { return &v }
