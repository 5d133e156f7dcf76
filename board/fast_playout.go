package board

import (
	"math/bits"
	"math/rand/v2"
)

// The movement runs of RandomPlayout: turns of one step each, played on
// locals from a turn start until something needs the general path. They
// are the playout's hot loop, so each is one function with its helpers
// written out where a call would cost more than the work.

// playChain plays the chain under way, one action at a time as
// RandomAction and Make do, for at most budget actions: it returns the
// actions made and whether the chain's turn is complete.
func (g *Game) playChain(src *rand.PCG, budget int) (n int, done bool) {
	rng := rand.New(src)
	for n < budget {
		a, ok := g.RandomAction(rng)
		if !ok {
			return n, false
		}
		g.Make(a)
		n++
		if !g.pos.MidTurn() {
			return n, true
		}
	}
	return n, false
}

// stepRun64 plays, on a small board without LineCapture or ransom, from
// the start of a movement turn with no pass before it, random movement
// turns of one step each, as RandomAction and Make would, for at most
// budget actions. It holds the stones, the hash and the quiet count in
// locals and writes them back when it stops: at the end of the game
// (over), or at a blocked side. A chain that a capture sets going it
// plays out with playChain, an action at a time. It returns the actions
// it made and the turns they completed.
func (g *Game) stepRun64(src *rand.PCG, budget int) (n, turns int, over bool) {
	p := &g.pos
	geo := p.geo
	r := &g.rules
	own, opp := p.stones[p.side].lo, p.stones[p.side^1].lo
	us, hash, quiet := p.side, p.hash, int(p.quiet)
	all, loseAt, limit, repeat := geo.all.lo, r.LoseAt, r.NoCaptureLimit, r.RepetitionDraw
	var safe uint64
	if r.CentreSafe {
		safe = geo.centreBit.lo
	}
	// The four orthogonal directions are written out here, as in reach64,
	// and the walk to the pick and the draw too: calls cost this loop a
	// third of its time, since Go saves every live register around each
	// one (nthBit, which inlines, is called).
	orth := geo.dirs == 4
	k := uint(geo.n) & 63 // the board's width: the shift of a step north or south
	sN, sE, sS, sW := geo.src[North].lo, geo.src[East].lo, geo.src[South].lo, geo.src[West].lo
	// The history is appended to through locals, written back at the
	// end, and the bucket chain's link of the entry recorded last is
	// kept: the repetition test needs to walk only when it points back
	// into the turns since the last capture.
	hist, histPrev := g.hist, g.histPrev
	if len(hist) == 0 || hist[len(hist)-1] != hash {
		return 0, 0, false // not a recorded turn start: the general path
	}
	prev := histPrev[len(histPrev)-1]
	// So is the generator: drawn through src, its state went to memory
	// and back each turn (5×5 +2%, 7×7 +5% with the state in a local).
	// playChain draws through src, so the state is written back before
	// it and read again after.
	pcg := *src
	defer func() { g.hist, g.histPrev, *src = hist, histPrev, pcg }()
	for n < budget {
		if bits.OnesCount64(own) <= loseAt || bits.OnesCount64(opp) <= loseAt {
			over = true
			break
		}
		empty := all &^ (own | opp)
		var steps int
		var reached uint64
		if orth {
			tn, te := own&sN<<k&empty, own&sE<<1&empty
			ts, tw := own&sS>>k&empty, own&sW>>1&empty
			steps = bits.OnesCount64(tn) + bits.OnesCount64(te) + bits.OnesCount64(ts) + bits.OnesCount64(tw)
			reached = tn | te | ts | tw
		} else {
			steps, reached = geo.reach64(own, empty)
		}
		if steps == 0 {
			break // blocked: the general path judges it
		}
		if limit > 0 && quiet >= limit {
			over = true
			break
		}
		// A position recurs no sooner than four turns on: the side's
		// stone goes away and back, and so does the other side's.
		if repeat > 0 && int(prev)-1 >= len(hist)-1-quiet && repeatsIn(hist, histPrev, hash, quiet) >= repeat {
			over = true
			break
		}
		drawn, lo := scaleDraw(pcg.Uint64(), uint64(steps)) // drawBelow(&pcg, steps)
		if lo < uint64(steps) {
			drawn = redrawBelow(&pcg, uint64(steps), drawn, lo)
		}
		pick := int(drawn)
		// The pick-th step, by target square and then by origin, as
		// appendSteps64 lists them.
		var from, to Square
		for ; ; reached &= reached - 1 {
			ti := bits.TrailingZeros64(reached)
			origins := geo.adj[ti].lo & own
			if c := bits.OnesCount64(origins); pick >= c {
				pick -= c
				continue
			}
			to, from = Square(ti), Square(geo.nthBit(origins, pick))
			break
		}
		n++
		moved := own ^ (1<<(uint(from)&63) | 1<<(uint(to)&63))
		hash ^= stoneKey(us, from) ^ stoneKey(us, to)
		capturable := opp &^ safe
		var targets uint64
		if orth { // captureTargets64, written out
			targets = (capturable&(own&sS>>k)&sS)>>k | (capturable&(own&sN<<k)&sN)<<k |
				(capturable&(own&sW>>1)&sW)>>1 | (capturable&(own&sE<<1)&sE)<<1
		} else {
			targets = geo.captureTargets64(own, capturable)
		}
		if targets>>(uint(to)&63)&1 == 0 {
			quiet++
		} else {
			them := us ^ 1
			for rr := uint32(geo.runsAt64(to, own, capturable)); rr != 0; rr &= rr - 1 {
				sq := geo.next[to][uint(bits.TrailingZeros32(rr))/runBits]
				opp ^= 1 << (uint(sq) & 63)
				hash ^= stoneKey(them, sq)
			}
			quiet = 0
			if r.Chain != ChainNone {
				p.stones[us].lo, p.stones[them].lo = moved, opp
				p.side, p.hash, p.quiet = us, hash, 0
				if p.continueChain(to) {
					g.hist, g.histPrev, *src = hist, histPrev, pcg
					m, done := g.playChain(src, budget-n)
					pcg = *src
					n += m
					if !done { // the deferred write-back must not undo playChain's
						hist, histPrev = g.hist, g.histPrev
						return n, turns, false
					}
					turns++
					own, opp = p.stones[p.side].lo, p.stones[p.side^1].lo
					us, hash, quiet = p.side, p.hash, int(p.quiet)
					hist, histPrev = g.hist, g.histPrev
					prev = histPrev[len(histPrev)-1]
					continue
				}
			}
		}
		// endStepTurn, for a turn with no ransom, pass or chain state.
		turns++
		p.turn++
		us ^= 1
		own, opp = opp, moved
		hash ^= zobristSide
		b := hash % histBuckets // record, written out
		prev = g.histLast[b]
		histPrev = append(histPrev, prev)
		hist = append(hist, hash)
		g.histLast[b] = int32(len(hist))
	}
	p.stones[us].lo, p.stones[us^1].lo = own, opp
	p.side, p.hash, p.quiet = us, hash, uint16(quiet)
	return n, turns, over
}

