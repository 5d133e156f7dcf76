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
// plus most of the increment, weighted by what each turn decides
// (turnWeight: the last placement turns get more, the first ones less),
// and hard lets an iteration run past the aim
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
	share0 := turnWeight(tc, 0) / weightLeft(tc, left)
	soft = time.Duration(float64(avail)*share0) + time.Duration(float64(max(tc.Inc, 0))*IncrementUse)
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

// turnWeight is how much of the clock the engine's own turn j turns from
// now deserves, against 1 for a movement turn. The placement fills the
// board but for the centre, so its last turns settle what the first
// steps capture, and the search can see that far only there: they get
// PlacementFocusWeight, the placement turns before them
// PlacementEarlyWeight (their choices matter less and the search cannot
// see their outcome anyway). The turn count comes from the turn number
// and the board size, a side placing two of its (N²−1)/2 stones a turn.
func turnWeight(tc TimeControl, j int) float64 {
	own := max(tc.TurnNumber-1, 0)/2 + j // own turns played before it
	placing := placementTurns(tc.BoardSize)
	switch {
	case own >= placing:
		return 1
	case own >= placing-PlacementFocusTurns:
		return PlacementFocusWeight
	}
	return PlacementEarlyWeight
}

// weightLeft is the weight of the left turns from this one on: the
// shares of the clock they are budgeted. With no placement turn among
// them it is left, and the budget as before the weights.
func weightLeft(tc TimeControl, left int) float64 {
	w := 0.0
	for j := range left {
		w += turnWeight(tc, j)
	}
	return w
}

// placementTurns is the number of placement turns each side plays on an
// n×n board (n below 5 counts as 5).
func placementTurns(n int) int {
	n = max(n, 5)
	return ((n*n-1)/2 + 1) / 2
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
	// PlacementFocusTurns is how many of a side's last placement turns
	// get PlacementFocusWeight times a movement turn's share of the
	// clock; the placement turns before them get PlacementEarlyWeight.
	PlacementFocusTurns  = 4
	PlacementFocusWeight = 3.0
	PlacementEarlyWeight = 0.5
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
