package main

import (
	"fmt"
	"strings"
	"testing"
)

var noLimitFlags = []string{"--centre-safe", "off", "--chain", "none", "--no-capture-limit", "0", "--repetition-draw", "0"}

// seega firststep prints the value, the best turns and, with --openings,
// how the value falls over the openings; the counts add up to the number
// of openings it states.
func TestFirstStepCommand(t *testing.T) {
	status, out, errOut := runWithOutput(t, append([]string{"firststep", "--openings", "1"}, noLimitFlags...)...)
	if status != 0 {
		t.Fatalf("status %d: %s", status, errOut)
	}
	for _, want := range []string{"value 2: White's first step takes 2 of Black's stones", "best turns for White (", "openings of 1 turns: 276"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	// After a Black first turn that leaves a gate open to a White tip,
	// the value stays or rises; the command answers for Black's turn.
	status, out, errOut = runWithOutput(t, append([]string{"firststep", "--moves", "c1,a3"}, noLimitFlags...)...)
	if status != 0 || !strings.Contains(out, "best turns for Black (") {
		t.Fatalf("status %d, out:\n%s%s", status, out, errOut)
	}
}

// seega firststep --search, under a preset the solver does not cover:
// near the end of the placement the search is quick, and it prints the
// value for the movement starter, and over random openings how the values
// fall, one line an opening and counts that add up to them.
func TestFirstStepSearchCommand(t *testing.T) {
	// Egyptian, two placement turns left, four squares to fill.
	const fen = "bwbwb/wbwbw/1w1b1/bwbwb/w1b1w w 2/2 - 0 11"
	status, out, errOut := runWithOutput(t, "firststep", "--search", "--variant", "egyptian", "--fen", fen, "--pv")
	if status != 0 {
		t.Fatalf("status %d: %s", status, errOut)
	}
	if !strings.Contains(out, "value ") || !strings.Contains(out, " pv ") || !strings.Contains(out, "(depth ") {
		t.Errorf("no value, line or depth in\n%s", out)
	}

	status, out, errOut = runWithOutput(t, "firststep", "--search", "--variant", "classic", "--random", "3", "--opening-turns", "9", "--seed", "5")
	if status != 0 {
		t.Fatalf("status %d: %s", status, errOut)
	}
	if !strings.Contains(out, "openings: 3 (seed 5, 9 random placement turns)") {
		t.Errorf("no summary in\n%s", out)
	}
	lines, total := 0, 0
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "opening ") {
			lines++
		}
		// A count line: "  <value described>  <count>  <share>%".
		if f := strings.Fields(line); strings.HasPrefix(line, "  ") && len(f) >= 2 {
			var n int
			if _, err := fmt.Sscan(f[len(f)-2], &n); err == nil {
				total += n
			}
		}
	}
	if lines != 3 {
		t.Errorf("%d opening lines, want 3:\n%s", lines, out)
	}
	if total != 3 {
		t.Errorf("the counts add up to %d, want 3:\n%s", total, out)
	}
}

// The search mode's flags are refused where they mean nothing, with a
// message that names them.
func TestFirstStepSearchFlagErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--random", "3"}, "--random: only with --search"},
		{[]string{"--search", "--openings", "1"}, "--openings"},
		{[]string{"--search", "--extra-turns", "0"}, "--extra-turns 0"},
		{[]string{"--search", "--random", "2", "--moves", "c1,a3"}, "--random: draws its openings from the start position"},
		{[]string{"--search", "--hash", "0"}, "--hash 0"},
		{[]string{"--search", "--random", "1", "--opening-turns", "12"}, "--opening-turns 12: must be 0 to 11"},
		{[]string{"--search", "--fen", "bbbww/wwbwb/bww1w/www1b/bbbwb b 0/0 - 0 14"}, "not a placement position"},
	} {
		status, _, errOut := runWithOutput(t, append([]string{"firststep"}, c.args...)...)
		if status == 0 || !strings.Contains(errOut, c.want) {
			t.Errorf("firststep %v: status %d, stderr %q; want a failure naming %q", c.args, status, errOut, c.want)
		}
	}
}
