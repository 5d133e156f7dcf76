package eval

import (
	"math"
	"math/bits"

	"seega/board"
)

// The placement phase fills the board but for the centre, and the search
// cannot see past it from the first turns. What it leaves behind decides
// the start of the movement phase, so the placement evaluation judges
// that start:
//   - the gates, the squares next to the centre: the MovementStarter's
//     first step must come from one of them, and a starter without a gate
//     stone is blocked at once (fatal under lose, and for White under
//     whiteopens);
//   - the first step's captures: an enemy gate stone with a starter stone
//     behind it is taken when the starter steps into the centre;
//   - the reply: the opponent must step into the gate the starter left.
//     With no stone next to that gate it is blocked; with stones there
//     it may capture the starter's stones around it, the centre stone
//     included;
//   - safe shapes: corners and edges, and stones whose capture lines a
//     friend shields (the same stone safety as the movement phase).

// placement returns the White-view score of a placement-phase position,
// booking its terms into a.
func (e *Evaluator) placement(p *board.Position, gm *geom, a *acc) (white int, decided bool) {
	W, B := p.Stones(board.White), p.Stones(board.Black)
	e.addPlaced(a, gm, W, board.White)
	e.addPlaced(a, gm, B, board.Black)
	e.addOpening(a, gm, W, B)
	if v := e.lockoutNext(p, gm); v != 0 {
		a.fixed(v)
	}
	return a.score, false
}

// lockoutNext is the White-view worth of a lockout the opponent of the
// starter is about to complete: the starter holds no gate, being blocked
// is fatal to it, and the opponent, to act, has stones enough in this
// turn to fill every free gate. The stones alone (opening) cannot see
// this, since it depends on who places next.
func (e *Evaluator) lockoutNext(p *board.Position, gm *geom) int {
	st := e.rules.MovementStarter
	o := st ^ 1
	if e.risk[st] < 100 || p.SideToAct() != o || p.Stones(st).And(gm.gates).Any() {
		return 0
	}
	free := gm.gates.AndNot(p.Stones(board.White).Or(p.Stones(board.Black))).Count()
	left := min(2-p.Hand(o)&1, p.Hand(o)) // stones left in o's turn
	if free == 0 || free > left {
		return 0 // no gate left is opening's lockout; too many to fill
	}
	return -sign(st) * Lockout
}

// addPlaced books the static worth and the safety of c's stones own.
func (e *Evaluator) addPlaced(a *acc, gm *geom, own board.Bitboard, c board.Color) {
	sg := sign(c)
	a.add(TermPlaceCorner, sg*own.And(gm.corners).Count())
	a.add(TermPlaceEdge, sg*own.And(gm.edges).Count())
	e.addSafety(a, gm, own, c, TermPlaceSafeStone, TermPlaceExposedLine)
}

// placeValue is the static worth of a stone on sq: a corner's or an
// edge's.
func (e *Evaluator) placeValue(gm *geom, sq board.Square) int {
	switch {
	case gm.corners.Has(sq):
		return e.w[TermPlaceCorner]
	case gm.edges.Has(sq):
		return e.w[TermPlaceEdge]
	}
	return 0
}

// addOpening books, from White's view, the fight for the centre that
// the movement phase will start with, on the stones placed so far. The
// features are the starter's, signed by its colour.
func (e *Evaluator) addOpening(a *acc, gm *geom, W, B board.Bitboard) {
	st := e.rules.MovementStarter
	stones := [2]board.Bitboard{W, B}
	s, o := stones[st], stones[st^1]
	fc := gm.firstStepCaptures(s, o)
	if e.addGates(a, gm, s, o, fc) {
		return
	}
	// The starter picks its best gate to step from; the reply there is
	// booked.
	empty := gm.geo.All().AndNot(W.Or(B))
	best, bestTerm, bestFeature := math.MinInt, TermReplyOpen, 0
	for i := 0; i < gm.ngates; i++ {
		g := gm.gateList[i]
		if !s.Has(g) {
			continue
		}
		t, f := e.reply(gm, g, s, o, empty, fc)
		if v := e.w[t] * f / e.scale[t]; v > best {
			best, bestTerm, bestFeature = v, t, f
		}
	}
	a.add(bestTerm, sign(st)*bestFeature)
}

