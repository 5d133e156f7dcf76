package engine

import (
	"math/rand/v2"
	"testing"
	"time"
)

func TestAllocate(t *testing.T) {
	ms := time.Millisecond
	cases := []struct {
		name string
		tc   TimeControl
	}{
		{"opening 5x5 one minute", TimeControl{Time: 60000 * ms, Overhead: 30 * ms, TurnNumber: 1, BoardSize: 5}},
		{"movement 7x7 with increment", TimeControl{Time: 20000 * ms, Inc: 500 * ms, Overhead: 50 * ms, TurnNumber: 40, BoardSize: 7}},
		{"long game past the estimate", TimeControl{Time: 3000 * ms, Overhead: 10 * ms, TurnNumber: 500, BoardSize: 5}},
		{"low clock big increment", TimeControl{Time: 300 * ms, Inc: 2000 * ms, Overhead: 20 * ms, TurnNumber: 30, BoardSize: 5}},
		{"movestogo 1", TimeControl{Time: 1000 * ms, MovesToGo: 1, Overhead: 20 * ms, TurnNumber: 9, BoardSize: 5}},
		{"movestogo 40", TimeControl{Time: 120000 * ms, MovesToGo: 40, Overhead: 20 * ms, TurnNumber: 9, BoardSize: 9}},
		{"clock just above overhead", TimeControl{Time: 12 * ms, Overhead: 10 * ms, TurnNumber: 9, BoardSize: 5}},
		{"clock below overhead", TimeControl{Time: 5 * ms, Overhead: 10 * ms, BoardSize: 5}},
		{"movetime", TimeControl{MoveTime: 1000 * ms, Overhead: 30 * ms}},
		{"movetime with a short clock", TimeControl{MoveTime: 1000 * ms, Time: 400 * ms, Overhead: 30 * ms}},
		{"movetime below overhead", TimeControl{MoveTime: 5 * ms, Overhead: 30 * ms}},
		{"negative overhead", TimeControl{Time: 1000 * ms, Overhead: -5 * ms, BoardSize: 5}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			soft, hard := Allocate(c.tc)
			if hard <= 0 || soft <= 0 || soft > hard {
				t.Fatalf("soft %v hard %v", soft, hard)
			}
			overhead := max(c.tc.Overhead, 0)
			for _, budget := range []time.Duration{c.tc.Time, c.tc.MoveTime} {
				if budget > overhead+MinHard && hard > budget-overhead {
					t.Fatalf("hard %v passes the budget %v less overhead %v", hard, budget, overhead)
				}
			}
			if c.tc.MoveTime > overhead+MinHard && c.tc.Time == 0 && hard != c.tc.MoveTime-overhead {
				t.Fatalf("movetime %v: hard %v, want all of it less the overhead", c.tc.MoveTime, hard)
			}
		})
	}
}

func TestAllocateNoClock(t *testing.T) {
	if soft, hard := Allocate(TimeControl{BoardSize: 5, Overhead: time.Second}); soft != 0 || hard != 0 {
		t.Fatalf("no clock: soft %v hard %v, want no limit", soft, hard)
	}
}

func TestAllocateBudgetsTheGame(t *testing.T) {
	// Under a clock, a turn takes a share, not the whole clock; more time
	// left means more per turn; an increment adds to it.
	base := TimeControl{Time: 60 * time.Second, Overhead: 20 * time.Millisecond, TurnNumber: 20, BoardSize: 5}
	soft, hard := Allocate(base)
	if hard >= base.Time/2 || soft >= hard {
		t.Fatalf("soft %v hard %v from a clock of %v", soft, hard, base.Time)
	}
	more := base
	more.Time *= 2
	if s2, _ := Allocate(more); s2 <= soft {
		t.Fatalf("twice the clock: soft %v, was %v", s2, soft)
	}
	inc := base
	inc.Inc = time.Second
	if s3, _ := Allocate(inc); s3 <= soft {
		t.Fatalf("with an increment: soft %v, was %v", s3, soft)
	}
	big := base
	big.BoardSize = 9
	if s4, _ := Allocate(big); s4 >= soft {
		t.Fatalf("9x9, a longer game: soft %v, 5x5 %v", s4, soft)
	}
}

