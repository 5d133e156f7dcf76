package eval

import (
	"testing"

	"seega/board"
)

// benchGames loads random positions of one phase under r.
func benchGames(tb testing.TB, r board.Rules, placement bool, n int) []*board.Game {
	var games []*board.Game
	for _, fen := range randomPositions(r, 3, 20*n) {
		g := gameAt(tb, r, fen)
		if g.Position().Placement() == placement {
			games = append(games, g)
		}
		if len(games) == n {
			break
		}
	}
	if len(games) == 0 {
		tb.Fatal("no position of the wanted phase")
	}
	return games
}

// TestNoAllocation checks that Evaluate and PlacementScore allocate
// nothing, in both phases of every preset.
func TestNoAllocation(t *testing.T) {
	for _, v := range testVariants {
		for _, placement := range []bool{true, false} {
			r := rulesFor(t, v)
			e := New(r)
			for _, g := range benchGames(t, r, placement, 5) {
				if a := testing.AllocsPerRun(50, func() { e.Evaluate(g) }); a != 0 {
					t.Errorf("%s: Evaluate(%s) makes %v allocations", v, g.SeFEN(), a)
				}
				if a := testing.AllocsPerRun(50, func() {
					for sq := board.Square(0); sq < 25; sq++ {
						e.PlacementScore(g, sq)
					}
				}); a != 0 {
					t.Errorf("%s: PlacementScore in %s makes %v allocations", v, g.SeFEN(), a)
				}
			}
		}
	}
}

// BenchmarkEvaluate measures Evaluate on random positions of each
// preset's movement phase on each size, and of the placement phase.
func BenchmarkEvaluate(b *testing.B) {
	for _, v := range testVariants {
		for _, size := range testSizes {
			for _, phase := range []string{"movement", "placement"} {
				b.Run(v+"/"+size+"/"+phase, func(b *testing.B) {
					r := rulesFor(b, v, "BoardSize="+size)
					e := New(r)
					games := benchGames(b, r, phase == "placement", 64)
					b.ReportAllocs()
					b.ResetTimer()
					sum := 0
					for i := 0; b.Loop(); i++ {
						sum += e.Evaluate(games[i%len(games)])
					}
					_ = sum
				})
			}
		}
	}
}

// BenchmarkPlacementScore measures scoring every square of a placement
// position, as move ordering does.
func BenchmarkPlacementScore(b *testing.B) {
	r := rulesFor(b, "pro")
	e := New(r)
	games := benchGames(b, r, true, 64)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		g := games[i%len(games)]
		for sq := board.Square(0); sq < 25; sq++ {
			e.PlacementScore(g, sq)
		}
	}
}

// BenchmarkPlacementScores measures the batch form the search orders
// placement nodes with, per preset on 5×5 and 7×7.
func BenchmarkPlacementScores(b *testing.B) {
	for _, v := range testVariants {
		for _, size := range []string{"5", "7"} {
			b.Run(v+"/"+size, func(b *testing.B) {
				r := rulesFor(b, v, "BoardSize="+size)
				e := New(r)
				games := benchGames(b, r, true, 64)
				var out [board.MaxSquares]int32
				all := allSquares(r.BoardSize)
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					e.PlacementScores(games[i%len(games)], all, &out)
				}
			})
		}
	}
}

// TestConcurrentUse checks that one Evaluator serves several goroutines
// at once with the same answers (run with -race to check for writes).
func TestConcurrentUse(t *testing.T) {
	r := rulesFor(t, "classic")
	e := New(r)
	fens := randomPositions(r, 19, 200)
	want := make([]int, len(fens))
	for i, fen := range fens {
		want[i] = e.Evaluate(gameAt(t, r, fen))
	}
	errs := make(chan string, 4)
	for w := 0; w < 4; w++ {
		go func() {
			for i, fen := range fens {
				g, err := board.NewGameFromSeFEN(r, fen)
				if err != nil {
					errs <- err.Error()
					return
				}
				if got := e.Evaluate(g); got != want[i] {
					errs <- fen
					return
				}
				e.PlacementScore(g, 0)
			}
			errs <- ""
		}()
	}
	for w := 0; w < 4; w++ {
		if msg := <-errs; msg != "" {
			t.Errorf("concurrent Evaluate differs or fails: %s", msg)
		}
	}
}
