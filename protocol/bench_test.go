package protocol

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"seega/board"
)

// TestBenchPositions checks that every frozen bench position is a live
// game under its rules, and that the list covers what the bench promises:
// every preset in both phases on 5×5, and both phases on 7×7.
func TestBenchPositions(t *testing.T) {
	type key struct {
		variant   string
		size      int
		placement bool
	}
	covered := map[key]bool{}
	for _, p := range benchPositions() {
		r, err := board.Preset(p.variant)
		if err != nil {
			t.Fatal(err)
		}
		g, err := board.NewGameFromSeFEN(r, p.fen)
		if err != nil {
			t.Fatalf("%s %s: %v", p.variant, p.fen, err)
		}
		if g.Position().Size() != p.size {
			t.Errorf("%s: size %d, listed as %d", p.fen, g.Position().Size(), p.size)
		}
		if g.Result().Over() {
			t.Errorf("%s %s: the game is over", p.variant, p.fen)
		}
		covered[key{p.variant, p.size, g.Position().Placement()}] = true
	}
	for _, v := range board.Variants {
		for _, placement := range []bool{true, false} {
			if !covered[key{v, 5, placement}] {
				t.Errorf("no 5×5 %s position with placement=%v", v, placement)
			}
		}
	}
	for _, placement := range []bool{true, false} {
		if !covered[key{"egyptian", 7, placement}] {
			t.Errorf("no 7×7 position with placement=%v", placement)
		}
	}
}

// TestBenchRepeats runs the bench twice through the protocol: no command
// of the list fails, every position is searched, and the node count is the
// same both times.
func TestBenchRepeats(t *testing.T) {
	cfg := testConfig(nil)
	cfg.Searchers = cfg.Searchers[1:] // the random player: its nodes are the legal turns
	var counts []uint64
	for range 2 {
		searched := 0
		rep, err := Bench(cfg, 1, func(string, uint64, time.Duration) { searched++ })
		if err != nil {
			t.Fatal(err)
		}
		if searched != len(benchPositions()) {
			t.Errorf("%d positions searched, want %d", searched, len(benchPositions()))
		}
		if rep.Nodes == 0 {
			t.Error("no nodes")
		}
		counts = append(counts, rep.Nodes)
	}
	if counts[0] != counts[1] {
		t.Errorf("node counts %d and %d differ", counts[0], counts[1])
	}
}

func TestBenchFailsOnAnError(t *testing.T) {
	cfg := testConfig(nil)
	cfg.Searchers = nil
	if _, err := Bench(cfg, 1, nil); err == nil {
		t.Error("a bench with no searcher did not fail")
	}
}

// TestBenchCommandUsesTheChosenSearcher checks that the bench command
// benches the searcher the Search option names, not the default: its
// signature is the one Bench gives with that searcher alone.
func TestBenchCommandUsesTheChosenSearcher(t *testing.T) {
	cfg := testConfig(nil)
	want, err := Bench(Config{Name: cfg.Name, Author: cfg.Author, Searchers: cfg.Searchers[1:]}, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	other, err := Bench(cfg, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if other.Nodes == want.Nodes {
		t.Fatalf("the fake and random searchers both give %d nodes: the test cannot tell them apart", want.Nodes)
	}
	var out bytes.Buffer
	s := New(cfg, &out)
	s.Execute("setoption name Search value random")
	s.Execute("bench 1")
	s.waitSearch()
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, fmt.Sprintf("%d nodes ", want.Nodes)) {
		t.Errorf("bench after Search=random ends %q, want %d nodes (the default searcher gives %d)", last, want.Nodes, other.Nodes)
	}
}
