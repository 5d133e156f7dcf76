package protocol_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"seega/board"
	"seega/engine"
	"seega/eval"
	"seega/protocol"
	"seega/search"
)

// These tests drive the real alpha-beta searcher through the protocol.

func realConfig() protocol.Config {
	return protocol.Config{
		Name: "Seega", Author: "test",
		Searchers: []engine.Factory{{Name: "alphabeta", New: func(r board.Rules, o engine.Options) engine.Searcher {
			return search.New(o, eval.New(r))
		}}},
		Contempt: protocol.ContemptRange{Default: search.Contempt, Max: search.MaxContempt},
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

// TestRealLastInfoNamesTheMovePlayed searches random positions with almost
// no time (Move Overhead eats the movetime, so the budget is the 1 ms
// minimum and an iteration may never report) under MoveGranularity action,
// with one thread and two: the last line before bestmove is an info line
// whose pv begins with the turn of the move played, with the most nodes
// and the longest time of any line.
func TestRealLastInfoNamesTheMovePlayed(t *testing.T) {
	r, _ := board.Preset("classic")
	for seed := range uint64(6) {
		moves := randomLine(r, seed, int(seed*17)%60)
		for _, threads := range []int{1, 2} {
			var out bytes.Buffer
			s := protocol.New(realConfig(), &out)
			script := strings.Join([]string{
				"setoption name Variant value classic",
				"setoption name MoveGranularity value action",
				"setoption name Move Overhead value 5000",
				fmt.Sprintf("setoption name Threads value %d", threads),
				"position startpos moves " + strings.Join(moves, " "),
				"go movetime 20",
			}, "\n") + "\n"
			if err := s.Run(strings.NewReader(script)); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			last := lines[len(lines)-1]
			move, ok := strings.CutPrefix(last, "bestmove ")
			if !ok || len(lines) < 2 || !strings.HasPrefix(lines[len(lines)-2], "info depth ") {
				t.Fatalf("seed %d: the output does not end with an info line and a bestmove:\n%s", seed, out.String())
			}
			info := parseInfo(t, lines[len(lines)-2])
			turn := strings.Split(info["pv"], " ")[0]
			if !strings.Contains(","+turn+",", ","+move+",") {
				t.Errorf("seed %d, %d threads: last pv begins %q, but the move played is %s", seed, threads, turn, move)
			}
			for _, l := range lines[:len(lines)-2] {
				if !strings.HasPrefix(l, "info depth ") {
					continue
				}
				earlier := parseInfo(t, l)
				if atoi(t, earlier["nodes"]) > atoi(t, info["nodes"]) || atoi(t, earlier["time"]) > atoi(t, info["time"]) {
					t.Errorf("seed %d: an earlier line %q has more nodes or time than the last %q", seed, l, lines[len(lines)-2])
				}
			}
		}
	}
}

// parseInfo reads an info line's fields: each keyword and the word after
// it, and the pv as the rest of the line.
func parseInfo(t *testing.T, line string) map[string]string {
	t.Helper()
	head, pv, _ := strings.Cut(line, " pv ")
	f := strings.Fields(head)
	m := map[string]string{"pv": pv}
	for i := 1; i+1 < len(f); i += 2 {
		if f[i] == "score" {
			m["score"] = f[i+1] + " " + f[i+2]
			i++
			continue
		}
		m[f[i]] = f[i+1]
	}
	return m
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	var n int
	if _, err := fmt.Sscan(s, &n); err != nil {
		t.Fatalf("%q is not a number", s)
	}
	return n
}
