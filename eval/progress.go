package eval

import "seega/board"

// addProgress books the progress terms: what a side ahead needs to turn
// its lead into a win when no capture is in sight. A lead of stones wins
// only by capturing the rest (or, under the quiet-turn limit, by waiting
// safely), and the search alone sees no way forward when every capture
// is beyond its horizon: it shuffles, while the trailing side sits in a
// shelter of corner and edge stones that shield each other. These terms
// give it a gradient, each weighted by the lead, up to LeadCap stones,
// and each a reward that grows with progress, never a cost, so that a
// lead is never worth less than its stones (a penalty on, say, the
// trailing side's freedom would make a side shun taking the lead):
//   - TermLeadIsolated: the trailing side's stones with no friend next to
//     them, which an attacker can sandwich from either side;
//   - TermLeadEngaged: the leading side's stones within IdleDistance
//     steps of an enemy stone, which take part in the hunt;
//   - TermLeadConfined: how far the trailing side's steps fall short of
//     MobilityCap: a side that must step but has few steps left must
//     soon step out of shelter.
//
// Past a lead of LeadCap each further stone is worth LeadPastCap more.
//
// steps[c] are c's steps (the scan's count).
func (e *Evaluator) addProgress(a *acc, gm *geom, W, B board.Bitboard, nW, nB int, steps [2]int) {
	if e.rules.NoCaptureLimit > 0 {
		// The quiet-turn limit gives the game to the side with more
		// stones: a side ahead converts by waiting safely (TermQuietLead),
		// and a push to engage would only risk its stones.
		return
	}
	if a.trace == nil && e.w[TermLeadIsolated] == 0 && e.w[TermLeadEngaged] == 0 && e.w[TermLeadConfined] == 0 {
		return // nothing to book: spare the work
	}
	lead := min(max(nW-nB, -LeadCap), LeadCap)
	if lead == 0 {
		return
	}
	// Past the cap the terms above stop growing with the lead, and a
	// capture takes away some of what they reward (an isolated stone,
	// the stones engaged around it, the confinement it relieves): far
	// ahead, a side would rather keep a hunt going than end it. Each
	// stone of lead past the cap is worth LeadPastCap more, so that
	// taking one still pays: the part of the lead the cap cut off.
	a.fixed(LeadPastCap * (nW - nB - lead))
	ahead, behind := W, B
	sg, behindSteps := 1, steps[board.Black]
	if lead < 0 {
		ahead, behind, lead, sg, behindSteps = B, W, -lead, -1, steps[board.White]
	}
	a.add(TermLeadIsolated, sg*lead*gm.isolated(behind))
	a.add(TermLeadEngaged, sg*lead*(ahead.Count()-gm.far(ahead, behind, IdleDistance)))
	a.add(TermLeadConfined, sg*lead*(MobilityCap-min(behindSteps, MobilityCap)))
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
		near = near.Or(gm.lines.Neighbours(near, gm.dirs))
	}
	return own.AndNot(near).Count()
}
