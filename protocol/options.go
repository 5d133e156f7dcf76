package protocol

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"seega/board"
)

// engineOptions are the options that belong to the engine, not the rules.
type engineOptions struct {
	hashMB   int
	threads  int
	multiPV  int
	overhead time.Duration
	gran     board.Granularity
	searcher int // index into Config.Searchers
	contempt int // cp; see Config.Contempt
	ownBook  bool
}

// Defaults of the engine options. Move Overhead covers pipe and process
// latency between the GUI's clock and ours.
const (
	defaultHashMB   = 16
	defaultOverhead = 30 * time.Millisecond
)

func defaultEngineOptions() engineOptions {
	return engineOptions{hashMB: defaultHashMB, threads: 1, multiPV: 1, overhead: defaultOverhead}
}

// option is one line of the ugi reply and what setoption does with it.
// Values are read and shown through get and set, so that the option list
// and setoption cannot disagree.
type option struct {
	name     string
	typ      string // spin, combo or check
	min, max int    // spin bounds
	vars     []string
	get      func(s *Session) string
	set      func(s *Session, v string) error
}

// ruleSpins bounds the numeric rule options for the option lines. The
// board package's validation stays the judge: LoseAt's real bound, for
// one, depends on the board size.
func ruleSpins() map[string][2]int {
	return map[string][2]int{
		"LoseAt":         {0, (board.MaxSquares-1)/2 - 1},
		"NoCaptureLimit": {0, 10000},
		"RepetitionDraw": {0, 100},
		"RansomRefusals": {0, 255},
		"RansomDeadline": {0, 10000},
	}
}

// options lists every option in the order the ugi reply shows them: the
// engine options, then the rule options of RULES.md 4, with UCI_Variant as
// a second name of Variant.
func (s *Session) options() []option {
	names := make([]string, len(s.cfg.Searchers))
	for i, sr := range s.cfg.Searchers {
		names[i] = sr.Name
	}
	opts := []option{
		{name: "Hash", typ: "spin", min: 1, max: 16384,
			get: func(s *Session) string { return strconv.Itoa(s.opts.hashMB) },
			set: (*Session).setHash},
		{name: "Threads", typ: "spin", min: 1, max: 256,
			get: func(s *Session) string { return strconv.Itoa(s.opts.threads) },
			set: (*Session).setThreads},
		{name: "MultiPV", typ: "spin", min: 1, max: 256,
			get: func(s *Session) string { return strconv.Itoa(s.opts.multiPV) },
			set: func(s *Session, v string) error {
				n, err := spin(v, 1, 256)
				if err == nil {
					s.opts.multiPV = n
				}
				return err
			}},
		{name: "Move Overhead", typ: "spin", min: 0, max: 5000,
			get: func(s *Session) string { return strconv.Itoa(int(s.opts.overhead / time.Millisecond)) },
			set: func(s *Session, v string) error {
				n, err := spin(v, 0, 5000)
				if err == nil {
					s.opts.overhead = time.Duration(n) * time.Millisecond
				}
				return err
			}},
		{name: "MoveGranularity", typ: "combo", vars: []string{"turn", "action"},
			get: func(s *Session) string {
				if s.opts.gran == board.PerAction {
					return "action"
				}
				return "turn"
			},
			set: func(s *Session, v string) error {
				switch strings.ToLower(v) {
				case "turn":
					s.opts.gran = board.PerTurn
				case "action":
					s.opts.gran = board.PerAction
				default:
					return fmt.Errorf("%s is not turn or action", quote(v))
				}
				return nil
			}},
		{name: "Search", typ: "combo", vars: names,
			get: func(s *Session) string {
				if len(s.cfg.Searchers) == 0 {
					return ""
				}
				return s.cfg.Searchers[s.opts.searcher].Name
			},
			set: func(s *Session, v string) error {
				for i, n := range names {
					if strings.EqualFold(n, v) {
						s.stopSearch()
						s.opts.searcher = i
						return nil
					}
				}
				return fmt.Errorf("%s is not a searcher (want %s)", quote(v), strings.Join(names, ", "))
			}},
	}
	opts = append(opts, levelOptionList()...)
	if m := s.cfg.Contempt.Max; m > 0 {
		opts = append(opts, option{name: "Contempt", typ: "spin", min: -m, max: m,
			get: func(s *Session) string { return strconv.Itoa(s.opts.contempt) },
			set: func(s *Session, v string) error {
				n, err := spin(v, -m, m)
				if err == nil {
					s.stopSearch()
					s.opts.contempt = n
				}
				return err
			}})
	}
	if s.cfg.OwnBook {
		opts = append(opts, option{name: "OwnBook", typ: "check",
			get: func(s *Session) string { return strconv.FormatBool(s.opts.ownBook) },
			set: func(s *Session, v string) error {
				switch strings.ToLower(v) {
				case "true", "on":
					s.opts.ownBook = true
				case "false", "off":
					s.opts.ownBook = false
				default:
					return fmt.Errorf("%s is not true or false", quote(v))
				}
				return nil
			}})
	}
	if s.cfg.OpenTablebase != nil {
		opts = append(opts, option{name: "TablebasePath", typ: "string",
			get: func(s *Session) string {
				if s.tbPath == "" {
					return "<empty>"
				}
				return s.tbPath
			},
			set: (*Session).setTablebasePath})
	}
	if s.cfg.Evaluation != nil {
		opts = append(opts, evalFileOption())
	}
	spins := ruleSpins()
	for _, name := range board.OptionNames {
		o := ruleOption(name, spins)
		opts = append(opts, o)
		if name == "Variant" {
			alias := o
			alias.name = "UCI_Variant"
			opts = append(opts, alias)
		}
	}
	return opts
}

