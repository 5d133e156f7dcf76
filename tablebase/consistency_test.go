package tablebase

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"seega/board"
)

// childValue is the value for its side to act of the position g stands
// on after a turn: the game's own result where it is over, else the
// tables'.
func childValue(t *testing.T, tabs *Tables, g *board.Game) Value {
	if g.Result().Over() {
		return resultValue(g)
	}
	v, ok := tabs.Probe(g)
	if !ok {
		t.Fatalf("%s: a turn from a covered position leads out of the tables: %s", g.SeFEN(), tabs.WhyNot(g))
	}
	return v
}

// TestBestTurnConsistency checks the tables against themselves, turn by
// turn, for random positions of each rule case: a win in t has a best turn
// to a loss in t-1 for the opponent (or a won end of the game, for t = 1)
// and no turn to anything worse for the opponent than a loss in t-1 … no
// quicker win; a loss in t has only turns to opponent wins, the longest in
// t-1; a draw has a turn to a draw and none to an opponent loss.
func TestBestTurnConsistency(t *testing.T) {
	cases := append(ruleCases()[:6], ruleCase{name: "egyptian-7x7", rules: preset("egyptian", "BoardSize=7"), short: 3})
	if !testing.Short() {
		cases = append(cases, ruleCase{name: "sudanese-9x9-lose0", rules: preset("sudanese", "BoardSize=9", "LoseAt=0"), short: 3})
	}
	for _, rc := range cases {
		t.Run(rc.name, func(t *testing.T) {
			if rc.short == 0 {
				rc.short = rc.all
			}
			tabs := buildTables(t, rc.rules, rc.short)
			rng := rand.New(rand.NewPCG(7, uint64(len(rc.name))))
			for range 300 {
				fen := randomFEN(rng, rc.rules, rc.short)
				g, err := board.NewGameFromSeFEN(rc.rules, fen)
				if err != nil {
					t.Fatal(err)
				}
				v, _ := tabs.Probe(g)
				if g.Result().Over() {
					if v != resultValue(g) || v.Turns != 0 {
						t.Fatalf("%s: over, table says %v", fen, v)
					}
					continue
				}
				quickestWin, longestLoss, draws := -1, -1, 0
				g.ForEachTurn(func([]board.Action) bool {
					c := childValue(t, tabs, g)
					switch c.WDL {
					case Loss:
						if quickestWin < 0 || c.Turns+1 < quickestWin {
							quickestWin = c.Turns + 1
						}
					case Win:
						longestLoss = max(longestLoss, c.Turns+1)
					default:
						draws++
					}
					return true
				})
				var want Value
				switch {
				case quickestWin >= 0:
					want = Value{Win, quickestWin}
				case draws > 0:
					want = Value{}
				default:
					want = Value{Loss, longestLoss}
				}
				if v != want {
					t.Fatalf("%s: table %v, its turns give %v", fen, v, want)
				}
				best, bv, ok := tabs.BestTurn(g)
				if !ok || bv != v {
					t.Fatalf("%s: best turn %v (ok %v), table %v", fen, bv, ok, v)
				}
				for _, a := range best {
					a, legal := g.Legalize(a)
					if !legal {
						t.Fatalf("%s: best turn %s is not legal", fen, board.TurnString(best, rc.rules.BoardSize))
					}
					g.Make(a)
				}
				c := childValue(t, tabs, g)
				if got := (Value{-c.WDL, c.Turns + 1}); v.WDL != Draw && got != v || v.WDL == Draw && c.WDL != Draw {
					t.Fatalf("%s: best turn %s leads to %v for the opponent, table %v", fen, board.TurnString(best, rc.rules.BoardSize), c, v)
				}
			}
		})
	}
}

// TestSymmetricEntries reads every entry of a table back through each of
// the 8 images of its position: the index must bring them all to one
// entry, and the entries no class owns must hold their class's value.
func TestSymmetricEntries(t *testing.T) {
	cases := []ruleCase{ruleCases()[0], ruleCases()[2]}
	if !testing.Short() {
		cases = append(cases, ruleCases()[3], ruleCase{name: "sudanese-9x9-lose0", rules: preset("sudanese", "BoardSize=9", "LoseAt=0"), all: 3})
	}
	for _, rc := range cases {
		k := rc.all
		if testing.Short() {
			k = rc.short
		}
		tabs := buildTables(t, rc.rules, k)
		for _, m := range Materials(rc.rules, k) {
			tab := tabs.byCount[m.White][m.Black]
			for i := uint64(0); i < tab.idx.boards(); i++ {
				w, b := tab.idx.board(i)
				for s := 0; s < board.Symmetries; s++ {
					n := rc.rules.BoardSize
					j := tab.idx.number(board.TransformBitboard(w, n, s), board.TransformBitboard(b, n, s))
					for k := uint64(0); k < 2*uint64(tab.lay.passed); k++ {
						per := 2 * uint64(tab.lay.passed)
						if tab.at(i*per+k) != tab.at(j*per+k) {
							t.Fatalf("%s %s: board %d and its image %d (symmetry %d) differ", rc.name, m, i, j, s)
						}
					}
				}
			}
		}
	}
}

