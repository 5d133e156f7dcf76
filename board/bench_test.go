package board

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/zeebo/xxh3"
)

// Movement-phase positions for the speed figures, from testdata/perft.txt
// (pro, so that the counts do not explode with bonus chains).
var benchPositions = map[int]struct {
	fen   string
	depth int
}{
	5: {"bbbww/bwbww/w2w1/1wbww/bbwbb w 0/0 - 4 19", 6},
	7: {"bbwwbbb/bwwwwwb/w1wwbbb/www1bbw/b1bbwwb/wbw1bbw/wbwbwwb w 0/0 - 3 31", 5},
	9: {"bbbbwbbwb/wbwbbbbww/wwbwwwbbb/bwwwwwwbb/bwbbww1wb/bbb1b2bb/bwwbb3w/wbbb1b1bb/wwwwbbwww w 0/0 - 0 47", 5},
}

func benchGame(b *testing.B, n int) *Game {
	b.Helper()
	if n*n > MaxSquares {
		b.Skipf("%d×%d does not fit this build", n, n)
	}
	r, _ := Preset("pro")
	g, err := NewGameFromSeFEN(r, benchPositions[n].fen)
	if err != nil {
		b.Fatal(err)
	}
	return g
}

func benchPerft(b *testing.B, n int) {
	g := benchGame(b, n)
	var nodes uint64
	b.ResetTimer()
	for b.Loop() {
		nodes += g.Perft(benchPositions[n].depth)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "turns/s")
}

// BenchmarkPerft5 and friends: perft turns/s from a movement position.
func BenchmarkPerft5(b *testing.B) { benchPerft(b, 5) }
func BenchmarkPerft7(b *testing.B) { benchPerft(b, 7) }
func BenchmarkPerft9(b *testing.B) { benchPerft(b, 9) }

// playout plays random actions from the start until the game ends (or a
// cap), then takes them all back; it returns the turns played.
func playout(g *Game, rng *rand.Rand, buf []Action) (int, []Action) {
	turns := 0
	start := g.Ply()
	for i := 0; i < 2000; i++ {
		buf = g.LegalActions(buf[:0])
		if len(buf) == 0 {
			break
		}
		g.Make(buf[rng.IntN(len(buf))])
		if !g.pos.MidTurn() {
			turns++
		}
	}
	for g.Ply() > start {
		g.Unmake()
	}
	return turns, buf
}

func benchPlayout(b *testing.B, variant string, n int) {
	if n*n > MaxSquares {
		b.Skipf("%d×%d does not fit this build", n, n)
	}
	r, _ := Preset(variant)
	r.BoardSize = n
	g, err := NewGame(r)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]Action, 0, 1024)
	var turns, t int
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		t, buf = playout(g, rng, buf)
		turns += t
	}
	b.ReportMetric(float64(turns)/b.Elapsed().Seconds(), "turns/s")
}

// BenchmarkPlayout5 and friends: random playouts from the start, in turns/s.
func BenchmarkPlayout5(b *testing.B)    { benchPlayout(b, "pro", 5) }
func BenchmarkPlayout7(b *testing.B)    { benchPlayout(b, "pro", 7) }
func BenchmarkPlayout9(b *testing.B)    { benchPlayout(b, "pro", 9) }
func BenchmarkPlayout5Egy(b *testing.B) { benchPlayout(b, "egyptian", 5) }

// randomPlayout is playout with RandomAction in place of picking from
// LegalActions: the same games, without listing the actions.
func randomPlayout(g *Game, rng *rand.Rand) int {
	turns := 0
	start := g.Ply()
	for i := 0; i < 2000; i++ {
		a, ok := g.RandomAction(rng)
		if !ok {
			break
		}
		g.Make(a)
		if !g.pos.MidTurn() {
			turns++
		}
	}
	for g.Ply() > start {
		g.Unmake()
	}
	return turns
}

func benchRandomPlayout(b *testing.B, variant string, n int, loop bool) {
	if n*n > MaxSquares {
		b.Skipf("%d×%d does not fit this build", n, n)
	}
	r, _ := Preset(variant)
	r.BoardSize = n
	g, err := NewGame(r)
	if err != nil {
		b.Fatal(err)
	}
	src := rand.NewPCG(1, 2)
	rng := rand.New(src)
	turns := 0
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if loop {
			turns += randomPlayout(g, rng)
		} else {
			_, _, t := g.RandomPlayout(src, 2000)
			turns += t
		}
	}
	b.ReportMetric(float64(turns)/b.Elapsed().Seconds(), "turns/s")
}

