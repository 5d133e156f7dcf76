package board

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestCapturedMatchesRuns checks captured64 against the capture pairs
// of runsAt64, and capturedWide against those of runsWide: for both sides
// of random positions (5×5 and 7×7 for the word, every size for the
// Bitboard form), with the centre safe or not, the stones a step onto each
// empty square takes.
func TestCapturedMatchesRuns(t *testing.T) {
	checked := 0
	for _, n := range []int{5, 7, 9} {
		if n*n > MaxSquares {
			continue
		}
		for _, safe := range []string{"off", "on"} {
			t.Run(fmt.Sprintf("%d×%d CentreSafe=%s", n, n, safe), func(t *testing.T) {
				r := rulesOf(t, "pro", fmt.Sprintf("BoardSize=%d", n), "CentreSafe="+safe)
				rng := rand.New(rand.NewPCG(uint64(n), 7))
				for game := 0; game < 6; game++ {
					g, _ := NewGame(r)
					for ply := 0; ply < 300; ply++ {
						p := &g.pos
						geo := p.geo
						for c := White; c <= Black; c++ {
							wide := geo.flankedWide(p.stones[c], p.capturable(c))
							for e := p.Empty(); e.Any(); {
								ti := e.Pop()
								want := geo.singleCaptures(ti, geo.runsWide(ti, p.stones[c], p.capturable(c)))
								if got := geo.capturedWide(ti, &wide); got != want {
									t.Fatalf("%s, %v stepping to %v: capturedWide %v, the runs take %v", p.SeFEN(), c, ti, got, want)
								}
								checked++
							}
							if !geo.small {
								continue
							}
							own, capturable := p.stones[c].lo, p.capturable64(c)
							flanked := geo.flanked64(own, capturable)
							for e := p.empty64(); e != 0; e &= e - 1 {
								ti := bits.TrailingZeros64(e)
								var want uint64
								for rr := uint32(geo.runsAt64(Square(ti), own, capturable)); rr != 0; rr &= rr - 1 {
									want |= 1 << (uint(geo.next[ti][uint(bits.TrailingZeros32(rr))/runBits]) & 63)
								}
								if got := geo.captured64(ti, &flanked); got != want {
									t.Fatalf("%s, %v stepping to %v: captured64 %#x, the runs take %#x", p.SeFEN(), c, Square(ti), got, want)
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
	if checked < 10000 {
		t.Fatalf("only %d steps checked", checked)
	}
}
