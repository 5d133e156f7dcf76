// Package tablebase builds and probes endgame tables: every movement-phase
// position with at most K stones on the board, at the start of a turn,
// solved by retrograde analysis under one rule set.
//
// # What an entry means
//
// An entry gives win, draw or loss for the side to act and the number of
// turns to the end of the game under best play: the winner ends it as
// soon as it can, the loser as late as it can. It is the value of the
// position as a SeFEN gives it, with a repetition history of its own in
// which it counts once (RULES.md 5), and the rules are board's: a
// turn is a whole chain, found by walking Game.LegalActions, and every
// end of the game is Game.Result's.
//
// # What a position is
//
// The board (both sides' stones) and the side to act, and beside them the
// state that changes what follows:
//   - the passed flag, where the rules read it: under Blocked=pass a
//     second pass in a row ends the game, and under Blocked=whiteopens a
//     White to act after Black's pass must open a step for Black;
//   - the quiet-turn count, where NoCaptureLimit is on: a position has
//     one value for each count from 0 to NoCaptureLimit-1;
//   - with Ransom on, only positions where a ransom has been accepted are
//     covered: there no request can come any more, and the deadline and
//     refusals no longer matter. Before that, Black may still ask (a
//     refused request does not stop it asking again in a later turn), so
//     those positions are not covered.
//
// # Repetition
//
// The tables solve the game in which play that never ends is a draw: a
// position from which neither side can force a result is a draw, whatever
// the cycles it can go round. Without a quiet-turn limit this is exactly
// the value under RULES.md's repetition draw, for a position with a
// history of its own: a winner who follows the table's shortest win
// never comes back to a position (each has fewer turns to go than the
// one before), so the loser cannot reach a repetition, and a side that
// can hold a draw in the endless game holds it under the rule too.
//
// With NoCaptureLimit on, the quiet count is part of the position and
// every quiet turn raises it, so the tables see no cycles at all. A board
// can still come back with a higher count, and RULES.md's repetition
// ignores the count. Where both sides have the same number of stones the
// count limit can only help the loser, so a win from a board never takes
// fewer turns with fewer quiet turns left, and a shortest win never comes
// back to a board: the tables are exact there too. Where one side has
// more stones it may be winning by waiting for the limit, and the tables
// assume that it can always wait without making a position occur for the
// last time. TestAgainstHistorySearch checks that on positions of up to 3
// stones under rules where repetition is near (a second occurrence draws,
// and the quiet limit is 8), with a search that keeps the game's history;
// in play, BestTurn looks two turns ahead on the game itself, history
// included, so that the winner is not led round a cycle into a
// repetition the tables do not see (without that, 20 of 100 won egyptian
// positions were drawn so in the play test of cmd/seega).
//
// # Files
//
// One file per material (White's and Black's stone counts) in a
// directory named after the rules that decide the values (DirName). A
// file holds a header, the entries compressed with DEFLATE, and an XXH3
// checksum of the entries that the reader verifies. The board's 8
// symmetries map onto each other positions of equal value, so a file
// holds one position of each class of 8.
package tablebase
