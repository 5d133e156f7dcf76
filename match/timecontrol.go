package match

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// TimeControl is how much time a turn may take. It has three parts, any
// of which may be combined except MoveTime with Clock:
//
//   - MoveTime: the engine is told `go movetime MS` and must answer in
//     about that time (the runner allows Config.Margin on top);
//   - Clock and Inc: each side has a clock of Clock that gains Inc after
//     each of its turns, sent as p1time/p2time/p1inc/p2inc; a side whose
//     clock runs out (beyond Margin) loses;
//   - TurnLimit: the [AR] rule that a turn over this long loses, whatever
//     the clock says. The runner enforces it exactly, with no margin.
//     Alone, it is sent as `go movetime` less a safety margin (a tenth of
//     the limit, at most a second: 60 s → movetime 59000), as PROTOCOL.md
//     says.
//   - Nodes: the engine is told `go nodes N` and no time: a search of a
//     node budget gives the same strength however loaded the machine is,
//     so matches that compare evaluations or searches at equal nodes can
//     run beside other work. It excludes MoveTime and Clock; without a
//     TurnLimit a turn may take NodesSafetyLimit.
type TimeControl struct {
	MoveTime  time.Duration
	Clock     time.Duration
	Inc       time.Duration
	TurnLimit time.Duration
	Nodes     uint64
}

// NodesSafetyLimit is how long a turn of a nodes= time control may take
// without a turn= limit before the engine loses on time: long enough for
// any budget to finish on a loaded machine, short enough to catch an
// engine that ignores the budget.
const NodesSafetyLimit = 60 * time.Second

// ParseTimeControl reads a --tc value: comma-separated parts
// `movetime=MS`, `clock=MS+INC` (or `clock=MS`) and `turn=DURATION`
// (`turn=60s`; a bare number is seconds).
func ParseTimeControl(spec string) (TimeControl, error) {
	var tc TimeControl
	seen := map[string]bool{}
	for _, part := range strings.Split(spec, ",") {
		key, val, ok := strings.Cut(strings.TrimSpace(part), "=")
		key = strings.ToLower(strings.TrimSpace(key))
		val = strings.TrimSpace(val)
		if !ok || val == "" {
			return tc, fmt.Errorf("time control %q: want movetime=MS, clock=MS+INC or turn=60s", part)
		}
		if seen[key] {
			return tc, fmt.Errorf("time control: %s given twice", key)
		}
		seen[key] = true
		switch key {
		case "movetime":
			ms, err := positiveMS(val)
			if err != nil {
				return tc, fmt.Errorf("time control movetime=%s: %v", val, err)
			}
			tc.MoveTime = ms
		case "clock":
			base, inc, hasInc := strings.Cut(val, "+")
			ms, err := positiveMS(base)
			if err != nil {
				return tc, fmt.Errorf("time control clock=%s: base: %v", val, err)
			}
			tc.Clock = ms
			if hasInc {
				n, err := strconv.ParseInt(strings.TrimSpace(inc), 10, 64)
				if err != nil || n < 0 {
					return tc, fmt.Errorf("time control clock=%s: increment %q is not a number of milliseconds ≥ 0", val, inc)
				}
				tc.Inc = time.Duration(n) * time.Millisecond
			}
		case "nodes":
			n, err := strconv.ParseUint(val, 10, 64)
			if err != nil || n == 0 {
				return tc, fmt.Errorf("time control nodes=%s: %q is not a positive number of nodes", val, val)
			}
			tc.Nodes = n
		case "turn":
			d, err := parseTurnLimit(val)
			if err != nil {
				return tc, fmt.Errorf("time control turn=%s: %v", val, err)
			}
			tc.TurnLimit = d
		default:
			return tc, fmt.Errorf("time control: unknown part %q: want movetime, clock, nodes or turn", key)
		}
	}
	if tc.MoveTime > 0 && tc.Clock > 0 {
		return tc, fmt.Errorf("time control %q: movetime and clock exclude each other", spec)
	}
	if tc.Nodes > 0 && (tc.MoveTime > 0 || tc.Clock > 0) {
		return tc, fmt.Errorf("time control %q: nodes excludes movetime and clock", spec)
	}
	return tc, nil
}

func positiveMS(s string) (time.Duration, error) {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%q is not a positive number of milliseconds", s)
	}
	return time.Duration(n) * time.Millisecond, nil
}

