package board

import (
	"bufio"
	"bytes"
	"strconv"
	"strings"
	"testing"
)

// naiveReferenceLine is one line of the perft reference
// (testdata/perft-reference.txt).
type naiveReferenceLine struct {
	lineNo int
	opts   map[string]string
	moves  []string
	fen    string
	result string
	counts []uint64
}

func naiveReadReference(t *testing.T) []naiveReferenceLine {
	t.Helper()
	var out []naiveReferenceLine
	sc := bufio.NewScanner(bytes.NewReader(readReference(t)))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	no := 0
	for sc.Scan() {
		no++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p := strings.Split(line, " | ")
		if len(p) != 7 {
			t.Fatalf("line %d: %d fields, want 7", no, len(p))
		}
		l := naiveReferenceLine{lineNo: no, opts: map[string]string{
			"Variant":   strings.TrimSpace(p[0]),
			"BoardSize": strings.TrimSpace(p[1]),
		}}
		if o := strings.TrimSpace(p[2]); o != "-" {
			for _, kv := range strings.Fields(o) {
				k, v, ok := strings.Cut(kv, "=")
				if !ok {
					t.Fatalf("line %d: bad option %q", no, kv)
				}
				l.opts[k] = v
			}
		}
		if m := strings.TrimSpace(p[3]); m != "-" {
			l.moves = strings.Fields(m)
		}
		l.fen = strings.TrimSpace(p[4])
		l.result = strings.TrimSpace(p[5])
		for _, c := range strings.Fields(p[6]) {
			n, err := strconv.ParseUint(c, 10, 64)
			if err != nil {
				t.Fatalf("line %d: bad count %q", no, c)
			}
			l.counts = append(l.counts, n)
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestNaiveAgainstReferenceFile replays every line of the perft
// reference with the naive implementation and compares SeFEN, result and
// perft counts, both from the replayed game and from the SeFEN alone.
func TestNaiveAgainstReferenceFile(t *testing.T) {
	lines := naiveReadReference(t)
	for _, l := range lines {
		t.Run("line"+strconv.Itoa(l.lineNo), func(t *testing.T) {
			t.Parallel()
			g, err := newNaiveGame(l.opts)
			if err != nil {
				t.Fatal(err)
			}
			for i, m := range l.moves {
				if err := g.play(m); err != nil {
					t.Fatalf("move %d: %v", i+1, err)
				}
			}
			if got := g.fen(); got != l.fen {
				t.Errorf("fen\n got %s\nwant %s", got, l.fen)
			}
			if got := g.result(); got != l.result {
				t.Errorf("result got %s want %s", got, l.result)
			}
			fromFEN, err := newNaiveGameFromFEN(l.opts, l.fen)
			if err != nil {
				t.Fatalf("from SeFEN: %v", err)
			}
			if got := fromFEN.fen(); got != l.fen {
				t.Errorf("SeFEN round trip\n got %s\nwant %s", got, l.fen)
			}
			for i, want := range l.counts {
				d := i + 1
				if testing.Short() && (d > 2 || want > 2000000) {
					continue
				}
				if got := g.perft(d); got != want {
					t.Errorf("perft %d: got %d want %d", d, got, want)
				}
				if d <= 3 {
					if got := fromFEN.perft(d); got != want {
						t.Errorf("perft %d from SeFEN: got %d want %d", d, got, want)
					}
				}
			}
		})
	}
}

// TestNaiveStartPerft checks every preset's 5x5 start: 276, 63756.
func TestNaiveStartPerft(t *testing.T) {
	for _, v := range []string{"egyptian", "sudanese", "classic", "pro"} {
		g, err := newNaiveGame(map[string]string{"Variant": v})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := g.fen(), "5/5/5/5/5 w 12/12 - 0 1"; got != want {
			t.Errorf("%s: start %q, want %q", v, got, want)
		}
		for d, want := range []uint64{1, 276, 63756} {
			if got := g.perft(d); got != want {
				t.Errorf("%s: perft %d = %d, want %d", v, d, got, want)
			}
		}
	}
}
