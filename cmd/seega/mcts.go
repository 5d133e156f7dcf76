package main

import (
	"seega/board"
	"seega/engine"
	"seega/eval"
	"seega/mcts"
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
func mctsSearchers() []engine.Factory {
	mk := func(name string, p mcts.Params) engine.Factory {
		return engine.Factory{Name: name, New: func(r board.Rules, o engine.Options) engine.Searcher {
			m := mcts.New(o, eval.New(r), p)
			m.SetOptions(o)
			return m
		}}
	}
	return []engine.Factory{
		mk("mcts", mcts.DefaultParams()),
		mk("mcts-playout", mcts.PlayoutParams()),
		mk("mcts-eval", mcts.EvalParams()),
		{Name: "hybrid", New: func(r board.Rules, o engine.Options) engine.Searcher {
			pmb, mmb := mcts.SplitHash(o.HashMB)
			ev := eval.New(r)
			h := mcts.NewHybrid(
				mcts.New(engine.Options{HashMB: pmb, Threads: o.Threads}, ev, mcts.DefaultParams()),
				search.New(engine.Options{HashMB: mmb, Threads: o.Threads}, ev))
			h.SetOptions(o)
			return h
		}},
	}
}
