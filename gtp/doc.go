// Package gtp speaks GTP, the Go Text Protocol (version 2), with GoGui's
// gogui-rules_* extension, so that the GoGui board program can draw a
// Seega board, take clicks, judge the rules and play the engine
// (PROTOCOL.md, "GTP mode"). In this mode the engine is both GoGui's
// player and its rules program.
//
// # One vertex per GTP move
//
// GoGui knows only moves that are one vertex (or pass), so every Seega
// action is played as one or two GTP moves:
//
//	placement        C1             its square
//	step             C2, then C3    the stone, then its target
//	pass, chain stop pass           the action 0000
//	ransom request   C2, then C2    Black's stone, picked up and put back
//	ransom refusal   pass           the only "pass" White has then
//	ransom accepted  A1, then E5    White's two stones, in either order
//
// Between the two vertices of a step the engine keeps a picked-up stone:
// a half-state of GTP's, not of the game. The stone stays on its square
// in gogui-rules_board until the action is complete (GoGui then sees a
// single change and draws the step), gogui-rules_side_to_move does not
// change, and gogui-rules_legal_moves lists only the second vertices of
// that stone: its targets, and the stone itself where a ransom may name
// it. The mapping is never ambiguous, since a placement's square is empty
// and a pick-up's square holds one's own stone, a step's target is empty
// and an acceptance's second stone is not, and pass is never legal as a
// pass and as a refusal at once.
//
// Every GTP move counts once: undo takes back the last one, so a step
// takes two undos, and GoGui's count of moves always matches ours.
// genmove answers one vertex too: the first genmove of a turn searches the
// whole turn and keeps the rest of it, which the next genmoves (GoGui asks
// again while the same side is to act) answer at once.
//
// As an extension, play also takes a whole action in RULES.md notation,
// e.g. `play b ransom:c2`, `play w accept:a1:e5`, `play w refuse`,
// `play w d3c3`; its squares are written as RULES.md writes them (files
// a…i), where GTP's vertices skip I.
//
// # Colours
//
// Our White is GoGui's O and our Black its X; White acts first, as
// gogui-rules_side_to_move says. The colour of play and genmove must be
// the side to act, or the command fails with "wrong color".
package gtp
