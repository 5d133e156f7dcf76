package nnue

import (
	"math/rand/v2"
	"testing"

	"seega/board"
	"seega/internal/testgame"
)

// randomNet is a net for r with random weights, small enough that no
// accumulator can overflow on any board.
func randomNet(r board.Rules, hidden int, seed uint64) *Net {
	rng := rand.New(rand.NewPCG(seed, 7))
	n := &Net{Rules: r, Hidden: hidden, ScaleCP: 300, Command: "test",
		W1: make([]int16, NumFeatures*hidden), B1: make([]int16, hidden), W2: make([]int16, 2*hidden)}
	for i := range n.W1 {
		n.W1[i] = int16(rng.IntN(121) - 60)
	}
	for i := range n.B1 {
		n.B1[i] = int16(rng.IntN(255))
	}
	for i := range n.W2 {
		n.W2[i] = int16(rng.IntN(257) - 128)
	}
	n.B2 = int32(rng.IntN(2001) - 1000)
	return n
}

// everyRules lists the rule sets the tests walk: each preset on every
// board size the build holds (the narrow build stops at 7×7), and the
// no-limit rules of the conversion suites.
func everyRules(t testing.TB) []board.Rules {
	t.Helper()
	var out []board.Rules
	for _, v := range board.Variants {
		for _, n := range []int{5, 7, 9} {
			r, err := board.Preset(v)
			if err != nil {
				t.Fatal(err)
			}
			r.BoardSize = n
			if n*n > board.MaxSquares {
				continue
			}
			if err := r.Validate(); err != nil {
				t.Fatal(err)
			}
			out = append(out, r)
		}
	}
	return append(out, testgame.NoLimitRules(t, 7))
}

// linearStub is a fallback evaluation for the tests: material.
type linearStub struct{}

func (linearStub) Evaluate(g *board.Game) int {
	p := g.Position()
	us := p.SideToAct()
	return 100 * (p.Stones(us).Count() + p.Hand(us) - p.Stones(us.Other()).Count() - p.Hand(us.Other()))
}

func (linearStub) PlacementScore(g *board.Game, sq board.Square) int { return int(sq) }
