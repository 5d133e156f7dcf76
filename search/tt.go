package search

import (
	"math/bits"
	"sync/atomic"
	"unsafe"

	"seega/board"
)

// The transposition table is a fixed array of buckets, allocated once per
// size, shared by every thread without locks. Each entry is two atomic
// words: data, and check = key ^ data. A reader accepts an entry only if
// check ^ data gives back its key, so an entry torn by two writers racing
// (check from one, data from the other) reads as a miss, and the race
// detector sees only atomic accesses.
//
// Layout of data (51 bits used):
//
//	bits  0–16  move: kind (3 bits), from+1 (7 bits), to+1 (7 bits); 0 = none
//	bits 17–32  score, int16, mate scores relative to the entry's node
//	bits 33–40  depth in turns
//	bits 41–42  bound: 0 empty, lower, upper, exact
//	bits 43–50  generation of the search that wrote it
type ttEntry struct {
	check, data atomic.Uint64
}

type ttBucket [BucketEntries]ttEntry

// bucketBytes is the size of one bucket: one cache line.
const bucketBytes = int(unsafe.Sizeof(ttBucket{}))

// Bounds an entry's score can be.
const (
	boundNone  = 0
	boundLower = 1 // score >= true value's lower bound: a fail high
	boundUpper = 2 // a fail low
	boundExact = 3
)

// boundOf is the bound of a node's best score searched in the window
// (alpha, beta): a fail high is a lower bound, a fail low an upper one.
func boundOf(best, alpha, beta int) int {
	bound := boundUpper
	switch {
	case best >= beta:
		bound = boundLower
	case best > alpha:
		bound = boundExact
	}
	return bound
}

// table is the transposition table.
type table struct {
	buckets []ttBucket
	gen     uint8
}

// newTable makes a table of at most mb MiB (clamped to 1..MaxHashMB).
func newTable(mb int) *table {
	mb = min(max(mb, 1), MaxHashMB)
	n := (mb << 20) / bucketBytes
	t := &table{buckets: make([]ttBucket, n)}
	t.prefault()
	return t
}

// prefault touches every page of the table once, so that its page faults
// are taken when the table is made (at the protocol's isready) rather
// than by the first searches. The memory of a new table is mapped
// lazily: each page faults the first time it is written, and a search
// writes entries all over the table. On the virtual machine this was
// measured on, a fault cost about 30 µs, and the first 100 ms search of a
// fresh process ran at a tenth of the speed of the later ones
// (docs/speed.md). Huge pages, where Linux grants them, make the faults
// 512 times fewer and the prefault several times quicker.
func (t *table) prefault() {
	if len(t.buckets) == 0 {
		return
	}
	adviseHugePages(unsafe.Pointer(&t.buckets[0]), t.bytes())
	t.clear()
}

// bytes is the memory the table's entries take.
func (t *table) bytes() int { return len(t.buckets) * bucketBytes }

// clear empties every entry. It runs between searches, when no thread
// reads the table, so one plain clear of the memory does it: storing the
// entries one by one through atomics was 3% of the bench, which empties
// a 16 MiB table before each of its positions.
func (t *table) clear() {
	clear(t.buckets)
	t.gen = 0
}

// newSearch starts a generation, so that entries of older searches are
// the first to be replaced and do not count in hashfull.
func (t *table) newSearch() { t.gen++ }

// bucket maps a key to its bucket: the high word of key × buckets spreads
// the keys over a table of any size, not only powers of two.
func (t *table) bucket(key uint64) *ttBucket {
	hi, _ := bits.Mul64(key, uint64(len(t.buckets)))
	return &t.buckets[hi]
}

// prefetch starts loading key's bucket into the cache, for a probe soon
// after.
func (t *table) prefetch(key uint64) { prefetch(unsafe.Pointer(t.bucket(key))) }

// ttHit is a decoded entry.
type ttHit struct {
	move  uint32
	score int
	depth int
	bound int
}

func decode(d uint64) ttHit {
	return ttHit{
		move:  uint32(d & 0x1FFFF),
		score: int(int16(d >> 17)),
		depth: int(uint8(d >> 33)),
		bound: int(d>>41) & 3,
	}
}

func entryGen(d uint64) uint8 { return uint8(d >> 43) }

// probe looks key up.
func (t *table) probe(key uint64) (ttHit, bool) {
	b := t.bucket(key)
	for i := range b {
		d := b[i].data.Load()
		if b[i].check.Load()^d == key && d>>41&3 != boundNone {
			return decode(d), true
		}
	}
	return ttHit{}, false
}

// store writes an entry for key, replacing the same key's entry if there
// is one, else the emptiest or least valuable entry of the bucket: the
// one of lowest depth, counting an older generation as shallower.
func (t *table) store(key uint64, move uint32, score, depth, bound int) {
	b := t.bucket(key)
	victim := 0
	worst := int(^uint(0) >> 1)
	for i := range b {
		d := b[i].data.Load()
		c := b[i].check.Load()
		if c^d == key && d>>41&3 != boundNone {
			// A shallow bound does not displace a deeper result for
			// the same position.
			if bound != boundExact && depth+2 < int(uint8(d>>33)) && entryGen(d) == t.gen {
				return
			}
			if move == 0 {
				move = uint32(d & 0x1FFFF) // keep the old best action
			}
			victim = i
			break
		}
		if d>>41&3 == boundNone {
			victim, worst = i, -1<<30
			continue
		}
		age := int(t.gen - entryGen(d))
		if v := int(uint8(d>>33)) - 8*age; v < worst {
			victim, worst = i, v
		}
	}
	depth = min(max(depth, 0), 255)
	d := uint64(move&0x1FFFF) | uint64(uint16(int16(score)))<<17 | uint64(depth)<<33 |
		uint64(bound&3)<<41 | uint64(t.gen)<<43
	b[victim].data.Store(d)
	b[victim].check.Store(key ^ d)
}

// hashfull is the per mille of entries written by the current search, from
// a sample of the first buckets.
func (t *table) hashfull() int {
	n := min(len(t.buckets), 1000/BucketEntries)
	if n == 0 {
		return 0
	}
	used := 0
	for i := 0; i < n; i++ {
		for j := range t.buckets[i] {
			d := t.buckets[i][j].data.Load()
			if d>>41&3 != boundNone && entryGen(d) == t.gen {
				used++
			}
		}
	}
	return used * 1000 / (n * BucketEntries)
}

// packMove encodes an action without its captures, which follow from the
// position: the search matches it against the generated actions.
func packMove(a board.Action) uint32 {
	return uint32(a.Kind)&7 | uint32(uint8(a.From+1))&0x7F<<3 | uint32(uint8(a.To+1))&0x7F<<10
}
