package board

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// ChainMode says what a player may do after a step that captured
// (RULES.md 3.3).
type ChainMode uint8

const (
	ChainNone        ChainMode = iota // the turn ends
	ChainBonus                        // one more step with any stone, compulsory, need not capture
	ChainAnyCapture                   // further capturing steps with any stone
	ChainSameCapture                  // further capturing steps with the same stone
)

var chainNames = []string{"none", "bonus", "anycapture", "samecapture"}

func (c ChainMode) String() string { return chainNames[c] }

// BlockedMode says what happens to a player with no step (RULES.md 3.4).
type BlockedMode uint8

const (
	BlockedPass       BlockedMode = iota // the blocked player passes
	BlockedLose                          // the blocked player loses
	BlockedWhiteOpens                    // White loses; Black passes and White must open
)

var blockedNames = []string{"pass", "lose", "whiteopens"}

func (b BlockedMode) String() string { return blockedNames[b] }

// Variant names the four presets of RULES.md section 4.
var Variants = []string{"egyptian", "sudanese", "classic", "pro"}

// Rules holds every option of RULES.md section 4. Rule checks read these
// fields; nothing in the move generator asks which variant is in play.
type Rules struct {
	Variant         string
	BoardSize       int
	Directions      int
	CentreSafe      bool
	LineCapture     bool
	Chain           ChainMode
	ChainMandatory  bool
	Blocked         BlockedMode
	LoseAt          int
	NoCaptureLimit  int
	RepetitionDraw  int
	Ransom          bool
	RansomRefusals  int
	RansomDeadline  int
	MovementStarter Color
}

// DefaultRules is the default variant: egyptian on 5×5.
func DefaultRules() Rules {
	r, _ := Preset("egyptian")
	return r
}

// Preset returns the named variant's rules on 5×5.
func Preset(name string) (Rules, error) {
	r := Rules{
		Variant: strings.ToLower(name), BoardSize: 5, Directions: 4,
		RepetitionDraw: 3, RansomRefusals: 8, RansomDeadline: 32, MovementStarter: White,
	}
	switch r.Variant {
	case "egyptian":
		r.CentreSafe = true
		r.Chain = ChainBonus
		r.ChainMandatory = true // bonus chains are always compulsory
		r.Blocked = BlockedPass
		r.NoCaptureLimit = 20
	case "sudanese":
		r.Directions = 8
		r.Chain = ChainAnyCapture
		r.ChainMandatory = true
		r.Blocked = BlockedPass
		r.LoseAt = 2
	case "classic":
		r.Chain = ChainSameCapture
		r.Blocked = BlockedWhiteOpens
		r.LoseAt = 1
		r.Ransom = true
	case "pro":
		r.Chain = ChainSameCapture
		r.Blocked = BlockedLose
		r.LoseAt = 1
	default:
		return Rules{}, fmt.Errorf("Variant: unknown variant %q (want one of %s)", name, strings.Join(Variants, ", "))
	}
	return r, nil
}

// Stones is S, the number of stones each side has: (N²−1)/2.
func (r *Rules) Stones() int { return (r.BoardSize*r.BoardSize - 1) / 2 }

