package match

import (
	"strings"
	"testing"

	"seega/board"
)

// TestForfeitsCounted: the case, two engines of which A lost 3
// games of 8 on time and B 1 on time and 1 by a crash: B comes out
// ahead on forfeits alone. Each engine's forfeits are counted by reason,
// the pairing's by engine, and the result is flagged as decided by them.
func TestForfeitsCounted(t *testing.T) {
	recs := []struct {
		white, black int
		result       board.Outcome
		term         Termination
	}{
		{0, 1, board.BlackWins, TermTime},  // A loses on time
		{1, 0, board.WhiteWins, TermTime},  // A loses on time
		{0, 1, board.BlackWins, TermTime},  // A loses on time
		{1, 0, board.BlackWins, TermTime},  // B loses on time
		{0, 1, board.WhiteWins, TermRules}, // A wins over the board
		{1, 0, board.WhiteWins, TermRules}, // B wins over the board
		{0, 1, board.WhiteWins, TermCrash}, // B crashes
		{1, 0, board.Draw, TermTurnLimit},
	}
	ta := newTally([]string{"A", "B"})
	for i, r := range recs {
		j := job{Index: i, Pair: i / 2, White: r.white, Black: r.black}
		ta.add(newOutcome(i, j, &Record{Index: i, Outcome: r.result, Termination: r.term}))
	}
	s := ta.standings(len(recs), nil)
	byName := map[string]EngineStanding{}
	for _, e := range s.Engines {
		byName[e.Name] = e
	}
	if a := byName["A"].Forfeits; a[TermTime] != 3 || a.Total() != 3 || a.String() != "3 on time" {
		t.Errorf("A's forfeits %v (%s), want 3 on time", a, a)
	}
	if b := byName["B"].Forfeits; b[TermTime] != 1 || b[TermCrash] != 1 || b.String() != "1 on time, 1 crash" {
		t.Errorf("B's forfeits %v (%s), want 1 on time, 1 crash", b, b)
	}
	m := s.Matches[0]
	if m.Forfeits != [2]int{3, 2} {
		t.Errorf("pairing forfeits %v, want [3 2]", m.Forfeits)
	}
	// A vs B is 3/1/4: B ahead. Without the forfeits, 1/1/1: level.
	why, decided := m.ForfeitsDecided()
	if !decided || !strings.Contains(why, "1/1/1 (level)") || !strings.Contains(why, "B ahead") {
		t.Errorf("ForfeitsDecided: %q, %v; want the result flagged, level without the forfeits", why, decided)
	}
	text := s.Text()
	for _, want := range []string{"forfeits", "forfeits of A: 3 on time", "forfeits of B: 1 on time, 1 crash", "WARNING: A vs B: 5 of 8 games were lost by forfeit"} {
		if !strings.Contains(text, want) {
			t.Errorf("the standings lack %q:\n%s", want, text)
		}
	}
}

// TestForfeitsNotDeciding: forfeits that do not change who leads are
// counted but raise no warning, and a tournament without any shows no
// forfeit lines at all.
func TestForfeitsNotDeciding(t *testing.T) {
	m := MatchStanding{A: "A", B: "B", W: 6, D: 0, L: 2, Forfeits: [2]int{1, 1}}
	if why, decided := m.ForfeitsDecided(); decided {
		t.Errorf("6/0/2 with one forfeit each: flagged (%s)", why)
	}
	m.Forfeits = [2]int{0, 4} // 2/0/2 without B's four forfeits
	if _, decided := m.ForfeitsDecided(); !decided {
		t.Errorf("6/0/2 with 4 of A's wins by B's forfeits: not flagged")
	}
	clean := Standings{Engines: []EngineStanding{{Name: "A"}, {Name: "B"}}, Matches: []MatchStanding{{A: "A", B: "B", W: 1}}}
	if text := clean.Text(); strings.Contains(text, "forfeits of") || strings.Contains(text, "WARNING") {
		t.Errorf("standings without forfeits mention them:\n%s", text)
	}
}
