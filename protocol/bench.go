package protocol

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// DefaultBenchDepth is the depth of `bench` without an argument, chosen so
// that the whole list takes a few seconds.
const DefaultBenchDepth = 5

// benchPosition is one entry of the bench list: a rule preset, a board
// size and a position under them.
type benchPosition struct {
	variant string
	size    int
	fen     string
}

// benchPositions is the fixed bench list: every preset on 5×5 in the
// placement phase and at two stages of the movement phase, a pending
// ransom in classic, and 7×7 positions of three presets. They come from
// seeded random games (TestGenerateBench) and are frozen here, so the
// bench signature changes only when the search or the evaluation does.
func benchPositions() []benchPosition {
	return []benchPosition{
		{"egyptian", 5, "1b3/w2bw/1w1wb/4b/bbww1 w 6/6 - 0 7"},
		{"egyptian", 5, "w1bww/bbwbb/w1w1b/bb1bb/wb1ww b 0/0 - 1 16"},
		{"egyptian", 5, "w1b1w/bwww1/1wwbb/wbbbb/wwbbw b 0/0 - 2 26"},
		{"sudanese", 5, "bbbb1/5/1w1ww/wbw2/b3w w 6/6 - 0 7"},
		{"sudanese", 5, "bw1wb/w1w1b/w1w2/b4/wb1bw b 0/0 - 0 16"},
		{"sudanese", 5, "1bww1/b2ww/bw3/4b/1bb2 b 0/0 - 0 26"},
		{"classic", 5, "w2b1/b2bw/w3w/1b1ww/1bb2 w 6/6 - 0 7"},
		{"classic", 5, "wbwbb/b1b1w/w1w2/bw1ww/bbwww b 0/0 - 0 16 bturns=1"},
		{"classic", 5, "wwbbw/b3w/bb2w/w2w1/bbb2 b 0/0 - 1 26 asked=1 accepted=1 bturns=6"},
		{"classic", 5, "wwbbw/bwwbw/bw1bb/1bwww/1bwwb w 0/0 - 4 20 asked=1 pending=b1 bturns=3"},
		{"pro", 5, "1bww1/wbwbw/b4/b1b2/3w1 w 6/6 - 0 7"},
		{"pro", 5, "bbwbb/wwwwb/ww1bb/wwb1b/bbwww b 0/0 - 2 16"},
		{"pro", 5, "bwb2/w1wbb/b1wbb/wwbbw/wwbb1 b 0/0 - 1 26"},
		{"egyptian", 7, "1w2bwb/w1b4/bb1wbb1/1wb3w/6w/2ww1wb/b6 w 14/14 - 0 11"},
		{"egyptian", 7, "wbbbbww/bbwbwww/wwwbbww/b1w1wwb/bbwww1w/b3wbb/wbww1bw b 0/0 - 0 30"},
		{"classic", 7, "bbwwbbw/bwwwbwb/w1w1bbb/ww1w1wb/bwwwwwb/bwbwwbb/bbbbwww b 0/0 - 4 30 bturns=2"},
		{"sudanese", 7, "b1bbwww/b3w1w/w3b1b/b5w/wb1b2w/b2bb1b/bbbbbbb b 0/0 - 3 30"},
	}
}

// BenchCommands is the bench as protocol commands (Stockfish's
// setup_bench): one thread, a fixed hash, and for each position its rules,
// a fresh hash (uginewgame), the position and a fixed-depth go.
func BenchCommands(depth int) []string {
	cmds := []string{
		"setoption name Threads value 1",
		"setoption name Hash value 16",
		"setoption name MultiPV value 1",
	}
	for _, p := range benchPositions() {
		cmds = append(cmds, "setoption name Variant value "+p.variant)
		if p.size != 5 {
			cmds = append(cmds, "setoption name BoardSize value "+strconv.Itoa(p.size))
		}
		cmds = append(cmds,
			"uginewgame",
			"position fen "+p.fen,
			"go depth "+strconv.Itoa(depth))
	}
	return cmds
}

// BenchReport is the bench's outcome: the node count, which is the
// search's signature, and the time the searches took.
type BenchReport struct {
	Nodes   uint64
	Elapsed time.Duration
}

// NPS is nodes per second.
func (r BenchReport) NPS() uint64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return uint64(float64(r.Nodes) / r.Elapsed.Seconds())
}

// String is bench's last line: `<N> nodes <M> nps`.
func (r BenchReport) String() string {
	return fmt.Sprintf("%d nodes %d nps", r.Nodes, r.NPS())
}

// Bench runs BenchCommands through the command handler of a fresh session
// built from cfg, waiting for each search, and calls progress (if not nil)
// after each one with the go's position and its node count. A command
// that gets an error line makes the bench fail: the list has gone stale.
func Bench(cfg Config, depth int, progress func(fen string, nodes uint64, took time.Duration)) (BenchReport, error) {
	var out bytes.Buffer
	s := New(cfg, &out)
	var rep BenchReport
	fen := ""
	for _, cmd := range BenchCommands(depth) {
		if f, ok := strings.CutPrefix(cmd, "position fen "); ok {
			fen = f
		}
		before := s.nodes
		start := time.Now()
		s.Execute(cmd)
		s.waitSearch()
		if strings.HasPrefix(cmd, "go ") {
			took := time.Since(start)
			rep.Elapsed += took
			if progress != nil {
				progress(fen, s.nodes-before, took)
			}
		}
		if i := bytes.Index(out.Bytes(), []byte("info string error")); i >= 0 {
			line, _, _ := strings.Cut(out.String()[i:], "\n")
			return rep, fmt.Errorf("bench: %s: %s", cmd, line)
		}
		out.Reset()
	}
	rep.Nodes = s.nodes
	return rep, nil
}

// cmdBench runs the bench in a session of its own, so that this session's
// options and position are as they were, with this session's searcher, and
// prints the signature last.
func (s *Session) cmdBench(args []string, _ time.Time) error {
	depth := DefaultBenchDepth
	if len(args) > 1 {
		return fmt.Errorf("want bench [depth]")
	}
	if len(args) == 1 {
		d, err := strconv.Atoi(args[0])
		if err != nil || d < 1 || d > 64 {
			return fmt.Errorf("depth %s is not a whole number from 1 to 64", quote(args[0]))
		}
		depth = d
	}
	s.stopSearch()
	// The bench session starts from the defaults, so it is told which
	// searcher this session has chosen: `setoption name Search value mcts`
	// then `bench` benches MCTS.
	cfg := s.cfg
	if len(cfg.Searchers) > 0 {
		cfg.Searchers = []Searcher{cfg.Searchers[s.opts.searcher]}
	}
	n := len(benchPositions())
	i := 0
	rep, err := Bench(cfg, depth, func(fen string, nodes uint64, took time.Duration) {
		i++
		s.out.printf("info string bench %d/%d nodes %d time %d fen %s", i, n, nodes, took.Milliseconds(), fen)
	})
	if err != nil {
		return err
	}
	s.out.line(rep.String())
	return nil
}