// firstStepCaptures counts the enemy gate stones with a starter stone
// behind them, s being the starter's stones and o the other side's: they
// fall at the first step. They count even before the starter holds a
// gate: it will usually get one, and if it never does the lockout
// outweighs them.
func (gm *geom) firstStepCaptures(s, o board.Bitboard) int {
	fc := 0
	for i := 0; i < gm.ncentre; i++ {
		if o.Has(gm.centreLines[i][0]) && s.Has(gm.centreLines[i][1]) {
			fc++
		}
	}
	return fc
}

// addGates books the part of addOpening that counts gate stones and the
// first step captures fc. It reports whether the starter holds no gate,
// and then that is the whole of the opening.
func (e *Evaluator) addGates(a *acc, gm *geom, s, o board.Bitboard, fc int) (gateless bool) {
	st := e.rules.MovementStarter
	sg := sign(st)
	gs, gother := s.And(gm.gates).Count(), o.And(gm.gates).Count()
	a.add(TermGateStone, sg*(gs-gother))
	a.add(TermFirstStepCapture, sg*fc)
	if gs == 0 {
		if gother == gm.ngates && e.risk[st] >= 100 {
			a.fixed(-sg * Lockout)
		} else {
			a.add(TermStarterGateless, -sg*e.risk[st]*gother)
		}
		return true
	}
	return false
}

// openingBatch holds addOpening's work on a placement position, so that
// the opening after each candidate stone (openingAfter) redoes only what
// the stone changes: the replies of the gates whose region it lies in,
// or of all of them where it changes whether a first step captures.
type openingBatch struct {
	s, o, empty board.Bitboard
	fc          int
	gs, gother  int     // the gate stones of the starter and of the other side
	held        uint8   // bit i set where the starter holds gateList[i]
	term        [8]Term // reply of each gate, as if the starter held it
	feature     [8]int
	value       [8]int // e.value(term, feature), the gate's worth to the starter
	before      int    // openingValue as the position stands
}

// startOpening fills b for the position with the stones W and B.
func (e *Evaluator) startOpening(gm *geom, W, B board.Bitboard, b *openingBatch) {
	st := e.rules.MovementStarter
	stones := [2]board.Bitboard{W, B}
	b.s, b.o = stones[st], stones[st^1]
	b.empty = gm.geo.All().AndNot(W.Or(B))
	b.fc = gm.firstStepCaptures(b.s, b.o)
	b.gs, b.gother = b.s.And(gm.gates).Count(), b.o.And(gm.gates).Count()
	b.held = 0
	for i := 0; i < gm.ngates; i++ {
		g := gm.gateList[i]
		b.term[i], b.feature[i] = e.reply(gm, g, b.s, b.o, b.empty, b.fc)
		b.value[i] = e.value(b.term[i], b.feature[i])
		if b.s.Has(g) {
			b.held |= 1 << i
		}
	}
	b.before = e.openingOf(gm, b, b.s, b.o, b.gs, b.gother, b.held, b.fc, 0)
}

// openingAfter is openingValue after c places a stone on the empty
// square sq.
func (e *Evaluator) openingAfter(gm *geom, b *openingBatch, sq board.Square, c board.Color) int {
	st := e.rules.MovementStarter
	s, o := b.s, b.o
	gs, gother, held := b.gs, b.gother, b.held
	bit := board.SquareBit(sq)
	gate := gm.gateBit[sq]
	if c == st {
		s = s.Or(bit)
		held |= gate
		if gate != 0 {
			gs++
		}
	} else {
		o = o.Or(bit)
		if gate != 0 {
			gother++
		}
	}
	fc := b.fc
	if gm.centreLineSquares.Has(sq) {
		fc = gm.firstStepCaptures(s, o)
	}
	// The gates whose reply the stone changes: those whose region holds
	// it, or all where it changes whether a first step captures.
	redo := gm.regionGates[sq]
	if (fc == 0) != (b.fc == 0) {
		redo = 0xFF
	}
	return e.openingOf(gm, b, s, o, gs, gother, held, fc, redo)
}

