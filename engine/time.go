package engine

import "time"

// TimeControl is the clock situation of one search, as a front end reads
// it from its protocol (a go command, GTP's time_left).
type TimeControl struct {
	Time, Inc  time.Duration // the engine's own clock; Time 0 = no clock
	MovesToGo  int
	MoveTime   time.Duration // exact time per move (0 = none)
	Overhead   time.Duration // Move Overhead
	TurnNumber int           // board.Position.TurnNumber()
	BoardSize  int
}

// Allocate turns a clock into budgets: soft, after which no new iteration
// starts, and hard, which the search never passes (the caller makes it
// the context's deadline). Both are 0 when there is neither a clock nor a
// movetime: no time limit.
//
// Under movetime the whole move time less the overhead is used: hard is
// exactly that and soft equals it, since a half-finished iteration still
// improves the move. Under a clock the game is budgeted: the remaining
// clock is shared over an estimate of the engine's turns still to play,
// plus most of the increment, and hard lets an iteration run past the aim
// but never past a share of the clock, nor past the clock less the
// overhead and a safety margin. When the clock (or movetime) holds no more
// than the overhead, hard is MinHard: an answer is due at once.
func Allocate(tc TimeControl) (soft, hard time.Duration) {
	if tc.MoveTime <= 0 && tc.Time <= 0 {
		return 0, 0
	}
	overhead := max(tc.Overhead, 0)
	if tc.MoveTime > 0 {
		hard = tc.MoveTime - overhead
		if tc.Time > 0 {
			// A clock beside movetime still must not run out.
			hard = min(hard, tc.Time-overhead-SafetyMargin)
		}
		if hard <= 0 {
			return MinHard, MinHard
		}
		return hard, hard
	}
	avail := tc.Time - overhead
	if avail <= 0 {
		return MinHard, MinHard
	}
	left := turnsLeft(tc)
	share := MaxClockShare
	if tc.MovesToGo == 1 {
		share = LastMoveShare
	}
	soft = avail/time.Duration(left) + time.Duration(float64(max(tc.Inc, 0))*IncrementUse)
	hard = min(time.Duration(float64(soft)*HardRatio), time.Duration(float64(avail)*share))
	hard = min(hard, avail-SafetyMargin)
	if hard <= 0 {
		// Less than the safety margin left: all that remains, and no more.
		hard = min(avail, MinHard)
	}
	return min(soft, hard), hard
}

// turnsLeft estimates how many turns the engine still has to play: the
// movestogo where given, else the expected length of a game on this board
// (placement at two stones a turn, then movement turns in proportion to
// the squares) less the turns already played, but never fewer than
// MinTurnsLeft.
func turnsLeft(tc TimeControl) int {
	if tc.MovesToGo > 0 {
		return min(tc.MovesToGo, MaxMovesToGo)
	}
	n := tc.BoardSize
	if n < 5 {
		n = 5
	}
	squares := n * n
	stones := (squares - 1) / 2
	expected := stones/2 + int(float64(squares)*MovementTurnsPerSquare)
	played := max(tc.TurnNumber-1, 0) / 2
	return max(expected-played, MinTurnsLeft)
}

// Time management: Allocate's parameters.
const (
	// MovementTurnsPerSquare estimates a side's movement turns from the
	// board's square count: 5×5 about 25, 7×7 about 49. Placement adds
	// one turn per two stones a side owns.
	MovementTurnsPerSquare = 1.0
	// MinTurnsLeft is the fewest own turns the clock is budgeted for, so a
	// long game never spends its whole clock on one turn.
	MinTurnsLeft = 12
	// MaxMovesToGo caps a movestogo that would make each turn's share tiny.
	MaxMovesToGo = 60
	// IncrementUse is the share of the increment spent each turn.
	IncrementUse = 0.8
	// HardRatio is how far the hard limit may run past the soft aim, for
	// an iteration that is about to finish.
	HardRatio = 4.0
	// MaxClockShare is the largest share of the remaining clock one turn
	// may take; LastMoveShare replaces it when movestogo is 1.
	MaxClockShare = 0.4
	LastMoveShare = 0.85
	// SafetyMargin is kept back from the clock after Move Overhead, for
	// the search's own stopping latency, where a clock can be lost.
	SafetyMargin = 5 * time.Millisecond
	// MinHard is the hard limit when the clock holds no more than the
	// overhead: the engine must still answer, as fast as it can.
	MinHard = time.Millisecond
)
