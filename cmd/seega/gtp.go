package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"seega/board"
	"seega/engine"
	"seega/gtp"
	"seega/protocol"
	"seega/search"
	"seega/tablebase"
)

func init() {
	register("gtp", "speak GTP with GoGui's rules extension, for the GoGui board program", runGTP)
}

func runGTP(args []string) int {
	fs := newFlagSet("gtp", `usage: seega gtp [--variant V] [--size N] [rule options] [--movetime MS] [--hash MB] [--threads N] [--contempt CP] [--level 0-20] [--tb DIR] [--search NAME]

Speaks GTP version 2 on stdin and stdout, with GoGui's gogui-rules_* commands,
so that GoGui can draw the board, take clicks, judge the rules and play the engine.
`)
	rf := addRulesFlags(fs)
	movetime := fs.Int("movetime", 1000, "time per turn in ms while GTP sets no clock (time_settings)")
	overhead := fs.Int("overhead", 30, "ms kept back from every search for pipe and GUI latency")
	hashMB := fs.Int("hash", 16, "transposition table size in MiB")
	threads := fs.Int("threads", 1, "search threads")
	contempt := fs.Int("contempt", search.Contempt, fmt.Sprintf("what a draw costs the engine, in cp (-%d to %d): more plays on against a weaker opponent", search.MaxContempt, search.MaxContempt))
	level := fs.Int("level", engine.MaxSkill, fmt.Sprintf("skill level, 0 (weakest) to %d (full strength); GoGui's Analyze menu changes it (Level)", engine.MaxSkill))
	random := fs.Bool("random", false, "play random legal turns instead of searching (for testing GUIs)")
	searchName := fs.String("search", "alphabeta", "the searcher, as UGI's Search option: "+strings.Join(searcherNames(searchers()), ", "))
	quiet := fs.Bool("quiet", false, "do not log each search's result on stderr")
	tbDir := fs.String("tb", "", "probe the endgame tables generated into this directory (seega tb generate)")
	if status, ok := parseOnlyFlags(fs, args); !ok {
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
	case *level < 0 || *level > engine.MaxSkill:
		return usageError(fs, "--level %d: must be from 0 to %d", *level, engine.MaxSkill)
	case *contempt < -search.MaxContempt || *contempt > search.MaxContempt:
		return usageError(fs, "--contempt %d: must be from -%d to %d", *contempt, search.MaxContempt, search.MaxContempt)
	}
	r, err := rf.rules()
	if err != nil {
		return usageError(fs, "%v", err)
	}
	searcher, ok := searcherNamed(searchers(), *searchName)
	if !ok {
		return usageError(fs, "--search: no searcher %q (have %s)", *searchName, strings.Join(searcherNames(searchers()), ", "))
	}
	var player gtp.Player = gtp.NewRandomPlayer(uint64(time.Now().UnixNano()))
	if !*random {
		protocol.SpareProcessor(*threads) // so that gogui-interrupt is read at once
		o := engine.Options{HashMB: *hashMB, Threads: *threads, Contempt: *contempt}
		sp := &gtp.SearcherPlayer{Overhead: time.Duration(*overhead) * time.Millisecond}
		sp.SetLevel(*level)
		if *tbDir != "" {
			// Checked now, so that a wrong directory is said at once; the
			// tables are opened again whenever GoGui changes the rules.
			if _, err := tablebase.Open(*tbDir, r); err != nil {
				return fail("gtp", 2, "--tb:", err)
			}
		}
		if !*quiet {
			sp.Log = os.Stderr
		}
		sp.New = func(r board.Rules) engine.Searcher {
			o := o
			o.Level = sp.Level
			if *tbDir != "" {
				if t, err := tablebase.Open(*tbDir, r); err == nil {
					o.Tablebase = t
				} else if sp.Log != nil {
					fmt.Fprintln(sp.Log, "seega: no endgame tables for these rules:", err)
				}
			}
			return searcher.New(r, o)
		}
		player = sp
	}
	e, err := gtp.New(r, player, gtp.Options{
		Name:     engineName,
		Version:  "dev",
		MoveTime: time.Duration(*movetime) * time.Millisecond,
	})
	if err != nil {
		return fail("gtp", 2, err)
	}
	if err := e.Serve(context.Background(), os.Stdin, os.Stdout); err != nil {
		return fail("gtp", 1, err)
	}
	return 0
}
