package board

import "fmt"

// Outcome is who won, if anyone.
type Outcome uint8

const (
	Ongoing Outcome = iota
	WhiteWins
	BlackWins
	Draw
)

// Reason says which end condition of RULES.md 3.6 decided the game.
type Reason uint8

const (
	NoReason       Reason = iota
	TooFewStones          // a side has LoseAt stones or fewer
	BlockedLoss           // the side to act has no step (Blocked lose, or a blocked White under whiteopens)
	Blockade              // whiteopens: after Black's pass, White has no turn that opens a step for Black
	QuietTurns            // NoCaptureLimit turns without a capture
	BothPassed            // Blocked pass: both players passed in a row
	Repetition            // the same position for the RepetitionDraw-th time
	RansomDeadline        // Black completed RansomDeadline turns without requesting a ransom
)

// Result is the state of the game: over or not, who won and why.
type Result struct {
	Outcome Outcome
	Reason  Reason
	// White and Black stone counts when the game ended, for the messages.
	White, Black int
	// Loser is the side that lost, where the reason names one.
	Loser Color
	// bothLow marks both sides at or below LoseAt, and ransomed that a
	// ransom was accepted: only a ransom leaves both low in a game, but a
	// SeFEN may start so, and the message must not blame a ransom then.
	bothLow, ransomed bool
	// Repeats is how often the position occurred, for Repetition.
	Repeats int
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "first"
	case 2:
		return "second"
	case 3:
		return "third"
	}
	return fmt.Sprintf("%dth", n)
}

// Over reports whether the game has ended.
func (r Result) Over() bool { return r.Outcome != Ongoing }

// Code is the protocol's word: p1win, p2win, draw or none.
func (r Result) Code() string {
	switch r.Outcome {
	case WhiteWins:
		return "p1win"
	case BlackWins:
		return "p2win"
	case Draw:
		return "draw"
	}
	return "none"
}

// Winner is the side that won; ok is false for a draw or a game on.
func (r Result) Winner() (c Color, ok bool) {
	switch r.Outcome {
	case WhiteWins:
		return White, true
	case BlackWins:
		return Black, true
	}
	return White, false
}

// WhiteScore is the game's score from White's view, as training data
// labels a position with it: 1 a White win, 0 a Black win, ½ a draw or
// a game not over (a self-play game stopped at its turn cap counts as
// drawn).
func (r Result) WhiteScore() float64 {
	switch r.Outcome {
	case WhiteWins:
		return 1
	case BlackWins:
		return 0
	}
	return 0.5
}

func capital(c Color) string {
	if c == White {
		return "White"
	}
	return "Black"
}

// String is a sentence that names the result and its reason, e.g.
// "White wins: Black has 2 stones left."
func (r Result) String() string {
	head := "Draw"
	switch r.Outcome {
	case Ongoing:
		return "The game is on."
	case WhiteWins:
		head = "White wins"
	case BlackWins:
		head = "Black wins"
	}
	count := fmt.Sprintf("White has %d stones, Black %d", r.White, r.Black)
	switch r.Reason {
	case TooFewStones:
		if r.bothLow && !r.ransomed {
			return fmt.Sprintf("%s: both sides are at or below the losing count (White %d, Black %d); as after a ransom, Black wins.", head, r.White, r.Black)
		}
		if r.bothLow {
			return fmt.Sprintf("%s: the ransom left both sides at or below the losing count (White %d, Black %d), and White accepted the trade.", head, r.White, r.Black)
		}
		n := r.White
		if r.Loser == Black {
			n = r.Black
		}
		return fmt.Sprintf("%s: %s has %d stones left.", head, capital(r.Loser), n)
	case BlockedLoss:
		return fmt.Sprintf("%s: %s is blocked and cannot step.", head, capital(r.Loser))
	case Blockade:
		return fmt.Sprintf("%s: Black passed blocked and White has no turn that opens a step for Black; the blockade stands.", head)
	case QuietTurns:
		return fmt.Sprintf("%s: the quiet-turn limit was reached; %s.", head, count)
	case BothPassed:
		return fmt.Sprintf("%s: both players passed; %s.", head, count)
	case Repetition:
		return fmt.Sprintf("%s: the same position occurred for the %s time.", head, ordinal(r.Repeats))
	case RansomDeadline:
		return fmt.Sprintf("%s: Black reached the ransom deadline without requesting a ransom.", head)
	}
	return head + "."
}
