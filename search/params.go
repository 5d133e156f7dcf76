package search

import "math"

// Search parameters, one place for every tunable (STYLE.md habit 9).
// A parameter's comment says in one line what a match found it worth;
// the matches are in docs/strength.md and docs/strength-tried.md.

// Depth and stack bounds.
const (
	// MaxDepth is the deepest iteration, in turns. Seega games on 5×5
	// rarely need more than a few dozen turns of lookahead; the bound
	// keeps the stacks fixed-size.
	MaxDepth = 64
	// MaxPly bounds the path in single actions (main search and
	// quiescence together), which sizes the per-thread stacks. A node at
	// MaxPly-1 returns its static evaluation.
	MaxPly = 128
	// QMaxPly bounds quiescence, in actions below its entry, so that long
	// bonus chains and capture trades cannot blow up a leaf.
	QMaxPly = 24
)

// Scores.
const (
	// Mate is the score of a won position at the root; a win t turns from
	// the root scores Mate-t, so shorter wins score higher.
	Mate = 30000
	// MateBound separates mate scores (|s| >= MateBound) from evaluations;
	// evaluations are clamped inside it.
	MateBound = Mate - 1000
	// Infinity is above every score, for the initial window.
	Infinity = Mate + 1
	// DrawScore is a draw from either side: repetitions, equal counts.
	DrawScore = 0
	// Contempt is what a draw costs the side the search is for: the
	// side to act at the root scores a draw -Contempt, its opponent
	// +Contempt, so that it plays on where it is not worse rather than
	// take the repetition always at hand. The default of SetContempt.
	Contempt = 20
	// MaxContempt bounds SetContempt either way: ten stones' worth, far
	// inside MateBound, so a draw never passes for a forced result.
	MaxContempt = 1000
	// ContemptFadeTurns is the number of quiet turns at the root over
	// which Contempt fades to nothing where no quiet-turn limit applies.
	// Worth: games at the turn cap 58 → 1 of 100 (docs/strength.md).
	ContemptFadeTurns = 40
)

// Quiet fade: without a quiet-turn limit, the static evaluation is
// scaled by (QuietFadeFull − q)/QuietFadeFull after q quiet turns, q at
// most QuietFadeTurns, so that a lead no capture has cashed in 100 turns
// is worth a draw (see thread.evaluate and quietFade).
const (
	QuietFadeFull  = 100
	QuietFadeTurns = 100
	// QuietFadeNoDrawTurns is where the fade slows down when no
	// repetition rule applies either, no draw being to be had: from there
	// it shrinks in inverse proportion to the quiet turns (quietFade).
	// Worth: nolimit-7 conversion 64 of 80 against 57 (docs/strength.md).
	QuietFadeNoDrawTurns = 50
	// LevelFadeFull replaces both in a level ending (each side with the
	// same number of stones, at most a LevelFadeShare-th of those it
	// placed: 4 on 5×5), which otherwise went on to the turn cap.
	// Worth: games at the cap 15 → 5 of 600 (docs/strength.md).
	LevelFadeFull  = 50
	LevelFadeShare = 3
)

// Fortress: without a quiet-turn limit, a side holding more than LoseAt
// stones in a fortress (board.Position.Fortress) cannot lose, so a lead
// against it is worth a draw. The static evaluation of such a lead is
// divided by FortressDivisor rather than zeroed, so that the side ahead
// still prefers the larger of two leads it cannot cash; it is looked for
// only where the lead is at least FortressMinLead, where it matters.
// Worth: nolimit-7 conversion against the engine before, 40 of 40 as
// the side ahead, 22 of 40 conceded to it (docs/strength.md,
// "Fortresses").
const (
	FortressDivisor = 8
	FortressMinLead = 100
)

// PlacementFinishSquares: a placement leaf with this many stones or
// fewer still to place plays them out greedily and searches the first
// steps' captures (placementLeaf) instead of returning the static
// evaluation.
const PlacementFinishSquares = 12

// PlacementBlockadeScore is what a placement leaf scores where the first
// movement turn can shut the other side in under Blocked lose
// (firstStepBlocks): more than all the stones of a 5×5 board are worth,
// far inside MateBound, since the fill before it is only a guess.
const PlacementBlockadeScore = 2000

