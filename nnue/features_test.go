package nnue

import (
	"math/rand/v2"
	"testing"

	"seega/board"
)

// TestFeaturesSquares: the square planes hold exactly the stones, each
// side's own on the own plane and the other's on the enemy plane, on
// every board size, along random games (the planes are laid in a word
// at a time, so an off-by-one in the shift would show here).
func TestFeaturesSquares(t *testing.T) {
	for _, r := range everyRules(t) {
		size := r.BoardSize
		rng := rand.New(rand.NewPCG(uint64(size), 2))
		g, err := board.NewGame(r)
		if err != nil {
			t.Fatal(err)
		}
		for range 300 {
			a, ok := g.RandomAction(rng)
			if !ok {
				break
			}
			g.Make(a)
			p := g.Position()
			for c := range 2 {
				me := board.Color(c)
				s := Features(p, g.Rules(), me)
				for sq := range board.Square(maxSquares) {
					onBoard := int(sq) < size*size
					wantOwn := onBoard && p.Stones(me).Has(sq)
					wantEnemy := onBoard && p.Stones(me.Other()).Has(sq)
					if s.Has(featOwn+int(sq)) != wantOwn || s.Has(featEnemy+int(sq)) != wantEnemy {
						t.Fatalf("%d×%d %s, perspective %v, square %d: own %v enemy %v, want %v %v",
							size, size, g.SeFEN(), me, sq, s.Has(featOwn+int(sq)), s.Has(featEnemy+int(sq)), wantOwn, wantEnemy)
					}
				}
			}
		}
	}
}
