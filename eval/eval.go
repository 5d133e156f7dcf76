// Package eval scores Seega positions for the search: material against
// LoseAt, mobility and blocking, stone safety, capture threats, the
// quiet-turn limit and the ransom in the movement phase, and the
// opening's fight for the centre in the placement phase.
//
// Every term reads the board.Rules fields, never the variant's name, so a
// preset with one option changed is judged by what that option does. The
// weights are in weights.go.
package eval

import "seega/board"

// Limit bounds every score Evaluate returns: |score| <= Limit. Evaluate
// returns exactly ±Limit for an end of the game it sees in the position
// (a side at LoseAt, a blocked side that loses, the quiet-turn limit,
// both passed, the ransom deadline). Scores the search gives to proven
// wins and losses should lie beyond it.
const Limit = 10000

// Win is the least score of a position the evaluation judges decided
// (an end of the game it can see, or a certain loss after placement).
// Scores in (Win, Limit] are such judgements, not material.
const Win = 5000

// sizeIndex maps a board size to its slot in Evaluator.geoms.
func sizeIndex(n int) int {
	switch n {
	case 7:
		return 1
	case 9:
		return 2
	}
	return 0
}

// Evaluator scores positions for one rule set. It is read-only after New,
// so one Evaluator may serve any number of goroutines.
type Evaluator struct {
	rules board.Rules
	// w are the weights, scale each term's divisor (see Term): 1 for
	// plain counts, 100 for percentages, and the rule-dependent
	// denominators of the quiet-turn and gateless terms.
	w     Weights
	scale [NumTerms]int
	// geoms holds the tables of the 5×5, 7×7 and 9×9 boards, so that a
	// position whose size differs from the rules' (a SeFEN may set it)
	// is still judged with the right geometry.
	geoms [3]geom
	// mat[k] is the material worth of k stones above LoseAt; mat[0] is a
	// lost side.
	mat [board.MaxSquares + 1]int
	// risk[c] is how deadly being blocked is for c, in percent.
	risk [2]int
}

// New builds the evaluator of rule set r, with the weights WeightsFor
// gives it: its preset's fitted weights where r is the preset exactly.
// It never fails: options out of the range Rules.Validate allows are
// clamped into it, so a bad rule set gives poor scores, not a crash or
// an overflow.
func New(r board.Rules) *Evaluator { return NewWithWeights(r, WeightsFor(r)) }

// NewWithWeights builds the evaluator of rule set r with the weights w:
// for the tuner, and for matches between weight sets.
func NewWithWeights(r board.Rules, w Weights) *Evaluator {
	r.LoseAt = clamp(r.LoseAt, 0, board.MaxSquares)
	r.NoCaptureLimit = clamp(r.NoCaptureLimit, 0, 10000)
	r.RansomDeadline = clamp(r.RansomDeadline, 0, 10000)
	r.RansomRefusals = clamp(r.RansomRefusals, 0, 255)
	r.MovementStarter &= 1
	e := &Evaluator{rules: r, w: w}
	dirs := 4
	if r.Directions == 8 {
		dirs = 8
	}
	for i, n := range []int{5, 7, 9} {
		e.geoms[i] = newGeom(n, dirs, r.CentreSafe)
	}
	for t := range e.scale {
		e.scale[t] = 1
	}
	for _, t := range []Term{TermScarce, TermBlockedWaiting, TermLowMobility1, TermLowMobility2, TermMoverCapture, TermWaiterCapture, TermReplyBlocked} {
		e.scale[t] = 100
	}
	e.scale[TermQuietLead] = max(r.NoCaptureLimit*r.NoCaptureLimit, 1)
	e.scale[TermStarterGateless] = 100 * dirs // the gates: one a direction
	e.initMaterial()
	e.initMobility()
	return e
}

// Weights returns the weights the evaluator plays.
func (e *Evaluator) Weights() Weights { return e.w }

// Trace is what one evaluation reads off a position, for the tuner: the
// features of the terms and the score of the parts that are not tuned,
// all from White's view, such that the evaluation is (but for rounding)
// the sum over the terms of weight × feature / scale, plus Fixed.
type Trace struct {
	Features [NumTerms]int
	Scale    [NumTerms]int
	Fixed    int
	// Decided is set where the evaluation saw the end of the game (or a
	// certain loss after placement) and returned a verdict, not a sum
	// of terms.
	Decided bool
}

// acc adds up the terms of one evaluation, and the features where a
// trace is asked for.
type acc struct {
	e     *Evaluator
	score int
	trace *Trace
}

// add books term t with feature f: weight × f / scale. Each call divides
// on its own, so a side's share rounds the same whichever colour it is.
func (a *acc) add(t Term, f int) {
	a.score += a.e.value(t, f)
	if a.trace != nil {
		a.trace.Features[t] += f
	}
}

// value is what term t with feature f adds to a score: weight × f /
// scale, as acc.add books it.
func (e *Evaluator) value(t Term, f int) int {
	v := e.w[t] * f
	switch s := e.scale[t]; s {
	case 1:
	case 100: // the common scale, divided by a constant: no division instruction
		v /= 100
	default:
		v /= s
	}
	return v
}

// fixed books a part of the score that no weight scales.
func (a *acc) fixed(v int) {
	a.score += v
	if a.trace != nil {
		a.trace.Fixed += v
	}
}

// geomFor returns the tables for p's board size.
func (e *Evaluator) geomFor(p *board.Position) *geom {
	return &e.geoms[sizeIndex(p.Size())]
}

// Evaluate scores g's current position from the side to act's point of
// view, in cp. It works at any point of a game: in the placement phase,
// between the two stones of a placement turn, in the middle of a chain
// and with a ransom request pending (then White is to act). It does not
// change g and allocates nothing. It reads only the position, so a draw
// by repetition, which needs the game's history, is the caller's to
// check with g.Result.
func (e *Evaluator) Evaluate(g *board.Game) int {
	a := acc{e: e}
	white, _ := e.evaluate(g.Position(), &a)
	if g.Position().SideToAct() == board.Black {
		white = -white
	}
	return clamp(white, -Limit, Limit)
}

// Trace evaluates g's position as Evaluate does and says what it read:
// the score from White's view, and the trace.
func (e *Evaluator) Trace(g *board.Game) (int, Trace) {
	var tr Trace
	tr.Scale = e.scale
	a := acc{e: e, trace: &tr}
	white, decided := e.evaluate(g.Position(), &a)
	tr.Decided = decided
	return clamp(white, -Limit, Limit), tr
}

// evaluate is the White-view score of p, booked into a; decided is set
// where the score is a verdict rather than the sum of a's terms.
func (e *Evaluator) evaluate(p *board.Position, a *acc) (white int, decided bool) {
	gm := e.geomFor(p)
	if p.Placement() {
		return e.placement(p, gm, a)
	}
	return e.movement(p, gm, a)
}

func clamp(x, lo, hi int) int {
	if x < lo {
		return lo
	}
	if x > hi {
		return hi
	}
	return x
}

// sign is +1 for White and -1 for Black: it turns a colour's own-view
// score into White's view.
func sign(c board.Color) int {
	if c == board.White {
		return 1
	}
	return -1
}
