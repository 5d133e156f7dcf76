package protocol

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// FuzzProtocol feeds random command lines to a session: it never panics
// (a handler's panic would show as an "internal error" line), and an
// isready after them still gets readyok.
func FuzzProtocol(f *testing.F) {
	golden, _ := filepath.Glob("testdata/*.golden")
	for _, file := range golden {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, l := range strings.Split(string(data), "\n") {
			if c, ok := strings.CutPrefix(l, "> "); ok {
				f.Add(c)
			}
		}
	}
	f.Add("setoption name Variant value classic\nposition fen wwbbw/b3w/bb2w/w2w1/bbb2 b 0/0 - 1 50 bturns=28\ngo depth 1")
	f.Add("position startpos moves a1,e5 b1\ngo searchmoves c1 wtime -5 btime 0")
	f.Add("setoption name MoveGranularity value action\ngo infinite\nstop")
	f.Fuzz(func(t *testing.T, input string) {
		for _, l := range strings.Split(input, "\n") {
			fields := strings.Fields(l)
			if len(fields) == 0 {
				continue
			}
			switch fields[0] {
			case "quit":
				t.Skip("quit ends the session before the isready")
			case "perft":
				// Deep perft is slow by nature, not a hang.
				if len(fields) > 1 {
					if d, err := strconv.Atoi(fields[1]); err == nil && d > 1 {
						t.Skip("deep perft")
					}
				}
			}
		}
		out := newLineChan()
		s := New(testConfig(nil), out)
		done := make(chan error, 1)
		go func() { done <- s.Run(strings.NewReader(input + "\nisready\n")) }()
		select {
		case <-done:
		case <-time.After(hangGuard):
			t.Fatalf("the session hung on %q", input)
		}
		close(out.c)
		ready := false
		for l := range out.c {
			if strings.Contains(l, "internal error") {
				t.Errorf("%q: %s", input, l)
			}
			ready = ready || l == "readyok"
		}
		if !ready {
			t.Errorf("%q: no readyok after isready", input)
		}
	})
}
