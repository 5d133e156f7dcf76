// Package bench is `seega bench`: the fixed list of positions whose node
// count, searched at a fixed depth, is the regression signature of the
// search and the evaluation, and the runner that searches them through the
// UGI protocol, as a GUI would (Stockfish's setup_bench). It also holds
// the tactics suite, positions with a known forced win (tactics.go).
//
// It sits above protocol (board <- eval <- search <- protocol <- bench <-
// cmd): the protocol's own `bench` command reaches the runner through
// protocol.Config.Bench, which cmd/seega wires to Protocol.
package bench

import "strconv"

// DefaultDepth is the bench's depth when none is given, chosen so that the
// whole list takes a few seconds.
const DefaultDepth = 5

// position is one entry of the bench list: a rule preset, a board size and
// a position under them.
type position struct {
	variant string
	size    int
	fen     string
}

// positions is the fixed bench list: every preset on 5×5 in the placement
// phase and at two stages of the movement phase, a pending ransom in
// classic, and 7×7 positions of three presets. They come from seeded
// random games (TestGenerateBench) and are frozen here, so the bench
// signature changes only when the search or the evaluation does.
func positions() []position {
	return []position{
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

// Commands is the bench as protocol commands: one thread, a fixed hash,
// and for each position its rules, a fresh hash (uginewgame), the
// position and a fixed-depth go.
func Commands(depth int) []string {
	cmds := []string{
		"setoption name Threads value 1",
		"setoption name Hash value 16",
		"setoption name MultiPV value 1",
	}
	for _, p := range positions() {
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
