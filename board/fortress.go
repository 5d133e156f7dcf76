package board

// A fortress is a group of one side's stones that the other side can
// never capture, however long it tries, because the group can wait
// forever without opening itself. The no-limit conversion suite's drawn
// games end in one: four Black stones round an empty corner, one of
// them stepping into the corner and back, every one of them with an
// edge, a friend or the hidden corner on one side of each capture line.
//
// Where no quiet-turn limit turns the stone count into a result, a side
// holding more than LoseAt stones in a fortress cannot lose, whatever
// the material says; the search uses that to steer the side ahead away
// from lines that let one form (search/thread.go).

// FortressDraws reports whether a fortress of more than LoseAt stones
// draws under r: with no quiet-turn limit the stone count decides
// nothing, and with no ransom no stone changes hands by agreement, so
// only a capture ends the game, and the fortress allows none.
func (r *Rules) FortressDraws() bool { return r.NoCaptureLimit == 0 && !r.Ransom }

// Fortress returns c's stones that form a fortress in p, or the empty set
// where c has none. It is the largest region U of squares such that:
//
//   - every square of U holds a stone of c or is empty, and an empty
//     square of U has all its neighbours in U (the enemy cannot step
//     into it);
//   - every square of U has, on each capture line through it, a
//     neighbour in U or off the board (no enemy pair can stand round
//     it);
//   - c can step inside U without leaving it: an empty square of U is
//     next to a stone of c whose neighbours are all in U, so the step
//     and the step back are always there and c is never blocked or made
//     to open the region.
//
// The first two conditions are kept by removing the squares that break
// them until none does; the third is checked at the end. Holding U, c
// never passes, never captures and never loses a stone of U. The
// argument needs the rules to capture single stones by custody only:
// with LineCapture a run can be taken whole, so Fortress reports none,
// and a centre stone under CentreSafe is safe whatever its neighbours.
func (p *Position) Fortress(c Color) Bitboard {
	if p.rules.LineCapture {
		return Bitboard{}
	}
	var safe Bitboard
	if p.rules.CentreSafe {
		safe = p.geo.centreBit
	}
	return p.geo.fortress(p.stones[c], p.stones[c.Other()], safe)
}

// fortress is Fortress on the sets own (the side's stones) and enemy;
// stones of own on safe are never captured.
//
// The search asks it at every leaf of a won-looking no-limit position,
// where it cost a sixth of the search's time. Two things make it
// cheaper. On boards that fit one word (5×5, 7×7) the loop runs on that
// word (fortress64), which is most of the gain. And a test with no loop
// turns some positions away first: a hole of the fortress is an empty
// square with no enemy neighbour (the loop's first pass drops every
// other), and the stone that steps into it has no enemy neighbour
// either, so where no stone of own both touches such a square and has
// no enemy neighbour there is no fortress. In the trailing side's
// clusters such a square is common, so the test rejects only a part of
// the positions: it is worth some 4% of the search's speed on the
// nolimit-7 conversion suite, the word loop some 15%.
func (g *geometry) fortress(own, enemy, safe Bitboard) Bitboard {
	if g.small {
		return Bitboard{lo: g.fortress64(own.lo, enemy.lo, safe.lo)}
	}
	empty := g.all.AndNot(own.Or(enemy))
	nearEnemy := g.dilate(enemy)
	if own.AndNot(nearEnemy).And(g.dilate(empty.AndNot(nearEnemy))).IsEmpty() {
		return Bitboard{}
	}
	return g.fortressRegion(own, enemy, safe)
}

// fortressRegion is fortress without the quick test: the shrinking loop
// and the final check.
func (g *geometry) fortressRegion(own, enemy, safe Bitboard) Bitboard {
	empty := g.all.AndNot(own.Or(enemy))
	region := own.Or(empty)
	var outside Bitboard
	for {
		outside = g.all.AndNot(region)
		drop := empty.And(region).And(g.dilate(outside))
		for k := range g.dirs / 2 {
			d := int(OrientationDirection(k))
			// A square both of whose neighbours on this line are outside
			// the region: the enemy can stand on both.
			open := g.step(outside, d).And(g.step(outside, opposite(d)))
			drop = drop.Or(own.And(region).And(open).AndNot(safe))
		}
		if drop.IsEmpty() {
			break
		}
		region = region.AndNot(drop)
	}
	holes := empty.And(region)
	if holes.IsEmpty() {
		return Bitboard{}
	}
	inner := region.AndNot(g.dilate(outside)) // the loop ended with region unchanged
	if own.And(inner).And(g.dilate(holes)).IsEmpty() {
		return Bitboard{}
	}
	return own.And(region)
}

// fortress64 is fortress, the quick test and the loop, on the low word
// of a board that fits it: the same steps as fortressRegion with one
// word's shifts instead of two.
func (g *geometry) fortress64(own, enemy, safe uint64) uint64 {
	all := g.all.lo
	empty := all &^ (own | enemy)
	nearEnemy := g.dilate64(enemy)
	if own&^nearEnemy&g.dilate64(empty&^nearEnemy) == 0 {
		return 0
	}
	region := own | empty
	var outside uint64
	for {
		outside = all &^ region
		drop := empty & region & g.dilate64(outside)
		for k := range g.dirs / 2 {
			d := int(OrientationDirection(k))
			open := g.step64(outside, d) & g.step64(outside, opposite(d))
			drop |= own & region & open &^ safe
		}
		if drop == 0 {
			break
		}
		region &^= drop
	}
	holes := empty & region
	if holes == 0 {
		return 0
	}
	inner := region &^ g.dilate64(outside)
	if own&inner&g.dilate64(holes) == 0 {
		return 0
	}
	return own & region
}
