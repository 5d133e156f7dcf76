package bench

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"seega/board"
	"seega/engine"
	"seega/protocol"
)

// hangGuard bounds every wait: no timing assertion, it only turns a hang
// into a failure.
const hangGuard = 10 * time.Second

// firstTurn is a stand-in searcher: it plays the first legal turn and
// reports one info line with a fixed node count. With wait, it searches
// until it is stopped.
type firstTurn struct{ wait bool }

func (f firstTurn) Search(ctx context.Context, g *board.Game, _ engine.Limits, info func(engine.Info)) engine.Result {
	if f.wait {
		<-ctx.Done()
	}
	var best []board.Action
	g.ForEachTurn(func(t []board.Action) bool {
		best = append(best, t...)
		return false
	})
	info(engine.Info{Depth: 1, Nodes: 100, MultiPV: 1, PV: [][]board.Action{best}})
	return engine.Result{Best: best, Depth: 1, Nodes: 100}
}
func (firstTurn) NewGame()                  {}
func (firstTurn) SetOptions(engine.Options) {}

func testConfig(wait bool) protocol.Config {
	return protocol.Config{
		Name: "bench test", Author: "the Seega authors",
		Searchers: []engine.Factory{
			{Name: "first", New: func(board.Rules, engine.Options) engine.Searcher { return firstTurn{wait: wait} }},
			{Name: "random", New: func(board.Rules, engine.Options) engine.Searcher { return protocol.NewRandomEngine(1) }},
		},
		Bench: Protocol,
	}
}

// TestRunCountsEverySearch: every position is searched once, in order,
// and the signature is the sum of the searches' node counts.
func TestRunCountsEverySearch(t *testing.T) {
	var steps []protocol.BenchStep
	rep, err := Run(context.Background(), testConfig(false), 1, func(s protocol.BenchStep) { steps = append(steps, s) })
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) != len(positions()) {
		t.Fatalf("%d searches, want %d", len(steps), len(positions()))
	}
	for i, s := range steps {
		if s.Index != i+1 || s.Count != len(positions()) || s.FEN != positions()[i].fen || s.Nodes != 100 {
			t.Errorf("step %d: %+v", i, s)
		}
	}
	if rep.Nodes != uint64(100*len(positions())) {
		t.Errorf("%d nodes, want %d", rep.Nodes, 100*len(positions()))
	}
	if !strings.HasPrefix(rep.String(), fmt.Sprintf("%d nodes ", rep.Nodes)) {
		t.Errorf("last line %q", rep)
	}
}

// TestRunRepeats: the random searcher's bench gives the same count twice.
func TestRunRepeats(t *testing.T) {
	cfg := testConfig(false)
	cfg.Searchers = cfg.Searchers[1:]
	a, err := Run(context.Background(), cfg, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Run(context.Background(), cfg, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Nodes != b.Nodes || a.Nodes == 0 {
		t.Errorf("node counts %d and %d", a.Nodes, b.Nodes)
	}
}

func TestRunFailsOnAnError(t *testing.T) {
	cfg := testConfig(false)
	cfg.Searchers = nil
	if _, err := Run(context.Background(), cfg, 1, nil); err == nil {
		t.Error("a bench with no searcher did not fail")
	}
}

func TestRunStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := Run(ctx, testConfig(true), 1, nil)
		done <- err
	}()
	cancel()
	select {
	case err := <-done:
		if err == nil {
			t.Error("a stopped bench reports success")
		}
	case <-time.After(hangGuard):
		t.Fatal("Run did not stop")
	}
}

// session is a protocol session on pipes, with its output as lines.
type session struct {
	in    *io.PipeWriter
	lines chan string
	ended chan struct{}
}

func startSession(t *testing.T, cfg protocol.Config) *session {
	inR, inW := io.Pipe()
	s := &session{in: inW, lines: make(chan string, 1024), ended: make(chan struct{})}
	ps := protocol.New(cfg, &lineSplitter{lines: s.lines})
	go func() {
		defer close(s.ended)
		ps.Run(inR)
	}()
	t.Cleanup(func() { inW.Close() })
	return s
}

func (s *session) send(t *testing.T, cmds ...string) {
	t.Helper()
	for _, c := range cmds {
		if _, err := io.WriteString(s.in, c+"\n"); err != nil {
			t.Fatal(err)
		}
	}
}

// await reads lines up to one that starts with prefix; it returns that
// line and the lines before it.
func (s *session) await(t *testing.T, prefix string) (string, []string) {
	t.Helper()
	var before []string
	timeout := time.After(hangGuard)
	for {
		select {
		case l := <-s.lines:
			if strings.HasPrefix(l, prefix) {
				return l, before
			}
			before = append(before, l)
		case <-timeout:
			t.Fatalf("no %q line (got %q)", prefix, before)
		}
	}
}

// TestBenchCommand: the protocol's bench command prints one progress
// line per position, then the signature of the searcher that the Search
// option names.
func TestBenchCommand(t *testing.T) {
	want, err := Run(context.Background(), protocol.Config{Searchers: testConfig(false).Searchers[1:]}, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := startSession(t, testConfig(false))
	s.send(t, "setoption name Search value random", "bench 1")
	last, before := s.await(t, fmt.Sprintf("%d nodes ", want.Nodes))
	if len(before) != len(positions()) {
		t.Fatalf("%d lines before %q, want one per position: %q", len(before), last, before)
	}
	for i, l := range before {
		if !strings.HasPrefix(l, fmt.Sprintf("info string bench %d/%d nodes ", i+1, len(positions()))) || !strings.HasSuffix(l, " fen "+positions()[i].fen) {
			t.Errorf("progress line %q", l)
		}
	}
	s.send(t, "quit")
}

// TestBenchCommandRunsLikeGo: during the bench command the engine answers
// isready, stop ends the bench, and quit works.
func TestBenchCommandRunsLikeGo(t *testing.T) {
	s := startSession(t, testConfig(true))
	s.send(t, "bench", "isready")
	if _, before := s.await(t, "readyok"); len(before) > 0 {
		t.Errorf("output before readyok: %q", before)
	}
	s.send(t, "stop")
	s.await(t, "info string bench stopped after 0 positions")
	s.send(t, "isready")
	s.await(t, "readyok")
	s.send(t, "bench")
	s.send(t, "quit")
	select {
	case <-s.ended:
	case <-time.After(hangGuard):
		t.Fatal("quit during a bench did not end the session")
	}
}
