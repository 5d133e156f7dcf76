package tablebase

import "fmt"

// WDL is a game's value for the side to act.
type WDL int8

const (
	Loss WDL = -1
	Draw WDL = 0
	Win  WDL = 1
)

func (w WDL) String() string {
	switch w {
	case Win:
		return "win"
	case Loss:
		return "loss"
	}
	return "draw"
}

// Value is an entry: the result for the side to act under best play and
// the number of turns to the end of the game (0 for a draw, and for a
// game already over).
type Value struct {
	WDL   WDL
	Turns int
}

func (v Value) String() string {
	if v.WDL == Draw {
		return "draw"
	}
	return fmt.Sprintf("%s in %d", v.WDL, v.Turns)
}

// code is a Value as the tables store it: 0 is a draw, 1+2t a win in t
// turns, 2+2t a loss in t turns.
type code uint16

func encode(v Value) code {
	switch v.WDL {
	case Win:
		return code(1 + 2*v.Turns)
	case Loss:
		return code(2 + 2*v.Turns)
	}
	return 0
}

func (c code) value() Value {
	switch {
	case c == 0:
		return Value{}
	case c&1 == 1:
		return Value{Win, int(c-1) / 2}
	}
	return Value{Loss, int(c-2) / 2}
}
