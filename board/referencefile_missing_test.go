package board

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// verdictTB stands in for a test's testing.TB to record whether the code
// under test failed or skipped it. Like the real one, it stops the
// goroutine on Fatalf and Skipf.
type verdictTB struct {
	testing.TB
	verdict string // "fatal", "skip", or "" for neither
	message string
}

func (v *verdictTB) Helper() {}

func (v *verdictTB) Fatalf(format string, args ...any) {
	v.verdict, v.message = "fatal", fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func (v *verdictTB) Skipf(format string, args ...any) {
	v.verdict, v.message = "skip", fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// runVerdict runs f on a verdictTB in a goroutine of its own, as the
// testing package runs a test, and returns what became of it.
func runVerdict(t *testing.T, f func(testing.TB)) *verdictTB {
	v := &verdictTB{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(v)
	}()
	<-done
	return v
}

// TestMissingInputFailsUnderCI checks the choice a missing input file
// makes: a failure naming the path under CI, a skip naming it elsewhere.
func TestMissingInputFailsUnderCI(t *testing.T) {
	const path = "testdata/no-such-file.txt"
	for _, c := range []struct {
		ci, want string
	}{
		{"true", "fatal"},
		{"1", "fatal"},
		{"", "skip"},
		{"false", "skip"},
	} {
		t.Run("CI="+c.ci, func(t *testing.T) {
			t.Setenv("CI", c.ci)
			v := runVerdict(t, func(tb testing.TB) { missingInput(tb, path) })
			if v.verdict != c.want {
				t.Errorf("verdict %q, want %q", v.verdict, c.want)
			}
			if !strings.Contains(v.message, path) {
				t.Errorf("message %q does not name %s", v.message, path)
			}
		})
	}
}

// TestReadReferenceFindsTheCopy checks that the reference is read from
// inside the repository, so that a clone runs the reference checks.
func TestReadReferenceFindsTheCopy(t *testing.T) {
	t.Setenv("CI", "true")
	v := runVerdict(t, func(tb testing.TB) {
		if len(readReference(tb)) == 0 {
			tb.Fatalf("%s is empty", referenceCopyPath)
		}
	})
	if v.verdict != "" {
		t.Fatalf("%s: %s", v.verdict, v.message)
	}
}
