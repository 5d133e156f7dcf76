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
	register("perft", "count the turn tree's leaves from a position (RULES.md 5)", runPerft)
}

func runPerft(args []string) int {
	fs := pflag.NewFlagSet("perft", pflag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: seega perft [--variant V] [--size N] [rule options] [--fen SeFEN] [--moves \"t1 t2 …\"] --depth D [--divide]")
		fmt.Fprintln(os.Stderr, "\nCounts the nodes at depth D of the tree whose edges are turns, and prints 'nodes <N>' last.")
		fs.PrintDefaults()
	}
	rf := addRulesFlags(fs)
	fen := fs.String("fen", "", "start from this SeFEN instead of the variant's start position")
	moves := fs.String("moves", "", "turns or actions to play first, space-separated (MoveGranularity turn)")
	depth := fs.Int("depth", 1, "depth in turns")
	divide := fs.Bool("divide", false, "print each root turn with its count first")
	if err := fs.Parse(args); err != nil {
		if err == pflag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "seega perft: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *depth < 0 {
		fmt.Fprintln(os.Stderr, "seega perft: --depth must be 0 or more")
		return 2
	}
	r, err := rf.rules()
	if err != nil {
		fmt.Fprintln(os.Stderr, "seega perft:", err)
		return 2
	}
	var g *board.Game
	if *fen != "" {
		g, err = board.NewGameFromSeFEN(r, *fen)
	} else {
		g, err = board.NewGame(r)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "seega perft:", err)
		return 2
	}
	if err := g.PlayMoves(strings.Fields(*moves), board.PerTurn); err != nil {
		fmt.Fprintln(os.Stderr, "seega perft: --moves:", err)
		return 2
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
	el := time.Since(start)
	fmt.Fprintf(os.Stderr, "time %v, %.0f turns/s\n", el.Round(time.Millisecond), float64(nodes)/el.Seconds())
	fmt.Printf("nodes %d\n", nodes)
	return 0
}
