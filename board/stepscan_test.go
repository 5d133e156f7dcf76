package board

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestStepScanMatchesSteps checks StepScan against the steps the generator
// lists, for both sides of random movement positions of every size, with
// 4 and 8 directions, the centre safe or not: the count, the targets, the
// stones that move, the union of the captures, and the largest capture of
// the steps of every stone and of one stone alone (a samecapture chain's).
func TestStepScanMatchesSteps(t *testing.T) {
	checked := 0
	games := 20
	if testing.Short() {
		games = 4
	}
	for _, n := range []int{5, 7, 9} {
		if n*n > MaxSquares {
			continue
		}
		for _, dirs := range []int{4, 8} {
			for _, safe := range []string{"off", "on"} {
				t.Run(fmt.Sprintf("%d×%d %d directions CentreSafe=%s", n, n, dirs, safe), func(t *testing.T) {
					r := rulesOf(t, "pro", fmt.Sprintf("BoardSize=%d", n), fmt.Sprintf("Directions=%d", dirs), "CentreSafe="+safe)
					rng := rand.New(rand.NewPCG(uint64(n*10+dirs), 3))
					sc := GeometryFor(n, dirs).StepScanner()
					for game := 0; game < games; game++ {
						g, _ := NewGame(r)
						for ply := 0; ply < 400; ply++ {
							if !g.pos.Placement() {
								for c := White; c <= Black; c++ {
									checkStepScan(t, g, sc, c, g.pos.stones[c])
									for b := g.pos.stones[c]; b.Any(); {
										checkStepScan(t, g, sc, c, SquareBit(b.Pop()))
									}
									checked++
								}
							}
							a, ok := g.RandomAction(rng)
							if !ok {
								break
							}
							g.Make(a)
						}
					}
				})
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// checkStepScan compares one scan of c's steps with the listed ones.
func checkStepScan(t *testing.T, g *Game, sc StepScanner, c Color, from Bitboard) {
	t.Helper()
	p := &g.pos
	var want StepScan
	all := p.appendSteps(nil, c, p.stones[c], false)
	for _, a := range all {
		want.Steps++
		want.Reached = want.Reached.Or(SquareBit(a.To))
		want.Mobile = want.Mobile.Or(SquareBit(a.From))
		want.Threatened = want.Threatened.Or(p.CaptureSet(a))
		if from.Has(a.From) {
			want.Best = max(want.Best, a.CaptureCount())
		}
	}
	var got StepScan
	sc.Scan(p.stones[c], p.capturable(c), p.Empty(), from, &got)
	if got != want {
		t.Fatalf("%s, %s from %v: scan %+v, steps give %+v", g.SeFEN(), c, from, got, want)
	}
}

// TestPlanes checks the bit-plane counter on every count of four
// squares from 0 to 8.
func TestPlanes(t *testing.T) {
	for a := 0; a <= 8; a++ {
		for b := 0; b <= 8; b++ {
			var c planes
			for i := 0; i < 8; i++ {
				var x uint64
				if i < a {
					x |= 1 << 3
				}
				if i < b {
					x |= 1 << 60
				}
				c.add(x)
			}
			if got := c.max(); got != max(a, b) {
				t.Fatalf("counts %d and %d: max %d", a, b, got)
			}
		}
	}
}
