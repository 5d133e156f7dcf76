package board

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// perftEntry is one line of testdata/perft.txt:
//
//	name | variant | size | options | SeFEN | perft 1, 2, …
//
// Every count there was frozen only after the naive generator of
// naive_*_test.go agreed with it (see TestGeneratePerftTable).
type perftEntry struct {
	name    string
	variant string
	size    int
	options []string
	fen     string
	counts  []uint64
}

const perftTablePath = "testdata/perft.txt"

func loadPerftTable(t testing.TB) []perftEntry {
	t.Helper()
	f, err := os.Open(perftTablePath)
	if err != nil {
		t.Fatalf("perft table: %v", err)
	}
	defer f.Close()
	var out []perftEntry
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Split(line, " | ")
		if len(fs) != 6 {
			t.Fatalf("perft table line has %d fields: %s", len(fs), line)
		}
		e := perftEntry{name: fs[0], variant: fs[1], fen: fs[4]}
		e.size, err = strconv.Atoi(fs[2])
		if err != nil {
			t.Fatalf("perft table %s: size %q", e.name, fs[2])
		}
		if fs[3] != "-" {
			e.options = strings.Fields(fs[3])
		}
		if e.size*e.size > MaxSquares {
			continue // the narrow build holds boards up to 7×7
		}
		for _, c := range strings.Fields(fs[5]) {
			n, err := strconv.ParseUint(c, 10, 64)
			if err != nil {
				t.Fatalf("perft table %s: count %q", e.name, c)
			}
			e.counts = append(e.counts, n)
		}
		out = append(out, e)
	}
	return out
}

func (e perftEntry) rules(t testing.TB) Rules {
	t.Helper()
	r, err := Preset(e.variant)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Set("BoardSize", strconv.Itoa(e.size)); err != nil {
		t.Fatal(err)
	}
	if err := r.ParseOptions(e.options); err != nil {
		t.Fatal(err)
	}
	return r
}

func (e perftEntry) game(t testing.TB) *Game {
	t.Helper()
	g, err := NewGameFromSeFEN(e.rules(t), e.fen)
	if err != nil {
		t.Fatalf("%s: %v", e.name, err)
	}
	return g
}

// shortBudget is the largest count checked under -short.
const shortBudget = 300000

// TestPerftTable checks every frozen count; the deep ones only without -short.
func TestPerftTable(t *testing.T) {
	entries := loadPerftTable(t)
	if len(entries) == 0 {
		t.Fatal("empty perft table")
	}
	for _, e := range entries {
		t.Run(e.name, func(t *testing.T) {
			g := e.game(t)
			for d, want := range e.counts {
				if testing.Short() && want > shortBudget {
					break
				}
				if got := g.Perft(d + 1); got != want {
					t.Errorf("%s: perft %d = %d, want %d", e.fen, d+1, got, want)
				}
			}
		})
	}
}

// TestPerftTableCoverage checks that the table covers what issue 2 asks:
// every preset and size from the start and from at least three other
// positions, a chain under way, a blocked side, finished games, and each
// ransom state in classic.
func TestPerftTableCoverage(t *testing.T) {
	if MaxSquares < 81 {
		t.Skip("the narrow build leaves out the 9×9 positions")
	}
	entries := loadPerftTable(t)
	perCell := map[string]int{}
	has := map[string]bool{}
	for _, e := range entries {
		key := e.variant + "/" + strconv.Itoa(e.size)
		perCell[key]++
		g := e.game(t)
		p := g.Position()
		if strings.HasSuffix(e.name, "-start") {
			has[key+" start"] = true
		}
		if p.Chain() != NoSquare {
			has[key+" chain"] = true
		}
		if !p.Placement() && !p.MidTurn() && p.PendingRansom() == NoSquare && !p.HasStep(p.SideToAct()) {
			has[key+" blocked"] = true
		}
		if g.Result().Over() {
			has["finished"] = true
			for _, c := range e.counts {
				if c != 0 {
					t.Errorf("%s: finished game with %d children", e.name, c)
				}
			}
		}
		if e.variant == "classic" {
			if p.RansomAsked() && p.PendingRansom() == NoSquare && !p.TurnRefused() && !p.RansomAccepted() {
				has["classic asked"] = true
			}
			if p.PendingRansom() != NoSquare {
				has["classic pending"] = true
			}
			if p.TurnRefused() {
				has["classic turnrefused"] = true
			}
			if p.RansomAccepted() {
				has["classic accepted"] = true
			}
			if p.BlackTurns() > 0 && !p.RansomAsked() {
				has["classic deadline"] = true
			}
		}
	}
	for _, v := range Variants {
		for _, n := range []int{5, 7, 9} {
			key := v + "/" + strconv.Itoa(n)
			if perCell[key] < 4 {
				t.Errorf("%s: %d positions, want the start and at least three more", key, perCell[key])
			}
			for _, what := range []string{"start", "chain", "blocked"} {
				if !has[key+" "+what] {
					t.Errorf("%s: no %s position", key, what)
				}
			}
		}
	}
	for _, what := range []string{"finished", "classic asked", "classic pending", "classic turnrefused", "classic accepted", "classic deadline"} {
		if !has[what] {
			t.Errorf("no %s position", what)
		}
	}
}
