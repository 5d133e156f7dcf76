package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"seega/board"
	"seega/engine"
	"seega/protocol"
	"seega/search"
)

func init() {
	register("play", "play one engine-vs-engine game in the terminal, drawing the board", runPlay)
}

// playOverhead is kept back from each turn's time, as Move Overhead is in
// UGI mode, so that a turn never runs past --movetime.
const playOverhead = 10 * time.Millisecond

// runPlay plays one game between two engines of the same searcher, each
// with its own tables, drawing the board after every turn and naming the
// result and its reason at the end. A game that reaches --max-turns is
// reported as a draw by the cap. Every turn is checked by the board
// package before it is played (protocol.BestMove).
func runPlay(args []string) int {
	fs := pflag.NewFlagSet("play", pflag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: seega play [--variant V] [--size N] [rule options] [--movetime MS] [--max-turns N] [--search NAME]")
		fmt.Fprintln(os.Stderr, "\nPlays one engine-vs-engine game, drawing the board after each turn.")
		fs.PrintDefaults()
	}
	rf := addRulesFlags(fs)
	movetime := fs.Int("movetime", 100, "time per turn in ms")
	maxTurns := fs.Int("max-turns", 150, "stop the game as a draw after this many turns (0: no cap)")
	name := fs.String("search", "", "the searcher both sides use (default: the Search option's default)")
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if status := noArguments(fs); status != 0 {
		return status
	}
	switch {
	case *movetime < 1:
		return usageError(fs, "--movetime %d: must be 1 or more", *movetime)
	case *maxTurns < 0:
		return usageError(fs, "--max-turns %d: must be 0 or more", *maxTurns)
	}
	r, err := rf.rules()
	if err != nil {
		return usageError(fs, "%v", err)
	}
	cfg := protocolConfig()
	sr := cfg.Searchers[0]
	if *name != "" {
		found := false
		for _, s := range cfg.Searchers {
			if strings.EqualFold(s.Name, *name) {
				sr, found = s, true
			}
		}
		if !found {
			return usageError(fs, "--search: no searcher %q (have %s)", *name, strings.Join(searcherNames(cfg.Searchers), ", "))
		}
	}
	g, err := board.NewGame(r)
	if err != nil {
		fmt.Fprintln(os.Stderr, "seega play:", err)
		return 2
	}
	o := engine.Options{HashMB: 16, Threads: 1, Contempt: search.Contempt}
	engines := [2]engine.Searcher{sr.New(r, o), sr.New(r, o)}
	fmt.Printf("%s on %d×%d, %s against %s, %d ms a turn\n\n", r.Variant, r.BoardSize, r.BoardSize, sr.Name, sr.Name, *movetime)
	fmt.Print(g.Position().Draw())
	n := g.Position().Size()
	turns := 0
	for !g.Result().Over() {
		if *maxTurns > 0 && turns >= *maxTurns {
			fmt.Printf("\nDraw: the cap of %d turns was reached.\n", *maxTurns)
			return 0
		}
		side := "White"
		if g.Position().SideToAct() == board.Black {
			side = "Black"
		}
		soft, hard := engine.Allocate(engine.TimeControl{
			MoveTime:   time.Duration(*movetime) * time.Millisecond,
			Overhead:   playOverhead,
			TurnNumber: g.Position().TurnNumber(),
			BoardSize:  n,
		})
		ctx, cancel := context.WithTimeout(context.Background(), hard)
		start := time.Now()
		res := engines[g.Position().SideToAct()].Search(ctx, g.Clone(), engine.Limits{Soft: soft, MultiPV: 1}, nil)
		took := time.Since(start)
		cancel()
		move, err := protocol.BestMove(g, res.Best, board.PerTurn)
		if err != nil {
			fmt.Fprintln(os.Stderr, "seega play:", err)
		}
		if err := g.PlayToken(move, board.PerTurn); err != nil {
			// BestMove checked it: this would be a bug in the board package.
			fmt.Fprintln(os.Stderr, "seega play:", err)
			return 1
		}
		turns++
		score := fmt.Sprintf("cp %d", res.Score)
		if res.Mate != 0 {
			score = fmt.Sprintf("mate %d", res.Mate)
		}
		fmt.Printf("\nTurn %d: %s plays %s  (depth %d, score %s, %d nodes, %d ms)\n",
			turns, side, move, res.Depth, score, res.Nodes, took.Milliseconds())
		fmt.Print(g.Position().Draw())
		if w, ok := protocol.RansomWarning(g.Position()); ok {
			fmt.Println(w)
		}
	}
	fmt.Printf("\n%s\n", g.Result())
	return 0
}
