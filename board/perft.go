package board

import (
	"math/bits"
	"sort"
)

// Perft counts the nodes at depth d of the tree whose edges are turns
// (RULES.md 5, "Counting"). It walks single actions internally and counts
// only at the ends of turns, so a position with millions of bonus chains
// is counted without listing them.
func (g *Game) Perft(d int) uint64 {
	if d == 0 {
		return 1
	}
	if d == 1 {
		return g.perft1()
	}
	if g.over() {
		return 0
	}
	if d == 2 && !g.pos.rules.LineCapture {
		var n uint64
		var ok bool
		if g.pos.geo.small {
			n, ok = g.perft2Fast64()
		} else {
			n, ok = g.perft2FastWide()
		}
		if ok {
			return n
		}
	}
	return g.perftTurn(d, NoSquare, g.dutyActive())
}

// perft1 is Perft(1). In a movement position it takes the game-over test
// and the count from one pass (countMovement), whose step count also
// answers the blocked test, and corrects the count for the capturing
// steps whose chain goes on.
func (g *Game) perft1() uint64 {
	p := &g.pos
	if p.wordGen() {
		if n, done := g.perft1Fast64(); done {
			return n
		}
	} else if p.hand[0]|p.hand[1] == 0 && p.pending == NoSquare {
		var l listing
		if n, over, fast := g.countMovement(&l); fast {
			if over {
				return 0
			}
			return g.chainTurns(&l, uint64(n))
		}
	}
	if g.over() {
		return 0
	}
	return g.perftTurn(1, NoSquare, g.dutyActive())
}

// perftTurn walks the rest of the current turn and counts, for each way to
// complete it, the subtree of depth d-1 below. minPlace keeps a placement
// pair in square order, so each pair is one turn.
func (g *Game) perftTurn(d int, minPlace Square, duty bool) uint64 {
	if d == 1 && !duty {
		return g.lastTurns(minPlace)
	}
	buf := g.pos.pseudoActions(g.buffer())
	g.keep(buf)
	var nodes uint64
	for _, a := range buf {
		if a.Kind == ActPlace && a.To <= minPlace {
			continue
		}
		g.Make(a)
		switch {
		case g.pos.MidTurn():
			next := NoSquare
			if a.Kind == ActPlace {
				next = a.To
			}
			nodes += g.perftTurn(d, next, duty)
		case duty && !g.dutyMet():
		case d == 1:
			nodes++
		default:
			nodes += g.Perft(d - 1)
		}
		g.Unmake()
	}
	return nodes
}

// lastTurns is perftTurn at depth 1 outside the whiteopens duty, where
// every completion of the turn counts 1 whatever follows it (bulk
// counting). The actions are counted, not listed, and almost none is made:
// each one completes the turn except a first placement stone (whose
// completions are the later second stones) and a capturing step whose
// chain goes on, which is made and walked. Under the duty every
// completion must be made and judged, so there perftTurn walks.
func (g *Game) lastTurns(minPlace Square) uint64 {
	p := &g.pos
	var l listing
	p.list(&l, false)
	if l.places.Any() {
		if p.hand[p.side]&1 == 0 { // the first stone of a pair
			k := uint64(l.places.Count())
			return k * (k - 1) / 2
		}
		n := uint64(0) // the second stone, after minPlace in square order
		for e := l.places; e.Any(); {
			if e.Pop() > minPlace {
				n++
			}
		}
		return n
	}
	return g.chainTurns(&l, uint64(p.countListed(&l)))
}

// chainTurns corrects nodes, the number of actions of listing l, into the
// number of turns they complete: a capturing step whose chain goes on
// was counted as one turn, and its chains are the turns instead. Only
// those steps are made, and on small boards without LineCapture not even
// those (chainTurns64).
func (g *Game) chainTurns(l *listing, nodes uint64) uint64 {
	p := &g.pos
	if l.movers.IsEmpty() || p.rules.Chain == ChainNone {
		return nodes
	}
	if p.wordGen() {
		return g.chainTurns64(l.movers.lo, nodes)
	}
	if !p.rules.LineCapture {
		return g.chainTurnsWide(l.movers, nodes)
	}
	caps := p.appendSteps(g.buffer(), p.side, l.movers, true)
	g.keep(caps)
	for _, a := range caps {
		if !p.stepGoesOn(a) {
			continue
		}
		nodes-- // counted above as one turn; its chains are the turns
		g.Make(a)
		nodes += g.perftTurn(1, NoSquare, false)
		g.Unmake()
	}
	return nodes
}

