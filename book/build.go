package book

import (
	"context"
	"fmt"
	"io"
	"slices"
	"time"

	"seega/board"
	"seega/engine"
	"seega/firststep"
)

// The builder explores every placement turn (no pruning: at the depths a
// few minutes allow, the tree is small) from a root to a number of turns,
// with the positions taken as their canonical keys so that symmetric
// lines are searched once; scores each leaf with a node-limited search on
// a cleared table (engine.SearchNodes, deterministic on one thread), and
// backs the scores up by minimax. Every position of the tree becomes an
// entry: the leaves with their search's own turn, the others with the
// minimax-best turn. The same configuration builds the same bytes.
//
// Where the rules' first step is solved exactly (package firststep), the
// tree still holds every turn (the opponent may play any), but each
// entry's turn is one that keeps the solved value: the leaf searches are
// restricted to those, as the engine's own searches are (Searcher), and
// the minimax backs up only through them. A book turn that gave away a
// stone at the first step, or let one go, would only be refused in play.

// Config is what to build.
type Config struct {
	Rules board.Rules
	// Root is the SeFEN the tree grows from, "" for the start position.
	Root string
	// Plies is the depth of the tree in turns: 0 searches the root alone.
	Plies int
	// Nodes is the budget of each leaf search.
	Nodes uint64
	// NewSearcher builds the searcher that scores the leaves, on one
	// thread: it is cleared (NewGame) before each search.
	NewSearcher func() engine.Searcher
	// Command names the build in the book's header.
	Command string
	// Progress, if not nil, gets a line now and then.
	Progress io.Writer
	// Known are leaf results found before (entries of Height 0 with
	// this budget, from earlier books or shards), used instead of a
	// search: they are what the search would find again.
	Known map[Key]Entry
	// Shards > 1 splits the leaf searches: a build searches only the
	// leaves whose index in key order is Shard modulo Shards, and its
	// book holds those leaves alone, for a later build with all the
	// shards as Known to back up.
	Shard, Shards int
}

// child is one turn of a tree position and the canonical key it leads to.
type child struct {
	turn  [2]board.Square
	key   Key
	keeps bool // the turn keeps the first step's solved value (true where it is not solved)
}

// Build builds the book cfg asks for.
func Build(cfg Config) (*Book, error) {
	if cfg.Nodes < nodeUnit || cfg.Nodes%nodeUnit != 0 {
		return nil, fmt.Errorf("book: --nodes %d: want a multiple of %d", cfg.Nodes, nodeUnit)
	}
	if cfg.Shards > 1 && (cfg.Shard < 0 || cfg.Shard >= cfg.Shards) {
		return nil, fmt.Errorf("book: shard %d of %d", cfg.Shard, cfg.Shards)
	}
	if cfg.Plies < 0 {
		return nil, fmt.Errorf("book: --plies %d: want 0 or more", cfg.Plies)
	}
	root, err := rootGame(cfg.Rules, cfg.Root)
	if err != nil {
		return nil, err
	}
	pos := root.Position()
	if err := Bookable(pos); err != nil {
		return nil, fmt.Errorf("book: the root: %v", err)
	}
	// Placement turns left: the root's stones in hand, two a turn. The
	// tree's leaves must still be placement positions.
	left := (pos.Hand(board.White) + pos.Hand(board.Black)) / 2
	if cfg.Plies >= left {
		return nil, fmt.Errorf("book: --plies %d: the root has %d placement turns left, so at most %d", cfg.Plies, left, left-1)
	}
	var solver *firststep.Solver
	if fs, err := firststep.New(cfg.Rules); err == nil {
		fs.SolveAll()
		solver = fs
		progress(cfg.Progress, "book: the first step is solved under these rules: each entry's turn keeps its value")
	}
	rootKey, _ := KeyOf(pos)
	levels := [][]Key{{rootKey}}
	children := map[Key][]child{}
	for d := 0; d < cfg.Plies; d++ {
		next := map[Key]bool{}
		for _, k := range levels[d] {
			cs, err := expand(cfg.Rules, k, solver)
			if err != nil {
				return nil, err
			}
			children[k] = cs
			for _, c := range cs {
				next[c.key] = true
			}
		}
		keys := make([]Key, 0, len(next))
		for k := range next {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		levels = append(levels, keys)
		progress(cfg.Progress, "book: level %d: %d positions", d+1, len(keys))
	}
	entries := map[Key]Entry{}
	leaves := levels[cfg.Plies]
	s := cfg.NewSearcher()
	start := time.Now()
	sharded := cfg.Shards > 1
	searched, known := 0, 0
	for i, k := range leaves {
		if sharded && i%cfg.Shards != cfg.Shard {
			continue
		}
		if e, ok := cfg.Known[k]; ok && e.Height == 0 && e.Nodes == cfg.Nodes {
			entries[k] = e
			known++
			continue
		}
		e, err := searchLeaf(s, cfg.Rules, k, cfg.Nodes, solver)
		if err != nil {
			return nil, err
		}
		entries[k] = e
		if searched++; searched%50 == 0 {
			progress(cfg.Progress, "book: %d leaves searched of %d, %v", searched, len(leaves), time.Since(start).Round(time.Second))
		}
	}
	progress(cfg.Progress, "book: %d leaves searched, %d known, of %d, in %v", searched, known, len(leaves), time.Since(start).Round(time.Second))
	for d := cfg.Plies - 1; d >= 0 && !sharded; d-- {
		for _, k := range levels[d] {
			entries[k] = backUp(k, children[k], entries, cfg.Nodes)
		}
	}
	b := &Book{Rules: cfg.Rules.String(), Command: cfg.Command}
	for _, e := range entries {
		b.Entries = append(b.Entries, e)
	}
	slices.SortFunc(b.Entries, func(x, y Entry) int { return compareKeys(x.Key, y.Key) })
	return b, nil
}

func progress(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, format+"\n", args...)
	}
}

