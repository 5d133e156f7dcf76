package book

import (
	"math/rand/v2"
	"slices"
	"testing"

	"seega/board"
)

// randomPlacement plays turns random placement turns from the start of r.
func randomPlacement(t *testing.T, r board.Rules, rng *rand.Rand, turns int) *board.Game {
	t.Helper()
	g, err := board.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	for range turns {
		var all [][]board.Action
		g.ForEachTurn(func(turn []board.Action) bool {
			all = append(all, slices.Clone(turn))
			return true
		})
		for _, a := range all[rng.IntN(len(all))] {
			g.Make(a)
		}
	}
	return g
}

// image is the game at g's position mapped through symmetry s.
func image(t *testing.T, g *board.Game, s int) *board.Game {
	t.Helper()
	r := *g.Rules()
	im, err := board.NewGameFromSeFEN(r, rawKey(g.Position()).Transform(s).SeFEN(r))
	if err != nil {
		t.Fatal(err)
	}
	return im
}

func squaresOf(turn []board.Action) [2]board.Square {
	return [2]board.Square{turn[0].To, turn[1].To}
}

// A position and its eight images share one entry, and each image's probe
// answers the original's turn mapped through the same symmetry, legal in
// the image.
func TestProbeUnderSymmetry(t *testing.T) {
	r, _ := board.Preset("egyptian")
	rng := rand.New(rand.NewPCG(44, 1))
	for trial := range 40 {
		g := randomPlacement(t, r, rng, trial%6)
		k, _ := KeyOf(g.Position())
		// The entry's turn: the canonical position's first legal turn.
		canon, err := gameAt(r, k)
		if err != nil {
			t.Fatal(err)
		}
		var stored [2]board.Square
		canon.ForEachTurn(func(turn []board.Action) bool {
			stored = placed(turn)
			return false
		})
		b := &Book{Rules: r.String(), Entries: []Entry{{Key: k, Turn: stored, Nodes: 1000}}}
		base, _, ok := b.Probe(g)
		if !ok {
			t.Fatalf("trial %d: %s: the probe missed its own entry", trial, g.SeFEN())
		}
		if !legal(g, base) {
			t.Fatalf("trial %d: %s: the book turn %v is not legal", trial, g.SeFEN(), base)
		}
		for s := range board.Symmetries {
			im := image(t, g, s)
			if ik, _ := KeyOf(im.Position()); ik != k {
				t.Fatalf("trial %d: image %d has key %#x, the position %#x", trial, s, ik, k)
			}
			turn, _, ok := b.Probe(im)
			if !ok {
				t.Fatalf("trial %d: image %d (%s): no answer", trial, s, im.SeFEN())
			}
			// Where the position is symmetric, more than one symmetry
			// maps it onto the image, and the answer may be the
			// original's turn mapped through any of them.
			got, mapped := squaresOf(turn), false
			var wants [][2]board.Square
			for s2 := range board.Symmetries {
				if rawKey(g.Position()).Transform(s2) != rawKey(im.Position()) {
					continue
				}
				a, c := symSquare[s2][base[0].To], symSquare[s2][base[1].To]
				want := [2]board.Square{min(a, c), max(a, c)}
				wants = append(wants, want)
				mapped = mapped || got == want
			}
			if !mapped {
				t.Errorf("trial %d: image %d (%s): turn %v, want one of %v (the original's %v mapped)", trial, s, im.SeFEN(), got, wants, squaresOf(base))
			}
		}
	}
}

// The canonical key of a position is its least image, and the symmetry
// KeyOf gives maps the position onto it.
func TestCanonicalKey(t *testing.T) {
	r, _ := board.Preset("egyptian")
	rng := rand.New(rand.NewPCG(7, 7))
	for trial := range 50 {
		g := randomPlacement(t, r, rng, 1+trial%5)
		raw := rawKey(g.Position())
		k, sym := KeyOf(g.Position())
		if raw.Transform(sym) != k {
			t.Fatalf("%s: the symmetry %d maps %#x to %#x, not the key %#x", g.SeFEN(), sym, raw, raw.Transform(sym), k)
		}
		for s := range board.Symmetries {
			if raw.Transform(s) < k {
				t.Fatalf("%s: image %d is less than the key", g.SeFEN(), s)
			}
			if raw.Transform(s).Transform(inverseSym[s]) != raw {
				t.Fatalf("symmetry %d and its inverse %d do not cancel", s, inverseSym[s])
			}
		}
		// The SeFEN written from the key is the position's own.
		if got := raw.SeFEN(r); got != g.SeFEN() {
			t.Errorf("key SeFEN %q, position %q", got, g.SeFEN())
		}
	}
}

// Under a half-done placement turn, the probe answers the rest of the
// book turn when the stone placed is one of its two, and nothing when it
// is not.
func TestProbeHalfDoneTurn(t *testing.T) {
	r, _ := board.Preset("egyptian")
	g, _ := board.NewGame(r)
	k, _ := KeyOf(g.Position())
	b := &Book{Rules: r.String(), Entries: []Entry{{Key: k, Turn: [2]board.Square{1, 3}, Nodes: 1000}}}
	full, _, ok := b.Probe(g)
	if !ok {
		t.Fatal("no answer at the start")
	}
	first, _ := g.Legalize(full[0])
	g.Make(first)
	rest, _, ok := b.Probe(g)
	if !ok || len(rest) != 1 || rest[0].To != full[1].To {
		t.Fatalf("after %v: rest %v (ok %v), want %v", full[0], rest, ok, full[1])
	}
	g.Unmake()
	other, _ := g.Legalize(board.Action{From: board.NoSquare, To: 20, Kind: board.ActPlace})
	g.Make(other)
	if rest, _, ok := b.Probe(g); ok {
		t.Errorf("after a stone off the book turn, the probe answered %v", rest)
	}
	if g.Position().Stones(board.White).Count() != 1 || !g.Position().MidTurn() {
		t.Error("the probe did not leave the game as it found it")
	}
}

// A stored turn that is not legal in its position (a damaged book that
// passed the checksum, or a bug) is never answered.
func TestProbeRefusesIllegalTurn(t *testing.T) {
	r, _ := board.Preset("egyptian")
	g, _ := board.NewGame(r)
	g.Make(board.Action{From: board.NoSquare, To: 0, Kind: board.ActPlace})
	g.Make(board.Action{From: board.NoSquare, To: 24, Kind: board.ActPlace})
	k, sym := KeyOf(g.Position())
	occupied := symSquare[sym][0]
	b := &Book{Rules: r.String(), Entries: []Entry{{Key: k, Turn: [2]board.Square{min(occupied, 1), max(occupied, 1)}, Nodes: 1000}}}
	if occupied == 1 {
		b.Entries[0].Turn = [2]board.Square{1, 2}
	}
	if turn, _, ok := b.Probe(g); ok {
		t.Errorf("a turn onto an occupied square was answered: %v", turn)
	}
}
