package board

import (
	"bufio"
	"bytes"
	"strconv"
	"strings"
	"testing"
)

// referenceLine is one position of the perft reference
// (testdata/perft-reference.txt), counts from an independent
// implementation of the rule book.
type referenceLine struct {
	variant string
	size    string
	options []string
	moves   []string
	fen     string
	result  string
	counts  []uint64
}

func loadReference(t *testing.T) []referenceLine {
	t.Helper()
	var out []referenceLine
	sc := bufio.NewScanner(bytes.NewReader(readReference(t)))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Split(line, " | ")
		if len(fs) != 7 {
			t.Fatalf("reference line has %d fields: %s", len(fs), line)
		}
		rl := referenceLine{variant: fs[0], size: fs[1], fen: fs[4], result: fs[5]}
		if n, _ := strconv.Atoi(fs[1]); n*n > MaxSquares {
			continue // the narrow build holds boards up to 7×7
		}
		if fs[2] != "-" {
			rl.options = strings.Fields(fs[2])
		}
		rl.moves = strings.Fields(fs[3])
		for _, c := range strings.Fields(fs[6]) {
			n, err := strconv.ParseUint(c, 10, 64)
			if err != nil {
				t.Fatalf("bad count %q", c)
			}
			rl.counts = append(rl.counts, n)
		}
		out = append(out, rl)
	}
	return out
}

func (rl referenceLine) rules(t *testing.T) Rules {
	t.Helper()
	r, err := Preset(rl.variant)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Set("BoardSize", rl.size); err != nil {
		t.Fatal(err)
	}
	if err := r.ParseOptions(rl.options); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestPerftReference plays every reference line from the start and checks
// the SeFEN, the result and the perft counts there, and the counts from
// the SeFEN alone (where the repetition history starts afresh).
func TestPerftReference(t *testing.T) {
	for i, rl := range loadReference(t) {
		r := rl.rules(t)
		g, err := NewGame(r)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.PlayMoves(rl.moves, PerTurn); err != nil {
			t.Errorf("line %d: %v", i+1, err)
			continue
		}
		if got := g.SeFEN(); got != rl.fen {
			t.Errorf("line %d: SeFEN\n got %s\nwant %s", i+1, got, rl.fen)
		}
		if got := g.Result().Code(); got != rl.result {
			t.Errorf("line %d: result %s, want %s", i+1, got, rl.result)
		}
		for d, want := range rl.counts {
			if testing.Short() && want > 200000 {
				break
			}
			if got := g.Perft(d + 1); got != want {
				t.Errorf("line %d (%s): perft %d = %d, want %d", i+1, rl.fen, d+1, got, want)
			}
		}
	}
}
