package eval

import (
	"strings"
	"testing"

	"seega/board"
)

// pos is a position under a preset with some options changed.
type pos struct {
	variant string
	opts    string // space-separated Name=value options
	fen     string
}

func (p pos) String() string {
	s := p.variant
	if p.opts != "" {
		s += " [" + p.opts + "]"
	}
	return s + " " + p.fen
}

// score evaluates p from the side to act, with p's own evaluator.
func (p pos) score(t *testing.T) (int, *board.Game) {
	t.Helper()
	r := rulesFor(t, p.variant, strings.Fields(p.opts)...)
	g := gameAt(t, r, p.fen)
	return NewWithWeights(r, HandWeights()).Evaluate(g), g
}

// noLimit7 is the rules of the no-limit conversion suites on 7×7: no
// quiet-turn limit, no repetition rule, a side loses only with no stone.
const noLimit7 = "BoardSize=7 Directions=4 CentreSafe=off Chain=none Blocked=pass LoseAt=0 NoCaptureLimit=0 RepetitionDraw=0"

// TestOrdering checks that the evaluation's terms prefer, for the side to
// act, the better of two positions that differ in one respect. It scores
// with the hand weights, which say what each term means: a fitted preset
// may weigh a term against its intent where the games said so (egyptian's
// fit, for one, counts a stone on a corner no safer than on an edge).
func TestOrdering(t *testing.T) {
	tests := []struct {
		name          string
		better, worse pos
	}{
		{
			name:   "a stone more is better",
			better: pos{"egyptian", "", "w3b/5/1w1b1/5/4w w 0/0 - 3 40"},
			worse:  pos{"egyptian", "", "w3b/5/1w1b1/5/b3w w 0/0 - 3 40"},
		},
		{
			name:   "two stones more is better than one",
			better: pos{"egyptian", "", "w3b/5/1w1b1/5/3ww w 0/0 - 3 40"},
			worse:  pos{"egyptian", "", "w3b/5/1w1b1/5/4w w 0/0 - 3 40"},
		},
		{
			name:   "a lead of one counts for more next to LoseAt",
			better: pos{"egyptian", "LoseAt=2", "w3b/5/1w1b1/5/b2ww w 0/0 - 3 40"},
			worse:  pos{"egyptian", "", "w3b/5/1w1b1/5/b2ww w 0/0 - 3 40"},
		},
		{
			name:   "a stone on a corner is safer than on an edge",
			better: pos{"egyptian", "", "5/1b3/5/3b1/w4 w 0/0 - 0 40"},
			worse:  pos{"egyptian", "", "5/1b3/5/3b1/2w2 w 0/0 - 0 40"},
		},
		{
			name:   "a stone on a corner is safer than inside",
			better: pos{"egyptian", "", "5/1b3/5/3b1/w4 w 0/0 - 0 40"},
			worse:  pos{"egyptian", "", "5/1b3/5/1w1b1/5 w 0/0 - 0 40"},
		},
		{
			name:   "a shielded pair is safer than two loose stones",
			better: pos{"pro", "", "5/1b3/5/5/1ww1b w 0/0 - 0 40"},
			worse:  pos{"pro", "", "5/1b3/w4/5/2w1b w 0/0 - 0 40"},
		},
		{
			name:   "the safe centre is worth holding under CentreSafe",
			better: pos{"egyptian", "", "5/1b3/2w2/5/w3b w 0/0 - 0 40"},
			worse:  pos{"egyptian", "CentreSafe=off", "5/1b3/2w2/5/w3b w 0/0 - 0 40"},
		},
		{
			name:   "a capture for the side to act is good",
			better: pos{"pro", "", "4w/5/5/2w2/wb2b w 0/0 - 0 40"},
			worse:  pos{"pro", "", "4w/5/5/3w1/wb2b w 0/0 - 0 40"},
		},
		{
			name:   "a stone of the side to act hanging is bad",
			better: pos{"pro", "", "4w/5/5/3w1/wb2b b 0/0 - 0 40"},
			worse:  pos{"pro", "", "4w/5/5/2w2/wb2b b 0/0 - 0 40"},
		},
		{
			name:   "a lead matters more as the quiet counter nears the limit",
			better: pos{"egyptian", "", "w3b/5/1w1b1/5/4w w 0/0 - 18 40"},
			worse:  pos{"egyptian", "", "w3b/5/1w1b1/5/4w w 0/0 - 3 40"},
		},
		{
			name:   "trailing hurts more as the quiet counter nears the limit",
			better: pos{"egyptian", "", "w3b/5/1w1b1/5/4w b 0/0 - 3 40"},
			worse:  pos{"egyptian", "", "w3b/5/1w1b1/5/4w b 0/0 - 18 40"},
		},
		{
			name:   "an opponent blocked while waiting is worth more under lose than pass",
			better: pos{"pro", "", "wbwbw/bwbwb/wb1bw/bwbwb/wbwbw b 0/0 - 0 25"},
			worse:  pos{"pro", "Blocked=pass", "wbwbw/bwbwb/wb1bw/bwbwb/wbwbw b 0/0 - 0 25"},
		},
		{
			name:   "a blocked Black is worse off under whiteopens than under pass",
			better: pos{"pro", "Blocked=pass", "bwbwb/wbwbw/bw1wb/wbwbw/bwbwb b 0/0 - 0 25"},
			worse:  pos{"pro", "Blocked=whiteopens", "bwbwb/wbwbw/bw1wb/wbwbw/bwbwb b 0/0 - 0 25"},
		},
		{
			name:   "near the deadline Black is better for having asked",
			better: pos{"classic", "", "wb1bw/bw1wb/2b2/bw1wb/wb1bw b 0/0 - 0 70 asked=1 refusals=1 bturns=30"},
			worse:  pos{"classic", "", "wb1bw/bw1wb/2b2/bw1wb/wb1bw b 0/0 - 0 70 bturns=30"},
		},
		{
			name:   "the deadline weighs more the nearer it is",
			better: pos{"classic", "", "wb1bw/bw1wb/2b2/bw1wb/wb1bw b 0/0 - 0 70 bturns=20"},
			worse:  pos{"classic", "", "wb1bw/bw1wb/2b2/bw1wb/wb1bw b 0/0 - 0 70 bturns=30"},
		},
		{
			name:   "the ransom option grows as White's refusals run out",
			better: pos{"classic", "", "wb1bw/bw1wb/2b2/bw1wb/wb1bw b 0/0 - 0 70 asked=1 refusals=8 bturns=30"},
			worse:  pos{"classic", "", "wb1bw/bw1wb/2b2/bw1wb/wb1bw b 0/0 - 0 70 asked=1 refusals=1 bturns=30"},
		},
		{
			name:   "the ransom option is worth something while not accepted",
			better: pos{"classic", "", "wb1bw/bw1wb/2b2/bw1wb/wb1bw b 0/0 - 0 70 asked=1 refusals=1 bturns=30"},
			worse:  pos{"classic", "", "wb1bw/bw1wb/2b2/bw1wb/wb1bw b 0/0 - 0 70 asked=1 accepted=1 bturns=30"},
		},
		{
			name:   "White answering a request is better off with a refusal left",
			better: pos{"classic", "", "wb1bw/bw1wb/2b2/bw1wb/wb1bw w 0/0 - 0 70 asked=1 refusals=7 pending=c3 bturns=30"},
			worse:  pos{"classic", "", "wb1bw/bw1wb/2b2/bw1wb/wb1bw w 0/0 - 0 70 asked=1 refusals=8 pending=c3 bturns=30"},
		},
		{
			// White, 15 stones up, takes the lone Black stone on d7. The
			// progress terms, capped at a lead of LeadCap, rewarded that
			// isolated stone and the White stones engaged around it more
			// than taking it was worth: 32 cp against the capture before
			// LeadPastCap.
			name:   "far ahead, a capture still pays",
			better: pos{"egyptian", noLimit7, "w1w2ww/ww1wwww/1w3ww/4w2/w1w2bb/b3b2/b1bbbbb w 0/0 - 11 75"},
			worse:  pos{"egyptian", noLimit7, "w1wb1ww/ww1wwww/1w3ww/4w2/w1w2bb/b3b2/b1bbbbb w 0/0 - 11 75"},
		},
		{
			name:   "placement: a gate for the starter beats none",
			better: pos{"pro", "", "5/5/1w3/5/w2bb w 10/10 - 0 3"},
			worse:  pos{"pro", "", "5/5/5/5/w1wbb w 10/10 - 0 3"},
		},
		{
			name:   "placement: an enemy gate stone with a starter stone behind it",
			better: pos{"pro", "", "2w2/2b2/1w3/5/4b w 10/10 - 0 3"},
			worse:  pos{"pro", "", "w4/2b2/1w3/5/4b w 10/10 - 0 3"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, gb := tc.better.score(t)
			w, gw := tc.worse.score(t)
			if gb.Position().SideToAct() != gw.Position().SideToAct() {
				t.Fatal("the two positions must have the same side to act")
			}
			if b <= w {
				t.Errorf("better %d <= worse %d\nbetter: %v\n%s\nworse: %v\n%s",
					b, w, tc.better, gb.Position().Draw(), tc.worse, gw.Position().Draw())
			}
		})
	}
}

