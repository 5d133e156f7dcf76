package board

import "sort"

// Perft counts the nodes at depth d of the tree whose edges are turns
// (RULES.md 5, "Counting"). It walks single actions internally and counts
// only at the ends of turns, so a position with millions of bonus chains
// is counted without listing them.
func (g *Game) Perft(d int) uint64 {
	if d == 0 {
		return 1
	}
	if g.over() {
		return 0
	}
	return g.perftTurn(d, NoSquare, g.dutyActive())
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
	nodes := uint64(p.countListed(&l))
	if l.movers.IsEmpty() {
		return nodes
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
