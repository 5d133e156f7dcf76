package eval

import (
	"strconv"
	"strings"
	"testing"

	"seega/board"
)

// keyRules is the rule set a presetWeights key stands for: the preset,
// on the board the key names if it names one.
func keyRules(t *testing.T, key string) board.Rules {
	t.Helper()
	name, size, sized := strings.Cut(key, "-")
	r := rulesFor(t, name)
	if sized {
		n, err := strconv.Atoi(size)
		if err != nil {
			t.Fatalf("key %q: the size is not a number", key)
		}
		r.BoardSize = n
	}
	return r
}

// TestWeightsKey checks the names fits go by: a preset's own, with the
// size on another board, none with another option changed.
func TestWeightsKey(t *testing.T) {
	for _, name := range []string{"egyptian", "sudanese", "classic", "pro"} {
		r := rulesFor(t, name)
		if key, ok := WeightsKey(r); !ok || key != name {
			t.Errorf("%s: key %q, %v; want %q", name, key, ok, name)
		}
		r.MovementStarter = r.MovementStarter.Other()
		if key, ok := WeightsKey(r); !ok || key != name {
			t.Errorf("%s with the other colour starting: key %q, %v; want %q", name, key, ok, name)
		}
		r.BoardSize = 7
		if key, ok := WeightsKey(r); !ok || key != name+"-7" {
			t.Errorf("%s on 7×7: key %q, %v; want %q", name, key, ok, name+"-7")
		}
		r.NoCaptureLimit += 10
		if key, ok := WeightsKey(r); ok {
			t.Errorf("%s on 7×7 with another quiet-turn limit: key %q, want none", name, key)
		}
	}
}

// TestWeightsForOnlyThePresetItself checks that each fit plays under
// exactly its rules and nowhere else: another board size with no fit of
// its own, or a changed option, gets the hand weights, as does a preset
// with no fit; the starting colour swapped keeps them (it renames the
// sides).
func TestWeightsForOnlyThePresetItself(t *testing.T) {
	for key, fitted := range presetWeights {
		r := keyRules(t, key)
		if got, ok := WeightsKey(r); !ok || got != key {
			t.Errorf("%s: the rules of the key have the key %q, %v", key, got, ok)
		}
		if got := WeightsFor(r); got != *fitted {
			t.Errorf("%s: the rules' own fit is not what they play", key)
		}
		if *fitted == handWeights {
			t.Errorf("%s: the fitted weights are the hand weights; the test shows nothing", key)
		}
		swapped := r
		swapped.MovementStarter = r.MovementStarter.Other()
		if got := WeightsFor(swapped); got != *fitted {
			t.Errorf("%s with the other colour starting: not its fitted weights", key)
		}
		changed := r
		changed.NoCaptureLimit = r.NoCaptureLimit + 10
		if got := WeightsFor(changed); got != handWeights {
			t.Errorf("%s with another quiet-turn limit: got weights other than the hand weights", key)
		}
		for _, n := range []int{5, 7, 9} {
			other := r
			other.BoardSize = n
			if k, _ := WeightsKey(other); k == key {
				continue
			} else if _, fit := presetWeights[k]; fit {
				continue
			}
			if got := WeightsFor(other); got != handWeights {
				t.Errorf("%s on %d×%d, which has no fit: got weights other than the hand weights", key, n, n)
			}
		}
	}
	for _, name := range []string{"egyptian", "sudanese", "classic", "pro"} {
		if _, ok := presetWeights[name]; !ok {
			t.Errorf("%s has no fitted weights: docs/strength.md says it has", name)
		}
	}
}