// verdict is what a score says about a position.
type verdict int

const (
	lost   verdict = iota // <= -Win: the evaluation sees the side to act lose
	won                   // >= Win
	open                  // strictly between -Win and Win
	ahead                 // open and > 0
	behind                // open and < 0
)

func (v verdict) String() string {
	return [...]string{"lost", "won", "open", "ahead", "behind"}[v]
}

func (v verdict) holds(s int) bool {
	switch v {
	case lost:
		return s <= -Win
	case won:
		return s >= Win
	case open:
		return s > -Win && s < Win
	case ahead:
		return s > 0 && s < Win
	}
	return s < 0 && s > -Win
}

// TestVerdicts checks the sign of the evaluation, and that it sees the
// ends of the game that the rules decide from the position alone.
func TestVerdicts(t *testing.T) {
	// The checkerboard: every gate (b3, c2, d3, c4) holds a Black stone,
	// so White cannot step.
	const checker = "wbwbw/bwbwb/wb1bw/bwbwb/wbwbw"
	// Nine White stones walled into a corner by six Black ones.
	const walled = "5/bbb2/wwwb1/wwwb1/wwwb1"
	tests := []struct {
		name string
		pos  pos
		want verdict
	}{
		{"start position is level", pos{"egyptian", "", board.StartSeFEN}, open},
		{"a stone up", pos{"egyptian", "", "w3b/5/1w1b1/5/4w w 0/0 - 3 40"}, ahead},
		{"a stone down", pos{"egyptian", "", "w3b/5/1w1b1/5/4w b 0/0 - 3 40"}, behind},
		{"blocked under lose is lost", pos{"pro", "", checker + " w 0/0 - 0 25"}, lost},
		{"blocked White under whiteopens is lost", pos{"classic", "", checker + " w 0/0 - 0 25"}, lost},
		{"blocked under pass is not lost", pos{"egyptian", "", checker + " w 0/0 - 0 25"}, open},
		{"blocked under pass after a pass: the count decides (level)", pos{"egyptian", "", checker + " w 0/0 - 0 25 passed=1"}, open},
		{"blocked under pass after a pass: the count decides (ahead)", pos{"egyptian", "", walled + " w 0/0 - 0 40 passed=1"}, won},
		{"walled in under pass, no pass before", pos{"egyptian", "", walled + " w 0/0 - 0 40"}, ahead},
		{"walled in under lose, though ahead", pos{"pro", "", walled + " w 0/0 - 0 40"}, lost},
		{"quiet limit reached: the lead wins", pos{"egyptian", "", "w3b/5/1w1b1/5/4w w 0/0 - 20 40"}, won},
		{"quiet limit reached: behind loses", pos{"egyptian", "", "w3b/5/1w1b1/5/4w b 0/0 - 20 40"}, lost},
		{"ransom deadline passed without a request", pos{"classic", "", "wb1bw/bw1wb/2b2/bw1wb/wb1bw b 0/0 - 0 70 bturns=32"}, lost},
		{"a hanging last stone", pos{"egyptian", "", "5/5/5/2w2/wb3 b 0/0 - 0 40"}, behind},
		{"a capture that wins", pos{"egyptian", "", "5/5/5/2w2/wb3 w 0/0 - 0 40"}, ahead},
		{"placement: starter locked out of every gate under lose", pos{"pro", "", "w3w/2b2/1b1b1/2b2/w3w w 8/8 - 0 5"}, lost},
		{"placement: starter locked out of every gate under whiteopens", pos{"classic", "", "w3w/2b2/1b1b1/2b2/w3w w 8/8 - 0 5"}, lost},
		{"placement: locked out under pass only passes", pos{"egyptian", "", "w3w/2b2/1b1b1/2b2/w3w w 8/8 - 0 5"}, open},
		{"placement: the lockout from the locker's view", pos{"pro", "", "ww2w/2b2/1b1b1/2b2/ww2w b 6/8 - 0 6"}, won},
		{"mid-chain under samecapture", pos{"pro", "", "2w2/2b2/5/2w2/4b w 0/0 c2 0 40"}, ahead},
		{"a ransom request pending", pos{"classic", "", "wb1bw/bw1wb/2b2/bw1wb/wb1bw w 0/0 - 0 70 asked=1 refusals=8 pending=c3 bturns=30"}, behind},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, g := tc.pos.score(t)
			if !tc.want.holds(s) {
				t.Errorf("score %d, want %v\n%v\n%s\nresult: %s", s, tc.want, tc.pos, g.Position().Draw(), g.Result())
			}
		})
	}
}

