package board

import (
	"fmt"
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

// OptionNames lists the rule options in RULES.md's order.
var OptionNames = []string{
	"Variant", "BoardSize", "Directions", "CentreSafe", "LineCapture", "Chain",
	"ChainMandatory", "Blocked", "LoseAt", "NoCaptureLimit", "RepetitionDraw",
	"Ransom", "RansomRefusals", "RansomDeadline", "MovementStarter",
}

// CanonicalOption returns the option's name as RULES.md spells it, matching
// case-insensitively; ok is false for a name that is no rule option.
func CanonicalOption(name string) (string, bool) {
	for _, o := range OptionNames {
		if strings.EqualFold(o, name) {
			return o, true
		}
	}
	return "", false
}

// Set changes one option by name, as RULES.md section 4 spells it (any
// case). Setting Variant loads the whole preset, BoardSize 5 included;
// any other option changes only itself. The
// result is validated; on any error r is left as it was.
func (r *Rules) Set(name, value string) error {
	canon, ok := CanonicalOption(name)
	if !ok {
		return fmt.Errorf("unknown rule option %q (options: %s)", name, strings.Join(OptionNames, ", "))
	}
	next := *r
	v := strings.TrimSpace(value)
	lv := strings.ToLower(v)
	var err error
	switch canon {
	case "Variant":
		// A preset sets every option, the board size included (RULES.md 4).
		next, err = Preset(lv)
	case "BoardSize":
		next.BoardSize, err = parseInt(canon, v)
	case "Directions":
		next.Directions, err = parseInt(canon, v)
	case "CentreSafe":
		next.CentreSafe, err = parseBool(canon, lv)
	case "LineCapture":
		next.LineCapture, err = parseBool(canon, lv)
	case "ChainMandatory":
		next.ChainMandatory, err = parseBool(canon, lv)
	case "Ransom":
		next.Ransom, err = parseBool(canon, lv)
	case "Chain":
		i := indexOf(chainNames, lv)
		if i < 0 {
			err = fmt.Errorf("Chain: %q is not a chain mode (want %s)", v, strings.Join(chainNames, ", "))
		}
		next.Chain = ChainMode(i)
	case "Blocked":
		i := indexOf(blockedNames, lv)
		if i < 0 {
			err = fmt.Errorf("Blocked: %q is not a blocked mode (want %s)", v, strings.Join(blockedNames, ", "))
		}
		next.Blocked = BlockedMode(i)
	case "LoseAt":
		next.LoseAt, err = parseInt(canon, v)
	case "NoCaptureLimit":
		next.NoCaptureLimit, err = parseInt(canon, v)
	case "RepetitionDraw":
		next.RepetitionDraw, err = parseInt(canon, v)
	case "RansomRefusals":
		next.RansomRefusals, err = parseInt(canon, v)
	case "RansomDeadline":
		next.RansomDeadline, err = parseInt(canon, v)
	case "MovementStarter":
		switch lv {
		case "white", "w":
			next.MovementStarter = White
		case "black", "b":
			next.MovementStarter = Black
		default:
			err = fmt.Errorf("MovementStarter: %q is not a side (want white or black)", v)
		}
	}
	if err != nil {
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
	canon, ok := CanonicalOption(name)
	if !ok {
		return "", fmt.Errorf("unknown rule option %q", name)
	}
	onOff := func(b bool) string {
		if b {
			return "on"
		}
		return "off"
	}
	switch canon {
	case "Variant":
		return r.Variant, nil
	case "BoardSize":
		return strconv.Itoa(r.BoardSize), nil
	case "Directions":
		return strconv.Itoa(r.Directions), nil
	case "CentreSafe":
		return onOff(r.CentreSafe), nil
	case "LineCapture":
		return onOff(r.LineCapture), nil
	case "Chain":
		return r.Chain.String(), nil
	case "ChainMandatory":
		return onOff(r.ChainMandatory), nil
	case "Blocked":
		return r.Blocked.String(), nil
	case "LoseAt":
		return strconv.Itoa(r.LoseAt), nil
	case "NoCaptureLimit":
		return strconv.Itoa(r.NoCaptureLimit), nil
	case "RepetitionDraw":
		return strconv.Itoa(r.RepetitionDraw), nil
	case "Ransom":
		return onOff(r.Ransom), nil
	case "RansomRefusals":
		return strconv.Itoa(r.RansomRefusals), nil
	case "RansomDeadline":
		return strconv.Itoa(r.RansomDeadline), nil
	default: // MovementStarter
		return r.MovementStarter.String(), nil
	}
}

// String lists every option as name=value, in RULES.md's order.
func (r Rules) String() string {
	parts := make([]string, 0, len(OptionNames))
	for _, o := range OptionNames {
		v, _ := r.Get(o)
		parts = append(parts, o+"="+v)
	}
	return strings.Join(parts, " ")
}

// OptionValues lists the values an enumerated option takes, for help
// texts and protocol option lines; nil for numeric options.
func OptionValues(name string) []string {
	switch name {
	case "Variant":
		return Variants
	case "Chain":
		return chainNames
	case "Blocked":
		return blockedNames
	case "MovementStarter":
		return []string{"white", "black"}
	case "CentreSafe", "LineCapture", "ChainMandatory", "Ransom":
		return []string{"on", "off"}
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

func indexOf(list []string, v string) int {
	for i, s := range list {
		if s == v {
			return i
		}
	}
	return -1
}
