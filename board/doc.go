// Package board holds the rules of Seega as the rule book, RULES.md,
// gives them (placement, steps, captures, chains, ransom, the ends of a
// game; the section numbers in comments are its), and everything that plays them fast: the position and its bitboards,
// make and unmake, the move generator, random play, perft and SeFEN.
// Every other package (eval, search, mcts, tablebase, the protocols)
// stands on it.
//
// # Squares
//
// A Square is an index, dense and rank-major for the board in play:
// index = rank*N + file, a1 = 0, b1 = 1, …, a2 = N, on an N×N board of
// 5, 7 or 9. The same index names different squares on different sizes,
// so text (SquareName, ParseSquare) always needs N. NoSquare (-1) is "no
// square". On 5×5:
//
//	rank 5:  20 21 22 23 24
//	rank 4:  15 16 17 18 19
//	rank 3:  10 11 12 13 14     12 is the centre, (N×N-1)/2
//	rank 2:   5  6  7  8  9
//	rank 1:   0  1  2  3  4
//	          a  b  c  d  e
//
// The eight Directions are North, East, South, West (a rule set of four
// directions uses these), then NorthEast, SouthEast, SouthWest,
// NorthWest; d.Opposite() is d^2. The four line orientations (north–south,
// east–west and the two diagonals) start at North, East, NorthEast and
// SouthEast.
//
// # Bitboards
//
// A Bitboard is a set of squares, bit i for square i. The default build
// holds two words, lo for squares 0–63 and hi for 64–80: 5×5 (25 squares)
// and 7×7 (49) live in lo alone and hi stays zero; only 9×9 (81) uses
// hi. The build tag narrow swaps in a one-word Bitboard (boards up to
// 7×7) to measure what the second word costs (bitboard.go,
// bitboard_narrow.go). A step of a whole set in one direction is a shift
// by the direction's index delta, masked so that no square wraps round
// an edge (geometry.step).
//
// # Geometry
//
// geometry (geometry.go) holds the read-only tables of one size and one
// direction count, built once at start-up: each square's neighbours, its
// capture patterns (the enemy square next to a target and the friend
// square beyond), its capture lines, and the masks and shifts of the set
// steps. Geometry is its exported, read-only face, which eval reads
// instead of building tables of its own; Lines (lines.go) and
// StepScanner (stepscan.go) answer questions about whole sets on it.
//
// # Files
//
//   - square.go, bitboard.go, bitboard_narrow.go, geometry.go: squares,
//     directions, sets and the tables above.
//   - rules.go: Rules, the presets and the options (Get, Set, Validate).
//   - position.go: Position, the state of a game at one moment, its
//     accessors, its incremental Zobrist hash (keys in zobrist.go) and
//     Validate; action.go: Action, one action of a turn.
//   - game.go: Game, a position with its history: Make, Unmake, Result
//     and the legal action lists; result.go: Result, Outcome and Reason.
//   - movegen.go: the general move generator on whole Bitboards, for
//     every rule set (LineCapture and the ransom included).
//   - random.go: counting actions and picking the k-th without listing
//     them (RandomAction, RandomTurn, PickAction, Choices); playout.go:
//     RandomPlayout, a whole random game played on locals.
//   - perft.go: Perft and Divide, counting turns, the last ply in bulk.
//   - sefen.go: SeFEN, the position as text, written and read field by
//     field; notation.go: actions and turns as text; draw.go: the board
//     for people.
//   - symmetry.go: the eight symmetries of the square board;
//     turnstart.go: TurnStart, a movement position as parts, for the
//     endgame tables.
//
// # Fast paths
//
// The general code above works on whole Bitboards and handles every rule.
// The hot operations also have fast paths for the common cases (no
// LineCapture, mostly no ransom), in files named fast_<operation>.go.
// Within them a name ending in 64 works on the low word alone (5×5 and
// 7×7), one ending in Wide on both words (9×9). Each is checked against a
// slower path, and through it against the naive reference:
//
//   - fast_movegen.go: the one-word move generator (reach64,
//     captureTargets64, appendSteps64, …), used when Position.wordGen
//     holds. Checked by TestGeneratorMatchesWalk and TestCountAndPick
//     (movegen_test.go) against the plain walk, by TestCapturedMatchesRuns
//     (fast_movegen_test.go), and by TestAgainstNaive.
//   - fast_random.go: RandomAction's one-word pick (randomAction64).
//     Checked by TestRandomActionPlaysLikeLegalActions (movegen_test.go).
//   - fast_playout.go: RandomPlayout's movement runs, stepRun64 and
//     stepRunWide, turns of one step played on locals. Checked by
//     TestRandomPlayoutPlaysLikeRandomAction (playout_test.go): the same
//     games, move for move, as RandomAction and Make.
//   - fast_perft2.go: Perft(2) counted on the stones after each quiet
//     step (perft2Fast64, perft2FastWide), and perft.go's perft1Fast64.
//     fast_perftchain.go: the chains of the last ply counted on the stones
//     (chainCorrection64, chainCorrectionWide). Checked by
//     TestPerftBulkMatchesWalk (fast_perft2_test.go) against a walk that
//     makes every action, and by the perft counts below.
//   - stepscan.go and lines.go: the set-at-a-time answers eval asks for,
//     each with a one-word and a Wide form. Checked by
//     TestStepScanMatchesSteps and by lines_test.go against the generator
//     and the neighbour tables.
//
// # What checks the rules
//
// naive_*_test.go is a deliberately naive second implementation of
// RULES.md that shares no code with the package (plain cells, plain
// loops, a clone for every action). TestAgainstNaive
// (differential_test.go) plays random games of every preset and size with
// both and compares the legal turns, the SeFEN and the result at every
// turn. Perft counts are frozen in testdata/perft.txt (TestPerftTable,
// perfttable_test.go; genperft_test.go regenerates it with
// -update-perft, writing a count only where the naive generator agrees),
// checked against an
// independent implementation's reference file where it is present
// (TestPerftReference, reference_test.go) and against the naive one
// (naive_reference_test.go), and under the eight symmetries
// (TestPerftInvariantsAndSymmetry). `go test -short ./board/` runs them
// all but the deepest counts; `go test -tags narrow -short ./board/`
// runs them on the one-word Bitboard.
package board