// BenchmarkRandomPlayout5 and friends: the playouts of BenchmarkPlayout5
// and friends (the same games), played with RandomPlayout.
func BenchmarkRandomPlayout5(b *testing.B)    { benchRandomPlayout(b, "pro", 5, false) }
func BenchmarkRandomPlayout7(b *testing.B)    { benchRandomPlayout(b, "pro", 7, false) }
func BenchmarkRandomPlayout9(b *testing.B)    { benchRandomPlayout(b, "pro", 9, false) }
func BenchmarkRandomPlayout5Egy(b *testing.B) { benchRandomPlayout(b, "egyptian", 5, false) }

// BenchmarkRandomAction5 and friends: the same games again, played with
// RandomAction and Make an action at a time (and Unmake at the end), the
// way the base's BenchmarkRandomPlayout5 played them.
func BenchmarkRandomAction5(b *testing.B) { benchRandomPlayout(b, "pro", 5, true) }
func BenchmarkRandomAction7(b *testing.B) { benchRandomPlayout(b, "pro", 7, true) }
func BenchmarkRandomAction9(b *testing.B) { benchRandomPlayout(b, "pro", 9, true) }

// BenchmarkMakeUnmake reports allocations per make/unmake pair: 0.
func BenchmarkMakeUnmake(b *testing.B) {
	g := benchGame(b, 5)
	acts := g.LegalActions(nil)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		g.Make(acts[i%len(acts)])
		g.Unmake()
	}
}

// BenchmarkActions5 and BenchmarkCaptureActions5: one generator pass at
// the 5×5 perft position, all actions against the quiescence subset.
func BenchmarkActions5(b *testing.B) {
	g := benchGame(b, 5)
	buf := make([]Action, 0, 256)
	for b.Loop() {
		buf = g.Actions(buf[:0])
	}
}

func BenchmarkCaptureActions5(b *testing.B) {
	g := benchGame(b, 5)
	buf := make([]Action, 0, 256)
	for b.Loop() {
		buf = g.CaptureActions(buf[:0])
	}
}

func TestMakeUnmakeAllocatesNothing(t *testing.T) {
	r, _ := Preset("classic")
	g, _ := NewGame(r)
	rng := rand.New(rand.NewPCG(3, 4))
	randomPlay(g, rng, 60, func(*Game) bool { return false })
	acts := g.LegalActions(nil)
	if len(acts) == 0 {
		t.Skip("game over")
	}
	g.Make(acts[0]) // grow the stacks once
	g.Unmake()
	allocs := testing.AllocsPerRun(100, func() {
		for _, a := range acts {
			g.Make(a)
			g.Unmake()
		}
	})
	if allocs != 0 {
		t.Fatalf("make/unmake allocates %.1f times", allocs)
	}
	buf := make([]Action, 0, 1024)
	allocs = testing.AllocsPerRun(100, func() { buf = g.LegalActions(buf[:0]) })
	if allocs != 0 {
		t.Fatalf("LegalActions allocates %.1f times", allocs)
	}
	allocs = testing.AllocsPerRun(100, func() { buf = g.CaptureActions(buf[:0]) })
	if allocs != 0 {
		t.Fatalf("CaptureActions allocates %.1f times", allocs)
	}
	rng = rand.New(rand.NewPCG(5, 6))
	allocs = testing.AllocsPerRun(100, func() { g.RandomAction(rng) })
	if allocs != 0 {
		t.Fatalf("RandomAction allocates %.1f times", allocs)
	}
}

// xxh3Key hashes the position from scratch with xxh3: the alternative to
// the incremental Zobrist key, measured against it below.
func xxh3Key(p *Position) uint64 {
	var buf [48]byte
	for c := 0; c < 2; c++ {
		lo, hi := p.stones[c].Words()
		binary.LittleEndian.PutUint64(buf[c*16:], lo)
		binary.LittleEndian.PutUint64(buf[c*16+8:], hi)
	}
	buf[32], buf[33], buf[34] = byte(p.side), p.hand[0], p.hand[1]
	buf[35], buf[36], buf[37], buf[38] = byte(p.chain), byte(p.pending), p.passes, p.flags
	return xxh3.Hash(buf[:39])
}

// BenchmarkHashZobrist: make/unmake with the incremental Zobrist key, the
// key read at every node.
func BenchmarkHashZobrist(b *testing.B) {
	g := benchGame(b, 5)
	acts := g.LegalActions(nil)
	var sink uint64
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		g.Make(acts[i%len(acts)])
		sink ^= g.pos.Hash()
		g.Unmake()
	}
	_ = sink
}

// BenchmarkHashXXH3: the same walk, with the key computed by xxh3 at every
// node instead (the Zobrist upkeep still runs, so the difference is a lower
// bound on what xxh3 would cost).
func BenchmarkHashXXH3(b *testing.B) {
	g := benchGame(b, 5)
	acts := g.LegalActions(nil)
	var sink uint64
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		g.Make(acts[i%len(acts)])
		sink ^= xxh3Key(&g.pos)
		g.Unmake()
	}
	_ = sink
}
