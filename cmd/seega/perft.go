package main

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"seega/board"
)

func init() {
	register("perft", "count the turn tree's leaves from a position (docs/rules.md § Counting the tree: perft)", runPerft)
}

func runPerft(args []string) int {
	fs := newFlagSet("perft", `usage: seega perft [--variant V] [--size N] [rule options] [--fen SeFEN] [--moves "t1 t2 …"] --depth D [--divide]

Counts the nodes at depth D of the tree whose edges are turns, and prints 'nodes <N>' last.
`)
	rf := addRulesFlags(fs)
	fen := fs.String("fen", "", "start from this SeFEN instead of the variant's start position")
	moves := fs.String("moves", "", "turns or actions to play first, space-separated (MoveGranularity turn)")
	depth := fs.Int("depth", 1, "depth in turns")
	divide := fs.Bool("divide", false, "print each root turn with its count first")
	if status, ok := parseOnlyFlags(fs, args); !ok {
		return status
	}
	if *depth < 0 {
		return usageError(fs, "--depth %d: must be 0 or more", *depth)
	}
	r, err := rf.rules()
	if err != nil {
		return usageError(fs, "%v", err)
	}
	g, status, ok := startGame(fs, r, *fen, *moves)
	if !ok {
		return status
	}
	start := time.Now()
	var nodes uint64
	if *divide {
		for _, e := range g.Divide(*depth) {
			fmt.Printf("%s: %d\n", e.Turn, e.Nodes)
			nodes += e.Nodes
		}
		if *depth == 0 {
			nodes = 1
		}
	} else {
		nodes = g.Perft(*depth)
	}
	fmt.Fprintln(os.Stderr, perftSpeed(nodes, time.Since(start)))
	fmt.Printf("nodes %d\n", nodes)
	return 0
}

// minRateTime is the shortest count whose rate perft reports: below it the
// clock's resolution and the start-up costs make the figure meaningless
// (a depth-1 count takes well under a microsecond and would claim
// hundreds of millions of turns a second).
const minRateTime = 10 * time.Millisecond

// perftSpeed is perft's line on stderr: the time taken, and the rate in
// turns a second when the count took long enough to give one.
func perftSpeed(nodes uint64, el time.Duration) string {
	if el < minRateTime {
		return fmt.Sprintf("time %.3fs, too short to measure a rate", el.Seconds())
	}
	return fmt.Sprintf("time %.3fs, %.0f turns/s", el.Seconds(), float64(nodes)/el.Seconds())
}

// startGame is the position a command's --fen and --moves flags name:
// the rules' start position or the SeFEN, then the moves. On a mistake
// it prints the usage error and returns its status with ok false.
func startGame(fs *pflag.FlagSet, r board.Rules, fen, moves string) (g *board.Game, status int, ok bool) {
	var err error
	switch {
	case !fs.Changed("fen"):
		g, err = board.NewGame(r)
	case strings.TrimSpace(fen) == "":
		// An empty --fen is a mistake (a shell variable left unset), not
		// a way to say the start position.
		return nil, usageError(fs, "--fen: the SeFEN is empty (leave the flag out for the start position)"), false
	default:
		g, err = board.NewGameFromSeFEN(r, fen)
	}
	if err != nil {
		return nil, usageError(fs, "--fen: %v", err), false
	}
	if err := g.PlayMoves(strings.Fields(moves), board.PerTurn); err != nil {
		return nil, usageError(fs, "--moves: %v", err), false
	}
	return g, 0, true
}
