package match

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"seega/match/internal/fakeengine"
)

// TestResumeRefusesDamagedRecords: a records file changed by hand or by a
// disk is refused on resume, with the file and the line, not counted as
// it stands: a turn changed (even to "zz99"), turns out of order, a
// result, a termination or a capture count that does not follow from the
// turns, a game cut short of the turn limit that drew it.
func TestResumeRefusesDamagedRecords(t *testing.T) {
	cfg := quick(fake("a", fakeengine.Random, 0, 0), fake("b", fakeengine.Random, 0, 0))
	// Ten turns after the opening's placements end every game drawn at
	// the turn limit: the same kind of record every time.
	cfg.MaxTurns = 10
	cfg.Records = filepath.Join(t.TempDir(), "records.txt")
	run(t, cfg)
	data, err := os.ReadFile(cfg.Records)
	if err != nil {
		t.Fatal(err)
	}
	// As written, the records resume: nothing is left to play.
	if s := run(t, cfg); s.Done != s.Total {
		t.Fatalf("the records as written: %d of %d games resumed", s.Done, s.Total)
	}
	lines := strings.Split(string(data), "\n")
	// lineOf is the number of the first line with prefix.
	lineOf := func(prefix string) int {
		for i, l := range lines {
			if strings.HasPrefix(l, prefix) {
				return i + 1
			}
		}
		t.Fatalf("no line %q in the records:\n%s", prefix, data)
		return 0
	}
	turn5 := lineOf("5. ")
	f := strings.Fields(lines[turn5-1])
	otherSide := map[string]string{"w": "b", "b": "w"}[f[1]]
	score := lineOf("1/2-1/2")
	for _, tt := range []struct {
		name string
		line int    // the line changed, and the line the error must name
		with string // what it becomes
		want string
	}{
		{"a turn changed to nonsense", turn5, "5. " + f[1] + " zz99 " + f[3], "not a legal turn"},
		{"a turn by the wrong side", turn5, "5. " + otherSide + " " + f[2] + " " + f[3], "'s turn"},
		{"a draw made a win", score, "1-0", "a game drawn at the turn limit is a draw"},
		{"a game cut short", score - 1, "", "the turn limit is 10"},
		{"captures made up", score, "1/2-1/2", "capture"},
		{"a result by the rules that the turns do not reach", score, "1/2-1/2", "the game is not over"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			damaged := append([]string(nil), lines...)
			line := tt.line
			switch tt.name {
			case "a draw made a win":
				damaged[lineOf(`[Result "draw"]`)-1] = `[Result "p1win"]`
			case "a game cut short":
				// The last turn goes: the score is then a line earlier.
				line = score - 1
			case "captures made up":
				damaged[lineOf(`[WhiteCaptured "`)-1] = `[WhiteCaptured "9"]`
			case "a result by the rules that the turns do not reach":
				damaged[lineOf(`[Termination "turn limit"]`)-1] = `[Termination "rules"]`
			}
			if tt.name == "a game cut short" {
				damaged = append(damaged[:score-2], damaged[score-1:]...)
			} else {
				damaged[tt.line-1] = tt.with
			}
			if err := os.WriteFile(cfg.Records, []byte(strings.Join(damaged, "\n")), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := New(cfg)
			where := fmt.Sprintf("%s:%d: ", cfg.Records, line)
			if err == nil || !strings.Contains(err.Error(), where) || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "damaged") {
				t.Errorf("New: %v; want an error at %q with %q", err, where, tt.want)
			}
		})
	}
}