func TestAllocateNeverPastTheClock(t *testing.T) {
	// Many clocks, drawn from a fixed seed: hard never passes what the
	// clock (or movetime) holds less the overhead, once it holds more
	// than the overhead; soft never passes hard.
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		tc := TimeControl{
			Time:       time.Duration(rng.Int64N(int64(10 * time.Minute))),
			Inc:        time.Duration(rng.Int64N(int64(10 * time.Second))),
			MovesToGo:  rng.IntN(4) * rng.IntN(50),
			Overhead:   time.Duration(rng.Int64N(int64(500 * time.Millisecond))),
			TurnNumber: 1 + rng.IntN(400),
			BoardSize:  []int{5, 7, 9}[rng.IntN(3)],
		}
		if rng.IntN(4) == 0 {
			tc.MoveTime = time.Duration(rng.Int64N(int64(time.Minute)))
		}
		soft, hard := Allocate(tc)
		if soft > hard || hard < 0 {
			t.Fatalf("%+v: soft %v hard %v", tc, soft, hard)
		}
		for _, budget := range []time.Duration{tc.Time, tc.MoveTime} {
			if budget > tc.Overhead+MinHard && hard > budget-tc.Overhead {
				t.Fatalf("%+v: hard %v passes %v less the overhead", tc, hard, budget)
			}
		}
	}
}

func TestAllocateFocusesTheLastPlacementTurns(t *testing.T) {
	// The same clock buys a last placement turn more than a first one
	// and more than a movement turn; a first placement turn less than a
	// movement turn. On 5×5 each side places in its own turns 1 to 6
	// (game turns 1 to 12), the last PlacementFocusTurns of them focused.
	for _, n := range []int{5, 7, 9} {
		at := func(turn int) time.Duration {
			soft, _ := Allocate(TimeControl{Time: 60 * time.Second, Overhead: 20 * time.Millisecond, TurnNumber: turn, BoardSize: n})
			return soft
		}
		placing := placementTurns(n)
		first := at(1)
		last := at(2*placing - 1) // White's last placement turn
		movement := at(2*placing + 1)
		if !(first < movement && movement < last) {
			t.Fatalf("%d×%d: soft of the first placement turn %v, the last %v, a movement turn %v", n, n, first, last, movement)
		}
		focused := at(2*(placing-PlacementFocusTurns) + 1)
		early := at(2*(placing-PlacementFocusTurns) - 1)
		if focused <= 2*early {
			t.Fatalf("%d×%d: the first focused turn %v, the early turn before it %v", n, n, focused, early)
		}
	}
}

func TestAllocateMovementUnchangedByPlacementWeights(t *testing.T) {
	// Past the placement every turn weighs 1: the share is the clock over
	// the turns left, as before the weights.
	tc := TimeControl{Time: 30 * time.Second, Overhead: 10 * time.Millisecond, TurnNumber: 41, BoardSize: 5}
	soft, _ := Allocate(tc)
	want := (tc.Time - tc.Overhead) / time.Duration(turnsLeft(tc))
	if soft != want {
		t.Fatalf("movement soft %v, want %v", soft, want)
	}
}

func TestAllocateWholeGameStaysOnTheClock(t *testing.T) {
	// Games played out on the allocator: every turn runs to its soft aim
	// (the usual case) or to its hard limit (the worst). The Move Overhead
	// kept back for the front end's lag is never spent (only a clock
	// already down to it answers at once, in MinHard), on any board,
	// with or without an increment, however long the game; at the soft
	// aims the placement leaves most of the clock for the movement phase.
	for _, n := range []int{5, 7, 9} {
		for _, inc := range []time.Duration{0, 50 * time.Millisecond} {
			for _, start := range []time.Duration{time.Second, 10 * time.Second, 5 * time.Minute} {
				for _, worst := range []bool{false, true} {
					overhead := 10 * time.Millisecond
					clock := start
					for turn := 1; turn <= 2*(2*placementTurns(n)+150); turn += 2 {
						soft, hard := Allocate(TimeControl{Time: clock, Inc: inc, Overhead: overhead, TurnNumber: turn, BoardSize: n})
						spent := soft
						if worst {
							spent = hard
						}
						before := clock
						clock -= spent
						if before > overhead && clock < overhead {
							t.Fatalf("%d×%d, %v+%v, worst %v: %v left at turn %d, less than the overhead", n, n, start, inc, worst, clock, turn)
						}
						clock += inc
						if !worst && turn == 2*placementTurns(n)-1 && clock < start/2 {
							t.Fatalf("%d×%d, %v+%v: placement left %v of %v", n, n, start, inc, clock, start)
						}
					}
				}
			}
		}
	}
}
