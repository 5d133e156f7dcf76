package tablebase

import (
	"fmt"
	"os"
	"path/filepath"

	"seega/board"
)

// Tables is a rule set's tables, read into memory: probing never touches
// the disk, so a probe inside a timed search costs a few index
// computations and nothing more. It is safe for concurrent use.
type Tables struct {
	lay *layout
	dir string
	// byCount[w][b] is the table of w White and b Black stones, or nil.
	byCount [][]*table
	stones  int // the most stones of any table read
	entries uint64
}

// Open reads every table of rules r that dir holds (in the directory
// DirName(r) inside it), checking each file's checksum. It fails if there
// is none, or if one is damaged.
func Open(dir string, r board.Rules) (*Tables, error) {
	lay, err := newLayout(r)
	if err != nil {
		return nil, err
	}
	sub := filepath.Join(dir, DirName(r))
	if _, err := os.Stat(sub); err != nil {
		return nil, fmt.Errorf("no tables for these rules: %s does not exist", sub)
	}
	t := &Tables{lay: lay, dir: sub}
	S := r.Stones()
	t.byCount = make([][]*table, S+1)
	for i := range t.byCount {
		t.byCount[i] = make([]*table, S+1)
	}
	files, err := os.ReadDir(sub)
	if err != nil {
		return nil, err
	}
	sym := newSymmetries(lay.n)
	for _, f := range files {
		var m Material
		if n, _ := fmt.Sscanf(f.Name(), "w%db%d.tbs", &m.White, &m.Black); n != 2 || FileName(m) != f.Name() {
			continue // not a table (a generator's temporary file, say)
		}
		if m.White < lay.minStones || m.Black < lay.minStones || m.White > S || m.Black > S {
			return nil, fmt.Errorf("%s: no such material under these rules", filepath.Join(sub, f.Name()))
		}
		tab, err := readTable(sub, lay, newClassIndex(sym, m))
		if err != nil {
			return nil, err
		}
		t.byCount[m.White][m.Black] = tab
		t.stones = max(t.stones, m.Total())
		t.entries += uint64(tab.entries())
	}
	if t.stones == 0 {
		return nil, fmt.Errorf("no tables for these rules in %s", sub)
	}
	return t, nil
}

// MaxStones is the most stones of any table read.
func (t *Tables) MaxStones() int { return t.stones }

// Entries is the number of values held in memory (one byte each, or two
// in a table with a result more than 126 turns away).
func (t *Tables) Entries() uint64 { return t.entries }

// Dir is the directory the tables were read from.
func (t *Tables) Dir() string { return t.dir }

// table is the table of g's current position, if it is covered, and the
// position as a turn start.
func (t *Tables) table(g *board.Game) (*table, board.TurnStart, bool) {
	p := g.Position()
	ts, ok := p.TurnStartOf()
	if !ok || (t.lay.rules.Ransom && !ts.Accepted) || ts.Quiet >= t.lay.quiet && t.lay.rules.NoCaptureLimit > 0 {
		return nil, ts, false
	}
	w, b := ts.White.Count(), ts.Black.Count()
	if w >= len(t.byCount) || b >= len(t.byCount) {
		return nil, ts, false
	}
	tab := t.byCount[w][b]
	return tab, ts, tab != nil
}

// Probe is the value of g's current position for the side to act, if the
// tables cover it: a movement turn start with a table for its stones, no
// quiet count at the limit, and under Ransom a ransom accepted. g must be
// played under the rules the tables were opened for. It allocates
// nothing.
func (t *Tables) Probe(g *board.Game) (Value, bool) {
	tab, ts, ok := t.table(g)
	if !ok {
		return Value{}, false
	}
	return tab.lookup(&ts).value(), true
}