// TestMaterialScarcity checks the material table: each stone is worth
// more the closer its side is to LoseAt, and a side at LoseAt has lost.
func TestMaterialScarcity(t *testing.T) {
	e := New(rulesFor(t, "egyptian"))
	lead := func(a, b int) int { return e.material(a) - e.material(b) }
	if lead(3, 2) <= lead(12, 11) {
		t.Errorf("3 against 2 (%d) should be a bigger lead than 12 against 11 (%d)", lead(3, 2), lead(12, 11))
	}
	for n := 1; n < 40; n++ {
		if e.material(n+1) <= e.material(n) {
			t.Errorf("material(%d) = %d is not above material(%d) = %d", n+1, e.material(n+1), n, e.material(n))
		}
		if n >= 2 && lead(n, n-1) < lead(n+1, n) {
			t.Errorf("the %d-th stone (%d) is worth less than the %d-th (%d)", n, lead(n, n-1), n+1, lead(n+1, n))
		}
	}
	if e.material(0) >= 0 {
		t.Errorf("a side with no stone has material %d, want a loss", e.material(0))
	}
	su := New(rulesFor(t, "sudanese"))
	if su.material(4)-su.material(3) <= e.material(4)-e.material(3) {
		t.Error("with LoseAt 2, the 4th stone should count for more than with LoseAt 0")
	}
}
