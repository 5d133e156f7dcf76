// Package docs holds no code: its tests keep README.md and the guides in
// docs/ true to the engine built from the same tree, so that they cannot
// go stale unnoticed.
//
//   - layout_test.go: the package diagram in README.md (the fenced block
//     whose info string is "layout") names every package of the module
//     and exactly the module-internal imports each one has.
//   - transcript_test.go: every fenced block whose info string is
//     "transcript", in README.md and docs/*.md, is run against a seega
//     binary built from the tree, and its output compared line by line.
//   - links_test.go: every relative link of those files reaches a file of
//     the repository (and a heading, where it names one).
//
// A transcript block reads:
//
//	$ seega gtp --variant egyptian     a command: "seega" and its arguments
//	> gogui-rules_legal_moves          a line sent to its stdin, without "> "
//	= C2                               an expected line of its stdout
//	info depth 3 score cp 143 …        a trailing " …" matches any rest of the line
//	…                                  a line of just "…" matches any lines, up to
//	                                   the first that matches the line after it
//
// Output lines must come in the block's order, and every line not covered
// by a "…" must match exactly (trailing blanks aside); output after the
// block's last line is a mismatch. A line sent to the engine goes only once
// every output line shown above it has been read, so that a session waits
// for a search's bestmove as a GUI would. A block may run several
// commands, each from its own "$" line, one after another in one scratch
// directory (so that one can write files the next reads); stderr is not
// compared, and every command must exit with status 0.
package docs
