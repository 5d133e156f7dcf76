// Package search is the engine's alpha-beta searcher: iterative-deepening
// principal variation search over single actions, with a shared
// transposition table, quiescence over captures and Lazy SMP threads.
//
// The search walks single actions (a placement stone, one step of a
// chain) with make/unmake on a board.Game, and counts depth in turns: a
// chain's further steps and a placement turn's second stone are free
// plies, so a depth-d search always looks d whole turns ahead and the
// principal variation is always made of whole turns. The protocol speaks
// turns only.
//
// It speaks package engine's vocabulary: AlphaBeta is an engine.Searcher,
// and it scores positions with an engine.Evaluator (package eval's), so
// that search does not import eval.
package search

import "seega/engine"

// New builds the alpha-beta searcher as the engine.Searcher the front
// ends drive; NewAlphaBeta gives the concrete type.
func New(o engine.Options, ev engine.Evaluator) engine.Searcher { return NewAlphaBeta(o, ev) }