// TestFilesChecked: a damaged file is refused by Open with the reason,
// and made again by Generate, which keeps the whole ones.
func TestFilesChecked(t *testing.T) {
	r := preset("pro", "LoseAt=0")
	dir := t.TempDir()
	if err := Generate(r, Options{Stones: 3, Dir: dir, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, DirName(r), FileName(Material{1, 2}))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// Damage the compressed entries: the checksum or the decompressor
	// must notice.
	bad := append([]byte(nil), data...)
	for i := len(bad) / 2; i < len(bad)/2+8; i++ {
		bad[i] ^= 0x5a
	}
	if err := os.WriteFile(path, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir, r); err == nil || !strings.Contains(err.Error(), "w1b2") {
		t.Fatalf("a damaged file opened: %v", err)
	}
	// A header that lies about its checksum.
	lied := strings.Replace(string(data), `"Checksum":"`, `"Checksum":"0`, 1)
	lied = strings.Replace(lied, `"Checksum":"0`+`0`, `"Checksum":"1`, 1)
	os.WriteFile(path, []byte(lied), 0o644)
	if _, err := Open(dir, r); err == nil {
		t.Fatalf("a file with a wrong header opened")
	}
	var reused, remade []string
	err = Generate(r, Options{Stones: 3, Dir: dir, Workers: 2, Done: func(s Stats) {
		if s.Reused {
			reused = append(reused, s.Material.String())
		}
		if s.Remade != "" {
			remade = append(remade, s.Material.String())
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(reused, " ") != "w1b1 w2b1" || strings.Join(remade, " ") != "w1b2" {
		t.Fatalf("reused %v, remade %v", reused, remade)
	}
	if _, err := Open(dir, r); err != nil {
		t.Fatal(err)
	}
	// A wrong checksum alone is reported as one.
	h := strings.Index(string(data), `"Checksum":"`) + len(`"Checksum":"`)
	wrong := append([]byte(nil), data...)
	wrong[h] = "01"[(wrong[h]-'0'+1)%2]
	if wrong[h] == data[h] {
		wrong[h] = 'a'
	}
	os.WriteFile(path, wrong, 0o644)
	if _, err := Open(dir, r); !errors.Is(err, ErrChecksum) {
		t.Fatalf("a wrong checksum gave %v", err)
	}
}

// TestNothingToGenerate: sudanese leaves no position of 4 stones with
// both sides above LoseAt 2: every one is over.
func TestNothingToGenerate(t *testing.T) {
	if err := Generate(preset("sudanese"), Options{Stones: 4, Dir: t.TempDir()}); err == nil {
		t.Fatal("sudanese with 4 stones generated something")
	}
	if _, err := Open(t.TempDir(), preset("pro")); err == nil {
		t.Fatal("an empty directory opened")
	}
}

// TestWhyNot names the reason a position is not covered.
func TestWhyNot(t *testing.T) {
	tabs := buildTables(t, preset("classic"), 4)
	cases := []struct{ fen, want string }{
		{"5/5/5/5/5 w 12/12 - 0 1", "placement"},
		{"5/1w3/2b2/1w3/4b w 0/0 - 0 1 asked=1 accepted=1", ""},
		{"5/1w3/2b2/1w3/4b w 0/0 - 0 1 asked=1", "no ransom has been accepted"},
		{"5/1w3/2bb1/1w3/3bb w 0/0 - 0 1 asked=1 accepted=1", "no table for 2 White and 4 Black"},
		{"5/1w3/2b2/5/4b w 0/0 - 0 1 asked=1 accepted=1", "the game is over"},
		{"5/1w3/2b2/1w3/4b w 0/0 - 0 1 asked=1 pending=c3", "awaits White's answer"},
	}
	for _, c := range cases {
		g, err := board.NewGameFromSeFEN(preset("classic"), c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		got := tabs.WhyNot(g)
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q", c.fen, got, c.want)
		}
	}
}
