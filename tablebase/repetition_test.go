package tablebase

import (
	"math/rand/v2"
	"testing"

	"seega/board"
)

// The tables treat play that never ends as a draw and, under a quiet-turn
// limit, do not see a board that comes back with a higher count (see the
// package doc). TestAgainstHistorySearch checks that this gives the
// values RULES.md's repetition rule gives, with a search that plays on one
// board.Game from the position read from its SeFEN, so that Game.Result
// judges every repetition along the line as the rules say, and that
// memoises nothing (a value there may depend on the line). It proves, for
// a win in t, that the side to act can force a win within t turns and not
// within t-1; for a loss in t, that the opponent can force one within t
// and not t-1; for a draw, that neither can within the horizon. The rule
// cases make repetition reachable within that horizon: a second
// occurrence draws, and under a quiet limit of 8 a board can come back
// with a higher count.
func TestAgainstHistorySearch(t *testing.T) {
	cases := []struct {
		name    string
		rules   board.Rules
		stones  int
		horizon int
	}{
		{"egyptian-rep2-quiet8", preset("egyptian", "RepetitionDraw=2", "NoCaptureLimit=8"), 3, 8},
		{"egyptian", preset("egyptian"), 3, 7},
		{"pro-rep2", preset("pro", "RepetitionDraw=2"), 4, 5},
		{"sudanese-lose0-rep2", preset("sudanese", "LoseAt=0", "RepetitionDraw=2"), 3, 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tabs := buildTables(t, c.rules, c.stones)
			rng := rand.New(rand.NewPCG(5, uint64(len(c.name))))
			repetitions = 0
			checked, samples := 0, 60
			var kinds [3]int
			if !testing.Short() {
				samples = 400
			}
			for tries := 0; checked < samples && tries < 100*samples; tries++ {
				fen := randomFEN(rng, c.rules, c.stones)
				if c.name == "egyptian" && !stringsHasQuietAtLeast(fen, 13) {
					continue // the preset's limit: only the last 7 quiet turns fit the horizon
				}
				g, err := board.NewGameFromSeFEN(c.rules, fen)
				if err != nil {
					t.Fatal(err)
				}
				v := probeFEN(t, tabs, c.rules, fen)
				if v.Turns > c.horizon || v.WDL == Draw && kinds[1] > kinds[0]+kinds[2]+5 {
					continue // too far to search, or enough draws already
				}
				checked++
				kinds[v.WDL+1]++
				switch v.WDL {
				case Win:
					if !forcedWin(g, v.Turns) || v.Turns > 0 && forcedWin(g, v.Turns-1) {
						t.Fatalf("%s: tables say %v; the history search disagrees", fen, v)
					}
				case Loss:
					if !forcedLoss(g, v.Turns) || v.Turns > 0 && forcedLoss(g, v.Turns-1) {
						t.Fatalf("%s: tables say %v; the history search disagrees", fen, v)
					}
				default:
					if forcedWin(g, c.horizon) || forcedLoss(g, c.horizon) {
						t.Fatalf("%s: tables say draw; the history search finds a result within %d turns", fen, c.horizon)
					}
				}
			}
			t.Logf("%d positions agree (%d won, %d drawn, %d lost); %d lines ended by repetition", checked, kinds[2], kinds[1], kinds[0], repetitions)
			if repetitions == 0 && c.rules.RepetitionDraw == 2 {
				t.Errorf("no line ended by repetition: the check did not test the rule")
			}
		})
	}
}

// repetitions counts the games the history search saw end by repetition,
// to show that the rule was in play.
var repetitions int

func countEnd(res board.Result) {
	if res.Reason == board.Repetition {
		repetitions++
	}
}

func stringsHasQuietAtLeast(fen string, q int) bool {
	g, err := board.NewGameFromSeFEN(board.DefaultRules(), fen)
	return err == nil && g.Position().QuietTurns() >= q
}

// forcedWin reports whether the side to act in g can force a win within n
// turns, on g itself (and so with its history).
func forcedWin(g *board.Game, n int) bool {
	us := g.Position().SideToAct()
	if res := g.Result(); res.Over() {
		countEnd(res)
		w, ok := res.Winner()
		return ok && w == us
	}
	if n == 0 {
		return false
	}
	found := false
	g.ForEachTurn(func([]board.Action) bool {
		if res := g.Result(); res.Over() {
			countEnd(res)
			w, ok := res.Winner()
			found = ok && w == us
		} else {
			found = forcedLoss(g, n-1)
		}
		return !found
	})
	return found
}

// forcedLoss reports whether the side to act in g loses within n turns
// whatever it plays.
func forcedLoss(g *board.Game, n int) bool {
	us := g.Position().SideToAct()
	if res := g.Result(); res.Over() {
		countEnd(res)
		w, ok := res.Winner()
		return ok && w != us
	}
	if n == 0 {
		return false
	}
	all := true
	g.ForEachTurn(func([]board.Action) bool {
		if res := g.Result(); res.Over() {
			countEnd(res)
			w, ok := res.Winner()
			all = ok && w != us
		} else {
			all = forcedWin(g, n-1)
		}
		return all
	})
	return all
}
