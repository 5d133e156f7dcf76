package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"seega/bench"
	"seega/engine"
	"seega/protocol"
)

func init() {
	register("bench", "search the fixed bench positions; prints '<N> nodes <M> nps' last", runBench)
}

// runBench runs package bench's command list through a UGI session, as
// the protocol's bench command does, and prints the signature last. N is the regression signature of search and eval:
// the same on every run, with one thread and a fresh hash per position.
func runBench(args []string) int {
	fs := newFlagSet("bench", fmt.Sprintf(`usage: seega bench [depth] [--search NAME] [--commands] [--cpuprofile DIR | --memprofile DIR]
       seega bench --first [--engine NAME=PROGRAM]... [--processes N] [--searches N] [--movetime MS] [--hash MB] [--search NAME]

Searches the fixed bench positions at depth (default %d) and prints '<N> nodes <M> nps' last.
With --first, starts fresh engine processes instead and compares the nodes/s
of their first search with their later ones (docs/speed.md).
`, bench.DefaultDepth))
	depth := fs.Int("depth", bench.DefaultDepth, "search depth in turns (also the first argument)")
	name := fs.String("search", "", "the searcher to bench (default: the Search option's default)")
	list := fs.Bool("commands", false, "print the bench's protocol commands instead of running them")
	prof := addProfileFlags(fs, "when the bench ends")
	first := addFirstFlags(fs)
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if *first.first {
		for _, name := range []string{"depth", "commands", "cpuprofile", "memprofile"} {
			if fs.Changed(name) {
				return usageError(fs, "--%s does not go with --first", name)
			}
		}
		if status := noArguments(fs); status != 0 {
			return status
		}
		return runBenchFirst(fs, first, *name)
	}
	if flag, ok := first.changed(fs); ok {
		return usageError(fs, "--%s goes only with --first", flag)
	}
	switch fs.NArg() {
	case 0:
	case 1:
		d, err := strconv.Atoi(fs.Arg(0))
		if err != nil || fs.Changed("depth") {
			return usageError(fs, "want one depth, got %q", fs.Arg(0))
		}
		*depth = d
	default:
		return usageError(fs, "too many arguments: %q", fs.Args())
	}
	if *depth < 1 || *depth > 64 {
		return usageError(fs, "depth %d: must be from 1 to 64", *depth)
	}
	if *list {
		fmt.Println(strings.Join(bench.Commands(*depth), "\n"))
		return 0
	}
	cfg := protocolConfig()
	if *name != "" {
		s, ok := searcherNamed(cfg.Searchers, *name)
		if !ok {
			return usageError(fs, "--search: no searcher %q (have %s)", *name, strings.Join(searcherNames(cfg.Searchers), ", "))
		}
		cfg.Searchers = []engine.Factory{s}
	}
	stop, status := prof.start(fs)
	if stop == nil {
		return status
	}
	rep, err := bench.Run(context.Background(), cfg, *depth, func(s protocol.BenchStep) {
		fmt.Printf("%2d %10d nodes %7.3fs  %s\n", s.Index, s.Nodes, s.Took.Seconds(), s.FEN)
	})
	stop()
	if err != nil {
		return fail("bench", 1, err)
	}
	fmt.Printf("time %.3fs\n", rep.Elapsed.Seconds())
	fmt.Println(rep)
	return 0
}
