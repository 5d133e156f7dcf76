package book

import (
	"bytes"
	"context"
	"testing"

	"seega/board"
	"seega/engine"
	"seega/eval"
	"seega/search"
)

// tinyConfig is a book of the start and White's first turns, each leaf
// searched with the least budget: a build of a fraction of a second.
func tinyConfig(t *testing.T, variant string) Config {
	t.Helper()
	r, err := board.Preset(variant)
	if err != nil {
		t.Fatal(err)
	}
	ev := eval.New(r)
	return Config{
		Rules: r, Plies: 1, Nodes: 1000,
		Command: "seega book build --variant " + variant + " --plies 1 --nodes 1000 --out tiny.book",
		NewSearcher: func() engine.Searcher {
			return search.New(engine.Options{HashMB: 1, Threads: 1}, ev)
		},
	}
}

func buildBytes(t *testing.T, cfg Config) []byte {
	t.Helper()
	b, err := Build(cfg)
	if err != nil {
		t.Fatal(err)
	}
	data, err := b.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// The same configuration builds the same bytes.
func TestBuildIsDeterministic(t *testing.T) {
	cfg := tinyConfig(t, "egyptian")
	first, second := buildBytes(t, cfg), buildBytes(t, cfg)
	if !bytes.Equal(first, second) {
		t.Fatal("two builds of the same configuration differ")
	}
}

// Every position of the tree is an entry: the root and its 44 canonical
// children (White's 276 first turns under the 8 symmetries); each leaf's
// turn is legal, and the root's is the minimax best of its children's
// scores, negated.
func TestBuildBacksUpByMinimax(t *testing.T) {
	cfg := tinyConfig(t, "egyptian")
	b, err := Build(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Entries) != 45 {
		t.Fatalf("%d entries, want 45 (the start and its 44 canonical children)", len(b.Entries))
	}
	g, _ := board.NewGame(cfg.Rules)
	rootKey, _ := KeyOf(g.Position())
	root, ok := b.Lookup(rootKey)
	if !ok || root.Height != 1 {
		t.Fatalf("root entry %+v (found %v), want height 1", root, ok)
	}
	best, bestTurn := -maxScore-1, [2]board.Square{}
	g.ForEachTurn(func(turn []board.Action) bool {
		k, _ := KeyOf(g.Position())
		e, ok := b.Lookup(k)
		if !ok {
			t.Fatalf("child %s not in the book", g.SeFEN())
		}
		if e.Height != 0 || e.Nodes != cfg.Nodes {
			t.Errorf("leaf %s: height %d nodes %d", g.SeFEN(), e.Height, e.Nodes)
		}
		if -e.Score > best {
			best, bestTurn = -e.Score, placed(turn)
		}
		return true
	})
	if root.Score != best || root.Turn != bestTurn {
		t.Errorf("root: turn %v score %d, want the best child's %v %d", root.Turn, root.Score, bestTurn, best)
	}
	checkEntriesLegal(t, b, cfg.Rules)
}

// checkEntriesLegal checks that every entry's turn is legal in the
// entry's position, and that the probe of that position answers it.
func checkEntriesLegal(t *testing.T, b *Book, r board.Rules) {
	t.Helper()
	for _, e := range b.Entries {
		g, err := gameAt(r, e.Key)
		if err != nil {
			t.Fatal(err)
		}
		turn, got, ok := b.Probe(g)
		if !ok || got != e {
			t.Errorf("%s: the probe answered %+v (ok %v), want the entry %+v", g.SeFEN(), got, ok, e)
			continue
		}
		if !legal(g, turn) || squaresOf(turn) != e.Turn {
			t.Errorf("%s: entry turn %v, probe %v, not the same legal turn", g.SeFEN(), e.Turn, turn)
		}
	}
}

// A build split into shards, then backed up with the shards as known
// leaves, gives the entries of a build in one go, and searches nothing
// more in the last step.
func TestShardedBuildMatchesOneBuild(t *testing.T) {
	cfg := tinyConfig(t, "pro")
	whole, err := Build(cfg)
	if err != nil {
		t.Fatal(err)
	}
	known := map[Key]Entry{}
	for i := range 3 {
		c := cfg
		c.Shard, c.Shards = i, 3
		part, err := Build(c)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range part.Entries {
			if e.Height != 0 {
				t.Fatalf("shard %d holds a backed-up entry %+v", i, e)
			}
			known[e.Key] = e
		}
	}
	c := cfg
	c.Known = known
	searched := 0
	c.NewSearcher = func() engine.Searcher { return &countingSearcher{inner: cfg.NewSearcher(), n: &searched} }
	merged, err := Build(c)
	if err != nil {
		t.Fatal(err)
	}
	if searched != 0 {
		t.Errorf("the backing up searched %d leaves again", searched)
	}
	if len(merged.Entries) != len(whole.Entries) {
		t.Fatalf("%d entries from shards, %d in one build", len(merged.Entries), len(whole.Entries))
	}
	for i := range whole.Entries {
		if merged.Entries[i] != whole.Entries[i] {
			t.Errorf("entry %d: %+v from shards, %+v in one build", i, merged.Entries[i], whole.Entries[i])
		}
	}
}

// countingSearcher counts the searches it passes on.
type countingSearcher struct {
	engine.Searcher
	inner engine.Searcher
	n     *int
}

func (c *countingSearcher) NewGame() { c.inner.NewGame() }

func (c *countingSearcher) Search(ctx context.Context, g *board.Game, lim engine.Limits, info func(engine.Info)) engine.Result {
	*c.n++
	return c.inner.Search(ctx, g, lim, info)
}

// Merge keeps, for a key in both books, the entry of the deeper tree.
func TestMergeKeepsTheDeeperEntry(t *testing.T) {
	old := sampleBook(t)
	more := sampleBook(t)
	more.Command = "seega book extend x.book --plies 2"
	more.Entries[0].Height, more.Entries[0].Score = 0, 5  // shallower: old stays
	more.Entries[1].Height, more.Entries[1].Score = 2, 42 // deeper: replaces
	if err := old.Merge(more); err != nil {
		t.Fatal(err)
	}
	if old.Entries[0].Score != 127 || old.Entries[1].Score != 42 {
		t.Errorf("merged scores %d and %d, want 127 (kept) and 42 (replaced)", old.Entries[0].Score, old.Entries[1].Score)
	}
	other := sampleBook(t)
	other.Rules = "Variant=pro"
	if err := old.Merge(other); err == nil {
		t.Error("merged a book of other rules")
	}
}

// The builder refuses a tree that would leave the placement phase and a
// budget the format cannot record exactly.
func TestBuildRefusesBadConfig(t *testing.T) {
	for name, mutate := range map[string]func(c *Config){
		"too deep":       func(c *Config) { c.Plies = 12 },
		"odd budget":     func(c *Config) { c.Nodes = 1500 },
		"no budget":      func(c *Config) { c.Nodes = 0 },
		"bad shard":      func(c *Config) { c.Shard, c.Shards = 3, 3 },
		"root mid-turn":  func(c *Config) { c.Root = "w4/5/5/5/5 w 11/12 - 0 1" },
		"root bad SeFEN": func(c *Config) { c.Root = "not a position" },
	} {
		c := tinyConfig(t, "egyptian")
		mutate(&c)
		if _, err := Build(c); err == nil {
			t.Errorf("%s: built without error", name)
		}
	}
}
