package openings

import (
	"bytes"
	"context"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"seega/board"
	"seega/engine"
)

// hashEngine is a stand-in searcher for the builder's tests: it plays a
// legal turn picked by the position's hash and scores the position by
// the hash too, so that its answers are arbitrary but the same every
// time, as the real searcher's are at a node budget.
type hashEngine struct{ searches *int }

func (e hashEngine) Search(_ context.Context, g *board.Game, lim engine.Limits, _ func(engine.Info)) engine.Result {
	if e.searches != nil {
		*e.searches++
	}
	h := g.Position().Hash()
	rng := rand.New(rand.NewPCG(h, lim.Nodes))
	return engine.Result{Best: g.RandomTurn(rng, nil), Score: int(h%401) - 200}
}

func (hashEngine) NewGame()                  {}
func (hashEngine) SetOptions(engine.Options) {}

func testConfig(r board.Rules) Config {
	c := DefaultConfig(r)
	c.Count = 12
	c.QuickMargin, c.Margin = 150, 100
	c.PairNodes, c.MaxTurns = 100, 60
	c.NewEngine = func() engine.Searcher { return hashEngine{} }
	return c
}

// TestBuildIsDeterministic checks that the suite depends on the seed
// alone, not on how many workers shared the candidates, and that a
// different seed builds a different suite.
func TestBuildIsDeterministic(t *testing.T) {
	r := board.DefaultRules()
	cfg := testConfig(r)
	cfg.Workers = 1
	one, st, err := Build(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(one) != cfg.Count {
		t.Fatalf("built %d positions, want %d (%s)", len(one), cfg.Count, st)
	}
	cfg.Workers = 3
	three, _, err := Build(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i := range one {
		if one[i] != three[i] {
			t.Fatalf("position %d differs with 3 workers:\n%+v\n%+v", i, one[i], three[i])
		}
	}
	cfg.Seed = 2
	other, _, err := Build(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if other[0].SeFEN == one[0].SeFEN && other[1].SeFEN == one[1].SeFEN {
		t.Errorf("seed 2 built the same suite as seed 1")
	}
}

// TestBuildKeepsWhatTheFiltersPass checks each accepted position against
// the filters: the movement phase has begun, the deep score is within
// the margin, the stronger side won the pair test, and no two positions
// are images of each other.
func TestBuildKeepsWhatTheFiltersPass(t *testing.T) {
	for _, v := range []string{"egyptian", "classic"} {
		r, _ := board.Preset(v)
		cfg := testConfig(r)
		ps, st, err := Build(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if st.Accepted < len(ps) || st.Candidates < st.Accepted+st.QuickRejects+st.DeepRejects {
			t.Errorf("%s: inconsistent stats %s", v, st)
		}
		keys := map[string]int{}
		for i, p := range ps {
			g, err := board.NewGameFromSeFEN(r, p.SeFEN)
			if err != nil {
				t.Fatalf("%s: position %d: %v", v, i, err)
			}
			if g.Position().Placement() || g.Result().Over() {
				t.Errorf("%s: position %d (%s) is not an open movement position", v, i, p.SeFEN)
			}
			if p.Score < -cfg.Margin || p.Score > cfg.Margin {
				t.Errorf("%s: position %d scores %d, outside ±%d", v, i, p.Score, cfg.Margin)
			}
			if strong := map[string]bool{"10": true, "1=": true, "=0": true}; !strong[p.Pair] {
				t.Errorf("%s: position %d pair %q: the stronger side must score 1.5 of 2", v, i, p.Pair)
			}
			k := canonicalKey(g.Position())
			if j, dup := keys[k]; dup {
				t.Errorf("%s: positions %d and %d are images of each other", v, j, i)
			}
			keys[k] = i
			if i > 0 && ps[i-1].Index >= p.Index {
				t.Errorf("%s: positions out of candidate order", v)
			}
		}
	}
}

// TestCanonicalKeySymmetry checks that a position and each of its images
// under the board's symmetries share one key, and that a different
// position does not.
func TestCanonicalKeySymmetry(t *testing.T) {
	r := board.DefaultRules()
	fen := "wwwbb/bbwww/bw1bb/wwwbw/bwbbb w 0/0 - 0 13"
	g, err := board.NewGameFromSeFEN(r, fen)
	if err != nil {
		t.Fatal(err)
	}
	key := canonicalKey(g.Position())
	n := g.Position().Size()
	for sym := 1; sym < board.Symmetries; sym++ {
		w := board.TransformBitboard(g.Position().Stones(board.White), n, sym)
		b := board.TransformBitboard(g.Position().Stones(board.Black), n, sym)
		img, err := board.NewGameFromSeFEN(r, boardSeFEN(w, b, n)+" w 0/0 - 0 13")
		if err != nil {
			t.Fatal(err)
		}
		if k := canonicalKey(img.Position()); k != key {
			t.Errorf("symmetry %d: key %q, want %q", sym, k, key)
		}
	}
	other, err := board.NewGameFromSeFEN(r, "bwwbw/bbwww/bw1bb/wwwbw/bwbbb w 0/0 - 0 13")
	if err != nil {
		t.Fatal(err)
	}
	if canonicalKey(other.Position()) == key {
		t.Errorf("two different positions share a key")
	}
}

// boardSeFEN writes the SeFEN board field of the stones w and b.
func boardSeFEN(w, b board.Bitboard, n int) string {
	var sb strings.Builder
	for r := n - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < n; f++ {
			sq := board.Square(r*n + f)
			c := byte(0)
			switch {
			case w.Has(sq):
				c = 'w'
			case b.Has(sq):
				c = 'b'
			}
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(c)
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String()
}

// TestWriteThenParse checks that a suite file written by Write reads back
// with its rules and positions, comments removed.
func TestWriteThenParse(t *testing.T) {
	r, _ := board.Preset("pro")
	cfg := testConfig(r)
	ps := []Position{
		{Index: 3, SeFEN: "wwwbb/bbwww/bw1bb/wwwbw/bwbbb w 0/0 - 0 13", Score: 12, Pair: "10"},
		{Index: 9, SeFEN: "bwwbb/bbwwb/ww1ww/wbwww/bbbbb w 0/0 - 0 13", Score: -40, Pair: "=0"},
	}
	var buf bytes.Buffer
	if err := Write(&buf, BalancedHeader("pro-5", cfg, "seega openings --variant pro", Stats{Candidates: 20, Accepted: 2}), ps); err != nil {
		t.Fatal(err)
	}
	s, err := Parse("pro-5", &buf)
	if err != nil {
		t.Fatal(err)
	}
	if !SameRules(s.Rules, r) || s.Rules.Variant != "pro" {
		t.Errorf("rules read back as %s, want %s", s.Rules, r)
	}
	if len(s.Lines) != 2 || s.Lines[0] != ps[0].SeFEN || s.Lines[1] != ps[1].SeFEN {
		t.Errorf("lines read back as %q", s.Lines)
	}
}

// TestParseRefuses checks the suite file errors: no rules line, bad
// rules, no positions.
func TestParseRefuses(t *testing.T) {
	for name, text := range map[string]string{
		"no rules":     "5/5/5/5/5 w 12/12 - 0 1\n",
		"bad rules":    RulesHeader + "Variant=egyptian Chain=sideways\n5/5/5/5/5 w 12/12 - 0 1\n",
		"no positions": RulesHeader + "Variant=egyptian\n# nothing\n",
	} {
		if _, err := Parse(name, strings.NewReader(text)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestSameRules checks that the variant's name does not count but every
// option does.
func TestSameRules(t *testing.T) {
	a := board.DefaultRules()
	b := a
	b.Variant = "custom"
	if !SameRules(a, b) {
		t.Errorf("a preset and its copy under another name differ")
	}
	b.NoCaptureLimit = 0
	if SameRules(a, b) {
		t.Errorf("rules with another NoCaptureLimit are the same")
	}
}

// stoppingEngine is hashEngine that closes stop after a number of
// searches, as an interrupt would in the middle of a build.
type stoppingEngine struct {
	hashEngine
	searches *atomic.Int64
	after    int64
	once     *sync.Once
	stop     chan struct{}
}

func (e stoppingEngine) Search(ctx context.Context, g *board.Game, lim engine.Limits, info func(engine.Info)) engine.Result {
	if e.searches.Add(1) == e.after {
		e.once.Do(func() { close(e.stop) })
	}
	return e.hashEngine.Search(ctx, g, lim, info)
}

// TestBuildStopsWithAPrefix checks that a build stopped part way returns
// fewer positions, says it was stopped, and returns the first positions
// of the full build, in order, whatever the workers were doing.
func TestBuildStopsWithAPrefix(t *testing.T) {
	r := board.DefaultRules()
	cfg := testConfig(r)
	full, _, err := Build(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 3} {
		stop := make(chan struct{})
		var n atomic.Int64
		var once sync.Once
		cfg.Workers, cfg.Stop = workers, stop
		cfg.NewEngine = func() engine.Searcher {
			return stoppingEngine{searches: &n, after: 400, once: &once, stop: stop}
		}
		part, st, err := Build(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if !st.Stopped || len(part) == 0 || len(part) >= len(full) || !strings.Contains(st.String(), "stopped early") {
			t.Fatalf("%d workers: stopped %v with %d of %d positions (%s)", workers, st.Stopped, len(part), len(full), st)
		}
		for i := range part {
			if part[i] != full[i] {
				t.Fatalf("%d workers: position %d is %+v, the full build's is %+v", workers, i, part[i], full[i])
			}
		}
	}
}

// TestBuildResumes checks that a stopped build, written to a suite file
// and read back, resumes into the build that was never stopped: the same
// positions, with the counts carried on from the stopped part.
func TestBuildResumes(t *testing.T) {
	r := board.DefaultRules()
	cfg := testConfig(r)
	full, _, err := Build(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 3} {
		stop := make(chan struct{})
		var n atomic.Int64
		var once sync.Once
		part := cfg
		part.Workers, part.Stop = workers, stop
		part.NewEngine = func() engine.Searcher {
			return stoppingEngine{searches: &n, after: 400, once: &once, stop: stop}
		}
		ps, st, err := Build(part)
		if err != nil {
			t.Fatal(err)
		}
		if !st.Stopped || len(ps) >= len(full) {
			t.Fatalf("%d workers: the build to resume was not stopped short (%d positions, %s)", workers, len(ps), st)
		}
		var buf bytes.Buffer
		if err := Write(&buf, BalancedHeader("test", part, "test", st), ps); err != nil {
			t.Fatal(err)
		}
		built, err := ReadBuilt("test.txt", &buf)
		if err != nil {
			t.Fatal(err)
		}
		if len(built.Resume.Positions) != len(ps) || built.Resume.Stats.Candidates != st.Candidates || !built.Resume.Stats.Stopped {
			t.Fatalf("%d workers: read back %d positions and %s, wrote %d and %s", workers, len(built.Resume.Positions), built.Resume.Stats, len(ps), st)
		}
		more := cfg
		more.Workers, more.Resume = workers, &built.Resume
		rest, rst, err := Build(more)
		if err != nil {
			t.Fatal(err)
		}
		if len(rest) != len(full) {
			t.Fatalf("%d workers: resumed build has %d positions, the full one %d", workers, len(rest), len(full))
		}
		for i := range full {
			if rest[i] != full[i] {
				t.Fatalf("%d workers: position %d is %+v, the full build's is %+v", workers, i, rest[i], full[i])
			}
		}
		if rst.Stopped || rst.Candidates <= st.Candidates || rst.Accepted < len(full) {
			t.Errorf("%d workers: resumed counts %s after %s", workers, rst, st)
		}
		if _, _, err := Build(more); err != nil {
			t.Fatal(err) // the same Resume again: Build must not have changed it
		}
		done := more
		done.Resume = &Resume{Positions: rest, Stats: rst}
		if _, _, err := Build(done); err == nil || !strings.Contains(err.Error(), "nothing to do") {
			t.Errorf("resuming a complete build: %v, want an error saying so", err)
		}
		// A complete build grows: resumed for more positions, it gives
		// what one build of that many would.
		bigger := cfg
		bigger.Count = cfg.Count + 4
		want, _, err := Build(bigger)
		if err != nil {
			t.Fatal(err)
		}
		done.Count, done.Workers = bigger.Count, workers
		grown, _, err := Build(done)
		if err != nil {
			t.Fatal(err)
		}
		if len(grown) != len(want) {
			t.Fatalf("%d workers: grown to %d positions, want %d", workers, len(grown), len(want))
		}
		for i := range want {
			if grown[i] != want[i] {
				t.Fatalf("%d workers: grown position %d is %+v, one build's is %+v", workers, i, grown[i], want[i])
			}
		}
	}
}

// TestReadBuiltRefuses checks that a suite file not written by the
// builder, or edited so that it no longer adds up, is refused.
func TestReadBuiltRefuses(t *testing.T) {
	rules := "# rules: " + board.DefaultRules().String() + "\n"
	builder := "# builder: 30 candidates: 1 duplicates, 0 finished or decided, 20 failed the quick search, 5 the deep search, 3 the pair test; 1 accepted (1m2s); stopped early\n"
	pos := "1b3/w2bw/1w1wb/4b/bbww1 w 0/0 - 0 7 # candidate 4, deep score -12, pair 10\n"
	ok := rules + builder + pos
	if b, err := ReadBuilt("ok", strings.NewReader(ok)); err != nil || len(b.Resume.Positions) != 1 || b.Resume.Positions[0].Index != 4 || b.Resume.Positions[0].Pair != "10" || b.Resume.Stats.Elapsed.Seconds() != 62 {
		t.Errorf("a well-formed file: %+v, %v", b, err)
	}
	for name, text := range map[string]string{
		"no builder line":   rules + pos,
		"no rules line":     builder + pos,
		"a bare position":   rules + builder + "1b3/w2bw/1w1wb/4b/bbww1 w 0/0 - 0 7\n",
		"beyond the counts": rules + builder + strings.Replace(pos, "candidate 4", "candidate 30", 1),
		"too many":          ok + strings.Replace(pos, "candidate 4", "candidate 5", 1),
		"garbled builder":   rules + "# builder: many candidates\n" + pos,
	} {
		if _, err := ReadBuilt(name, strings.NewReader(text)); err == nil {
			t.Errorf("%s: read without an error", name)
		}
	}
}
