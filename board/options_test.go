package board

import (
	"strings"
	"testing"
)

// TestRuleOptionsRoundTrip checks Get and Set on every option of every
// preset: what Get writes Set reads back to the same rules, every value
// OptionValues lists reads back as itself, String names every option in
// order, and a bad name or value is refused with a message naming it,
// leaving the rules as they were.
func TestRuleOptionsRoundTrip(t *testing.T) {
	for _, v := range Variants {
		r, err := Preset(v)
		if err != nil {
			t.Fatal(err)
		}
		parts := strings.Fields(r.String())
		if len(parts) != len(OptionNames) {
			t.Fatalf("%s: String() = %q, want %d options", v, r.String(), len(OptionNames))
		}
		for i, name := range OptionNames {
			val, err := r.Get(strings.ToUpper(name))
			if err != nil || parts[i] != name+"="+val {
				t.Fatalf("%s: Get(%s) = %q, %v; String has %q", v, name, val, err, parts[i])
			}
			same := r
			if err := same.Set(strings.ToLower(name), " "+val+" "); err != nil || same != r {
				t.Errorf("%s: Set(%s, %q) = %v, changing the rules to %v", v, name, val, err, same)
			}
			for _, value := range OptionValues(name) {
				next := r
				if err := next.Set(name, strings.ToUpper(value)); err != nil {
					continue // valid alone, but not with the others (Validate says why)
				}
				if got, _ := next.Get(name); got != value {
					t.Errorf("%s: Set(%s, %s) then Get = %q", v, name, value, got)
				}
			}
			if name == "Variant" {
				continue // a bad preset name is Preset's message
			}
			bad := r
			if err := bad.Set(name, "nonsense"); err == nil || !strings.Contains(err.Error(), name) || bad != r {
				t.Errorf("%s: Set(%s, nonsense) = %v, rules now %v", v, name, err, bad)
			}
		}
		if _, err := r.Get("Colour"); err == nil {
			t.Errorf("Get(Colour) found an option")
		}
		if err := r.Set("Colour", "white"); err == nil || !strings.Contains(err.Error(), "Colour") {
			t.Errorf("Set(Colour) = %v, want an error naming it", err)
		}
	}
}
