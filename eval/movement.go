package eval

import "seega/board"

// scan is what the evaluation learns about each side's steps: how many
// it has, the stones that can step, the enemy stones some step captures,
// and the most a single step that may be played next captures.
type scan struct {
	steps  [2]int
	mobile [2]board.Bitboard
	threat [2]board.Bitboard
	best   [2]int
}

// scanEmpties fills s for the position with the stones W and B.
// fromW and fromB are the stones each side may step with next (the chain
// stone alone under a samecapture chain); best counts only their steps.
// Without LineCapture a side's captures are one stone a direction, and
// board.StepScanner answers for every empty square at once with a few
// shifts a direction; LineCapture's runs are walked square by square.
func (e *Evaluator) scanEmpties(gm *geom, empty, W, B, fromW, fromB board.Bitboard, s *scan) {
	if e.rules.LineCapture {
		e.scanEmptiesBySquare(gm, empty, W, B, fromW, fromB, s)
		return
	}
	capW, capB := B, W // the stones each side's steps may capture
	if gm.centreSafe {
		capW, capB = capW.AndNot(gm.centreBit), capB.AndNot(gm.centreBit)
	}
	var w, b board.StepScan
	gm.steps.Scan(W, capW, empty, fromW, &w)
	gm.steps.Scan(B, capB, empty, fromB, &b)
	*s = scan{
		steps:  [2]int{w.Steps, b.Steps},
		mobile: [2]board.Bitboard{w.Mobile, b.Mobile},
		threat: [2]board.Bitboard{w.Threatened, b.Threatened},
		best:   [2]int{w.Best, b.Best},
	}
}

// scanEmptiesBySquare is scanEmpties by a pass over the empty squares,
// for LineCapture: for each, who can step there and what the step would
// take. The two colours are written out rather than looped over.
func (e *Evaluator) scanEmptiesBySquare(gm *geom, empty, W, B, fromW, fromB board.Bitboard, s *scan) {
	lc := e.rules.LineCapture
	for em := empty; em.Any(); {
		t := em.Pop()
		nb := gm.adj[t]
		aw, ab := nb.And(W), nb.And(B)
		if aw.Any() {
			s.steps[board.White] += aw.Count()
			s.mobile[board.White] = s.mobile[board.White].Or(aw)
			// A capture needs an enemy next to t and, but for LineCapture's
			// longer runs, a friend right behind it.
			if ab.Any() && (lc || gm.ring2[t].And(W).Any()) {
				if caps := gm.captures(t, W, B, lc); caps.Any() {
					s.threat[board.White] = s.threat[board.White].Or(caps)
					if aw.And(fromW).Any() {
						s.best[board.White] = max(s.best[board.White], caps.Count())
					}
				}
			}
		}
		if ab.Any() {
			s.steps[board.Black] += ab.Count()
			s.mobile[board.Black] = s.mobile[board.Black].Or(ab)
			if aw.Any() && (lc || gm.ring2[t].And(B).Any()) {
				if caps := gm.captures(t, B, W, lc); caps.Any() {
					s.threat[board.Black] = s.threat[board.Black].Or(caps)
					if ab.And(fromB).Any() {
						s.best[board.Black] = max(s.best[board.Black], caps.Count())
					}
				}
			}
		}
	}
}

// movement returns the White-view score of a movement-phase position,
// booking its terms into a; decided is set where the score is a verdict.
// First come the ends of the game that the position alone decides, in
// the order RULES.md 3.6 checks them: a side at LoseAt, a side to act
// with no step, the quiet-turn limit, the ransom deadline (repetition
// needs the game's history, which the search checks). Then the terms:
// material, mobility, capture threats, safety, the quiet counter's
// pressure, progress, the ransom and the tempo.
func (e *Evaluator) movement(p *board.Position, gm *geom, a *acc) (white int, decided bool) {
	r := &e.rules
	W, B := p.Stones(board.White), p.Stones(board.Black)
	nW, nB := W.Count(), B.Count()
	if s, over := e.decided(nW, nB); over {
		return s, true
	}
	us := p.SideToAct()
	chain := p.Chain()
	pending := p.PendingRansom() != board.NoSquare
	turnStart := chain == board.NoSquare && !pending

	// With a request pending, White answers and Black then steps: Black is
	// the side whose captures come next.
	mover := us
	if pending {
		mover = board.Black
	}
	stones := [2]board.Bitboard{W, B}
	from := stones
	if chain >= 0 {
		from[mover] = board.SquareBit(chain)
	}
	var s scan
	e.scanEmpties(gm, p.Empty(), W, B, from[board.White], from[board.Black], &s)

	if turnStart && s.steps[us] == 0 {
		switch {
		case r.Blocked == board.BlockedLose || (r.Blocked == board.BlockedWhiteOpens && us == board.White):
			return -sign(us) * Limit, true
		case r.Blocked == board.BlockedPass && p.LastTurnPassed():
			return byCount(nW, nB), true // this pass is the second in a row
		case r.Blocked == board.BlockedWhiteOpens:
			a.add(TermBlackBlockedOpens, 1) // Black passes; White must open
		default:
			a.add(TermBlockedPassTempo, -sign(us))
		}
	}
	if turnStart {
		if r.NoCaptureLimit > 0 && p.QuietTurns() >= r.NoCaptureLimit {
			return byCount(nW, nB), true
		}
		if r.Ransom && r.RansomDeadline > 0 && !p.RansomAsked() && p.BlackTurns() >= r.RansomDeadline {
			return Limit, true
		}
	}
	e.addMaterial(a, nW, nB)

	for c := board.White; c <= board.Black; c++ {
		a.add(TermMobileStone, sign(c)*s.mobile[c].Count())
		if s.steps[c] > 0 || !turnStart || c != us {
			e.addMobility(a, c, s.steps[c])
		}
	}

	n := [2]int{nW, nB}
	waiter := mover.Other()
	a.add(TermMoverCapture, sign(mover)*e.captureGain(n[waiter], s.best[mover]))
	a.add(TermWaiterCapture, sign(waiter)*e.captureGain(n[mover], s.best[waiter]))
	a.add(TermThreatened, s.threat[board.White].Count()-s.threat[board.Black].Count())

	e.addSafety(a, gm, W, board.White, TermSafeStone, TermExposedLine)
	e.addSafety(a, gm, B, board.Black, TermSafeStone, TermExposedLine)
	e.addQuiet(a, p, nW, nB)
	e.addProgress(a, gm, W, B, nW, nB, s.steps)
	a.fixed(e.ransom(p, nW, nB))
	if !pending {
		a.add(TermTempo, sign(us))
	}
	return a.score, false
}
