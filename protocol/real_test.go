package protocol_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"seega/board"
	"seega/eval"
	"seega/protocol"
	"seega/search"
)

// These tests drive the real searcher through the protocol. The adapter is
// the one cmd/seega wires (plain conversions between twin structs).

type searchEngine struct{ s search.Searcher }

func (e searchEngine) Search(ctx context.Context, g *board.Game, lim protocol.Limits, info func(protocol.Info)) protocol.Result {
	var report func(search.Info)
	if info != nil {
		report = func(i search.Info) { info(protocol.Info(i)) }
	}
	return protocol.Result(e.s.Search(ctx, g, search.Limits(lim), report))
}
func (e searchEngine) NewGame()         { e.s.NewGame() }
func (e searchEngine) SetHashMB(mb int) { e.s.SetHashMB(mb) }
func (e searchEngine) SetThreads(n int) { e.s.SetThreads(n) }

func realConfig() protocol.Config {
	return protocol.Config{
		Name: "Seega", Author: "test",
		Searchers: []protocol.Searcher{{Name: "alphabeta", New: func(r board.Rules, hashMB, threads int) protocol.Engine {
			return searchEngine{search.New(search.Config{HashMB: hashMB, Threads: threads}, eval.New(r))}
		}}},
		Allocate: func(tc protocol.TimeControl) (time.Duration, time.Duration) {
			return search.Allocate(search.TimeControl(tc))
		},
	}
}

// randomLine plays seeded random legal actions for up to n actions and
// returns them as a moves list of single actions (read under
// MoveGranularity action), stopping before the game ends.
func randomLine(r board.Rules, seed uint64, n int) []string {
	g, _ := board.NewGame(r)
	rng := rand.New(rand.NewPCG(seed, 7))
	var moves []string
	for range n {
		legal := g.LegalActions(nil)
		if len(legal) == 0 {
			break
		}
		a := legal[rng.IntN(len(legal))]
		g.Make(a)
		if g.Result().Over() {
			g.Unmake()
			break
		}
		moves = append(moves, board.ActionString(a, g.Position().Size()))
	}
	return moves
}

// TestRealEngineNeverAnIllegalBestmove searches random positions of every
// preset on 5×5 and 7×7, mid-turn ones included, at depth 1 and 2, and
// checks each bestmove with the board package.
func TestRealEngineNeverAnIllegalBestmove(t *testing.T) {
	games := 10
	if testing.Short() {
		games = 3
	}
	for _, v := range board.Variants {
		for _, size := range []int{5, 7} {
			t.Run(fmt.Sprintf("%s/%d", v, size), func(t *testing.T) {
				r, _ := board.Preset(v)
				if err := r.Set("BoardSize", fmt.Sprint(size)); err != nil {
					t.Fatal(err)
				}
				for seed := range uint64(games) {
					moves := randomLine(r, seed, int(seed*13)%(size*size*3))
					for _, gran := range []board.Granularity{board.PerTurn, board.PerAction} {
						var out bytes.Buffer
						s := protocol.New(realConfig(), &out)
						cmds := []string{
							"setoption name Variant value " + v,
							fmt.Sprintf("setoption name BoardSize value %d", size),
							"setoption name MoveGranularity value action",
							"position startpos moves " + strings.Join(moves, " "),
							"query fen",
						}
						if gran == board.PerTurn {
							cmds = append(cmds, "setoption name MoveGranularity value turn")
						}
						cmds = append(cmds, fmt.Sprintf("go depth %d", 1+seed%2), "quit")
						if err := s.Run(strings.NewReader(strings.Join(cmds, "\n") + "\n")); err != nil {
							t.Fatal(err)
						}
						text := out.String()
						if strings.Contains(text, "info string error") {
							t.Fatalf("%s", text)
						}
						fen := lineAfter(t, text, "response ")
						move := lineAfter(t, text, "bestmove ")
						g, err := board.NewGameFromSeFEN(r, fen)
						if err != nil {
							t.Fatal(err)
						}
						c := g.Clone()
						if err := c.PlayToken(move, gran); err != nil {
							t.Errorf("%s: bestmove %s is illegal: %v", fen, move, err)
						} else if gran == board.PerTurn && c.Position().MidTurn() {
							t.Errorf("%s: bestmove %s is not a whole turn", fen, move)
						}
					}
				}
			})
		}
	}
}

func lineAfter(t *testing.T, text, prefix string) string {
	t.Helper()
	for _, l := range strings.Split(text, "\n") {
		if rest, ok := strings.CutPrefix(l, prefix); ok {
			return rest
		}
	}
	t.Fatalf("no %q line in %q", prefix, text)
	return ""
}

// TestRealBenchIsDeterministic runs the bench twice at a low depth: the
// node count, the signature, is the same both times.
func TestRealBenchIsDeterministic(t *testing.T) {
	depth := 2
	if !testing.Short() {
		depth = 3
	}
	a, err := protocol.Bench(realConfig(), depth, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := protocol.Bench(realConfig(), depth, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Nodes != b.Nodes || a.Nodes == 0 {
		t.Errorf("bench nodes %d then %d", a.Nodes, b.Nodes)
	}
}
