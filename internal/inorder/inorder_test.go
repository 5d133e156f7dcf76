package inorder

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"
)

// TestRunEmitsInJobOrder has workers finish their jobs out of order (each
// sleeps a random while) and checks that emit still sees 0, 1, 2, … with
// each job's own result, for one worker and for several.
func TestRunEmitsInJobOrder(t *testing.T) {
	for _, workers := range []int{1, 3, 8} {
		var got []string
		var seed atomic.Uint64 // newWorker runs on each worker's goroutine
		err := Run(40, workers, func() func(int) (string, error) {
			rng := rand.New(rand.NewPCG(seed.Add(1), 1))
			return func(job int) (string, error) {
				time.Sleep(time.Duration(rng.IntN(300)) * time.Microsecond)
				return fmt.Sprint("result ", job), nil
			}
		}, func(job int, r string) error {
			if want := fmt.Sprint("result ", len(got)); job != len(got) || r != want {
				t.Fatalf("%d workers: emit(%d, %q) after %d results, want job %d with %q", workers, job, r, len(got), len(got), want)
			}
			got = append(got, r)
			return nil
		})
		if err != nil || len(got) != 40 {
			t.Fatalf("%d workers: %d results emitted, error %v; want 40 and none", workers, len(got), err)
		}
	}
}

// TestRunStopsAtTheFirstError checks that a failing job's error comes
// back, that nothing from it or after it is emitted, and that an error
// of emit stops the run as well.
func TestRunStopsAtTheFirstError(t *testing.T) {
	bad := errors.New("job 5 failed")
	var emitted []int
	err := Run(100, 4, func() func(int) (int, error) {
		return func(job int) (int, error) {
			if job == 5 {
				return 0, bad
			}
			return job, nil
		}
	}, func(job, _ int) error {
		emitted = append(emitted, job)
		return nil
	})
	if !errors.Is(err, bad) {
		t.Fatalf("error %v, want %v", err, bad)
	}
	for k, job := range emitted {
		if job != k || job >= 5 {
			t.Fatalf("emitted %v: want a prefix of 0 to 4", emitted)
		}
	}

	full := errors.New("disk full")
	calls := 0
	err = Run(100, 2, func() func(int) (int, error) {
		return func(job int) (int, error) { return job, nil }
	}, func(job, _ int) error {
		calls++
		if job == 3 {
			return full
		}
		return nil
	})
	if !errors.Is(err, full) || calls != 4 {
		t.Fatalf("emit error: Run returned %v after %d emits, want %v after 4", err, calls, full)
	}
}