// rootGame is the game at fen under r, or at r's start for "".
func rootGame(r board.Rules, fen string) (*board.Game, error) {
	if fen == "" {
		return board.NewGame(r)
	}
	g, err := board.NewGameFromSeFEN(r, fen)
	if err != nil {
		return nil, fmt.Errorf("book: the root: %v", err)
	}
	return g, nil
}

// gameAt is the game at the canonical position k.
func gameAt(r board.Rules, k Key) (*board.Game, error) {
	g, err := board.NewGameFromSeFEN(r, k.SeFEN(r))
	if err != nil {
		return nil, fmt.Errorf("book: position %#x: %v", uint64(k), err)
	}
	return g, nil
}

// expand lists the turns of the position k, in the generator's order,
// with the canonical keys they lead to; with a solver, each says whether
// it keeps the first step's value. Every turn is expanded, kept or not:
// the opponent may play any of them, and the book should answer.
func expand(r board.Rules, k Key, solver *firststep.Solver) ([]child, error) {
	g, err := gameAt(r, k)
	if err != nil {
		return nil, err
	}
	value, solved := 0, false
	if solver != nil {
		value, solved = solver.Value(g.Position())
	}
	var out []child
	g.ForEachTurn(func(turn []board.Action) bool {
		ck, _ := KeyOf(g.Position())
		keeps := true
		if solved {
			v, _ := solver.Value(g.Position())
			keeps = v == value
		}
		out = append(out, child{turn: placed(turn), key: ck, keeps: keeps})
		return true
	})
	return out, nil
}

// placed is a placement turn's two squares, the lesser first.
func placed(turn []board.Action) [2]board.Square {
	a, b := turn[0].To, turn[1].To
	return [2]board.Square{min(a, b), max(a, b)}
}

// searchLeaf scores the position k with a search of nodes nodes on a
// cleared table; with a solver, over the turns that keep the first
// step's value where some turn does not.
func searchLeaf(s engine.Searcher, r board.Rules, k Key, nodes uint64, solver *firststep.Solver) (Entry, error) {
	g, err := gameAt(r, k)
	if err != nil {
		return Entry{}, err
	}
	s.NewGame()
	lim := engine.Limits{Nodes: nodes}
	if solver != nil {
		if c, ok := solver.Best(g); ok && c.Restricts() {
			lim.SearchMoves = c.Turns
		}
	}
	res := s.Search(context.Background(), g, lim, nil)
	if len(res.Best) != 2 || res.Best[0].Kind != board.ActPlace || res.Best[1].Kind != board.ActPlace {
		return Entry{}, fmt.Errorf("book: the search of %s gave no placement turn (%d actions)", k.SeFEN(r), len(res.Best))
	}
	return Entry{Key: k, Turn: placed(res.Best), Score: clampScore(res.Score), Depth: res.Depth, Height: 0, Nodes: nodes}, nil
}

// backUp is the entry of the tree position k: its best turn by minimax
// over the entries of its children (the first of equals, in the
// generator's order), among the turns that keep the first step's value.
func backUp(k Key, cs []child, entries map[Key]Entry, nodes uint64) Entry {
	best := Entry{Key: k, Score: -maxScore - 1, Nodes: nodes}
	for _, c := range cs {
		if !c.keeps {
			continue
		}
		ce := entries[c.key]
		if v := -ce.Score; v > best.Score {
			best.Turn, best.Score, best.Depth, best.Height = c.turn, v, ce.Depth, ce.Height+1
		}
	}
	return best
}

// Merge adds the entries of more to b, which must be for the same rules:
// where both have a key, the entry with the higher Height wins, then the
// one with more Nodes, then more's. The commands are kept, b's first.
func (b *Book) Merge(more *Book) error {
	if more.Rules != b.Rules {
		return fmt.Errorf("book: cannot merge a book for other rules (%s)", more.Rules)
	}
	byKey := map[Key]Entry{}
	for _, e := range b.Entries {
		byKey[e.Key] = e
	}
	for _, e := range more.Entries {
		if old, ok := byKey[e.Key]; ok && (old.Height > e.Height || old.Height == e.Height && old.Nodes > e.Nodes) {
			continue
		}
		byKey[e.Key] = e
	}
	b.Entries = b.Entries[:0]
	for _, e := range byKey {
		b.Entries = append(b.Entries, e)
	}
	slices.SortFunc(b.Entries, func(x, y Entry) int { return compareKeys(x.Key, y.Key) })
	b.Command += "\n" + more.Command
	return nil
}
