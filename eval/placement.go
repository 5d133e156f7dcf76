package eval

import (
	"math"

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

// placement returns the White-view score of a placement-phase position.
func (e *Evaluator) placement(p *board.Position, gm *geom) int {
	return e.placementStones(gm, p.Stones(board.White), p.Stones(board.Black)) + e.lockoutNext(p, gm)
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

// placementStones is placement on the stones W and B.
func (e *Evaluator) placementStones(gm *geom, W, B board.Bitboard) int {
	return e.placed(gm, W) - e.placed(gm, B) + e.opening(gm, W, B)
}

// placed sums the static worth and the safety of the stones of own.
func (e *Evaluator) placed(gm *geom, own board.Bitboard) int {
	sum := e.safety(gm, own)
	for b := own; b.Any(); {
		sum += gm.placeValue[b.Pop()]
	}
	return sum
}

// opening scores, from White's view, the fight for the centre that the
// movement phase will start with, on the stones placed so far.
func (e *Evaluator) opening(gm *geom, W, B board.Bitboard) int {
	st := e.rules.MovementStarter
	stones := [2]board.Bitboard{W, B}
	s, o := stones[st], stones[st^1]
	gs, gother := s.And(gm.gates).Count(), o.And(gm.gates).Count()
	v := GateStone * (gs - gother) // from the starter's view

	// Enemy gate stones with a starter stone behind them fall at the first
	// step. They count even before the starter holds a gate: it will
	// usually get one, and if it never does the lockout outweighs them.
	fc := 0
	for i := 0; i < gm.ncentre; i++ {
		if o.Has(gm.centreLines[i][0]) && s.Has(gm.centreLines[i][1]) {
			fc++
		}
	}
	v += FirstStepCapture * fc

	if gs == 0 {
		if gother == gm.ngates && e.risk[st] >= 100 {
			v -= Lockout
		} else {
			v -= StarterGateless * e.risk[st] * gother / (100 * gm.ngates)
		}
		return sign(st) * v
	}

	empty := gm.all.AndNot(W.Or(B))
	best := math.MinInt
	for i := 0; i < gm.ngates; i++ {
		a := gm.gateList[i]
		if !s.Has(a) {
			continue
		}
		gv := 0
		reply := gm.replyFrom[a]
		if reply.And(o).IsEmpty() {
			// The opponent has no stone to step into a.
			if reply.And(empty).IsEmpty() && fc == 0 {
				gv += ReplyBlocked * e.risk[st^1] / 100
			} else {
				gv += ReplyOpen
			}
		} else {
			danger := 0
			for j := 0; j < int(gm.nreply[a]); j++ {
				x, y := gm.replyLines[a][j][0], gm.replyLines[a][j][1]
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
			gv -= ReplyCapture * danger
		}
		best = max(best, gv)
	}
	v += best
	return sign(st) * v
}

// PlacementScore scores placing a stone of the side to act on sq, higher
// being better: the change the stone makes to the placement evaluation
// (its static worth and safety, the safety it lends its friends, and the
// fight for the centre). It is 0 outside the placement phase and for a
// square where no stone can be placed. It allocates nothing.
func (e *Evaluator) PlacementScore(g *board.Game, sq board.Square) int {
	p := g.Position()
	gm := e.geomFor(p)
	if !p.Placement() || sq < 0 || int(sq) >= gm.squares || sq == gm.centre || !p.Empty().Has(sq) {
		return 0
	}
	c := p.SideToAct()
	stones := [2]board.Bitboard{p.Stones(board.White), p.Stones(board.Black)}
	own := stones[c]
	after := own.Or(board.SquareBit(sq))
	v := gm.placeValue[sq] + e.stoneSafety(gm, sq, after)
	// Only friends in a straight run from sq can have their shields
	// changed by the new stone.
	for d := 0; d < gm.dirs; d++ {
		for x := gm.next[sq][d]; x != board.NoSquare && own.Has(x); x = gm.next[x][d] {
			v += e.stoneSafety(gm, x, after) - e.stoneSafety(gm, x, own)
		}
	}
	before := e.opening(gm, stones[0], stones[1])
	stones[c] = after
	return v + sign(c)*(e.opening(gm, stones[0], stones[1])-before)
}
