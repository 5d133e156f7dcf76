package board

import (
	"strings"
	"testing"
)

// TestSeFENErrors checks that each malformed field is refused with a
// message that names it, field by field, and that a rank with a stone
// past its end is refused (it was once read as a full rank, the extra
// stone dropped).
func TestSeFENErrors(t *testing.T) {
	classic, _ := Preset("classic") // the ransom rules
	egy, _ := Preset("egyptian")
	for _, tc := range []struct {
		rules Rules
		fen   string
		want  string
	}{
		{egy, "5/5/5/5/5 w 12/12 -", "want 6 fields"},
		{egy, "5/5/5/5 w 12/12 - 0 1", "4 ranks"},
		{egy, "5/5/5/5/4x w 12/12 - 0 1", `rank 1 has 'x'`},
		{egy, "5/5/5/5/4 w 12/12 - 0 1", "rank 1 has 4 squares"},
		{egy, "5/5/5/5/6 w 12/12 - 0 1", "rank 1 is longer than 5 squares"},
		{egy, "5/5/5/5/wwwwww w 12/12 - 0 1", "rank 1 is longer than 5 squares"},
		{egy, "5/5/5/5/5w w 12/12 - 0 1", "rank 1 is longer than 5 squares"},
		{egy, "5/5/5/5/5 x 12/12 - 0 1", "side to act"},
		{egy, "5/5/5/5/5 w 12-12 - 0 1", "stones in hand"},
		{egy, "5/5/5/5/5 w 13/12 - 0 1", "stones in hand"},
		{egy, "5/5/5/5/5 w 12/12 z9 0 1", "SeFEN chain"},
		{egy, "5/5/5/5/5 w 12/12 - -1 1", "quiet turns"},
		{egy, "5/5/5/5/5 w 12/12 - 0 0", "turn number"},
		{egy, "5/5/5/5/5 w 12/12 - 0 1 passed", "want key=value"},
		{egy, "5/5/5/5/5 w 12/12 - 0 1 colour=w", `unknown key "colour"`},
		{egy, "5/5/5/5/5 w 12/12 - 0 1 passed=2", "want passed=0 or passed=1"},
		{egy, "5/5/5/5/5 w 12/12 - 0 1 passed=0 passed=0", "passed given twice"},
		{egy, "5/5/5/5/5 w 12/12 - 0 1 asked=1", "only where Ransom is on"},
		{classic, "5/5/5/5/5 w 12/12 - 0 1 asked=2", "want asked=0 or asked=1"},
		{classic, "5/5/5/5/5 w 12/12 - 0 1 bturns=x", "want a whole number from 0 to 60000"},
		{classic, "5/5/5/5/5 w 12/12 - 0 1 pending=k9", `field "pending=k9": square "k9"`},
	} {
		_, err := NewGameFromSeFEN(tc.rules, tc.fen)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("NewGameFromSeFEN(%q) = %v, want an error saying %q", tc.fen, err, tc.want)
		}
	}
}

// TestSeFENKeysRoundTrip checks that key=value fields are read into the
// position and written back as they were.
func TestSeFENKeysRoundTrip(t *testing.T) {
	classic, _ := Preset("classic")
	for _, fen := range []string{
		"bbbww/bwbww/w2w1/1wbww/bbwbb w 0/0 - 4 19 passed=1",
		"bbbww/bwbww/w2w1/1wbww/bbwbb w 0/0 - 4 19 refusals=1 bturns=7",
	} {
		g, err := NewGameFromSeFEN(classic, fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		if got := g.SeFEN(); got != fen {
			t.Errorf("NewGameFromSeFEN(%q).SeFEN() = %q", fen, got)
		}
	}
}