// Validate reports the first option that makes no sense, by name.
func (r *Rules) Validate() error {
	switch r.BoardSize {
	case 5, 7, 9:
	default:
		return fmt.Errorf("BoardSize: %d is not a board size (want 5, 7 or 9)", r.BoardSize)
	}
	if r.BoardSize*r.BoardSize > MaxSquares {
		return fmt.Errorf("BoardSize: %d does not fit this build (the narrow build holds boards up to 7)", r.BoardSize)
	}
	if r.Directions != 4 && r.Directions != 8 {
		return fmt.Errorf("Directions: %d (want 4 or 8)", r.Directions)
	}
	if int(r.Chain) >= len(chainNames) {
		return fmt.Errorf("Chain: unknown mode %d", r.Chain)
	}
	if int(r.Blocked) >= len(blockedNames) {
		return fmt.Errorf("Blocked: unknown mode %d", r.Blocked)
	}
	if r.LoseAt < 0 || r.LoseAt >= r.Stones() {
		return fmt.Errorf("LoseAt: %d must be from 0 to %d (below the %d stones of a side on %d×%d)",
			r.LoseAt, r.Stones()-1, r.Stones(), r.BoardSize, r.BoardSize)
	}
	if r.NoCaptureLimit < 0 || r.NoCaptureLimit > 10000 {
		return fmt.Errorf("NoCaptureLimit: %d must be 0 (off) to 10000", r.NoCaptureLimit)
	}
	if r.RepetitionDraw < 0 || r.RepetitionDraw == 1 || r.RepetitionDraw > 100 {
		return fmt.Errorf("RepetitionDraw: %d must be 0 (off) or 2 to 100: a position always occurs once", r.RepetitionDraw)
	}
	if r.RansomRefusals < 0 || r.RansomRefusals > 255 {
		return fmt.Errorf("RansomRefusals: %d must be 0 to 255", r.RansomRefusals)
	}
	if r.RansomDeadline < 0 || r.RansomDeadline > 10000 {
		return fmt.Errorf("RansomDeadline: %d must be 0 (no deadline) to 10000", r.RansomDeadline)
	}
	if r.MovementStarter > Black {
		return fmt.Errorf("MovementStarter: unknown side %d", r.MovementStarter)
	}
	return nil
}

// ruleOption is one rule option of RULES.md section 4: its name, how to
// read it and how to set it, and the values it takes where it is
// enumerated (nil for a number). Get, Set, OptionNames and OptionValues
// all read the one table, ruleOptions, so each option is named once.
type ruleOption struct {
	name   string
	values []string
	get    func(r *Rules) string
	// set reads the value, trimmed of spaces, into r; Set validates.
	set func(r *Rules, v string) error
}

// ruleOptions are the rule options in RULES.md's order.
var ruleOptions = []ruleOption{
	{name: "Variant", values: Variants,
		get: func(r *Rules) string { return r.Variant },
		set: func(r *Rules, v string) (err error) {
			// A preset sets every option, the board size included (RULES.md 4).
			*r, err = Preset(strings.ToLower(v))
			return err
		}},
	intOption("BoardSize", func(r *Rules) *int { return &r.BoardSize }),
	intOption("Directions", func(r *Rules) *int { return &r.Directions }),
	onOffOption("CentreSafe", func(r *Rules) *bool { return &r.CentreSafe }),
	onOffOption("LineCapture", func(r *Rules) *bool { return &r.LineCapture }),
	modeOption("Chain", "chain mode", chainNames, func(r *Rules) *ChainMode { return &r.Chain }),
	onOffOption("ChainMandatory", func(r *Rules) *bool { return &r.ChainMandatory }),
	modeOption("Blocked", "blocked mode", blockedNames, func(r *Rules) *BlockedMode { return &r.Blocked }),
	intOption("LoseAt", func(r *Rules) *int { return &r.LoseAt }),
	intOption("NoCaptureLimit", func(r *Rules) *int { return &r.NoCaptureLimit }),
	intOption("RepetitionDraw", func(r *Rules) *int { return &r.RepetitionDraw }),
	onOffOption("Ransom", func(r *Rules) *bool { return &r.Ransom }),
	intOption("RansomRefusals", func(r *Rules) *int { return &r.RansomRefusals }),
	intOption("RansomDeadline", func(r *Rules) *int { return &r.RansomDeadline }),
	{name: "MovementStarter", values: []string{"white", "black"},
		get: func(r *Rules) string { return r.MovementStarter.String() },
		set: func(r *Rules, v string) error {
			switch strings.ToLower(v) {
			case "white", "w":
				r.MovementStarter = White
			case "black", "b":
				r.MovementStarter = Black
			default:
				return fmt.Errorf("MovementStarter: %q is not a side (want white or black)", v)
			}
			return nil
		}},
}

// intOption is the option name held in the whole number field gives.
func intOption(name string, field func(r *Rules) *int) ruleOption {
	return ruleOption{name: name,
		get: func(r *Rules) string { return strconv.Itoa(*field(r)) },
		set: func(r *Rules, v string) (err error) {
			*field(r), err = parseInt(name, v)
			return err
		}}
}