// Move ordering scores. Bands are far apart so that a class never mixes
// with the next: TT move, captures by number captured, the chain stop,
// killers, then quiet actions by history (or placement score).
const (
	orderTT        = 1 << 30
	orderCapture   = 1 << 28 // plus orderPerStone for each stone captured
	orderPerStone  = 1 << 16
	orderStop      = 1 << 27 // the stop of an optional chain: after captures, before quiets
	orderKiller1   = 1 << 26
	orderKiller2   = orderKiller1 - 1
	orderRansom    = -(1 << 24) // ransom requests: rarely best, searched after steps
	orderPlaceUnit = 2 * HistoryMax
)

// History heuristic.
const (
	// HistoryMax bounds a history entry; the gravity update keeps every
	// entry within ±HistoryMax.
	HistoryMax = 1 << 14
	// PlacementScoreMax clamps the evaluator's placement score before it
	// is scaled above history in the ordering.
	PlacementScoreMax = 1 << 10
)

// Late move reductions (LMR): quiet, late, non-PV actions are searched
// shallower first, by lmrReduction turns, and again at full depth if
// they fail high.
const (
	// LMRMinDepth is the least remaining depth, in turns, that reduces.
	LMRMinDepth = 3
	// LMRMinMoves is how many actions are searched in full first.
	LMRMinMoves = 4
	// LMRBase and LMRDivisor shape the reduction: LMRBase +
	// ln(depth)·ln(actions searched)/LMRDivisor turns, rounded down, at
	// least 1 and at most depth−2 (a reduced search keeps a turn).
	LMRBase    = 0.5
	LMRDivisor = 2.25
)

// lmrTable holds lmrReduction for depths and action counts up to 63.
var lmrTable = func() (t [64][64]int8) {
	for d := 1; d < 64; d++ {
		for m := 1; m < 64; m++ {
			r := int(LMRBase + math.Log(float64(d))*math.Log(float64(m))/LMRDivisor)
			t[d][m] = int8(min(max(r, 1), max(d-2, 1)))
		}
	}
	return t
}()

// lmrReduction is the reduction, in turns, of a quiet action after
// searched others at depth turns.
func lmrReduction(depth, searched int) int {
	return int(lmrTable[min(depth, 63)][min(searched, 63)])
}

// Pruning at shallow depth, outside the principal variation.
const (
	// RFPDepth and RFPMargin: reverse futility pruning returns the static
	// evaluation of a movement turn start at depth RFPDepth or less when
	// it beats beta by RFPMargin cp a turn of depth.
	RFPDepth  = 3
	RFPMargin = 120
	// LMPDepth: late move pruning skips the quiet actions ordered after
	// lmpCount(depth) at depths of LMPDepth turns or less.
	LMPDepth = 2
)

// lmpCount is how many actions late move pruning lets through at depth.
func lmpCount(depth int) int { return 4 + 3*depth*depth }

// Aspiration windows around the previous iteration's score.
const (
	// AspirationMinDepth is the first depth searched with a narrow window.
	AspirationMinDepth = 4
	// AspirationDelta is the first half-width, in cp; it doubles on each
	// fail until the window is full.
	AspirationDelta = 40
)

// pollMask sets how often a thread looks at the stop flag, the context
// and the node budget, and yields the processor: every pollMask+1 nodes (a
// power of two, used as a mask on the node count). At a million nodes a
// second that is about every quarter of a millisecond, for a cost too
// small to measure; it bounds how long a stop waits for the threads.
const pollMask = 255

// Transposition table.
const (
	// BucketEntries is the number of entries per bucket: 4 entries of 16
	// bytes fill one 64-byte cache line.
	BucketEntries = 4
	// MaxHashMB caps the table so that a stray option value cannot ask
	// the machine for terabytes.
	MaxHashMB = 1 << 16
	// DefaultHashMB is used where the Options leave HashMB at 0.
	DefaultHashMB = 16
	// MaxThreads caps Threads for the same reason.
	MaxThreads = 256
)