// ruleOption makes the option line for one rule option of RULES.md 4.
func ruleOption(name string, spins map[string][2]int) option {
	o := option{name: name,
		get: func(s *Session) string {
			v, _ := s.rules.Get(name)
			return v
		},
		set: func(s *Session, v string) error { return s.setRule(name, v) },
	}
	vals := board.OptionValues(name)
	switch {
	case len(vals) == 2 && vals[0] == "on":
		o.typ = "check"
		o.get = func(s *Session) string {
			v, _ := s.rules.Get(name)
			return strconv.FormatBool(v == "on")
		}
	case vals != nil:
		o.typ, o.vars = "combo", vals
	case name == "BoardSize":
		o.typ, o.vars = "combo", []string{"5", "7", "9"}
	case name == "Directions":
		o.typ, o.vars = "combo", []string{"4", "8"}
	default:
		b := spins[name]
		o.typ, o.min, o.max = "spin", b[0], b[1]
	}
	return o
}

// line is the option's line in the ugi reply; the default shown is the
// current value, which after start-up is the engine's default.
func (o option) line(s *Session) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "option name %s type %s default %s", o.name, o.typ, o.get(s))
	switch o.typ {
	case "spin":
		fmt.Fprintf(&sb, " min %d max %d", o.min, o.max)
	case "combo":
		for _, v := range o.vars {
			sb.WriteString(" var " + v)
		}
	}
	return sb.String()
}

func (s *Session) cmdUGI(args []string, _ time.Time) error { return s.hello("ugi", args) }
func (s *Session) cmdUCI(args []string, _ time.Time) error { return s.hello("uci", args) }

// hello answers ugi or uci: identity, options, then ugiok or uciok in the
// spelling asked.
func (s *Session) hello(word string, args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("takes no arguments, got %s", quote(strings.Join(args, " ")))
	}
	s.out.line("id name " + s.cfg.Name)
	s.out.line("id author " + s.cfg.Author)
	for _, o := range s.options() {
		s.out.line(o.line(s))
	}
	s.out.line(word + "ok")
	return nil
}

// cmdSetOption reads `setoption name <N> value <V>`. The name may have
// spaces (Move Overhead) and is matched without regard to case, as UCI
// asks; so is the value of a combo.
func (s *Session) cmdSetOption(args []string, _ time.Time) error {
	if len(args) == 0 || !strings.EqualFold(args[0], "name") {
		return fmt.Errorf("want setoption name <name> value <value>")
	}
	var nameParts, valueParts []string
	inValue := false
	for _, a := range args[1:] {
		switch {
		case !inValue && strings.EqualFold(a, "value"):
			inValue = true
		case inValue:
			valueParts = append(valueParts, a)
		default:
			nameParts = append(nameParts, a)
		}
	}
	name := strings.Join(nameParts, " ")
	if name == "" {
		return fmt.Errorf("no option name given")
	}
	for _, o := range s.options() {
		if !strings.EqualFold(o.name, name) {
			continue
		}
		if !inValue || len(valueParts) == 0 {
			return fmt.Errorf("option %s needs a value", o.name)
		}
		if err := o.set(s, strings.Join(valueParts, " ")); err != nil {
			return fmt.Errorf("option %s: %v", o.name, err)
		}
		return nil
	}
	return fmt.Errorf("no option named %s", quote(name))
}

// spin reads a whole number in [min, max].
func spin(v string, min, max int) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("%s is not a whole number", quote(v))
	}
	if n < min || n > max {
		return 0, fmt.Errorf("%d is out of range (%d to %d)", n, min, max)
	}
	return n, nil
}

func (s *Session) setHash(v string) error {
	n, err := spin(v, 1, 16384)
	if err != nil {
		return err
	}
	s.stopSearch()
	s.opts.hashMB = n
	return nil
}

func (s *Session) setThreads(v string) error {
	n, err := spin(v, 1, 256)
	if err != nil {
		return err
	}
	s.stopSearch()
	s.opts.threads = n
	return nil
}

// setRule changes one rule option and starts a new game at the start
// position of the new rules: a position of the old rules may mean nothing
// under the new ones (another board size, stones in hand on a board that
// has none). A bad value changes nothing.
func (s *Session) setRule(name, v string) error {
	next := s.rules
	// Set reads UCI's true and false for on and off as well.
	if err := next.Set(name, v); err != nil {
		return err
	}
	g, err := board.NewGame(next)
	if err != nil {
		return err
	}
	s.stopSearch()
	s.rules, s.game = next, g
	return nil
}