// modeOption is the option name held in the mode field gives, whose
// values, a kind of mode, are names by index.
func modeOption[M ChainMode | BlockedMode](name, kind string, names []string, field func(r *Rules) *M) ruleOption {
	return ruleOption{name: name, values: names,
		get: func(r *Rules) string { return names[*field(r)] },
		set: func(r *Rules, v string) error {
			i := slices.Index(names, strings.ToLower(v))
			if i < 0 {
				return fmt.Errorf("%s: %q is not a %s (want %s)", name, v, kind, strings.Join(names, ", "))
			}
			*field(r) = M(i)
			return nil
		}}
}

// onOffOption is the option name held in the flag field gives.
func onOffOption(name string, field func(r *Rules) *bool) ruleOption {
	return ruleOption{name: name, values: []string{"on", "off"},
		get: func(r *Rules) string {
			if *field(r) {
				return "on"
			}
			return "off"
		},
		set: func(r *Rules, v string) (err error) {
			*field(r), err = parseBool(name, strings.ToLower(v))
			return err
		}}
}

// OptionNames lists the rule options in RULES.md's order.
var OptionNames = func() []string {
	names := make([]string, len(ruleOptions))
	for i, o := range ruleOptions {
		names[i] = o.name
	}
	return names
}()

// ruleOptionNamed is the option of that name, matched case-insensitively.
func ruleOptionNamed(name string) (ruleOption, bool) {
	for _, o := range ruleOptions {
		if strings.EqualFold(o.name, name) {
			return o, true
		}
	}
	return ruleOption{}, false
}

// CanonicalOption returns the option's name as RULES.md spells it, matching
// case-insensitively; ok is false for a name that is no rule option.
func CanonicalOption(name string) (string, bool) {
	o, ok := ruleOptionNamed(name)
	return o.name, ok
}

// Set changes one option by name, as RULES.md section 4 spells it (any
// case). Setting Variant loads the whole preset, BoardSize 5 included;
// any other option changes only itself. The
// result is validated; on any error r is left as it was.
func (r *Rules) Set(name, value string) error {
	o, ok := ruleOptionNamed(name)
	if !ok {
		return fmt.Errorf("unknown rule option %q (options: %s)", name, strings.Join(OptionNames, ", "))
	}
	next := *r
	if err := o.set(&next, strings.TrimSpace(value)); err != nil {
		return err
	}
	if err := next.Validate(); err != nil {
		return err
	}
	*r = next
	return nil
}

// Get returns an option's value as text, in the form Set reads.
func (r *Rules) Get(name string) (string, error) {
	o, ok := ruleOptionNamed(name)
	if !ok {
		return "", fmt.Errorf("unknown rule option %q", name)
	}
	return o.get(r), nil
}

// String lists every option as name=value, in RULES.md's order.
func (r Rules) String() string {
	parts := make([]string, 0, len(ruleOptions))
	for _, o := range ruleOptions {
		parts = append(parts, o.name+"="+o.get(&r))
	}
	return strings.Join(parts, " ")
}

// OptionValues lists the values an enumerated option takes, for help
// texts and protocol option lines; nil for numeric options and for a
// name that is no option as RULES.md spells it.
func OptionValues(name string) []string {
	for _, o := range ruleOptions {
		if o.name == name {
			return slices.Clone(o.values)
		}
	}
	return nil
}

// ParseOptions applies "Name=value" assignments in order, for command
// lines and test tables.
func (r *Rules) ParseOptions(assignments []string) error {
	for _, a := range assignments {
		name, value, ok := strings.Cut(a, "=")
		if !ok {
			return fmt.Errorf("rule option %q: want Name=value", a)
		}
		if err := r.Set(name, value); err != nil {
			return err
		}
	}
	return nil
}

func parseInt(option, v string) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("%s: %q is not a whole number", option, v)
	}
	return n, nil
}

func parseBool(option, v string) (bool, error) {
	switch v {
	case "on", "true", "1", "yes":
		return true, nil
	case "off", "false", "0", "no":
		return false, nil
	}
	return false, fmt.Errorf("%s: %q is not on or off", option, v)
}
