package main

import (
	"strings"
	"testing"

	"seega/openings"
)

// TestSuiteCommands: the suite figure sets the header's rules, the
// variant before the options it would reset, then searches every line,
// whichever of the three line forms it has; a suite with no positions,
// or with a line its rules refuse, is an error that names it.
func TestSuiteCommands(t *testing.T) {
	text := `# Seega opening suite tiny: two positions.
# rules: Variant=egyptian BoardSize=7 Directions=4 CentreSafe=off LineCapture=off Chain=none ChainMandatory=on Blocked=pass LoseAt=0 NoCaptureLimit=0 RepetitionDraw=0 Ransom=off RansomRefusals=8 RansomDeadline=32 MovementStarter=white
bb2w1w/wbbww2/w1b2ww/b1www1w/bbww1w1/w1bb1bb/wbwwbbw b 0/0 - 0 48 # 3 +700
fen bb2w1w/wbbww2/w1b2ww/b1www1w/bbww1w1/w1bb1bb/wbwwbbw b 0/0 - 0 48 moves g2g3
`
	s, err := openings.Parse("tiny", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	sr, err := suiteCommands(s, 5000)
	if err != nil {
		t.Fatal(err)
	}
	if sr.cmds[0] != "ugi" || sr.cmds[1] != "setoption name Variant value egyptian" {
		t.Fatalf("the commands start %q, want ugi then the variant", sr.cmds[:2])
	}
	want := []string{
		"setoption name BoardSize value 7",
		"setoption name NoCaptureLimit value 0",
		"position fen bb2w1w/wbbww2/w1b2ww/b1www1w/bbww1w1/w1bb1bb/wbwwbbw b 0/0 - 0 48",
		"go nodes 5000",
		"position fen bb2w1w/wbbww2/w1b2ww/b1www1w/bbww1w1/w1bb1bb/wbwwbbw b 0/0 - 0 48 moves g2g3",
	}
	all := strings.Join(sr.cmds, "\n")
	for _, w := range want {
		if !strings.Contains(all, w+"\n") {
			t.Errorf("no command %q in:\n%s", w, all)
		}
	}
	if n := strings.Count(all, "go nodes 5000"); n != 2 {
		t.Errorf("%d searches, want one a position (2)", n)
	}
	if !strings.Contains(sr.title, "tiny") || !strings.Contains(sr.title, "2 × 5.0k") {
		t.Errorf("title %q does not name the suite and its size", sr.title)
	}

	if _, err := suiteCommands(openings.Suite{Name: "empty", Rules: s.Rules}, 5000); err == nil || !strings.Contains(err.Error(), "empty") {
		t.Errorf("an empty suite gave %v, want an error naming it", err)
	}
	bad, err := openings.Parse("bad", strings.NewReader("# rules: Variant=pro\nstartpos moves z9z9\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := suiteCommands(bad, 5000); err == nil || !strings.Contains(err.Error(), "position 1") {
		t.Errorf("an illegal line gave %v, want an error naming its position", err)
	}
}
