// Package match runs tournaments between engines that speak UGI
// (../shared/PROTOCOL.md), and is the arbiter of their games.
//
// The runner does not trust the engines. It keeps each game itself with
// the board package and applies the rules: a move that does not parse or
// is not legal, a crash, silence, and a turn over its time each lose the
// game, with the reason recorded. An engine that misbehaves is killed and
// started afresh for its next game, so a broken engine costs games, never
// the tournament.
//
// Games come in pairs: the same opening twice, with colours swapped.
// Each game is written to the records file as it ends, keyed by its
// index in the schedule, so a tournament that was stopped resumes where
// it stopped when it is run again with the same records file.
//
// Results are the progress line, the standings (W/D/L, score, Elo with
// its 95% interval, the pentanomial SPRT of package stats) and the [AR]
// points ledger. An Observer (package live) can watch every game turn
// by turn.
package match
