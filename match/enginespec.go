package match

import (
	"fmt"
	"strings"

	"seega/board"
)

// EngineSpec names an engine and says how to start it.
type EngineSpec struct {
	// Name is how records and standings call the engine; it must be
	// unique in a tournament.
	Name string
	// Command is a shell command line, run with /bin/sh -c.
	Command string
	// Options are engine options (Hash, Threads, …) sent after the rules,
	// in this order.
	Options []Option
	// TimeControl, if set, is this engine's time control instead of the
	// tournament's: time odds, such as a full engine against itself at a
	// quarter of the time. It must be of the tournament's kind (movetime,
	// clock, nodes or turn, the same parts), so that both sides are told
	// and judged alike.
	TimeControl TimeControl
}

// ParseEngineTimeControl reads NAME:SPEC, as --engine-tc takes it: an
// engine's name and its own time control.
func ParseEngineTimeControl(s string) (string, TimeControl, error) {
	name, spec, ok := strings.Cut(s, ":")
	name, spec = strings.TrimSpace(name), strings.TrimSpace(spec)
	if !ok || name == "" || spec == "" {
		return "", TimeControl{}, fmt.Errorf("engine time control %q: want ENGINE:SPEC, e.g. quarter:nodes=500", s)
	}
	tc, err := ParseTimeControl(spec)
	if err != nil {
		return "", TimeControl{}, fmt.Errorf("engine time control %q: %v", s, err)
	}
	return name, tc, nil
}

// Option is one `setoption name N value V`.
type Option struct{ Name, Value string }

// ParseEngineSpec reads NAME=COMMAND, as --engine takes it.
func ParseEngineSpec(s string) (EngineSpec, error) {
	name, cmd, ok := strings.Cut(s, "=")
	name, cmd = strings.TrimSpace(name), strings.TrimSpace(cmd)
	if !ok || name == "" || cmd == "" {
		return EngineSpec{}, fmt.Errorf("engine %q: want NAME=COMMAND, e.g. new=./bin/seega", s)
	}
	if strings.ContainsAny(name, " \t\"[]") {
		return EngineSpec{}, fmt.Errorf("engine name %q: no spaces, quotes or brackets", name)
	}
	if name == EveryEngine {
		return EngineSpec{}, fmt.Errorf("engine name %q: %s stands for every engine in --option", name, EveryEngine)
	}
	return EngineSpec{Name: name, Command: cmd}, nil
}

// EveryEngine is the engine name of an option for every engine:
// *:Contempt=150.
const EveryEngine = "*"

// ParseEngineOption reads NAME:OPTION=VALUE, as --option takes it, and
// returns the engine's name (EveryEngine for all of them) and the
// option. Rule options are refused: the runner sets the rules for both
// engines alike.
func ParseEngineOption(s string) (string, Option, error) {
	name, rest, ok := strings.Cut(s, ":")
	opt, val, ok2 := strings.Cut(rest, "=")
	name, opt, val = strings.TrimSpace(name), strings.TrimSpace(opt), strings.TrimSpace(val)
	if !ok || !ok2 || name == "" || opt == "" {
		return "", Option{}, fmt.Errorf("option %q: want ENGINE:NAME=VALUE, e.g. new:Hash=64", s)
	}
	if canon, isRule := board.CanonicalOption(opt); isRule || strings.EqualFold(opt, "UCI_Variant") {
		if !isRule {
			canon = "Variant"
		}
		return "", Option{}, fmt.Errorf("option %q: %s is a rule option; set the rules with --variant and the rule flags, for both engines", s, canon)
	}
	return name, Option{Name: opt, Value: val}, nil
}
