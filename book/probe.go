package book

import (
	"seega/board"
)

// Probe is b's turn for g's position, as actions of g (the squares mapped
// back from the entry's orientation, in square order), with its entry.
// ok is false when g's rules are not the book's, the position is not
// Bookable or not in the book, or the stored turn is not legal in g
// (which only a damaged book could make). Under a half-done placement
// turn, Probe looks up the position before it and answers the rest of
// the book turn if the stone placed is one of its two. g is left as it
// was.
func (b *Book) Probe(g *board.Game) (turn []board.Action, e Entry, ok bool) {
	if b == nil || g.Rules().String() != b.Rules {
		return nil, Entry{}, false
	}
	pos := g.Position()
	if pos.Placement() && pos.MidTurn() {
		return b.probeRest(g)
	}
	if Bookable(pos) != nil {
		return nil, Entry{}, false
	}
	k, sym := KeyOf(pos)
	e, ok = b.Lookup(k)
	if !ok {
		return nil, Entry{}, false
	}
	undo := inverseSym[sym]
	a, c := symSquare[undo][e.Turn[0]], symSquare[undo][e.Turn[1]]
	if a > c {
		a, c = c, a
	}
	turn = []board.Action{
		{From: board.NoSquare, To: a, Kind: board.ActPlace},
		{From: board.NoSquare, To: c, Kind: board.ActPlace},
	}
	if !legal(g, turn) {
		return nil, Entry{}, false
	}
	return turn, e, true
}

// probeRest answers a half-done placement turn: the book turn of the
// position before its first stone, less that stone.
func (b *Book) probeRest(g *board.Game) ([]board.Action, Entry, bool) {
	first, ok := g.LastAction()
	if !ok || first.Kind != board.ActPlace {
		return nil, Entry{}, false
	}
	g.Unmake()
	turn, e, ok := b.Probe(g)
	g.Make(first)
	if !ok {
		return nil, Entry{}, false
	}
	for i, a := range turn {
		if a.To == first.To {
			rest := turn[1-i : 2-i]
			if !legal(g, rest) {
				return nil, Entry{}, false
			}
			return rest, e, true
		}
	}
	return nil, Entry{}, false
}

// legal reports whether turn is a legal turn (or the legal rest of one)
// from g, leaving g as it was.
func legal(g *board.Game, turn []board.Action) bool {
	made := 0
	ok := true
	for _, a := range turn {
		la, legal := g.Legalize(a)
		if !legal {
			ok = false
			break
		}
		g.Make(la)
		made++
	}
	if ok && g.Position().MidTurn() {
		ok = false
	}
	for range made {
		g.Unmake()
	}
	return ok
}