// openingOf is openingValue for the starter's stones s and the other
// side's o, of which b holds an earlier state, booked in addOpening's
// order (addGates, then the best gate's reply), so equal to it: gs and
// gother are the gate stones, held the starter's gates, fc the first
// step's captures, and redo the gates whose reply is not b's.
func (e *Evaluator) openingOf(gm *geom, b *openingBatch, s, o board.Bitboard, gs, gother int, held uint8, fc int, redo uint8) int {
	st := e.rules.MovementStarter
	sg := sign(st)
	score := e.value(TermGateStone, sg*(gs-gother)) + e.value(TermFirstStepCapture, sg*fc)
	if gs == 0 { // addGates' gateless starter
		if gother == gm.ngates && e.risk[st] >= 100 {
			return score - sg*Lockout
		}
		return score + e.value(TermStarterGateless, -sg*e.risk[st]*gother)
	}
	empty := gm.geo.All().AndNot(s.Or(o))
	best, bestTerm, bestFeature := math.MinInt, TermReplyOpen, 0
	for m := held; m != 0; m &= m - 1 {
		i := bits.TrailingZeros8(m)
		t, f, v := b.term[i], b.feature[i], b.value[i]
		if redo&(1<<i) != 0 {
			t, f = e.reply(gm, gm.gateList[i], s, o, empty, fc)
			v = e.value(t, f)
		}
		if v > best {
			best, bestTerm, bestFeature = v, t, f
		}
	}
	return score + e.value(bestTerm, sg*bestFeature)
}

// reply says what the opponent o's reply to the starter's first step
// from gate g is worth to the starter s: the term and its feature.
func (e *Evaluator) reply(gm *geom, g board.Square, s, o, empty board.Bitboard, fc int) (Term, int) {
	reply := gm.replyFrom[g]
	if reply.And(o).IsEmpty() {
		// The opponent has no stone to step into g.
		if reply.And(empty).IsEmpty() && fc == 0 {
			return TermReplyBlocked, e.risk[e.rules.MovementStarter^1]
		}
		return TermReplyOpen, 1
	}
	danger := 0
	for j := 0; j < int(gm.nreply[g]); j++ {
		x, y := gm.replyLines[g][j][0], gm.replyLines[g][j][1]
		if !o.Has(y) {
			continue
		}
		if x == gm.centre {
			if !e.rules.CentreSafe {
				danger++ // the stone that just stepped into the centre
			}
		} else if s.Has(x) {
			danger++
		}
	}
	return TermReplyCapture, -danger
}

// openingValue is what addOpening books, as a White-view number.
func (e *Evaluator) openingValue(gm *geom, W, B board.Bitboard) int {
	a := acc{e: e}
	e.addOpening(&a, gm, W, B)
	return a.score
}

// PlacementScore scores placing a stone of the side to act on sq, higher
// being better: the change the stone makes to the placement evaluation
// (its static worth and safety, the safety it lends its friends, and the
// fight for the centre). It is 0 outside the placement phase and for a
// square where no stone can be placed. It allocates nothing.
func (e *Evaluator) PlacementScore(g *board.Game, sq board.Square) int {
	p := g.Position()
	gm := e.geomFor(p)
	if !p.Placement() || sq < 0 || int(sq) >= gm.geo.Squares() || sq == gm.centre || !p.Empty().Has(sq) {
		return 0
	}
	return e.placementScore(p, gm, sq, nil)
}

// placementScore is PlacementScore for an empty square sq other than the
// centre in the placement phase. With ob (PlacementScores) it takes the
// opening after the stone from openingAfter; without, it works out the
// opening before and after the stone in full.
func (e *Evaluator) placementScore(p *board.Position, gm *geom, sq board.Square, ob *openingBatch) int {
	c := p.SideToAct()
	stones := [2]board.Bitboard{p.Stones(board.White), p.Stones(board.Black)}
	own := stones[c]
	after := own.Or(board.SquareBit(sq))
	safety := func(x board.Square, own board.Bitboard) int {
		return e.stoneSafety(gm, x, own, TermPlaceSafeStone, TermPlaceExposedLine)
	}
	v := e.placeValue(gm, sq) + safety(sq, after)
	// Only friends in a straight run from sq can have their shields
	// changed by the new stone; without LineCapture a shield is a
	// neighbour, so only the first friend of each run.
	for d := range board.Direction(gm.dirs) {
		for x := gm.next[sq][d]; x != board.NoSquare && own.Has(x); x = gm.next[x][d] {
			v += safety(x, after) - safety(x, own)
			if !e.rules.LineCapture {
				break
			}
		}
	}
	if ob != nil {
		return v + sign(c)*(e.openingAfter(gm, ob, sq, c)-ob.before)
	}
	before := e.openingValue(gm, stones[0], stones[1])
	stones[c] = after
	return v + sign(c)*(e.openingValue(gm, stones[0], stones[1])-before)
}
