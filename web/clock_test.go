package web

import (
	"testing"
	"time"

	"seega/board"
)

func TestGameClockAddsTheIncrementToTheSideThatPlayed(t *testing.T) {
	base, inc := int64(60000), int64(2000)
	c, err := newClock(&clockSpec{Kind: clockGame, BaseMs: &base, IncMs: &inc})
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Unix(1000, 0)
	c.start(board.White, t0)
	c.handOver(board.Black, t0.Add(5*time.Second))
	if got := c.remaining(board.White, t0.Add(9*time.Second)); got != 57*time.Second {
		t.Errorf("White after 5 s and the increment: %v, want 57s", got)
	}
	if got := c.remaining(board.Black, t0.Add(9*time.Second)); got != 56*time.Second {
		t.Errorf("Black 4 s into its turn: %v, want 56s", got)
	}
}

func TestTurnClockStartsEachTurnFull(t *testing.T) {
	turn := int64(10000)
	c, err := newClock(&clockSpec{Kind: clockTurn, TurnMs: &turn})
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Unix(1000, 0)
	c.start(board.White, t0)
	c.handOver(board.Black, t0.Add(7*time.Second))
	c.handOver(board.White, t0.Add(8*time.Second))
	if got := c.remaining(board.White, t0.Add(9*time.Second)); got != 9*time.Second {
		t.Errorf("White 1 s into a new turn: %v, want 9s", got)
	}
}

func TestClockSpecMistakes(t *testing.T) {
	small, huge := int64(10), int64(1<<40)
	for _, spec := range []clockSpec{{Kind: "sand"}, {Kind: clockTurn, TurnMs: &small}, {Kind: clockGame, BaseMs: &huge}, {Kind: clockGame, IncMs: &huge}} {
		if _, err := newClock(&spec); err == nil {
			t.Errorf("%+v: no error", spec)
		}
	}
	if c, err := newClock(nil); err != nil || c.timed() {
		t.Errorf("no clock: %+v, %v", c, err)
	}
}
