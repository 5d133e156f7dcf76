package board

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// noLimitRules are the conversion suites' no-limit rules on an n×n board.
func noLimitRules(t *testing.T, n int) Rules {
	t.Helper()
	r, err := Preset("egyptian")
	if err != nil {
		t.Fatal(err)
	}
	for _, kv := range [][2]string{
		{"BoardSize", strconv.Itoa(n)}, {"Directions", "4"}, {"CentreSafe", "off"}, {"Chain", "none"},
		{"Blocked", "pass"}, {"LoseAt", "0"}, {"NoCaptureLimit", "0"}, {"RepetitionDraw", "0"},
	} {
		if err := r.Set(kv[0], kv[1]); err != nil {
			t.Fatal(err)
		}
	}
	return r
}

// squares is the set of the named squares on an n×n board.
func squares(t *testing.T, n int, names ...string) Bitboard {
	t.Helper()
	var b Bitboard
	for _, s := range names {
		sq, err := ParseSquare(s, n)
		if err != nil {
			t.Fatal(err)
		}
		b = b.Or(SquareBit(sq))
	}
	return b
}

// TestFortressPositions: the corner pocket that drew the no-limit 7×7
// conversion suite's position 19 in all six of its games is found, under
// all eight symmetries, and near misses are not.
func TestFortressPositions(t *testing.T) {
	lineCapture := noLimitRules(t, 5)
	lineCapture.LineCapture = true
	for _, c := range []struct {
		name  string
		rules Rules
		fen   string
		want  []string // Black's fortress
	}{
		{"position 19's draw: four stones round a1, b1 stepping in and out", noLimitRules(t, 7),
			"6w/2www1w/2www2/www2ww/www2ww/bbwwww1/1bbww2 w 0/0 - 159 235", []string{"a2", "b2", "b1", "c1"}},
		{"the same after b1-a1: the hole has moved", noLimitRules(t, 7),
			"6w/2www1w/2www2/www2ww/www2ww/bbwwww1/b1bww2 w 0/0 - 160 235", []string{"a1", "a2", "b2", "c1"}},
		{"a full 2×2 corner: safe stones, but no step inside them", noLimitRules(t, 5),
			"5/5/ww3/bbw2/bbw2 w 0/0 - 0 30", nil},
		{"a gap at c1: any step into a1 lets White in", noLimitRules(t, 5),
			"5/5/ww3/bbw2/1b1w1 w 0/0 - 0 30", nil},
		{"a 5×5 pocket", noLimitRules(t, 5),
			"5/ww3/bbw2/bbw2/1bw2 w 0/0 - 0 30", []string{"a3", "b3", "a2", "b2", "b1"}},
		{"the 5×5 pocket under LineCapture: runs can be taken whole, no fortress", lineCapture,
			"5/ww3/bbw2/bbw2/1bw2 w 0/0 - 0 30", nil},
	} {
		for sym := range Symmetries {
			fen, err := transformSeFEN(c.fen, sym)
			if err != nil {
				t.Fatal(err)
			}
			g, err := NewGameFromSeFEN(c.rules, fen)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			n := c.rules.BoardSize
			want := TransformBitboard(squares(t, n, c.want...), n, sym)
			if got := g.Position().Fortress(Black); got != want {
				t.Errorf("%s, symmetry %d (%s): Black's fortress %v, want %v", c.name, sym, fen, names(got, n), names(want, n))
			}
		}
	}
}

func names(b Bitboard, n int) string {
	var s []string
	for b.Any() {
		s = append(s, SquareName(b.Pop(), n))
	}
	return "[" + strings.Join(s, " ") + "]"
}

// TestFortressHolds plays out random positions that hold a fortress:
// whatever the enemy does, the fortress side always has a step that
// keeps a fortress of the same size, never loses one of its stones, and
// the game never ends in its loss. Under the no-limit rules, sudanese's
// (8 directions, chains of captures) and pro's (Blocked lose).
func TestFortressHolds(t *testing.T) {
	sudanese, _ := Preset("sudanese")
	pro, _ := Preset("pro")
	rng := rand.New(rand.NewPCG(44, 1))
	for _, r := range []Rules{noLimitRules(t, 5), noLimitRules(t, 7), sudanese, pro} {
		found := 0
		for try := 0; try < 40000 && found < 60; try++ {
			g := randomMovementGame(r, rng)
			if g == nil {
				continue
			}
			side := g.Position().SideToAct().Other()
			f := g.Position().Fortress(side)
			if f.Count() <= r.LoseAt {
				continue
			}
			found++
			playAgainstFortress(t, g, side, rng)
		}
		t.Logf("%s %d×%d: %d positions with a fortress played out", r.Variant, r.BoardSize, r.BoardSize, found)
		if found < 20 {
			t.Errorf("%s %d×%d: only %d random positions with a fortress; the test needs more", r.Variant, r.BoardSize, r.BoardSize, found)
		}
	}
}

