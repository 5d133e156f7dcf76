package protocol

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"seega/board"
)

// TestCountTurnsIsPerft: the stoppable perft counts what board's Perft and
// Divide count, along random games of every preset, mid-turn positions
// and finished games included.
func TestCountTurnsIsPerft(t *testing.T) {
	for _, v := range board.Variants {
		r, _ := board.Preset(v)
		rng := rand.New(rand.NewPCG(uint64(len(v)), 3))
		g, _ := board.NewGame(r)
		for ply := 0; ply < 80 && !g.Result().Over(); ply++ {
			if ply%7 == 0 {
				for d := 0; d <= 3; d++ {
					got, ok := countTurns(context.Background(), g, d)
					if want := g.Perft(d); !ok || got != want {
						t.Fatalf("%s %s depth %d: %d (ok %v), Perft says %d", v, g.SeFEN(), d, got, ok, want)
					}
				}
				got, _ := divideTurns(context.Background(), g, 3)
				want := g.Divide(3)
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("%s %s: divide %v, want %v", v, g.SeFEN(), got, want)
				}
			}
			legal := g.LegalActions(nil)
			g.Make(legal[rng.IntN(len(legal))])
		}
		if n, ok := countTurns(context.Background(), g, 3); g.Result().Over() && (n != 0 || !ok) {
			t.Errorf("%s: a finished game counts %d", v, n)
		}
	}
}

func TestCountTurnsStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g, _ := board.NewGame(board.DefaultRules())
	if _, ok := countTurns(ctx, g, 6); ok {
		t.Error("a cancelled count reports success")
	}
	if _, ok := divideTurns(ctx, g, 6); ok {
		t.Error("a cancelled divide reports success")
	}
}

// TestPerftRunsLikeGo: during a long perft the engine answers isready,
// stop ends the perft (with a line saying so, and no node count), and the
// session goes on; quit during a perft ends the session.
func TestPerftRunsLikeGo(t *testing.T) {
	for _, cmd := range []string{"perft 9", "perft 9 divide"} {
		t.Run(cmd, func(t *testing.T) {
			r := startRunner(t, testConfig(nil))
			r.send(t, cmd, "isready")
			if _, before := r.out.await(t, "readyok"); len(before) > 0 {
				t.Errorf("output before readyok: %q", before)
			}
			r.send(t, "stop")
			line, before := r.out.await(t, "info string perft stopped")
			if len(before) > 0 {
				t.Errorf("output before the stop line %q: %q", line, before)
			}
			r.send(t, "perft 1")
			if line, before := r.out.await(t, "nodes "); line != "nodes 276" || len(before) > 0 {
				t.Errorf("after the stop, perft 1 gave %q, %q, want nodes 276", before, line)
			}
			r.send(t, cmd)
			r.send(t, "quit")
			r.awaitExit(t)
		})
	}
}

// TestPerftIsWaitedFor: the command after a perft waits for it, rather
// than cutting it short as a go cuts a search short, so a script of
// perfts gets every count.
func TestPerftIsWaitedFor(t *testing.T) {
	var out syncBuffer
	s := New(testConfig(nil), &out)
	s.Execute("perft 3")
	s.Execute("perft 2")
	s.Execute("go depth 1")
	s.waitSearch()
	text := out.take()
	g, _ := board.NewGame(board.DefaultRules())
	want := fmt.Sprintf("nodes %d\nnodes %d\n", g.Perft(3), g.Perft(2))
	if !strings.HasPrefix(text, want) || !strings.Contains(text, "bestmove ") {
		t.Errorf("got %q, want %q, then the search", text, want)
	}
}

// TestTaskPanicIsReported: a perft or bench job that panics (a bug) gets
// an error line, and the session goes on.
func TestTaskPanicIsReported(t *testing.T) {
	var out syncBuffer
	s := New(testConfig(nil), &out)
	s.startTask(func(context.Context) { panic("boom") })
	s.waitSearch()
	if got := out.take(); !strings.Contains(got, "info string error: internal error: boom") {
		t.Errorf("got %q", got)
	}
	s.Execute("isready")
	if got := out.take(); got != "readyok\n" {
		t.Errorf("after the panic: %q", got)
	}
}
