package board

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

var updatePerft = flag.Bool("update-perft", false, "regenerate testdata/perft.txt; a count is written only where the naive generator agrees")

// randomPlay plays uniformly random legal actions from g until stop holds
// (true) or the game ends or maxActions pass (false).
func randomPlay(g *Game, rng *rand.Rand, maxActions int, stop func(*Game) bool) bool {
	var buf []Action
	for i := 0; i < maxActions; i++ {
		buf = g.LegalActions(buf[:0])
		if len(buf) == 0 {
			return false
		}
		g.Make(buf[rng.IntN(len(buf))])
		if stop(g) {
			return true
		}
	}
	return false
}

// findPosition plays random games under r until one reaches a position
// where want holds, and returns its SeFEN.
func findPosition(r Rules, rng *rand.Rand, want func(*Game) bool) (string, bool) {
	for try := 0; try < 3000; try++ {
		g, _ := NewGame(r)
		if randomPlay(g, rng, 600, want) {
			return g.SeFEN(), true
		}
	}
	return "", false
}

func turnStart(g *Game) bool {
	p := g.Position()
	return !p.Placement() && !p.MidTurn() && p.PendingRansom() == NoSquare
}

func naiveOptions(r Rules) map[string]string {
	opts := map[string]string{}
	for _, o := range OptionNames {
		opts[o], _ = r.Get(o)
	}
	return opts
}