func parseTurnLimit(s string) (time.Duration, error) {
	if n, err := strconv.ParseFloat(s, 64); err == nil {
		if n <= 0 {
			return 0, fmt.Errorf("%q must be positive", s)
		}
		return time.Duration(n * float64(time.Second)), nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("%q is not a positive duration such as 60s", s)
	}
	return d, nil
}

// String writes the time control back in ParseTimeControl's form.
func (tc TimeControl) String() string {
	var parts []string
	if tc.MoveTime > 0 {
		parts = append(parts, fmt.Sprintf("movetime=%d", tc.MoveTime.Milliseconds()))
	}
	if tc.Clock > 0 {
		parts = append(parts, fmt.Sprintf("clock=%d+%d", tc.Clock.Milliseconds(), tc.Inc.Milliseconds()))
	}
	if tc.Nodes > 0 {
		parts = append(parts, fmt.Sprintf("nodes=%d", tc.Nodes))
	}
	if tc.TurnLimit > 0 {
		parts = append(parts, "turn="+tc.TurnLimit.String())
	}
	return strings.Join(parts, ",")
}

// parts names the parts a time control has, in String's order and read
// off it, so that two controls can be checked to be of one kind.
func (tc TimeControl) parts() string {
	p := strings.Split(tc.String(), ",")
	for i := range p {
		p[i], _, _ = strings.Cut(p[i], "=")
	}
	return strings.Join(p, ",")
}

// Validate reports a time control that gives no time at all.
func (tc TimeControl) Validate() error {
	if tc.MoveTime <= 0 && tc.Clock <= 0 && tc.TurnLimit <= 0 && tc.Nodes == 0 {
		return fmt.Errorf("time control: give movetime, clock, nodes or turn")
	}
	return nil
}

// turnMoveTime is the movetime sent when the per-turn limit is the only
// time control: the limit less a tenth of it, at most a second.
func (tc TimeControl) turnMoveTime() time.Duration {
	return tc.TurnLimit - min(tc.TurnLimit/10, time.Second)
}

// clocks is the time left on each side's clock, for Clock controls.
type clocks [2]time.Duration

// goCommand is the `go` line for a turn, in the engine's dialect. inc
// holds each side's increment (they differ only under time odds).
func (tc TimeControl) goCommand(left clocks, inc [2]time.Duration, uci bool) string {
	if tc.Clock > 0 {
		w, b := max(left[0], 0).Milliseconds(), max(left[1], 0).Milliseconds()
		wi, bi := inc[0].Milliseconds(), inc[1].Milliseconds()
		if uci {
			return fmt.Sprintf("go wtime %d btime %d winc %d binc %d", w, b, wi, bi)
		}
		return fmt.Sprintf("go p1time %d p2time %d p1inc %d p2inc %d", w, b, wi, bi)
	}
	if tc.MoveTime > 0 {
		return fmt.Sprintf("go movetime %d", tc.MoveTime.Milliseconds())
	}
	if tc.Nodes > 0 {
		return fmt.Sprintf("go nodes %d", tc.Nodes)
	}
	return fmt.Sprintf("go movetime %d", tc.turnMoveTime().Milliseconds())
}

// limit is how long the side to act may take for this turn before it
// loses, and the reason it would lose: the tightest of the parts that
// apply. margin is the runner's allowance for pipes and process
// scheduling; the [AR] per-turn limit gets none.
func (tc TimeControl) limit(left time.Duration, margin time.Duration) (time.Duration, string) {
	best, why := time.Duration(-1), ""
	consider := func(d time.Duration, reason string) {
		if best < 0 || d < best {
			best, why = d, reason
		}
	}
	if tc.MoveTime > 0 {
		consider(tc.MoveTime+margin, fmt.Sprintf("its movetime of %v (with %v margin)", tc.MoveTime, margin))
	}
	if tc.Clock > 0 {
		consider(max(left, 0)+margin, fmt.Sprintf("the %v left on its clock (with %v margin)", max(left, 0).Round(time.Millisecond), margin))
	}
	if tc.TurnLimit > 0 {
		consider(tc.TurnLimit, fmt.Sprintf("the %v per-turn limit [AR]", tc.TurnLimit))
	} else if tc.Nodes > 0 {
		consider(NodesSafetyLimit, fmt.Sprintf("the %v a turn of a nodes= time control may take", NodesSafetyLimit))
	}
	return best, why
}
