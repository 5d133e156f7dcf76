package match

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"seega/board"
	"seega/match/stats"
)

// TestLedger checks the [AR] points against sums done by hand, for two
// engines A (0) and B (1):
//
//	game 0: A (White) beats B capturing 12 stones: A 50+24 = 74, B max(0, 0−5) = 0
//	game 1: A (Black) beats B capturing 3:         A 74+56 = 130, B 0
//	game 2: draw:                                  A 130, B 0
//	game 3: B (White) beats A capturing 7:         B 0+64 = 64, A 130−5 = 125
//	game 4: B (White) beats A capturing 0:         B 64+50 = 114, A 125−5 = 120
//
// Losses before any win leave B at 0, never below.
func TestLedger(t *testing.T) {
	games := []outcome{
		{index: 0, pair: 0, white: 0, black: 1, result: board.WhiteWins, captured: [2]int{12, 4}},
		{index: 1, pair: 0, white: 1, black: 0, result: board.BlackWins, captured: [2]int{2, 3}},
		{index: 2, pair: 1, white: 0, black: 1, result: board.Draw, captured: [2]int{5, 5}},
		{index: 3, pair: 1, white: 1, black: 0, result: board.WhiteWins, captured: [2]int{7, 1}},
		{index: 4, pair: 2, white: 1, black: 0, result: board.WhiteWins, captured: [2]int{0, 9}},
	}
	want := []int{120, 114}

	ta := newTally([]string{"A", "B"})
	for _, g := range games {
		ta.add(g)
	}
	if got := ta.points(); !slices.Equal(got, want) {
		t.Errorf("points %v, want %v", got, want)
	}

	// Whatever order the games end in, the ledger is booked in schedule
	// order and comes out the same, also while a gap is open.
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		order := slices.Clone(games)
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		tb := newTally([]string{"A", "B"})
		for _, g := range order {
			tb.add(g)
		}
		if got := tb.points(); !slices.Equal(got, want) {
			t.Errorf("order %v: points %v, want %v", order, got, want)
		}
	}
	gap := newTally([]string{"A", "B"})
	gap.add(games[1])
	gap.add(games[3])
	// Game 1 then game 3 alone: A 56, then A 56−5 = 51 and B 64.
	if got := gap.points(); !slices.Equal(got, []int{51, 64}) {
		t.Errorf("with games 0 and 2 missing: points %v, want [51 64]", got)
	}
}

func TestTallyPairs(t *testing.T) {
	ta := newTally([]string{"A", "B"})
	// Pair 0: A wins as White, draws as Black → WD. Pair 1: A loses both → LL.
	ta.add(outcome{index: 0, pair: 0, white: 0, black: 1, result: board.WhiteWins})
	ta.add(outcome{index: 1, pair: 0, white: 1, black: 0, result: board.Draw})
	ta.add(outcome{index: 3, pair: 1, white: 1, black: 0, result: board.WhiteWins})
	s := ta.standings(4, nil)
	if m := s.Matches[0]; m.W != 1 || m.D != 1 || m.L != 1 || m.Penta != (stats.Penta{WD: 1}) {
		t.Errorf("after 3 games: %+v, want W/D/L 1/1/1 and one WD pair (pair 1 half done)", m)
	}
	ta.add(outcome{index: 2, pair: 1, white: 0, black: 1, result: board.BlackWins})
	s = ta.standings(4, nil)
	if m := s.Matches[0]; m.Penta != (stats.Penta{WD: 1, LL: 1}) {
		t.Errorf("after 4 games: penta %+v, want one WD and one LL", m.Penta)
	}
	if want := "decisive pairs (2–0 or 0–2) 1 of 2, 50.0%"; !strings.Contains(s.Text(), want) {
		t.Errorf("the standings do not say %q:\n%s", want, s.Text())
	}
	if s.Engines[0].Name != "B" || s.Engines[0].W != 2 || s.Engines[1].W != 1 {
		t.Errorf("engines %+v: want B first with 2 wins", s.Engines)
	}
}

// TestTallyColours checks the results by colour, whoever played them,
// and the count of games the turn limit drew: what shows whether a set
// of openings is level and whether games get finished.
func TestTallyColours(t *testing.T) {
	ta := newTally([]string{"A", "B"})
	ta.add(outcome{index: 0, pair: 0, white: 0, black: 1, result: board.WhiteWins})
	ta.add(outcome{index: 1, pair: 0, white: 1, black: 0, result: board.WhiteWins})
	ta.add(outcome{index: 2, pair: 1, white: 0, black: 1, result: board.BlackWins})
	ta.add(outcome{index: 3, pair: 1, white: 1, black: 0, result: board.Draw, turnLimit: true})
	s := ta.standings(4, nil)
	if s.White != (ColourStanding{W: 2, D: 1, L: 1}) || s.TurnLimit != 1 {
		t.Errorf("by colour %+v, turn limit %d: want White 2/1/1 and 1", s.White, s.TurnLimit)
	}
	if got := s.White.Score(); got != 0.625 {
		t.Errorf("White's score %v, want 0.625", got)
	}
	if (ColourStanding{}).Score() != 0 {
		t.Errorf("no games must score 0")
	}
}

// TestEloLabels: the standings name each Elo they show, since the field
// Elo of an engine and the pair Elo of its pairing differ. Here A beats B
// in both games of a pair and again in the next pair's first game, then
// loses its second: the pairs are WW and WL (pair Elo from two pairs),
// while A's field Elo counts three wins in four games.
func TestEloLabels(t *testing.T) {
	ta := newTally([]string{"A", "B"})
	for _, g := range []outcome{
		{index: 0, pair: 0, white: 0, black: 1, result: board.WhiteWins},
		{index: 1, pair: 0, white: 1, black: 0, result: board.BlackWins},
		{index: 2, pair: 1, white: 0, black: 1, result: board.WhiteWins},
	} {
		ta.add(g)
	}
	ta.add(outcome{index: 3, pair: 1, white: 1, black: 0, result: board.WhiteWins})
	s := ta.standings(8, nil)
	text, progress := s.Text(), s.Progress()
	for _, want := range []string{"field Elo", "A vs B: W/D/L 3/0/1, pair Elo", "field Elo: each engine against all the others"} {
		if !strings.Contains(text, want) {
			t.Errorf("standings text lacks %q:\n%s", want, text)
		}
	}
	if !strings.Contains(progress, "pair Elo") {
		t.Errorf("progress line %q does not say which Elo it shows", progress)
	}
	one := newTally([]string{"A", "B"})
	one.add(outcome{index: 0, pair: 0, white: 0, black: 1, result: board.WhiteWins})
	if p := one.standings(8, nil).Progress(); !strings.Contains(p, "game Elo") {
		t.Errorf("progress before a complete pair %q, want game Elo", p)
	}
}
