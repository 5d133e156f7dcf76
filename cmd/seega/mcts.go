package main

import (
	"seega/board"
	"seega/eval"
	"seega/mcts"
	"seega/protocol"
	"seega/search"
)

// mctsSearchers are the Monte Carlo entries of the Search option, to be
// appended to the registry in searchers() (ugi.go):
//
//   - mcts: the MCTS searcher with its default parameters (leaves scored
//     half by the evaluation, half by a short random playout);
//   - mcts-playout and mcts-eval: the same tree with leaves scored by the
//     playout alone, or by the evaluation alone, kept so that the matches
//     that chose the default can be rerun;
//   - hybrid: MCTS in the placement phase, alpha-beta in the movement.
func mctsSearchers() []protocol.Searcher {
	mk := func(name string, p mcts.Params) protocol.Searcher {
		return protocol.Searcher{Name: name, New: func(r board.Rules, hashMB, threads int) protocol.Engine {
			return newSearchEngine(mcts.New(search.Config{HashMB: hashMB, Threads: threads}, eval.New(r), p), threads)
		}}
	}
	return []protocol.Searcher{
		mk("mcts", mcts.DefaultParams()),
		mk("mcts-playout", mcts.PlayoutParams()),
		mk("mcts-eval", mcts.EvalParams()),
		{Name: "hybrid", New: func(r board.Rules, hashMB, threads int) protocol.Engine {
			pmb, mmb := mcts.SplitHash(hashMB)
			ev := eval.New(r)
			return newSearchEngine(mcts.NewHybrid(
				mcts.New(search.Config{HashMB: pmb, Threads: threads}, ev, mcts.DefaultParams()),
				search.New(search.Config{HashMB: mmb, Threads: threads}, ev)), threads)
		}},
	}
}
