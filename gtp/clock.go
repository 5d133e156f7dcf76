package gtp

import (
	"fmt"
	"strconv"
	"time"

	"seega/board"
	"seega/engine"
)

// clocks follows GTP's Canadian byo-yomi for both sides: time_settings
// sets the control, time_left corrects a side's clock, and genmove charges
// the time it used to the side that moved. GTP counts byo-yomi "stones" as
// GTP moves, and so do we: a step, made by two genmoves, counts twice.
type clocks struct {
	set    bool
	main   time.Duration
	byo    time.Duration
	stones int
	side   [2]sideClock
}

// sideClock is one side's clock: the time left, and the moves still to
// play in the current byo-yomi period (0 while in main time).
type sideClock struct {
	left   time.Duration
	stones int
}

// settings applies `time_settings main byo stones`.
func (c *clocks) settings(main, byo time.Duration, stones int) {
	*c = clocks{set: true, main: main, byo: byo, stones: stones}
	for i := range c.side {
		c.side[i] = sideClock{left: main}
		if main == 0 && c.hasByoYomi() {
			c.side[i] = sideClock{left: byo, stones: stones}
		}
	}
}

// unlimited reports whether no clock runs: no time_settings, or GTP's
// "byo-yomi time with zero stones", which means no time limit.
func (c *clocks) unlimited() bool {
	return !c.set || (c.byo > 0 && c.stones == 0) || (c.main == 0 && c.byo == 0)
}

func (c *clocks) hasByoYomi() bool { return c.byo > 0 && c.stones > 0 }

// left applies `time_left color time stones`.
func (c *clocks) left(side board.Color, left time.Duration, stones int) {
	c.side[side] = sideClock{left: left, stones: stones}
}

// budget is the time control of side's next turn; moveTime applies when no clock
// runs.
func (c *clocks) budget(side board.Color, moveTime time.Duration) engine.TimeControl {
	if c.unlimited() {
		return engine.TimeControl{MoveTime: moveTime}
	}
	s := c.side[side]
	switch {
	case s.stones > 0:
		return engine.TimeControl{Time: max(s.left, time.Millisecond), MovesToGo: s.stones}
	case s.left <= 0 && c.hasByoYomi():
		return engine.TimeControl{Time: c.byo, MovesToGo: c.stones}
	}
	clk := engine.TimeControl{Time: max(s.left, time.Millisecond)}
	if c.hasByoYomi() {
		// Main time may run out safely: the first byo-yomi period follows.
		clk.Inc = c.byo / time.Duration(c.stones)
	}
	return clk
}

// spend charges used to side for one GTP move.
func (c *clocks) spend(side board.Color, used time.Duration) {
	if c.unlimited() {
		return
	}
	s := &c.side[side]
	if s.stones == 0 {
		s.left -= used
		if s.left >= 0 || !c.hasByoYomi() {
			s.left = max(s.left, 0)
			return
		}
		// Main time ran out during this move: the rest comes off the
		// first byo-yomi period.
		used = -s.left
		*s = sideClock{left: c.byo, stones: c.stones}
	}
	s.left = max(s.left-used, 0)
	s.stones--
	if s.stones == 0 {
		*s = sideClock{left: c.byo, stones: c.stones}
	}
}

// parseSeconds reads a GTP time in seconds (an integer, though a decimal
// fraction is accepted too).
func parseSeconds(s string) (time.Duration, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || !(f >= 0 && f <= 1e7) {
		return 0, fmt.Errorf("syntax error: %q is not a time in seconds", s)
	}
	return time.Duration(f * float64(time.Second)), nil
}
