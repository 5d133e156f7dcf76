package search

import (
	"context"
	"testing"
	"unsafe"

	"seega/board"
	"seega/engine"
)

func TestTableNeverExceedsHash(t *testing.T) {
	if bucketBytes != 64 || int(unsafe.Sizeof(ttEntry{})) != 16 {
		t.Fatalf("bucket %d bytes, entry %d: the layout comment is stale", bucketBytes, unsafe.Sizeof(ttEntry{}))
	}
	for _, mb := range []int{-3, 0, 1, 2, 3, 7, 16} {
		tt := newTable(mb)
		limit := max(mb, 1) << 20
		if tt.bytes() > limit {
			t.Fatalf("%d MiB asked, %d bytes used", mb, tt.bytes())
		}
		if tt.bytes() <= limit-bucketBytes {
			t.Fatalf("%d MiB asked, only %d bytes used: the table wastes its budget", mb, tt.bytes())
		}
	}
	s := NewAlphaBeta(engine.Options{HashMB: 3}, nil)
	if s.HashBytes() > 3<<20 {
		t.Fatalf("searcher table %d bytes for 3 MiB", s.HashBytes())
	}
	s.SetHashMB(2)
	if s.HashBytes() > 2<<20 || s.HashBytes() <= 1<<20 {
		t.Fatalf("after SetHashMB(2): %d bytes", s.HashBytes())
	}
}

func TestTableStoreProbe(t *testing.T) {
	tt := newTable(1)
	tt.newSearch()
	a := board.Step(3, 8)
	cases := []struct {
		name         string
		key          uint64
		score, depth int
		bound        int
	}{
		{"exact", 0x1234_5678_9abc_def0, 120, 5, boundExact},
		{"lower bound, mate score", 0xdead_beef_0000_0001, Mate - 7, 9, boundLower},
		{"upper bound, negative", 0x0000_0000_0000_0001, -MateBound + 3, 0, boundUpper},
		{"key zero", 0, -5, 1, boundExact},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tt.store(c.key, packMove(a), c.score, c.depth, c.bound)
			e, ok := tt.probe(c.key)
			if !ok || e.score != c.score || e.depth != c.depth || e.bound != c.bound || e.move != packMove(a) {
				t.Fatalf("got %+v ok=%v", e, ok)
			}
			if _, ok := tt.probe(c.key ^ 1<<40); ok {
				t.Fatalf("a different key hit")
			}
		})
	}
	// Placement and pass actions have NoSquare fields; they pack apart.
	seen := map[uint32]board.Action{}
	for _, x := range []board.Action{board.Place(0), board.Place(80), board.Pass(), board.Refuse(), board.RansomRequest(4), board.Accept(0, 80), board.Step(79, 80)} {
		if prev, dup := seen[packMove(x)]; dup || packMove(x) == 0 {
			t.Fatalf("%+v packs like %+v", x, prev)
		}
		seen[packMove(x)] = x
	}
}

func TestHashFullGrows(t *testing.T) {
	r := rulesFor(t, "pro")
	g := movementGame(t, r, 1)
	s := NewAlphaBeta(engine.Options{HashMB: 1, Threads: 1}, newTestEval(r))
	var infos []engine.Info
	s.Search(context.Background(), g, engine.Limits{Depth: 10}, func(i engine.Info) { infos = append(infos, i) })
	first, last := infos[0].HashFull, infos[len(infos)-1].HashFull
	if last <= first || last > 1000 {
		t.Fatalf("hashfull %d at depth 1, %d at depth %d", first, last, len(infos))
	}
	// A new game empties the table.
	s.NewGame()
	if s.tt.hashfull() != 0 {
		t.Fatalf("hashfull %d after NewGame", s.tt.hashfull())
	}
}

// TestTableClearEmptiesEveryEntry checks that clear leaves no entry
// behind anywhere in the table, not only in the buckets hashfull samples.
func TestTableClearEmptiesEveryEntry(t *testing.T) {
	tt := newTable(1)
	tt.newSearch()
	keys := make([]uint64, 0, 50000)
	for i := uint64(1); i <= 50000; i++ {
		k := i * 0x9E3779B97F4A7C15
		keys = append(keys, k)
		tt.store(k, packMove(board.Step(3, 8)), 7, 3, boundExact)
	}
	tt.clear()
	if tt.gen != 0 {
		t.Fatalf("generation %d after clear", tt.gen)
	}
	for i := range tt.buckets {
		for j := range tt.buckets[i] {
			if tt.buckets[i][j].data.Load() != 0 || tt.buckets[i][j].check.Load() != 0 {
				t.Fatalf("bucket %d entry %d not empty after clear", i, j)
			}
		}
	}
	for _, k := range keys {
		if _, ok := tt.probe(k); ok {
			t.Fatalf("key %x still found after clear", k)
		}
	}
}

// TestPlacedSquare checks that the placement fast path of ordering tells
// the table's placement and the killers by their squares, and nothing
// else for one.
func TestPlacedSquare(t *testing.T) {
	for sq := board.Square(0); sq < board.MaxSquares; sq++ {
		if got := placedSquare(packMove(board.Place(sq))); got != sq {
			t.Errorf("placedSquare of a placement on %d = %d", sq, got)
		}
		if got := placementSquare(board.Place(sq)); got != sq {
			t.Errorf("placementSquare of a placement on %d = %d", sq, got)
		}
		if sq > 0 {
			step := board.Step(sq-1, sq)
			if got := placedSquare(packMove(step)); got != board.NoSquare {
				t.Errorf("placedSquare of step %v = %d", step, got)
			}
			if got := placementSquare(step); got != board.NoSquare {
				t.Errorf("placementSquare of step %v = %d", step, got)
			}
		}
	}
	if placedSquare(0) != board.NoSquare || placementSquare(board.Action{}) != board.NoSquare {
		t.Error("no action is taken for a placement")
	}
}
