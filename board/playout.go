package board

import (
	"math/bits"
	"math/rand/v2"
)

// RandomPlayout plays a random game on from g's position: the actions
// that RandomAction(rand.New(src)) draws, made one after another, until
// the game is over or maxActions actions are made. It draws the same
// numbers from src as that loop and so plays the same game. It returns
// the result at the end (Ongoing when the cap stopped the game), and the
// actions and turns made; g is left as it was. It allocates nothing once
// the game's history has grown to the playout's length.
//
// It is that loop without the loop's costs, for a caller that wants the
// end of the game and not its actions (a pure Monte Carlo search, the
// speed figures): the position is saved once and put back at the end, so
// no undo record is written; placement turns, and movement turns of one
// step without ransom rules, are played in runs (placeRun, stepRun64 and
// stepRunWide) that hold the position in locals, build no Action, and draw
// from the concrete PCG so that the draw inlines. The rest (chain steps,
// passes, ransom, the whiteopens duty, a blocked side, LineCapture) is
// made one action at a time, by RandomAction and Make.
func (g *Game) RandomPlayout(src *rand.PCG, maxActions int) (res Result, actions, turns int) {
	saved, hist, undos := g.pos.state, len(g.hist), len(g.undos)
	actions, turns = g.playRandom(src, maxActions)
	res = g.Result()
	g.pos.state = saved
	g.truncateHistory(hist)
	g.undos = g.undos[:undos]
	return res, actions, turns
}

// playRandom is RandomPlayout without putting g back: g is left at the
// end of the game, its history recorded, but with no undo record for the
// actions made in runs, so that Unmake cannot take them back.
func (g *Game) playRandom(src *rand.PCG, maxActions int) (actions, turns int) {
	rng := rand.New(src)
	small := g.pos.wordGen()
	run := !g.rules.LineCapture && !g.rules.Ransom
	for actions < maxActions {
		if run && g.pos.chain == NoSquare && g.pos.passes == 0 && g.pos.hand[0]|g.pos.hand[1] == 0 &&
			g.pos.pending == NoSquare {
			var n, turnsDone int
			var over bool
			if small {
				n, turnsDone, over = g.stepRun64(src, maxActions-actions)
			} else {
				n, turnsDone, over = g.stepRunWide(src, maxActions-actions)
			}
			actions += n
			turns += turnsDone
			if over {
				break
			}
			if n > 0 {
				continue
			}
		}
		if g.pos.hand[g.pos.side] > 0 {
			if n, turnsDone := g.placeRun(src, maxActions-actions); n > 0 {
				actions += n
				turns += turnsDone
				continue
			}
		}
		a, ok := g.RandomAction(rng)
		if !ok {
			break
		}
		g.Make(a)
		actions++
		if !g.pos.MidTurn() {
			turns++
		}
	}
	return actions, turns
}

// drawBelow is rand.New(src).IntN(int(n)) for n > 0: the same number
// from the same draws, without the interface call. It is math/rand/v2's
// uint64n, which that package keeps the same on every machine: the draw
// scaled by a multiply (scaleDraw), and drawn again, out of line, in the
// rare case that would bias it. The hot loops write its two lines out,
// so that it all inlines there.
func drawBelow(src *rand.PCG, n uint64) uint64 {
	k, lo := scaleDraw(src.Uint64(), n)
	if lo < n {
		k = redrawBelow(src, n, k, lo)
	}
	return k
}

// scaleDraw is the number below n that the draw x gives, and the low
// word of its product, which only when below n calls for redrawBelow
// (for a power of two it is the top value, which never does).
func scaleDraw(x, n uint64) (k, lo uint64) {
	if n&(n-1) == 0 {
		return x & (n - 1), ^uint64(0)
	}
	return bits.Mul64(x, n)
}

// redrawBelow is the end of drawBelow for a first draw whose low product
// lo fell below n: it draws again while lo is below 2⁶⁴ mod n.
func redrawBelow(src *rand.PCG, n, hi, lo uint64) uint64 {
	thresh := -n % n
	for lo < thresh {
		hi, lo = bits.Mul64(src.Uint64(), n)
	}
	return hi
}

// placeRun plays the random placement actions of the side to act and
// those after it while there are stones in hand, as RandomAction and Make
// would, for at most budget actions. It returns the actions made and the
// turns they completed.
func (g *Game) placeRun(src *rand.PCG, budget int) (n, turns int) {
	p := &g.pos
	geo := p.geo
	open := geo.all.AndNot(geo.centreBit)
	for n < budget {
		us := p.side
		if p.hand[us] == 0 {
			break
		}
		places := open.AndNot(p.stones[White].Or(p.stones[Black]))
		c := places.Count()
		if c == 0 {
			break
		}
		k, lo := scaleDraw(src.Uint64(), uint64(c))
		if lo < uint64(c) {
			k = redrawBelow(src, uint64(c), k, lo)
		}
		sq := places.selectSquare(int(k))
		n++
		p.toggleStone(us, sq)
		p.setHand(us, p.hand[us]-1)
		if p.hand[us]&1 == 0 {
			g.endTurn(false, false, true)
			turns++
		}
	}
	return n, turns
}

// repeatsIn is Game.repetitions on a history held apart from the game,
// for the position with hash h, recorded last, after quiet turns without
// a capture.
func repeatsIn(hist []uint64, histPrev []int32, h uint64, quiet int) int {
	n := len(hist)
	count := 1
	lo := max(0, n-1-quiet)
	for i := int(histPrev[n-1]) - 1; i >= lo; i = int(histPrev[i]) - 1 {
		if hist[i] == h {
			count++
		}
	}
	return count
}

// continueChain sets the chain going on after the side to act's
// capturing step to to, made on the board, when it does go on (see
// chainGoesOn), as Make does, and reports whether it does.
func (p *Position) continueChain(to Square) bool {
	if !p.chainGoesOn(to) {
		return false
	}
	if p.rules.Chain == ChainSameCapture {
		p.setChain(to)
	} else {
		p.setChain(ChainAny)
	}
	return true
}
