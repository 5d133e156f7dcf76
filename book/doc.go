// Package book is the opening book of the placement phase: the best
// placement turns of positions near the start, found offline by deep
// node-limited searches backed up by minimax (build.go), stored in a
// small checksummed file that names its rules and the command that built
// it (format.go), embedded in the binary for the 5×5 rule sets the
// engine is measured on (embedded.go), and played by a wrapper around any
// engine.Searcher before it searches (searcher.go).
//
// A placement position (between turns) is fixed by the two sets of
// stones alone: the side to act and the stones in hand follow from them,
// and placement has no captures or repetitions, so the history that led
// to it does not matter. A book key is those two sets, taken in the
// orientation that makes them least among the board's eight symmetries
// (key.go), so that one entry serves a position and all its images; a
// probe maps the stored turn back through the symmetry (probe.go).
//
// Books are for 5×5 boards, where a key fits one word; docs/book.md
// describes the format, the commands and what is embedded.
package book
