package main

import (
	"fmt"
	"os"
	"strings"

	"seega/bench"
	"seega/board"
	"seega/engine"
	"seega/eval"
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
func searchers() []engine.Factory {
	return append([]engine.Factory{
		{Name: "alphabeta", New: newAlphaBeta},
		// material is a plain alpha-beta that counts material only: a
		// fixed opponent of another style, for gauntlets (issue 44).
		{Name: "material", New: newMaterial},
		// random plays uniformly random legal turns: the baseline that
		// real play is measured against.
		{Name: "random", New: func(board.Rules, engine.Options) engine.Searcher {
			return protocol.NewRandomEngine(1)
		}},
	}, mctsSearchers()...)
}

// newAlphaBeta is the alpha-beta searcher with the evaluation for r and
// the options o.
func newAlphaBeta(r board.Rules, o engine.Options) engine.Searcher {
	s := search.New(o, eval.New(r))
	s.SetOptions(o)
	return s
}

// newMaterial is Search material: alpha-beta without pruning, reductions
// or contempt (search.NewPlain), scoring material only (eval.MaterialOnly).
func newMaterial(_ board.Rules, o engine.Options) engine.Searcher {
	s := search.NewPlain(o, eval.MaterialOnly{})
	s.SetOptions(o)
	return s
}

// searcherNamed is the searcher of list called name, in any case.
func searcherNamed(list []engine.Factory, name string) (engine.Factory, bool) {
	for _, s := range list {
		if strings.EqualFold(s.Name, name) {
			return s, true
		}
	}
	return engine.Factory{}, false
}

// searcherNames lists the searchers' names, for messages.
func searcherNames(list []engine.Factory) []string {
	names := make([]string, len(list))
	for i, s := range list {
		names[i] = s.Name
	}
	return names
}

// protocolConfig wires the searchers, the endgame tables and the bench
// into the protocol.
func protocolConfig() protocol.Config {
	return protocol.Config{
		Name:          engineName,
		Author:        engineAuthor,
		Searchers:     searchers(),
		OpenTablebase: openTablebase,
		Bench:         bench.Protocol,
		Contempt:      protocol.ContemptRange{Default: search.Contempt, Max: search.MaxContempt},
	}
}

// runUGI is seega with no command: a UGI session on stdin and stdout.
// --cpuprofile and --memprofile write a profile of the session into the
// directory given when it ends.
func runUGI(args []string) int {
	fs := newFlagSet("ugi", `usage: seega [ugi] [--cpuprofile DIR | --memprofile DIR]

Speaks UGI (UCI spellings accepted) on stdin and stdout: see docs/protocol.md § UGI.
`)
	prof := addProfileFlags(fs, "on quit")
	if status, ok := parseOnlyFlags(fs, args); !ok {
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
