package board

import (
	"strings"
	"testing"
)

// FuzzSeFEN: parsing never panics, and a SeFEN that parses prints back to
// itself once normalised (print ∘ parse is the identity on printed SeFENs).
func FuzzSeFEN(f *testing.F) {
	for _, s := range []string{
		StartSeFEN,
		"wwbbw/1w2b/1ww1b/ww3/1wwbb w 0/0 - 0 15",
		"wwbbw/w1bwb/ww1bb/ww1bw/wbwbb w 0/0 - 0 14 asked=1 pending=e1",
		"wwb1w/1ww1b/1ww1b/1wbw1/b1bbb w 0/0 - 0 29 asked=1 accepted=1 bturns=8",
		"7/7/7/7/7/7/7 b 23/24 - 0 1",
		"5/5/5/5/5 w 12/12 + 0 1",
		"5/5/5/5/5 w 12/12 c3 0 1 passed=1",
	} {
		f.Add(s, "classic")
	}
	f.Fuzz(func(t *testing.T, fen, variant string) {
		r, err := Preset(variant)
		if err != nil {
			r = DefaultRules()
		}
		g, err := NewGameFromSeFEN(r, fen)
		if err != nil {
			return
		}
		printed := g.SeFEN()
		h, err := NewGameFromSeFEN(r, printed)
		if err != nil {
			t.Fatalf("printed SeFEN %q of %q does not parse: %v", printed, fen, err)
		}
		if again := h.SeFEN(); again != printed {
			t.Fatalf("round trip: %q -> %q -> %q", fen, printed, again)
		}
		if err := h.Position().Validate(); err != nil {
			t.Fatalf("%q: %v", printed, err)
		}
	})
}

// FuzzAction: parsing an action never panics, and a parsed action prints
// back to text that parses to the same action.
func FuzzAction(f *testing.F) {
	for _, s := range []string{"c1", "d3c3", "0000", "ransom:c2", "refuse", "accept:a1:e5", "accept:e5:a1", "i9", "z0", "ransom:", "accept:a1"} {
		f.Add(s, uint8(5))
	}
	f.Fuzz(func(t *testing.T, s string, size uint8) {
		n := []int{5, 7, 9}[size%3]
		a, err := ParseAction(s, n)
		if err != nil {
			return
		}
		text := ActionString(a, n)
		b, err := ParseAction(text, n)
		if err != nil || !b.Same(a) {
			t.Fatalf("%q -> %q -> %v (%v)", s, text, b, err)
		}
	})
}

// FuzzTurn: playing any token on a game never panics; a token that is
// refused changes nothing, and one that is accepted can be taken back.
func FuzzTurn(f *testing.F) {
	for _, s := range []string{"a1,b3", "c3", "a1", "a1,a1", "d3c3,e2d2", "0000", "ransom:c2", "refuse", ",", "a1,,b2"} {
		f.Add(s, "classic", "a1,b3 c2,d5 a4,b5 d2,c5 a3,e5 e3,c4 a2,e2 b1,e4 b2,d4 d1,d3 c1,a5 e1,b4")
	}
	f.Fuzz(func(t *testing.T, token, variant, prefix string) {
		r, err := Preset(variant)
		if err != nil {
			r = DefaultRules()
		}
		g, _ := NewGame(r)
		_ = g.PlayMoves(strings.Fields(prefix), PerTurn)
		before := g.SeFEN()
		ply := g.Ply()
		if err := g.PlayToken(token, PerTurn); err != nil {
			if after := g.SeFEN(); after != before || g.Ply() != ply {
				t.Fatalf("refused token %q changed the game: %s -> %s", token, before, after)
			}
			return
		}
		if err := g.Position().Validate(); err != nil {
			t.Fatalf("after %q: %v", token, err)
		}
		for g.Ply() > ply {
			g.Unmake()
		}
		if after := g.SeFEN(); after != before {
			t.Fatalf("unmake after %q: %s, want %s", token, after, before)
		}
	})
}
