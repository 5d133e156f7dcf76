package eval

import "seega/board"

// addProgress books the progress terms: what a side ahead needs to turn
// its lead into a win when no capture is in sight. A lead of stones wins
// only by capturing the rest (or, under the quiet-turn limit, by waiting
// safely), and the search alone sees no way forward when every capture
// is beyond its horizon: it shuffles. These terms give it a gradient,
// both weighted by the lead of the side that benefits, up to LeadCap
// stones:
//   - TermLeadIsolated: the trailing side's stones with no friend next to
//     them, which an attacker can sandwich from either side;
//   - TermLeadIdle: the leading side's stones farther than IdleDistance
//     steps from every enemy stone, which take no part in the hunt.
func (e *Evaluator) addProgress(a *acc, gm *geom, W, B board.Bitboard, nW, nB int) {
	if a.trace == nil && e.w[TermLeadIsolated] == 0 && e.w[TermLeadIdle] == 0 {
		return // nothing to book: spare the work
	}
	lead := min(max(nW-nB, -LeadCap), LeadCap)
	if lead == 0 {
		return
	}
	ahead, behind := W, B
	sg := 1
	if lead < 0 {
		ahead, behind, lead, sg = B, W, -lead, -1
	}
	a.add(TermLeadIsolated, sg*lead*gm.isolated(behind))
	a.add(TermLeadIdle, -sg*lead*gm.far(ahead, behind, IdleDistance))
}

// isolated counts the stones of own with no stone of own next to them.
func (gm *geom) isolated(own board.Bitboard) int {
	n := 0
	for b := own; b.Any(); {
		if gm.adj[b.Pop()].And(own).IsEmpty() {
			n++
		}
	}
	return n
}

// far counts the stones of own farther than d steps from every stone of
// other.
func (gm *geom) far(own, other board.Bitboard, d int) int {
	near := other
	for range d {
		grown := near
		for b := near; b.Any(); {
			grown = grown.Or(gm.adj[b.Pop()])
		}
		near = grown
	}
	return own.AndNot(near).Count()
}
