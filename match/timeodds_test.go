package match

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"seega/match/internal/fakeengine"
)

// TestTimeOdds plays an engine with its own time control against one on
// the tournament's: each must be told its own, the records must say
// both, and a records file must resume only under the same odds.
func TestTimeOdds(t *testing.T) {
	full, quarter := fake("full", fakeengine.Random, 0, 0), fake("quarter", fakeengine.Random, 0, 0)
	quarter.TimeControl = TimeControl{MoveTime: 5 * time.Millisecond}
	cfg := quick(full, quarter)
	cfg.MaxTurns = 6
	cfg.Records = filepath.Join(t.TempDir(), "records.txt")
	log := &syncBuffer{}
	cfg.Log = log
	standings := run(t, cfg)

	goLine := regexp.MustCompile(`(full|quarter) > (go .*)`)
	seen := map[string]string{}
	for _, m := range goLine.FindAllStringSubmatch(log.String(), -1) {
		if prev, ok := seen[m[1]]; ok && prev != m[2] {
			t.Errorf("%s was told %q and %q", m[1], prev, m[2])
		}
		seen[m[1]] = m[2]
	}
	if seen["full"] != "go movetime 20" || seen["quarter"] != "go movetime 5" {
		t.Errorf("go lines: full %q, quarter %q; want go movetime 20 and go movetime 5", seen["full"], seen["quarter"])
	}
	const label = "movetime=20; quarter:movetime=5"
	if got := cfg.TimeControlLabel(); got != label {
		t.Errorf("label %q, want %q", got, label)
	}
	if !strings.Contains(standings.Text(), "Time control: "+label+"\n") {
		t.Errorf("the standings do not name the time control %q:\n%s", label, standings.Text())
	}
	recs := readRecords(t, cfg.Records)
	if len(recs) != 2 {
		t.Fatalf("%d records, want 2", len(recs))
	}
	for _, r := range recs {
		if r.TimeControl != label {
			t.Errorf("game %d records the time control %q, want %q", r.Index, r.TimeControl, label)
		}
	}
	even := cfg
	even.Engines = []EngineSpec{full, fake("quarter", fakeengine.Random, 0, 0)}
	if _, err := New(even); err == nil || !strings.Contains(err.Error(), "time control") {
		t.Errorf("New without the odds on the odds' records: %v, want an error naming the time control", err)
	}
}

// TestTimeOddsClock checks the clock under odds: each side starts with
// its own clock and gains its own increment, and both are sent.
func TestTimeOddsClock(t *testing.T) {
	full, quarter := fake("full", fakeengine.Random, 0, 0), fake("quarter", fakeengine.Random, 0, 0)
	quarter.TimeControl = TimeControl{Clock: 2 * time.Second, Inc: 5 * time.Millisecond}
	cfg := quick(full, quarter)
	cfg.TimeControl = TimeControl{Clock: 8 * time.Second, Inc: 20 * time.Millisecond}
	cfg.Games, cfg.MaxTurns, cfg.Concurrency = 2, 2, 1
	log := &syncBuffer{}
	cfg.Log = log
	run(t, cfg)
	// The first turn of the first game: full is White.
	first := regexp.MustCompile(`full > (go .*)`).FindStringSubmatch(log.String())
	if first == nil || first[1] != "go p1time 8000 p2time 2000 p1inc 20 p2inc 5" {
		t.Errorf("first go line %q, want White's 8 s and Black's 2 s with their own increments", first)
	}
}

// TestTimeOddsRefused: an engine's time control must be of the
// tournament's kind.
func TestTimeOddsRefused(t *testing.T) {
	quarter := fake("quarter", fakeengine.Random, 0, 0)
	quarter.TimeControl = TimeControl{Nodes: 500}
	cfg := quick(fake("full", fakeengine.Random, 0, 0), quarter)
	if _, err := New(cfg); err == nil || !strings.Contains(err.Error(), "not of the match's kind") {
		t.Errorf("New with nodes odds in a movetime match: %v, want an error about the kind", err)
	}
	if _, _, err := ParseEngineTimeControl("quarter"); err == nil {
		t.Error("ParseEngineTimeControl accepted a spec without a time control")
	}
	name, tc, err := ParseEngineTimeControl("quarter:nodes=500")
	if err != nil || name != "quarter" || tc.Nodes != 500 {
		t.Errorf("ParseEngineTimeControl(quarter:nodes=500) = %q, %v, %v", name, tc, err)
	}
}