// TestGeneratePerftTable writes testdata/perft.txt from seeded random
// games: for every preset and size, the start and positions in the
// movement phase, with a chain under way, with a blocked side, and in
// classic each ransom state, plus finished games and some option
// variations. Each count is checked by the naive generator before it is
// written; a depth where they disagree fails the test.
func TestGeneratePerftTable(t *testing.T) {
	if !*updatePerft {
		t.Skip("run with -update-perft to regenerate testdata/perft.txt")
	}
	rng := rand.New(rand.NewPCG(2026, 11))
	var lines []string
	// add freezes the counts of fen; it refuses (false) a position whose
	// first count is too large for the naive generator to check.
	add := func(name string, r Rules, options []string, fen string) bool {
		g, err := NewGameFromSeFEN(r, fen)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, complete := g.CountTurns(100000); !complete {
			return false
		}
		ng, err := newNaiveGameFromFEN(naiveOptions(r), fen)
		if err != nil {
			t.Fatalf("%s: naive: %v", name, err)
		}
		start := time.Now()
		var counts []string
		prev := uint64(1)
		for d := 1; d <= 4; d++ {
			if _, ok := perftUpTo(g, d, 300000); !ok {
				break
			}
			got := g.Perft(d)
			if want := ng.perft(d); got != want {
				t.Fatalf("%s (%s): perft %d = %d, naive %d", name, fen, d, got, want)
			}
			counts = append(counts, strconv.FormatUint(got, 10))
			// Go deeper only while the next count, estimated from the
			// branching so far, stays small enough for the naive check.
			if got == 0 || got*max(1, got/prev) > 300000 {
				break
			}
			prev = got
		}
		opt := "-"
		if len(options) > 0 {
			opt = strings.Join(options, " ")
		}
		lines = append(lines, fmt.Sprintf("%s | %s | %d | %s | %s | %s", name, r.Variant, r.BoardSize, opt, fen, strings.Join(counts, " ")))
		t.Logf("%s: %s (%v)", name, counts, time.Since(start).Round(time.Millisecond))
		return true
	}
	// addFound adds the first position of random games where want holds
	// and whose counts the naive generator can check.
	addFound := func(name string, r Rules, options []string, want func(*Game) bool, edit func(string) string) {
		for try := 0; try < 20; try++ {
			fen, ok := findPosition(r, rng, want)
			if !ok {
				break
			}
			if edit != nil {
				fen = edit(fen)
			}
			if add(name, r, options, fen) {
				return
			}
		}
		t.Errorf("%s: no position found", name)
	}
	for _, v := range Variants {
		for _, n := range []int{5, 7, 9} {
			r, _ := Preset(v)
			if err := r.Set("BoardSize", strconv.Itoa(n)); err != nil {
				t.Fatal(err)
			}
			g, _ := NewGame(r)
			cell := fmt.Sprintf("%s-%d", v, n)
			add(cell+"-start", r, nil, g.SeFEN())
			wants := []struct {
				name string
				want func(*Game) bool
			}{
				{"placement", func(g *Game) bool {
					p := g.Position()
					return p.Placement() && p.Hand(p.SideToAct()) == r.Stones()/2
				}},
				{"movement", func(g *Game) bool {
					p := g.Position()
					return turnStart(g) && p.TurnNumber() > r.Stones()+6 && p.Stones(White).Count() < r.Stones()
				}},
				{"chain", func(g *Game) bool { return g.Position().Chain() != NoSquare }},
				{"blocked", func(g *Game) bool { return turnStart(g) && !g.Position().HasStep(g.Position().SideToAct()) }},
			}
			for _, w := range wants {
				addFound(cell+"-"+w.name, r, nil, w.want, nil)
			}
		}
	}
	classic, _ := Preset("classic")
	ransom := []struct {
		name string
		want func(*Game) bool
	}{
		{"asked", func(g *Game) bool {
			p := g.Position()
			return turnStart(g) && p.RansomAsked() && !p.RansomAccepted() && !p.TurnRefused() && p.SideToAct() == Black
		}},
		{"pending", func(g *Game) bool { return g.Position().PendingRansom() != NoSquare }},
		{"turnrefused", func(g *Game) bool { return g.Position().TurnRefused() }},
		{"accepted", func(g *Game) bool { return turnStart(g) && g.Position().RansomAccepted() }},
		{"deadline", func(g *Game) bool {
			p := g.Position()
			return turnStart(g) && !p.RansomAsked() && p.BlackTurns() >= 3 && p.SideToAct() == Black
		}},
	}
	for _, w := range ransom {
		var edit func(string) string
		if w.name == "deadline" {
			// Move the count to the last turn before the deadline.
			edit = func(fen string) string {
				fields := strings.Fields(fen)
				for i, f := range fields {
					if strings.HasPrefix(f, "bturns=") {
						fields[i] = "bturns=31"
					}
				}
				return strings.Join(fields, " ")
			}
		}
		addFound("classic-5-ransom-"+w.name, classic, nil, w.want, edit)
	}
	variations := [][]string{
		{"egyptian", "LineCapture=on"},
		{"egyptian", "Chain=none"},
		{"egyptian", "Chain=anycapture", "ChainMandatory=off"},
		{"egyptian", "MovementStarter=black"},
		{"egyptian", "Directions=8", "LoseAt=3"},
		{"sudanese", "CentreSafe=on", "LineCapture=on"},
		{"sudanese", "Chain=samecapture", "ChainMandatory=off", "Blocked=lose"},
		{"classic", "Blocked=pass", "RansomRefusals=1"},
		{"classic", "Chain=bonus", "NoCaptureLimit=6"},
		{"pro", "Ransom=on", "RansomDeadline=8"},
		{"pro", "Blocked=whiteopens", "Directions=8"},
		{"pro", "RepetitionDraw=2", "Chain=anycapture"},
	}
	for i, v := range variations {
		r, _ := Preset(v[0])
		if err := r.ParseOptions(v[1:]); err != nil {
			t.Fatal(err)
		}
		for j, w := range []func(*Game) bool{
			func(g *Game) bool {
				return turnStart(g) && g.Position().QuietTurns() == 0 && g.Position().Stones(Black).Count() < r.Stones()-1
			},
			func(g *Game) bool { return g.Position().Chain() != NoSquare },
		} {
			fen, ok := findPosition(r, rng, w)
			if !ok {
				continue
			}
			add(fmt.Sprintf("%s-5-option%d-%c", v[0], i+1, 'a'+j), r, v[1:], fen)
		}
	}
	for i, v := range Variants {
		r, _ := Preset(v)
		addFound(fmt.Sprintf("%s-5-finished%d", v, i+1), r, nil, func(g *Game) bool {
			res := g.Result()
			return res.Over() && res.Reason != Repetition && res.Reason != BothPassed
		}, nil)
	}
	header := "# Perft counts, frozen only where the naive generator of naive_*_test.go\n" +
		"# agreed. Regenerate with: go test ./board -run TestGeneratePerftTable -update-perft\n" +
		"# name | variant | size | options | SeFEN | perft 1, 2, …\n"
	if err := os.WriteFile(perftTablePath, []byte(header+strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// perftUpTo counts like Perft but gives up (ok false) once the count
// passes limit, so that a bonus chain with millions of ways does not
// stall the search for checkable positions.
func perftUpTo(g *Game, d int, limit uint64) (n uint64, ok bool) {
	if d == 0 {
		return 1, true
	}
	ok = true
	g.ForEachTurn(func([]Action) bool {
		var sub uint64
		sub, ok = perftUpTo(g, d-1, limit-n)
		n += sub
		ok = ok && n <= limit
		return ok
	})
	return n, ok
}
