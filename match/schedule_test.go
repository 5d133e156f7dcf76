package match

import "testing"

func TestSchedule(t *testing.T) {
	jobs := schedule(3, 4, 2, 0)
	if len(jobs) != 3*4*2 {
		t.Fatalf("%d games, want 24", len(jobs))
	}
	type pairing struct{ a, b int }
	games := map[pairing]int{}
	for i, j := range jobs {
		if j.Index != i || j.Pair != i/2 {
			t.Errorf("game %d: index %d, pair %d", i, j.Index, j.Pair)
		}
		if i%2 == 1 {
			prev := jobs[i-1]
			if prev.White != j.Black || prev.Black != j.White || prev.Opening != j.Opening || prev.Round != j.Round {
				t.Errorf("games %d and %d are no pair: %+v, %+v", i-1, i, prev, j)
			}
		}
		a, b := min(j.White, j.Black), max(j.White, j.Black)
		games[pairing{a, b}]++
	}
	for p, n := range games {
		if n != 8 {
			t.Errorf("pairing %v plays %d games, want 8", p, n)
		}
	}
	// Round 0 uses openings 0 and 1 in every pairing, round 1 openings 2 and 3.
	for _, j := range jobs {
		if want := j.Round*2 + (j.Index%4)/2; j.Opening != want {
			t.Errorf("game %d (round %d): opening %d, want %d", j.Index, j.Round, j.Opening, want)
		}
	}
	// More rounds keep the first rounds' games where they were: a longer
	// tournament resumes from a shorter one's records.
	longer := schedule(3, 4, 5, 0)
	for i, j := range jobs {
		if longer[i] != j {
			t.Errorf("game %d: %+v in 2 rounds, %+v in 5", i, j, longer[i])
		}
	}
	// A file of 3 openings is cycled through.
	for _, j := range schedule(2, 2, 5, 3) {
		if want := j.Round % 3; j.Opening != want {
			t.Errorf("game %d: opening %d of 3, want %d", j.Index, j.Opening, want)
		}
	}
}

// naiveSchedule is the schedule written out as loops, to check jobAt
// against.
func naiveSchedule(engines, games, rounds, openings int) []job {
	var out []job
	for r := range rounds {
		for i := 0; i < engines; i++ {
			for j := i + 1; j < engines; j++ {
				for g := range games {
					k := r*(games/2) + g/2
					if openings > 0 {
						k %= openings
					}
					jb := job{Index: len(out), Round: r, Pair: len(out) / 2, Opening: k, White: i, Black: j}
					if g%2 == 1 {
						jb.White, jb.Black = j, i
					}
					out = append(out, jb)
				}
			}
		}
	}
	return out
}

func TestJobAt(t *testing.T) {
	for _, c := range [][4]int{{2, 2, 5, 0}, {3, 4, 3, 0}, {4, 2, 3, 5}, {5, 6, 2, 1}} {
		want := naiveSchedule(c[0], c[1], c[2], c[3])
		got := schedule(c[0], c[1], c[2], c[3])
		if len(got) != len(want) {
			t.Fatalf("schedule%v: %d games, want %d", c, len(got), len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("schedule%v game %d: %+v, want %+v", c, i, got[i], want[i])
			}
		}
	}
}