// stepRunWide is stepRun64 on two-word Bitboards, for 9×9: the same turns,
// with the pick walking the targets a word at a time as nthStepWide does.
// The walk is written out here because nthStepWide does not inline: the
// call cost stepRunWide 6.6% more instructions (callgrind, 9×9 playouts).
func (g *Game) stepRunWide(src *rand.PCG, budget int) (n, turns int, over bool) {
	p := &g.pos
	geo := p.geo
	r := &g.rules
	own, opp := p.stones[p.side], p.stones[p.side^1]
	us, hash, quiet := p.side, p.hash, int(p.quiet)
	all, loseAt, limit, repeat := geo.all, r.LoseAt, r.NoCaptureLimit, r.RepetitionDraw
	var safe Bitboard
	if r.CentreSafe {
		safe = geo.centreBit
	}
	hist, histPrev := g.hist, g.histPrev
	if len(hist) == 0 || hist[len(hist)-1] != hash {
		return 0, 0, false
	}
	prev := histPrev[len(histPrev)-1]
	pcg := *src
	defer func() { g.hist, g.histPrev, *src = hist, histPrev, pcg }()
	for n < budget {
		if own.Count() <= loseAt || opp.Count() <= loseAt {
			over = true
			break
		}
		steps, reached := geo.reach(own, all.AndNot(own.Or(opp)))
		if steps == 0 {
			break
		}
		if limit > 0 && quiet >= limit {
			over = true
			break
		}
		if repeat > 0 && int(prev)-1 >= len(hist)-1-quiet && repeatsIn(hist, histPrev, hash, quiet) >= repeat {
			over = true
			break
		}
		pick := int(drawBelow(&pcg, uint64(steps)))
		var from, to Square
		ml, mh := own.Words()
		tl, th := reached.Words()
	walk:
		for w, base := range [2]Square{0, 64} {
			for ; tl != 0; tl &= tl - 1 {
				t := base + Square(bits.TrailingZeros64(tl))
				al, ah := geo.adj[t].Words()
				if c := bits.OnesCount64(al&ml) + bits.OnesCount64(ah&mh); pick >= c {
					pick -= c
					continue
				}
				from, to = geo.adj[t].And(own).nth(pick), t
				break walk
			}
			if w == 0 {
				tl = th
			}
		}
		n++
		moved := own.Xor(SquareBit(from).Or(SquareBit(to)))
		hash ^= stoneKey(us, from) ^ stoneKey(us, to)
		capturable := opp.AndNot(safe)
		if !geo.captureTargetsOf(own, capturable).Has(to) {
			quiet++
		} else {
			them := us ^ 1
			for rr := uint32(geo.runsAtOf(to, own, capturable)); rr != 0; rr &= rr - 1 {
				sq := geo.next[to][uint(bits.TrailingZeros32(rr))/runBits]
				opp = opp.Xor(SquareBit(sq))
				hash ^= stoneKey(them, sq)
			}
			quiet = 0
			if r.Chain != ChainNone {
				p.stones[us], p.stones[them] = moved, opp
				p.side, p.hash, p.quiet = us, hash, 0
				if p.continueChain(to) {
					g.hist, g.histPrev, *src = hist, histPrev, pcg
					m, done := g.playChain(src, budget-n)
					pcg = *src
					n += m
					if !done { // the deferred write-back must not undo playChain's
						hist, histPrev = g.hist, g.histPrev
						return n, turns, false
					}
					turns++
					own, opp = p.stones[p.side], p.stones[p.side^1]
					us, hash, quiet = p.side, p.hash, int(p.quiet)
					hist, histPrev = g.hist, g.histPrev
					prev = histPrev[len(histPrev)-1]
					continue
				}
			}
		}
		turns++
		p.turn++
		us ^= 1
		own, opp = opp, moved
		hash ^= zobristSide
		b := hash % histBuckets
		prev = g.histLast[b]
		histPrev = append(histPrev, prev)
		hist = append(hist, hash)
		g.histLast[b] = int32(len(hist))
	}
	p.stones[us], p.stones[us^1] = own, opp
	p.side, p.hash, p.quiet = us, hash, uint16(quiet)
	return n, turns, over
}
