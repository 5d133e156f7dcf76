package web

import (
	"fmt"
	"time"

	"seega/board"
)

// Clock kinds a game may have (API.md, POST /api/games).
const (
	clockNone = "none"
	clockTurn = "turn" // each turn within a fixed time, as the app rules' 60 s
	clockGame = "game" // a time for the whole game, plus an increment a turn
)

// clock is a game's two clocks. Only the side to act has its time
// running; since is when it started. Under a turn clock left holds the
// time left in the current turn; under a game clock, in the game.
type clock struct {
	kind    string
	turn    time.Duration // the turn clock's time a turn
	inc     time.Duration // the game clock's increment a turn
	left    [2]time.Duration
	running board.Color
	on      bool
	since   time.Time
}

// clockSpec is the clock as POST /api/games asks for it.
type clockSpec struct {
	Kind   string `json:"kind"`
	TurnMs *int64 `json:"turnMs"`
	BaseMs *int64 `json:"baseMs"`
	IncMs  *int64 `json:"incMs"`
}

// newClock checks spec against API.md's bounds and makes the clock.
func newClock(spec *clockSpec) (clock, error) {
	if spec == nil || spec.Kind == "" || spec.Kind == clockNone {
		return clock{kind: clockNone}, nil
	}
	ms := func(name string, v *int64, def, lo, hi int64) (time.Duration, error) {
		if v == nil {
			return time.Duration(def) * time.Millisecond, nil
		}
		if *v < lo || *v > hi {
			return 0, fmt.Errorf("clock.%s %d: must be %d to %d", name, *v, lo, hi)
		}
		return time.Duration(*v) * time.Millisecond, nil
	}
	switch spec.Kind {
	case clockTurn:
		t, err := ms("turnMs", spec.TurnMs, 60000, 1000, 3600000)
		if err != nil {
			return clock{}, err
		}
		return clock{kind: clockTurn, turn: t, left: [2]time.Duration{t, t}}, nil
	case clockGame:
		base, err := ms("baseMs", spec.BaseMs, 300000, 1000, 36000000)
		if err != nil {
			return clock{}, err
		}
		inc, err := ms("incMs", spec.IncMs, 2000, 0, 600000)
		if err != nil {
			return clock{}, err
		}
		return clock{kind: clockGame, inc: inc, left: [2]time.Duration{base, base}}, nil
	}
	return clock{}, fmt.Errorf("clock.kind %q: must be none, turn or game", spec.Kind)
}

// timed reports whether the game has a clock at all.
func (c *clock) timed() bool { return c.kind != clockNone && c.kind != "" }

// remaining is the time side has left at now.
func (c *clock) remaining(side board.Color, now time.Time) time.Duration {
	left := c.left[side]
	if c.on && c.running == side {
		left -= now.Sub(c.since)
	}
	return left
}

// start runs side's time from now; under a turn clock its turn's time
// starts full.
func (c *clock) start(side board.Color, now time.Time) {
	if !c.timed() {
		return
	}
	if c.kind == clockTurn {
		c.left[side] = c.turn
	}
	c.running, c.on, c.since = side, true, now
}

// stop stops the running time at now.
func (c *clock) stop(now time.Time) {
	if !c.on {
		return
	}
	c.left[c.running] = c.remaining(c.running, now)
	c.on = false
}

// handOver ends the turn of the side whose time runs and starts next's:
// the game clock's increment goes to the side that just played.
func (c *clock) handOver(next board.Color, now time.Time) {
	if !c.timed() {
		return
	}
	if c.on {
		done := c.running
		c.stop(now)
		if c.kind == clockGame {
			c.left[done] += c.inc
		}
	}
	c.start(next, now)
}
