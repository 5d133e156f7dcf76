// Package console is the game at a terminal: an engine-vs-engine game a
// person can watch (Watch), and a game a person plays against the engine
// by typing turns (Play). Both draw the same board through a Screen,
// which redraws in place on a terminal and writes plain lines anywhere
// else, so that pipes, CI logs and tests read as a game record.
//
// The engine is reached through the Chooser interface; engine.go holds
// the package's only calls into the searcher, so that a change of the
// search API touches one small file.
package console
