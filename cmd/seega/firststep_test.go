package main

import (
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
