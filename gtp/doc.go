// Package gtp speaks GTP, the Go Text Protocol (version 2), with GoGui's
// gogui-rules_* extension, so that the GoGui board program can draw a
// Seega board, take clicks, judge the rules and play the engine
// (docs/protocol.md § GTP). In this mode the engine is both GoGui's
// player and its rules program.
//
// # One vertex per GTP move
//
// GoGui knows only moves that are one vertex (or pass), so every Seega
// action is played as one or two GTP moves (clicks.go):
//
//	placement         C1            its square
//	step              C2, then C3   the stone, then its target
//	chain step        C3            by the stone that just moved: its target alone
//	                  C2, then C3   by another stone (bonus, anycapture)
//	chain stop        E5            any of the opponent's stones
//	blocked pass      pass          the only pass
//	ransom request    A1, then C2   any White stone, then the Black stone offered
//	ransom refusal    C2            any Black stone (genmove names the one offered)
//	ransom accepted   A1, then E5   White's two stones, in either order
//	first step after  C3, then C2   target first (the centre, then the stone),
//	  one's own turn                when the MovementStarter placed last
//
// Two rules shape the table. GoGui ends a game on two passes in a row, so
// pass is the blocked pass alone: two come in a row only where the game
// ends. And GoGui sends every computer move to its rules program twice, so
// a GTP move played again at once by the same side is never legal: a
// placement's square is taken, a step's target holds the stone that must
// not be picked up again (the chain's next step is its target alone), and
// no two-move action repeats its first move. (The first step of a side
// that also placed last is played target first for the same reason: stone
// first, its last placement played again would pick that stone up. Its
// chain's next step then takes two moves, since the target alone could be
// the square it came from.) No move is both the whole of one action and
// the start of another, so each is read one way.
//
// Between the two moves of an action the engine keeps the first (GTP's
// half-state, not the game's). The board stays as it was in
// gogui-rules_board until the action is complete (GoGui then sees a single
// change and draws it), gogui-rules_side_to_move does not change, and
// gogui-rules_legal_moves lists only the moves that complete an action
// begun so.
//
// Every GTP move counts once: undo takes back the last one, so a step
// takes two undos, and GoGui's count of moves always matches ours.
// genmove answers one vertex too: the first genmove of a turn searches the
// whole turn and keeps the rest of it, which the next genmoves (GoGui asks
// again while the same side is to act) answer at once.
//
// As an extension, play also takes a whole action in docs/rules.md's notation,
// e.g. `play b ransom:c2`, `play w accept:a1:e5`, `play w refuse`,
// `play w d3c3`; its squares are written as docs/rules.md writes them (files
// a…i), where GTP's vertices skip I.
//
// # Colours
//
// Our White is GoGui's O and our Black its X; White acts first, as
// gogui-rules_side_to_move says. The colour of play and genmove must be
// the side to act, or the command fails with "wrong color".
package gtp
