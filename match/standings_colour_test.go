package match

import (
	"strings"
	"testing"
)

// TestStandingsByColourLine: the by-colour line counts White's results
// and the games the turn limit drew, in the singular for one.
func TestStandingsByColourLine(t *testing.T) {
	for _, c := range []struct {
		limit int
		want  string
	}{
		{0, "By colour: White W/D/L 3/1/0, White's score 87.5%; 0 games drawn at the turn limit"},
		{1, "; 1 game drawn at the turn limit"},
		{2, "; 2 games drawn at the turn limit"},
	} {
		s := Standings{Done: 4, Total: 4, White: ColourStanding{W: 3, D: 1}, TurnLimit: c.limit}
		if text := s.Text(); !strings.Contains(text, c.want) {
			t.Errorf("%d drawn at the limit: the standings lack %q:\n%s", c.limit, c.want, text)
		}
	}
}
