package bench

import "testing"

// A setup line names the option it sets, so that WarmUp can leave out
// those an engine does not list (an older build without OwnBook).
func TestSetoptionName(t *testing.T) {
	for _, c := range []struct {
		cmd, want string
		ok        bool
	}{
		{"setoption name Hash value 16", "Hash", true},
		{"setoption name Move Overhead value 30", "Move Overhead", true},
		{"setoption name OwnBook value false", "OwnBook", true},
		{"uginewgame", "", false},
	} {
		got, ok := setoptionName(c.cmd)
		if got != c.want || ok != c.ok {
			t.Errorf("setoptionName(%q) = %q, %v; want %q, %v", c.cmd, got, ok, c.want, c.ok)
		}
	}
}
