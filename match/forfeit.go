package match

import (
	"fmt"
	"strings"
)

// A forfeit is a game lost by an engine's failure rather than over the
// board: on time, by a crash or a silence, by an illegal move, or by an
// engine that never started. Forfeits count in the score like any loss,
// so on a loaded machine two identical engines can come out far apart
// on games lost on time alone; the standings count them apart, per
// engine and reason, and say when they could have decided a result.

// forfeitOrder is the order the standings list the reasons in, and the
// words they use for each.
var forfeitOrder = []struct {
	term  Termination
	label string
}{
	{TermTime, "on time"},
	{TermCrash, "crash"},
	{TermNoAnswer, "no answer"},
	{TermIllegal, "illegal move"},
	{TermNoStart, "never started"},
}

// Forfeit reports whether a game that ended so was lost by forfeit.
func (t Termination) Forfeit() bool {
	for _, f := range forfeitOrder {
		if f.term == t {
			return true
		}
	}
	return false
}

// Forfeits counts an engine's games lost by forfeit, by reason.
type Forfeits map[Termination]int

// Total is the number of games lost by forfeit.
func (f Forfeits) Total() int {
	n := 0
	for _, k := range f {
		n += k
	}
	return n
}

// String lists the forfeits by reason, e.g. "3 on time, 1 crash";
// "none" where there are none.
func (f Forfeits) String() string {
	var parts []string
	for _, o := range forfeitOrder {
		if n := f[o.term]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, o.label))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// ForfeitsDecided reports whether the forfeits of a pairing could have
// decided its result, and says why. The rule: leave out the games lost
// by forfeit (A's wins by B's forfeits, A's losses by its own), and look
// at who leads in the games left; if that is not who leads in all the
// games (A, B, or neither), the forfeits decided the result as it
// stands. So two equal engines, one of which lost 3 games on time and
// the other 1, are not reported as 5–3 apart without a warning.
func (m MatchStanding) ForfeitsDecided() (string, bool) {
	fa, fb := m.Forfeits[0], m.Forfeits[1]
	if fa+fb == 0 {
		return "", false
	}
	lead := m.W - m.L
	played := (m.W - fb) - (m.L - fa)
	if sign(lead) == sign(played) {
		return "", false
	}
	return fmt.Sprintf("%s vs %s: %d of %d games were lost by forfeit (%s %d, %s %d), and without them the result is W/D/L %d/%d/%d (%s) rather than %d/%d/%d (%s): the forfeits decided it. Give the engines more time (--margin, --grace) or play fewer games at once (--concurrency), and play again",
		m.A, m.B, fa+fb, m.W+m.D+m.L, m.A, fa, m.B, fb,
		m.W-fb, m.D, m.L-fa, leader(played, m.A, m.B), m.W, m.D, m.L, leader(lead, m.A, m.B)), true
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// leader says who leads by lead games, from a's side.
func leader(lead int, a, b string) string {
	switch {
	case lead > 0:
		return a + " ahead"
	case lead < 0:
		return b + " ahead"
	}
	return "level"
}
