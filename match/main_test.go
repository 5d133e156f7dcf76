package match

import (
	"bytes"
	"context"
	"os"
	"sync"
	"testing"
	"time"

	"seega/board"
	"seega/match/internal/fakeengine"
)

// TestMain lets the test binary double as the fake engines: run with
// SEEGA_FAKE_ENGINE set, it speaks UGI instead of running tests.
func TestMain(m *testing.M) {
	fakeengine.Main()
	os.Exit(m.Run())
}

// fake is an engine spec that runs this test binary as a fake engine.
func fake(name, mode string, after int, sleep time.Duration) EngineSpec {
	return EngineSpec{Name: name, Command: fakeengine.Command(fakeengine.Config{Mode: mode, After: after, Sleep: sleep, Seed: uint64(len(name))})}
}

// quick is a small, fast tournament: 20 ms a turn, games drawn after 30
// turns. The margin and grace are wide, so that a loaded machine does
// not turn a fake engine's instant answer into a time loss, nor a slow
// answer into silence.
func quick(engines ...EngineSpec) Config {
	return Config{
		Engines:     engines,
		Rules:       board.DefaultRules(),
		TimeControl: TimeControl{MoveTime: 20 * time.Millisecond},
		Margin:      300 * time.Millisecond,
		Games:       2,
		Rounds:      1,
		Concurrency: 2,
		MaxTurns:    30,
		Timeouts:    Timeouts{Start: 10 * time.Second, Ready: 5 * time.Second, Query: 2 * time.Second, Grace: 2 * time.Second},
	}
}

// syncBuffer is a bytes.Buffer safe for the tournament's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// run plays a tournament and fails the test on error.
func run(t *testing.T, cfg Config) Standings {
	t.Helper()
	tour, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	s, err := tour.Run(ctx)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return s
}

// readRecords reads a records file and fails the test on error.
func readRecords(t *testing.T, path string) []Record {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, _, err := ReadRecords(f)
	if err != nil {
		t.Fatalf("ReadRecords: %v", err)
	}
	return recs
}
