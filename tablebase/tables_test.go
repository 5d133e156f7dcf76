package tablebase

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"seega/board"
)

// ruleCase is a rule set the tables are checked under, with the most
// stones its tables get in the short run and in the long one.
type ruleCase struct {
	name       string
	rules      board.Rules
	short, all int // stones: make test (0: skipped there), make test-long
	samples    int // positions checked in the short run (10,000 in the long)
}

func preset(name string, opts ...string) board.Rules {
	r, err := board.Preset(name)
	if err != nil {
		panic(err)
	}
	if err := r.ParseOptions(opts); err != nil {
		panic(err)
	}
	return r
}

// ruleCases are the presets, and beside them rule sets that bring in each
// option value the presets leave out. Sudanese's LoseAt 2 leaves no
// position with both sides above it at 4 stones or fewer (TestNoTables
// shows it), so sudanese is checked with LoseAt 0.
func ruleCases() []ruleCase {
	return []ruleCase{
		{"egyptian", preset("egyptian"), 3, 4, 300},
		{"sudanese-lose0", preset("sudanese", "LoseAt=0"), 3, 4, 300},
		{"classic", preset("classic"), 4, 4, 300},
		{"pro", preset("pro"), 0, 4, 300}, // long run only: the history search and the consistency test cover it short
		{"pro-bonus-8dir", preset("pro", "Chain=bonus", "Directions=8", "LoseAt=0"), 3, 4, 200},
		{"classic-anycapture-optional-line", preset("classic", "Chain=anycapture", "ChainMandatory=off", "LineCapture=on", "LoseAt=0"), 3, 4, 200},
		{"egyptian-none-lose-short-limit", preset("egyptian", "Chain=none", "Blocked=lose", "NoCaptureLimit=6", "CentreSafe=off"), 3, 4, 200},
		{"egyptian-whiteopens-samecapture-optional", preset("egyptian", "Blocked=whiteopens", "Chain=samecapture", "ChainMandatory=off", "NoCaptureLimit=8"), 3, 4, 200},
		{"sudanese-norepetition-safe-line", preset("sudanese", "LoseAt=0", "RepetitionDraw=0", "CentreSafe=on", "LineCapture=on"), 3, 4, 200},
	}
}

// fenOf writes a movement turn start as SeFEN.
func fenOf(r board.Rules, white, black board.Bitboard, side board.Color, passed bool, quiet int) string {
	n := r.BoardSize
	var sb strings.Builder
	for rank := n - 1; rank >= 0; rank-- {
		empty := 0
		for f := 0; f < n; f++ {
			sq := board.Square(rank*n + f)
			ch := byte(0)
			switch {
			case white.Has(sq):
				ch = 'w'
			case black.Has(sq):
				ch = 'b'
			}
			if ch == 0 {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(ch)
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			sb.WriteByte('/')
		}
	}
	s := "w"
	if side == board.Black {
		s = "b"
	}
	fmt.Fprintf(&sb, " %s 0/0 - %d 1", s, quiet)
	if passed {
		sb.WriteString(" passed=1")
	}
	if r.Ransom {
		sb.WriteString(" asked=1 accepted=1")
	}
	return sb.String()
}

// randomFEN is a random covered position of at most k stones.
func randomFEN(rng *rand.Rand, r board.Rules, k int) string {
	ms := Materials(r, k)
	m := ms[rng.IntN(len(ms))]
	sq := rng.Perm(r.BoardSize * r.BoardSize)
	var w, b board.Bitboard
	for i := 0; i < m.White; i++ {
		w = w.Or(board.SquareBit(board.Square(sq[i])))
	}
	for i := m.White; i < m.Total(); i++ {
		b = b.Or(board.SquareBit(board.Square(sq[i])))
	}
	side := board.Color(rng.IntN(2))
	passed := r.Blocked != board.BlockedLose && rng.IntN(4) == 0
	quiet := 0
	if r.NoCaptureLimit > 0 {
		quiet = rng.IntN(r.NoCaptureLimit)
	}
	return fenOf(r, w, b, side, passed, quiet)
}

// buildTables generates the tables of r up to k stones in a temporary
// directory and opens them.
func buildTables(t *testing.T, r board.Rules, k int) *Tables {
	t.Helper()
	dir := t.TempDir()
	if err := Generate(r, Options{Stones: k, Dir: dir, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	tabs, err := Open(dir, r)
	if err != nil {
		t.Fatal(err)
	}
	return tabs
}

func probeFEN(t *testing.T, tabs *Tables, r board.Rules, fen string) Value {
	t.Helper()
	g, err := board.NewGameFromSeFEN(r, fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	v, ok := tabs.Probe(g)
	if !ok {
		t.Fatalf("%s: not covered: %s", fen, tabs.WhyNot(g))
	}
	return v
}

// TestAgainstChecker is the independent check: for random covered
// positions of every rule case, the table's value and turn count equal
// the checker's, and so do those of the position's 8 images under the
// board's symmetries (each solved by the checker on its own). The short
// run checks a few hundred positions of up to 3 or 4 stones; the long
// run 10,000 per rule case, of up to 4.
func TestAgainstChecker(t *testing.T) {
	for _, rc := range ruleCases() {
		t.Run(rc.name, func(t *testing.T) {
			k, samples := rc.short, rc.samples
			if !testing.Short() {
				k, samples = rc.all, 10000
			} else if k == 0 {
				t.Skip("long run only")
			}
			tabs := buildTables(t, rc.rules, k)
			ck := newChecker(rc.rules)
			rng := rand.New(rand.NewPCG(uint64(len(rc.name)), 13))
			decided := 0
			for i, tries := 0, 0; i < samples; tries++ {
				fen := randomFEN(rng, rc.rules, k)
				got := probeFEN(t, tabs, rc.rules, fen)
				// Most positions of 2 against 2 are draws; keep at most
				// two draws per decided position while decided ones come.
				if got.WDL == Draw && i-decided > 2*decided+10 && tries < 50*samples {
					continue
				}
				i++
				if got.WDL != Draw {
					decided++
				}
				for s := 0; s < 8; s++ {
					img := imageFEN(t, rc.rules, fen, s)
					if want := ck.value(img); got != want {
						t.Fatalf("%s (image %d of %s): table %v, checker %v", img, s, fen, got, want)
					}
				}
			}
			t.Logf("%d positions of up to %d stones agree, %d of them decided", samples, k, decided)
		})
	}
}

// imageFEN maps a turn-start SeFEN through symmetry s.
func imageFEN(t *testing.T, r board.Rules, fen string, s int) string {
	g, err := board.NewGameFromSeFEN(r, fen)
	if err != nil {
		t.Fatal(err)
	}
	p := g.Position()
	ts, _ := p.TurnStartOf()
	n := r.BoardSize
	return fenOf(r, board.TransformBitboard(ts.White, n, s), board.TransformBitboard(ts.Black, n, s), ts.Side, ts.Passed, ts.Quiet)
}
