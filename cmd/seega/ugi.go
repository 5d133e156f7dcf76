package main

import (
	"fmt"
	"os"

	"github.com/spf13/pflag"

	"seega/bench"
	"seega/board"
	"seega/internal/engine"
	"seega/protocol"
	"seega/search"
)

func init() {
	register("ugi", "speak UGI (UCI spellings accepted) on stdin/stdout; the default", runUGI)
}

// engineName and engineAuthor are what `ugi` answers with.
const (
	engineName   = "Seega"
	engineAuthor = "the Seega authors"
)

// searchers is the registry behind the Search option: the first is the
// default. A new searcher (MCTS) is one more entry here; the protocol
// reads the list and needs no change.
func searchers() []protocol.Searcher {
	return append([]protocol.Searcher{
		{Name: "alphabeta", New: func(r board.Rules, hashMB, threads int) protocol.Engine {
			return newSearchEngine(engine.NewAlphaBeta(r, hashMB, threads), threads)
		}},
		// random plays uniformly random legal turns: the baseline that
		// real play is measured against.
		{Name: "random", New: func(board.Rules, int, int) protocol.Engine {
			return protocol.NewRandomEngine(1)
		}},
	}, mctsSearchers()...)
}

// searcherNames lists the searchers' names, for messages.
func searcherNames(list []protocol.Searcher) []string {
	names := make([]string, len(list))
	for i, s := range list {
		names[i] = s.Name
	}
	return names
}

// protocolConfig wires the searchers, the search package's time
// allocator and the bench into the protocol.
func protocolConfig() protocol.Config {
	return protocol.Config{
		Name:          engineName,
		Author:        engineAuthor,
		Searchers:     searchers(),
		Allocate:      engine.Allocate,
		OpenTablebase: openTablebase,
		Bench:         bench.Protocol,
		Contempt:      protocol.ContemptRange{Default: search.Contempt, Max: search.MaxContempt},
	}
}

// searchEngine is the protocol's view of a searcher (engine.Adapter)
// that also keeps a processor spare for the command loop beside its
// search threads.
type searchEngine struct{ engine.Adapter }

// newSearchEngine adapts s, which runs threads search threads.
func newSearchEngine(s search.Searcher, threads int) searchEngine {
	spareProcessor(threads)
	return searchEngine{engine.Adapter{S: s}}
}

func (e searchEngine) SetThreads(n int) {
	spareProcessor(n)
	e.Adapter.SetThreads(n)
}

// SetContempt hands the Contempt option to the searcher, if it has one:
// alpha-beta does, and the hybrid through its alpha-beta; MCTS has none.
// The searcher's method is the protocol's, so its interface serves.
func (e searchEngine) SetContempt(cp int) {
	if u, ok := e.S.(protocol.ContemptEngine); ok {
		u.SetContempt(cp)
	}
}

// runUGI is seega with no command: a UGI session on stdin and stdout.
// --cpuprofile and --memprofile write a profile of the session into the
// directory given when it ends.
func runUGI(args []string) int {
	fs := pflag.NewFlagSet("ugi", pflag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: seega [ugi] [--cpuprofile DIR | --memprofile DIR]")
		fmt.Fprintln(os.Stderr, "\nSpeaks UGI (UCI spellings accepted) on stdin and stdout: see PROTOCOL.md.")
		fs.PrintDefaults()
	}
	prof := addProfileFlags(fs, "on quit")
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if status := noArguments(fs); status != 0 {
		return status
	}
	stop, status := prof.start(fs)
	if stop == nil {
		return status
	}
	defer stop()
	if err := protocol.New(protocolConfig(), os.Stdout).Run(os.Stdin); err != nil {
		fmt.Fprintln(os.Stderr, "seega:", err)
		return 1
	}
	return 0
}
