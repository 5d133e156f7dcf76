package match

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"testing"
	"time"

	"seega/board"
	"seega/match/internal/fakeengine"
)

// TestMain lets the test binary double as the fake engines: run with
// SEEGA_FAKE_ENGINE set, it speaks UGI instead of running tests; and as
// a tournament runner in a process of its own (envTournament).
func TestMain(m *testing.M) {
	fakeengine.Main()
	if js := os.Getenv(envTournament); js != "" {
		os.Exit(tournamentMain(js))
	}
	os.Exit(m.Run())
}

// envTournament, set to a Config in JSON, makes the test binary run that
// tournament and exit, as `seega match` would: progress on stderr, and
// on stdout a childResult in JSON. SIGTERM stops it as Ctrl-C does.
const envTournament = "SEEGA_TEST_TOURNAMENT"

// childResult is what a tournament run in a process of its own reports
// (Standings itself may hold infinite Elos, which JSON cannot).
type childResult struct {
	Done    int
	Stopped string
	Text    string // the standings
	Whole   string // all shards' standings, with a records directory
	Err     string
}

func tournamentMain(js string) int {
	var cfg Config
	if err := json.Unmarshal([]byte(js), &cfg); err != nil {
		fmt.Fprintln(os.Stderr, "tournament child:", err)
		return 2
	}
	cfg.Progress = os.Stderr
	tour, err := New(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tournament child:", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	s, err := tour.Run(ctx)
	res := childResult{Done: s.Done, Stopped: s.Stopped, Text: s.Text()}
	if err != nil {
		res.Err = err.Error()
	}
	if w, ok := tour.Whole(); ok {
		res.Whole = w.Text()
	}
	json.NewEncoder(os.Stdout).Encode(res)
	if err != nil {
		return 1
	}
	return 0
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
		Margin:      600 * time.Millisecond, // room for a loaded machine; the slow engine sleeps 900 ms
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