// randomMovementGame is a random movement-phase position under r with
// the side to act's opponent likelier to sit in corners, or nil where
// the SeFEN is refused or the game is already over.
func randomMovementGame(r Rules, rng *rand.Rand) *Game {
	n := r.BoardSize
	ranks := make([]string, n)
	for rank := range n {
		var b strings.Builder
		for file := range n {
			edge := rank == 0 || rank == n-1 || file == 0 || file == n-1
			switch x := rng.IntN(100); {
			case x < 35 || (edge && x < 55):
				b.WriteByte('b')
			case x < 75:
				b.WriteByte('w')
			default:
				b.WriteByte('1')
			}
		}
		ranks[rank] = b.String()
	}
	g, err := NewGameFromSeFEN(r, strings.Join(ranks, "/")+" w 0/0 - 0 40")
	if err != nil || g.Result().Over() {
		return nil
	}
	return g
}

// playAgainstFortress plays 60 turns from g: side's opponent at random,
// side by a step that keeps its fortress whole.
func playAgainstFortress(t *testing.T, g *Game, side Color, rng *rand.Rand) {
	t.Helper()
	start := g.SeFEN()
	size := g.Position().Fortress(side).Count()
	var buf []Action
	for turn := 0; turn < 60 && !g.Result().Over(); turn++ {
		p := g.Position()
		f := p.Fortress(side)
		if f.Count() != size || f.And(p.Stones(side)) != f {
			t.Fatalf("from %s, at %s: %s's fortress has %d stones, want %d", start, g.SeFEN(), side, f.Count(), size)
		}
		buf = g.LegalActions(buf[:0])
		if p.SideToAct() != side {
			g.Make(buf[rng.IntN(len(buf))])
			continue
		}
		kept := false
		for _, a := range buf {
			if a.Kind != ActStep || !f.Has(a.From) {
				continue
			}
			g.Make(a)
			if g.Position().SideToAct() != side && g.Position().Fortress(side).Count() == size {
				kept = true
				break
			}
			g.Unmake()
		}
		if !kept {
			t.Fatalf("from %s, at %s: %s has no step that keeps its fortress", start, g.SeFEN(), side)
		}
	}
	lost := WhiteWins
	if side == White {
		lost = BlackWins
	}
	if res := g.Result(); res.Outcome == lost {
		t.Fatalf("from %s: %s lost at %s (%v)", start, side, g.SeFEN(), res)
	}
}

// TestFortressQuickTestIsExact: the quick test that fortress runs before
// its loop never turns away a position the loop finds a fortress in, and
// the one-word loop of 5×5 and 7×7 (fortress64) finds what the two-word
// loop finds, on random positions of every size and direction count,
// whichever side holds it, with and without a safe centre.
func TestFortressQuickTestIsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 1))
	sudanese, _ := Preset("sudanese")
	rules := []Rules{noLimitRules(t, 5), noLimitRules(t, 7), sudanese}
	if MaxSquares >= 81 { // the narrow build holds boards up to 7×7
		rules = append(rules, noLimitRules(t, 9))
	}
	for _, r := range rules {
		found := 0
		for range 20000 {
			g := randomMovementGame(r, rng)
			if g == nil {
				continue
			}
			p := g.Position()
			for _, c := range []Color{White, Black} {
				own, enemy := p.Stones(c), p.Stones(c.Other())
				for _, safe := range []Bitboard{{}, p.geo.centreBit} {
					want := p.geo.fortressRegion(own, enemy, safe)
					if got := p.geo.fortress(own, enemy, safe); got != want {
						t.Fatalf("%s: fortress of %v (safe %v) is %v, the two-word loop alone finds %v", g.SeFEN(), c, safe, got, want)
					}
					if !want.IsEmpty() {
						found++
					}
				}
			}
		}
		if found < 50 {
			t.Errorf("%s %d×%d: only %d fortresses among the random positions; the test needs more", r.Variant, r.BoardSize, r.BoardSize, found)
		}
	}
}