// WhyNot says why the tables do not cover g's current position, or "" if
// they do.
func (t *Tables) WhyNot(g *board.Game) string {
	if _, _, ok := t.table(g); ok {
		return ""
	}
	p := g.Position()
	r := &t.lay.rules
	w, b := p.Stones(board.White).Count(), p.Stones(board.Black).Count()
	switch {
	case p.Placement():
		return "the placement phase is on; the tables hold movement positions"
	case p.MidTurn():
		return "a chain is under way; the tables hold positions at the start of a turn"
	case p.PendingRansom() != board.NoSquare:
		return "a ransom request awaits White's answer; the tables hold positions at the start of a turn"
	case p.TurnRefused():
		return "Black's request was refused this turn; the tables hold positions at the start of a turn"
	case r.Ransom && !p.RansomAccepted():
		return "no ransom has been accepted, so Black may still request one; the tables hold positions where a ransom was accepted"
	case w <= r.LoseAt || b <= r.LoseAt:
		return "the game is over: " + g.Result().String()
	case r.NoCaptureLimit > 0 && p.QuietTurns() >= r.NoCaptureLimit:
		return "the game is over: " + g.Result().String()
	}
	return fmt.Sprintf("no table for %d White and %d Black stones in %s (the tables hold up to %d stones)",
		w, b, t.dir, t.stones)
}

// BestTurn is the best legal turn from g's current position by the
// tables: the quickest win, else a draw, else the longest loss, with its
// value for the side to act. ok is false when the position is not covered
// or some turn leads to a position the tables do not cover.
//
// The tables know nothing of the game's history, and the repetition rule
// does: a side winning by waiting for the quiet-turn limit, say, may be
// led round a cycle until its opponent repeats a position for the last
// time. So BestTurn looks two turns ahead on g itself, history included:
// each turn is worth the worst that the opponent's answers leave, each
// answer's end judged by g's own rules first (a repetition is the draw it
// is) and by the tables after. On a position with no history behind it
// this is the tables' own value (their entries are consistent turn by
// turn); in a game it steers round the repetitions that a turn-by-turn
// reading of the tables would walk into.
func (t *Tables) BestTurn(g *board.Game) (best []board.Action, v Value, ok bool) {
	us := g.Position().SideToAct()
	ok = true
	found := false
	g.ForEachTurn(func(turn []board.Action) bool {
		var mine Value
		var covered bool
		// us to act again never happens in movement; be exact anyway.
		if g.Result().Over() || g.Position().SideToAct() == us {
			mine, covered = t.valueFor(g, us, 1)
		} else {
			mine, covered = t.worstAnswer(g, us)
		}
		if !covered {
			ok = false
			return false
		}
		if !found || better(mine, v) {
			found, v = true, mine
			best = append(best[:0], turn...)
		}
		return true
	})
	return best, v, ok && found
}

// worstAnswer is the value for us of the position g stands on, the
// opponent to act, as the worst of its answers leaves it, counted from the
// turn before (so two turns more than the answers' ends); ok is false if
// an answer leads to a position the tables do not cover.
func (t *Tables) worstAnswer(g *board.Game, us board.Color) (worst Value, ok bool) {
	ok = true
	found := false
	g.ForEachTurn(func([]board.Action) bool {
		v, covered := t.valueFor(g, us, 2)
		if !covered {
			ok = false
			return false
		}
		if !found || better(worst, v) {
			found, worst = true, v
		}
		return true
	})
	return worst, ok && found
}

// valueFor is the value for us of the position g stands on, counted
// turns turns on: the end of the game by g's own rules, else the tables'
// value (covered is false where they have none). A draw counts no turns.
func (t *Tables) valueFor(g *board.Game, us board.Color, turns int) (v Value, covered bool) {
	if res := g.Result(); res.Over() {
		v = outcomeFor(res, us, turns)
	} else {
		c, ok := t.Probe(g)
		if !ok {
			return Value{}, false
		}
		if g.Position().SideToAct() != us {
			c.WDL = -c.WDL
		}
		v = Value{c.WDL, c.Turns + turns}
	}
	if v.WDL == Draw {
		v.Turns = 0
	}
	return v, true
}

// outcomeFor is a finished game's value for side c, turns turns on.
func outcomeFor(res board.Result, c board.Color, turns int) Value {
	w, decided := res.Winner()
	switch {
	case !decided:
		return Value{}
	case w == c:
		return Value{Win, turns}
	}
	return Value{Loss, turns}
}

// better reports whether a is a better value than b for the side to act:
// a win beats a draw beats a loss, a quicker win beats a slower one, and a
// slower loss a quicker one.
func better(a, b Value) bool {
	if a.WDL != b.WDL {
		return a.WDL > b.WDL
	}
	switch a.WDL {
	case Win:
		return a.Turns < b.Turns
	case Loss:
		return a.Turns > b.Turns
	}
	return false
}
