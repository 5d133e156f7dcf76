package protocol

import (
	"io"
	"strings"
	"sync"
	"testing"
	"time"
)

// hangGuard bounds every wait in these tests. It is no timing assertion:
// the replies are expected within milliseconds, and the guard only turns a
// hang into a failure.
const hangGuard = 5 * time.Second

// lineChan is an io.Writer that hands each complete output line to a
// channel, so a test can wait for a particular reply.
type lineChan struct {
	mu   sync.Mutex
	part string
	c    chan string
}

func newLineChan() *lineChan { return &lineChan{c: make(chan string, 4096)} }

func (l *lineChan) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.part += string(p)
	for {
		i := strings.IndexByte(l.part, '\n')
		if i < 0 {
			return len(p), nil
		}
		l.c <- l.part[:i]
		l.part = l.part[i+1:]
	}
}

// await reads lines until one starts with prefix, and returns it with the
// lines before it.
func (l *lineChan) await(t *testing.T, prefix string) (string, []string) {
	t.Helper()
	var before []string
	timeout := time.After(hangGuard)
	for {
		select {
		case line := <-l.c:
			if strings.HasPrefix(line, prefix) {
				return line, before
			}
			before = append(before, line)
		case <-timeout:
			t.Fatalf("no %q line (got %q)", prefix, before)
		}
	}
}

// runner is a session running its Run loop on a pipe, as the binary does
// on stdin.
type runner struct {
	in   *io.PipeWriter
	out  *lineChan
	done chan error
}

func startRunner(t *testing.T, cfg Config) *runner {
	t.Helper()
	pr, pw := io.Pipe()
	r := &runner{in: pw, out: newLineChan(), done: make(chan error, 1)}
	s := New(cfg, r.out)
	go func() { r.done <- s.Run(pr) }()
	t.Cleanup(func() { pw.Close() })
	return r
}

func (r *runner) send(t *testing.T, lines ...string) {
	t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(r.in, l+"\n"); err != nil {
			t.Fatalf("send %q: %v", l, err)
		}
	}
}

func (r *runner) awaitExit(t *testing.T) {
	t.Helper()
	select {
	case err := <-r.done:
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(hangGuard):
		t.Fatal("Run did not return")
	}
}

// searching makes sessions whose engine signals on started when its first
// search begins.
func searching(started chan struct{}) Config {
	return testConfig(func(f *fakeEngine) { f.started = started })
}

func awaitStart(t *testing.T, started chan struct{}) {
	t.Helper()
	select {
	case <-started:
	case <-time.After(hangGuard):
		t.Fatal("the search never started")
	}
}

func TestIsReadyAndStopDuringInfinite(t *testing.T) {
	started := make(chan struct{})
	r := startRunner(t, searching(started))
	r.send(t, "go infinite")
	awaitStart(t, started)
	r.send(t, "isready")
	_, before := r.out.await(t, "readyok")
	for _, l := range before {
		if strings.HasPrefix(l, "bestmove") {
			t.Fatalf("bestmove %q before stop", l)
		}
	}
	r.send(t, "query p1turn")
	r.out.await(t, "response true")
	r.send(t, "stop")
	best, _ := r.out.await(t, "bestmove ")
	if best != "bestmove a1,b1" {
		t.Errorf("got %q, want the fake's bestmove a1,b1", best)
	}
	r.send(t, "isready")
	if _, before := r.out.await(t, "readyok"); len(before) > 0 {
		t.Errorf("extra output after the bestmove: %q", before)
	}
	r.send(t, "quit")
	r.awaitExit(t)
}

func TestQuitDuringSearch(t *testing.T) {
	started := make(chan struct{})
	r := startRunner(t, searching(started))
	r.send(t, "go infinite")
	awaitStart(t, started)
	r.send(t, "quit")
	r.awaitExit(t)
	r.out.await(t, "bestmove ")
}

// A go during a search stops the old one first: two bestmoves, in order.
func TestGoDuringSearch(t *testing.T) {
	started := make(chan struct{})
	r := startRunner(t, searching(started))
	r.send(t, "go infinite")
	awaitStart(t, started)
	r.send(t, "go depth 1")
	r.out.await(t, "bestmove ")
	r.out.await(t, "bestmove ")
	r.send(t, "isready")
	_, before := r.out.await(t, "readyok")
	for _, l := range before {
		if strings.HasPrefix(l, "bestmove") {
			t.Fatalf("a third bestmove: %q", l)
		}
	}
	r.send(t, "quit")
	r.awaitExit(t)
}

// At the end of the input a search with a limit still prints its
// bestmove, so a piped script gets its answer; an infinite one is stopped.
func TestEndOfInput(t *testing.T) {
	for _, tc := range []struct {
		name, script string
	}{
		{"limited", "position startpos\ngo depth 2\n"},
		{"infinite", "go infinite\n"},
		{"no final newline", "go depth 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := newLineChan()
			s := New(testConfig(nil), out)
			done := make(chan error, 1)
			go func() { done <- s.Run(strings.NewReader(tc.script)) }()
			select {
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
			case <-time.After(hangGuard):
				t.Fatal("Run did not return at the end of input")
			}
			close(out.c)
			n := 0
			for l := range out.c {
				if strings.HasPrefix(l, "bestmove ") {
					n++
				}
			}
			if n != 1 {
				t.Errorf("%d bestmove lines, want 1", n)
			}
		})
	}
}
