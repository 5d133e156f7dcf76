package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"seega/board"
	"seega/eval"
	"seega/gtp"
	"seega/search"
	"seega/tablebase"
)

func init() {
	register("gtp", "speak GTP with GoGui's rules extension, for the GoGui board program", runGTP)
}

func runGTP(args []string) int {
	fs := pflag.NewFlagSet("gtp", pflag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: seega gtp [--variant V] [--size N] [rule options] [--movetime MS] [--hash MB] [--threads N] [--contempt CP] [--tb DIR]")
		fmt.Fprintln(os.Stderr, "\nSpeaks GTP version 2 on stdin and stdout, with GoGui's gogui-rules_* commands,")
		fmt.Fprintln(os.Stderr, "so that GoGui can draw the board, take clicks, judge the rules and play the engine.")
		fs.PrintDefaults()
	}
	rf := addRulesFlags(fs)
	movetime := fs.Int("movetime", 1000, "time per turn in ms while GTP sets no clock (time_settings)")
	overhead := fs.Int("overhead", 30, "ms kept back from every search for pipe and GUI latency")
	hashMB := fs.Int("hash", 16, "transposition table size in MiB")
	threads := fs.Int("threads", 1, "search threads")
	contempt := fs.Int("contempt", search.Contempt, fmt.Sprintf("what a draw costs the engine, in cp (-%d to %d): more plays on against a weaker opponent", search.MaxContempt, search.MaxContempt))
	random := fs.Bool("random", false, "play random legal turns instead of searching (for testing GUIs)")
	quiet := fs.Bool("quiet", false, "do not log each search's result on stderr")
	tbDir := fs.String("tb", "", "probe the endgame tables generated into this directory (seega tb generate)")
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if status := noArguments(fs); status != 0 {
		return status
	}
	switch {
	case *movetime <= 0:
		return usageError(fs, "--movetime %d: must be positive", *movetime)
	case *overhead < 0:
		return usageError(fs, "--overhead %d: must be 0 or more", *overhead)
	case *hashMB < 1:
		return usageError(fs, "--hash %d: must be 1 or more", *hashMB)
	case *threads < 1:
		return usageError(fs, "--threads %d: must be 1 or more", *threads)
	case *contempt < -search.MaxContempt || *contempt > search.MaxContempt:
		return usageError(fs, "--contempt %d: must be from -%d to %d", *contempt, search.MaxContempt, search.MaxContempt)
	}
	r, err := rf.rules()
	if err != nil {
		return usageError(fs, "%v", err)
	}
	var player gtp.Player = gtp.NewRandomPlayer(uint64(time.Now().UnixNano()))
	if !*random {
		spareProcessor(*threads) // so that gogui-interrupt is read at once
		sp := &searchPlayer{hashMB: *hashMB, threads: *threads, contempt: *contempt, overhead: time.Duration(*overhead) * time.Millisecond, tbDir: *tbDir}
		if *tbDir != "" {
			// Checked now, so that a wrong directory is said at once; the
			// tables are opened again whenever GoGui changes the rules.
			if _, err := tablebase.Open(*tbDir, r); err != nil {
				fmt.Fprintln(os.Stderr, "seega gtp: --tb:", err)
				return 2
			}
		}
		if !*quiet {
			sp.log = os.Stderr
		}
		player = sp
	}
	e, err := gtp.New(r, player, gtp.Options{
		Name:     engineName,
		Version:  "dev",
		MoveTime: time.Duration(*movetime) * time.Millisecond,
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "seega gtp:", err)
		return 2
	}
	if err := e.Serve(context.Background(), os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "seega gtp:", err)
		return 1
	}
	return 0
}

// maxRootTurns bounds the turns listed as SearchMoves when a stone has
// been picked up over GTP: under bonus chains one stone can begin
// millions. The search then chooses among the first ones, all of which
// begin with that stone.
const maxRootTurns = 4096

// searchPlayer plays the search's turns in GTP mode. The evaluator
// depends on the rules, which GTP may change between games (set_variant,
// set_option, boardsize), so a searcher is built for each rule set.
type searchPlayer struct {
	hashMB, threads int
	contempt        int // cp, the searcher's SetContempt
	overhead        time.Duration
	log             io.Writer // one line per search; nil for none
	tbDir           string    // endgame tables' directory, or ""

	rules board.Rules
	s     search.Searcher
}

func (p *searchPlayer) Turn(ctx context.Context, g *board.Game, clk gtp.Clock, first []board.Action) []board.Action {
	if p.s == nil || *g.Rules() != p.rules {
		p.rules = *g.Rules()
		ab := search.NewAlphaBeta(search.Config{HashMB: p.hashMB, Threads: p.threads}, eval.New(p.rules))
		ab.SetContempt(p.contempt)
		if p.tbDir != "" {
			if t, err := tablebase.Open(p.tbDir, p.rules); err == nil {
				ab.SetTablebase(tableAdapter{t})
			} else if p.log != nil {
				fmt.Fprintln(p.log, "seega: no endgame tables for these rules:", err)
			}
		}
		p.s = ab
	}
	pos := g.Position()
	soft, hard := search.Allocate(search.TimeControl{
		Time: clk.Time, Inc: clk.Inc, MovesToGo: clk.MovesToGo, MoveTime: clk.MoveTime,
		Overhead: p.overhead, TurnNumber: pos.TurnNumber(), BoardSize: pos.Size(),
	})
	if hard > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, hard)
		defer cancel()
	}
	lim := search.Limits{Soft: soft}
	if first != nil {
		lim.SearchMoves = turnsBeginningWith(g, first)
	}
	var last search.Info
	res := p.s.Search(ctx, g, lim, func(i search.Info) { last = i })
	if p.log != nil {
		fmt.Fprintf(p.log, "seega: depth %d score %d nodes %d time %v pv %s\n",
			last.Depth, res.Score, res.Nodes, last.Time.Round(time.Millisecond), strings.Join(last.PV, " "))
	}
	return res.Best
}

func (p *searchPlayer) NewGame() {
	if p.s != nil {
		p.s.NewGame()
	}
}

// turnsBeginningWith lists, as turn text, the legal turns from g that
// begin with one of the actions in first, up to maxRootTurns.
func turnsBeginningWith(g *board.Game, first []board.Action) []string {
	n := g.Position().Size()
	var out []string
	g.ForEachTurn(func(turn []board.Action) bool {
		for _, a := range first {
			if turn[0].Same(a) {
				out = append(out, board.TurnString(turn, n))
				break
			}
		}
		return len(out) < maxRootTurns
	})
	return out
}