// chainTurns64 is chainTurns on the low word: it finds the capturing
// steps whose chain goes on without listing them, with the chain test
// on the stones as the step leaves them, and counts their chains on the
// stones too (chainCorrection64): nothing is made.
func (g *Game) chainTurns64(from, nodes uint64) uint64 {
	p := &g.pos
	geo := p.geo
	us := p.side
	own, opp := p.stones[us].lo, p.stones[us^1].lo
	capturable := p.capturable64(us)
	movers := own & from
	_, reached := geo.reach64(movers, geo.all.lo&^(own|opp))
	ct := geo.captureTargets64(own, capturable)
	return g.chainCorrection64(reached&ct, ct, movers, own, opp, nodes)
}

// perft1Fast64 is perft1 on a small board without LineCapture, for a
// movement position with no ransom request pending, outside the
// whiteopens duty and for a side that is not blocked: the game-over
// test, the count and the chain correction from one pass over a few
// words, as randomAction64 does for its pick. done is false where another
// case applies.
func (g *Game) perft1Fast64() (nodes uint64, done bool) {
	p := &g.pos
	if p.hand[0]|p.hand[1] != 0 || p.pending != NoSquare {
		return 0, false
	}
	geo := p.geo
	r := &g.rules
	us := p.side
	own, opp := p.stones[us].lo, p.stones[us^1].lo
	nOwn, nOpp := bits.OnesCount64(own), bits.OnesCount64(opp)
	if nOwn <= r.LoseAt || nOpp <= r.LoseAt {
		return 0, true
	}
	capturable := opp
	if r.CentreSafe {
		capturable &^= geo.centreBit.lo
	}
	movers := own
	capturing, extra := false, 0
	switch {
	case p.chain == NoSquare:
		if r.Blocked == BlockedWhiteOpens && us == White && p.passes > 0 {
			return 0, false // the duty: every turn must be made and judged
		}
		w, b := nOwn, nOpp
		if us == Black {
			w, b = b, w
		}
		if o, _, _ := g.laterEnds(w, b); o != Ongoing {
			return 0, true
		}
		if p.canRequestRansom() {
			extra = bits.OnesCount64(p.stones[Black].lo)
		}
	case p.chain == ChainAny:
		capturing = r.Chain != ChainBonus
		if capturing && !r.ChainMandatory {
			extra = 1
		}
	default:
		movers, capturing = 1<<(uint(p.chain)&63), true
		if !r.ChainMandatory {
			extra = 1
		}
	}
	targets := geo.all.lo &^ (own | opp)
	var captureTargets uint64
	if capturing || r.Chain != ChainNone {
		captureTargets = geo.captureTargets64(own, capturable)
	}
	if capturing {
		targets &= captureTargets
	}
	n, reached := geo.reach64(movers, targets)
	if n == 0 && (p.chain == NoSquare || extra == 0) {
		return 0, false // blocked, or a chain with no way on
	}
	nodes = uint64(n + extra)
	if r.Chain == ChainNone {
		return nodes, true
	}
	return g.chainCorrection64(reached&captureTargets, captureTargets, movers, own, opp, nodes), true
}

// DivideEntry is one root turn and the perft count below it.
type DivideEntry struct {
	Turn  string
	Nodes uint64
}

// Divide counts perft d-1 below each legal root turn, sorted by turn text.
func (g *Game) Divide(d int) []DivideEntry {
	var out []DivideEntry
	if d < 1 {
		return out
	}
	n := g.pos.geo.n
	g.ForEachTurn(func(t []Action) bool {
		out = append(out, DivideEntry{Turn: TurnString(t, n), Nodes: g.Perft(d - 1)})
		return true
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Turn < out[j].Turn })
	return out
}
