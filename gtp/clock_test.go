package gtp

import (
	"testing"
	"time"

	"seega/board"
	"seega/engine"
)

func TestClock(t *testing.T) {
	const s = time.Second
	type spend struct {
		side board.Color
		used time.Duration
	}
	cases := []struct {
		name     string
		settings []time.Duration // main, byo, stones (as a count)
		left     *sideClock      // time_left for White, if given
		spends   []spend
		want     engine.TimeControl // White's next budget
	}{
		{name: "no time_settings: movetime", want: engine.TimeControl{MoveTime: 2 * s}},
		{name: "byo-yomi with no stones means no limit", settings: []time.Duration{60 * s, 10 * s, 0}, want: engine.TimeControl{MoveTime: 2 * s}},
		{name: "absolute time", settings: []time.Duration{60 * s, 0, 0}, want: engine.TimeControl{Time: 60 * s}},
		{name: "absolute time, spent", settings: []time.Duration{60 * s, 0, 0},
			spends: []spend{{board.White, 15 * s}, {board.Black, 30 * s}}, want: engine.TimeControl{Time: 45 * s}},
		{name: "main time with byo-yomi to follow", settings: []time.Duration{60 * s, 30 * s, 10},
			want: engine.TimeControl{Time: 60 * s, Inc: 3 * s}},
		{name: "main time runs out into byo-yomi", settings: []time.Duration{10 * s, 30 * s, 10},
			spends: []spend{{board.White, 12 * s}}, want: engine.TimeControl{Time: 28 * s, MovesToGo: 9}},
		{name: "byo-yomi period renews", settings: []time.Duration{0, 30 * s, 2},
			spends: []spend{{board.White, 5 * s}, {board.White, 5 * s}}, want: engine.TimeControl{Time: 30 * s, MovesToGo: 2}},
		{name: "time_left in byo-yomi", settings: []time.Duration{60 * s, 30 * s, 10},
			left: &sideClock{left: 20 * s, stones: 4}, want: engine.TimeControl{Time: 20 * s, MovesToGo: 4}},
		{name: "time_left out of main time", settings: []time.Duration{60 * s, 30 * s, 10},
			left: &sideClock{left: 0, stones: 0}, want: engine.TimeControl{Time: 30 * s, MovesToGo: 10}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var c clocks
			if tc.settings != nil {
				c.settings(tc.settings[0], tc.settings[1], int(tc.settings[2]))
			}
			if tc.left != nil {
				c.left(board.White, tc.left.left, tc.left.stones)
			}
			for _, sp := range tc.spends {
				c.spend(sp.side, sp.used)
			}
			if got := c.budget(board.White, 2*s); got != tc.want {
				t.Errorf("budget %+v, want %+v", got, tc.want)
			}
		})
	}
}
