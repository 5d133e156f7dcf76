package board

import (
	"strings"
	"testing"
)

// TestBothLowReason checks the message of a game that starts with both
// sides at or below LoseAt: Black wins (docs/rules.md, "Readings the
// engine chose"), and the message blames a ransom only when one was
// accepted.
func TestBothLowReason(t *testing.T) {
	r, err := Preset("classic")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		fen, want string
	}{
		{"w4/5/5/5/b4 w 0/0 - 0 30",
			"Black wins: both sides are at or below the losing count (White 1, Black 1); as after a ransom, Black wins."},
		{"w4/5/5/5/b4 w 0/0 - 0 30 asked=1 accepted=1",
			"Black wins: the ransom left both sides at or below the losing count (White 1, Black 1), and White accepted the trade."},
	} {
		g, err := NewGameFromSeFEN(r, c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		res := g.Result()
		if res.Outcome != BlackWins || res.Reason != TooFewStones {
			t.Errorf("%s: %v %v, want Black wins by TooFewStones", c.fen, res.Outcome, res.Reason)
		}
		if got := res.String(); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.fen, got, c.want)
		}
		if !strings.Contains(c.want, "ransom") && strings.Contains(res.String(), "ransom") {
			t.Errorf("%s: no ransom was made, but the message names one", c.fen)
		}
	}
}
