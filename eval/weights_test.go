package eval

import (
	"testing"

	"seega/board"
)

// TestWeightsForOnlyThePresetItself checks that a preset's fitted
// weights play under exactly its rules and nowhere else: another board
// size or a changed option gets the hand weights, as does a preset with
// no fit; the starting colour swapped keeps them (it renames the sides).
func TestWeightsForOnlyThePresetItself(t *testing.T) {
	for name, fitted := range presetWeights {
		r := rulesFor(t, name)
		if got := WeightsFor(r); got != *fitted {
			t.Errorf("%s: the preset's own rules do not get its fitted weights", name)
		}
		if *fitted == handWeights {
			t.Errorf("%s: the fitted weights are the hand weights; the test shows nothing", name)
		}
		swapped := r
		swapped.MovementStarter = r.MovementStarter.Other()
		if got := WeightsFor(swapped); got != *fitted {
			t.Errorf("%s with the other colour starting: not its fitted weights", name)
		}
		bigger := r
		bigger.BoardSize = 7
		changed := r
		changed.NoCaptureLimit = r.NoCaptureLimit + 10
		for what, other := range map[string]board.Rules{"on 7×7": bigger, "with another quiet-turn limit": changed} {
			if got := WeightsFor(other); got != handWeights {
				t.Errorf("%s %s: got weights other than the hand weights", name, what)
			}
		}
	}
	for _, name := range []string{"egyptian", "sudanese", "classic", "pro"} {
		if _, ok := presetWeights[name]; !ok && WeightsFor(rulesFor(t, name)) != handWeights {
			t.Errorf("%s has no fit but does not play the hand weights", name)
		}
	}
	for _, name := range []string{"egyptian", "sudanese", "classic", "pro"} {
		if _, ok := presetWeights[name]; !ok {
			t.Errorf("%s has no fitted weights: docs/strength.md says it has", name)
		}
	}
}
