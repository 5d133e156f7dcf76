package eval

import (
	"fmt"
	"strings"
	"testing"

	"seega/board"
)

// sefenBoard reads a SeFEN board field into grid[rank][file], rank 0
// being rank 1.
func sefenBoard(field string) ([][]byte, error) {
	ranks := strings.Split(field, "/")
	n := len(ranks)
	grid := make([][]byte, n)
	for i, rank := range ranks {
		row := make([]byte, 0, n)
		for j := 0; j < len(rank); j++ {
			ch := rank[j]
			if ch >= '1' && ch <= '9' {
				for k := 0; k < int(ch-'0'); k++ {
					row = append(row, '.')
				}
				continue
			}
			row = append(row, ch)
		}
		if len(row) != n {
			return nil, fmt.Errorf("rank %q: %d squares, want %d", rank, len(row), n)
		}
		grid[n-1-i] = row
	}
	return grid, nil
}

// writeBoard is the inverse of sefenBoard.
func writeBoard(grid [][]byte) string {
	n := len(grid)
	var sb strings.Builder
	for r := n - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < n; f++ {
			if grid[r][f] == '.' {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(grid[r][f])
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

// symmetry maps (file, rank) by the k-th of the 8 symmetries of an n×n
// board: k&1 mirrors the files, k&2 the ranks, k&4 swaps files and ranks.
func symmetry(k, n, f, r int) (int, int) {
	if k&1 != 0 {
		f = n - 1 - f
	}
	if k&2 != 0 {
		r = n - 1 - r
	}
	if k&4 != 0 {
		f, r = r, f
	}
	return f, r
}

// transformSquare maps a square's text by symmetry k.
func transformSquare(s string, k, n int) string {
	f, r := symmetry(k, n, int(s[0]-'a'), int(s[1]-'1'))
	return string(rune('a'+f)) + string(rune('1'+r))
}

// transformSeFEN applies symmetry k to a SeFEN: the board, the chain
// square and the pending ransom's square.
func transformSeFEN(fen string, k int) (string, error) {
	fields := strings.Fields(fen)
	grid, err := sefenBoard(fields[0])
	if err != nil {
		return "", err
	}
	n := len(grid)
	out := make([][]byte, n)
	for r := range out {
		out[r] = make([]byte, n)
	}
	for r := 0; r < n; r++ {
		for f := 0; f < n; f++ {
			tf, tr := symmetry(k, n, f, r)
			out[tr][tf] = grid[r][f]
		}
	}
	fields[0] = writeBoard(out)
	if fields[3] != "-" && fields[3] != "+" {
		fields[3] = transformSquare(fields[3], k, n)
	}
	for i := 6; i < len(fields); i++ {
		if sq, ok := strings.CutPrefix(fields[i], "pending="); ok {
			fields[i] = "pending=" + transformSquare(sq, k, n)
		}
	}
	return strings.Join(fields, " "), nil
}

// swapColours exchanges White and Black in a movement-phase SeFEN
// without ransom fields: the stones, the side to act and the hands.
func swapColours(fen string) (string, error) {
	fields := strings.Fields(fen)
	fields[0] = strings.Map(func(r rune) rune {
		switch r {
		case 'w':
			return 'b'
		case 'b':
			return 'w'
		}
		return r
	}, fields[0])
	if fields[1] == "w" {
		fields[1] = "b"
	} else {
		fields[1] = "w"
	}
	w, b, ok := strings.Cut(fields[2], "/")
	if !ok {
		return "", fmt.Errorf("hands %q", fields[2])
	}
	fields[2] = b + "/" + w
	return strings.Join(fields, " "), nil
}

func TestTransformSeFEN(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		k    int
		want string
	}{
		{"identity", "w4/5/5/5/4b w 11/11 - 0 2", 0, "w4/5/5/5/4b w 11/11 - 0 2"},
		{"mirror files", "w4/5/5/5/3b1 w 11/11 - 0 2", 1, "4w/5/5/5/1b3 w 11/11 - 0 2"},
		{"mirror ranks", "w4/5/5/5/3b1 w 11/11 - 0 2", 2, "3b1/5/5/5/w4 w 11/11 - 0 2"},
		{"transpose", "5/5/5/5/1b3 w 11/11 - 0 2", 4, "5/5/5/b4/5 w 11/11 - 0 2"},
		{"chain and pending squares", "5/5/5/5/5 w 0/0 b1 0 30 pending=c2", 4, "5/5/5/5/5 w 0/0 a2 0 30 pending=b3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := transformSeFEN(tc.fen, tc.k)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("transformSeFEN(%q, %d) = %q, want %q", tc.fen, tc.k, got, tc.want)
			}
		})
	}
}

// ruleSets are the rule sets the whole-board tests walk: every preset on
// every size, and options that change what the evaluation reads.
func ruleSets() []struct{ variant, opts string } {
	var sets []struct{ variant, opts string }
	for _, v := range testVariants {
		for _, size := range testSizes {
			sets = append(sets, struct{ variant, opts string }{v, "BoardSize=" + size})
		}
	}
	for _, x := range []struct{ variant, opts string }{
		{"egyptian", "LineCapture=on"},
		{"pro", "Directions=8 LineCapture=on CentreSafe=on"},
		{"classic", "MovementStarter=black"},
		{"sudanese", "Blocked=lose Chain=samecapture BoardSize=7"},
		{"egyptian", "Blocked=whiteopens Ransom=on Chain=anycapture ChainMandatory=off"},
		{"classic", "Chain=none LoseAt=3 NoCaptureLimit=6"},
	} {
		sets = append(sets, x)
	}
	return sets
}

// TestBoardSymmetry checks that the evaluation and the placement scores
// are the same under the 8 symmetries of the board, and within Limit, on
// random positions of every rule set: placement, half-done turns, chains,
// pending ransoms and movement.
func TestBoardSymmetry(t *testing.T) {
	perCase := 300
	if testing.Short() {
		perCase = 60
	}
	for _, set := range ruleSets() {
		t.Run(set.variant+" "+set.opts, func(t *testing.T) {
			r := rulesFor(t, set.variant, strings.Fields(set.opts)...)
			e := New(r)
			for _, fen := range randomPositions(r, 7, perCase) {
				g := gameAt(t, r, fen)
				want := e.Evaluate(g)
				if want < -Limit || want > Limit {
					t.Fatalf("Evaluate(%s) = %d, out of ±Limit", fen, want)
				}
				for k := 1; k < 8; k++ {
					tf, err := transformSeFEN(fen, k)
					if err != nil {
						t.Fatal(err)
					}
					tg := gameAt(t, r, tf)
					if got := e.Evaluate(tg); got != want {
						t.Fatalf("symmetry %d: Evaluate(%s) = %d, but %d for %s", k, tf, got, want, fen)
					}
					comparePlacementScores(t, e, g, tg, k)
				}
			}
		})
	}
}

// TestBoardSymmetryHandMade checks the 8 symmetries on positions the
// random games rarely reach: chains, pending ransoms, blocked sides.
func TestBoardSymmetryHandMade(t *testing.T) {
	for _, p := range []pos{
		{"pro", "", "2w2/2b2/5/2w2/4b w 0/0 c2 0 40"},
		{"classic", "", "wb1bw/bw1wb/2b2/bw1wb/wb1bw w 0/0 - 0 70 asked=1 refusals=7 pending=c3 bturns=30"},
		{"classic", "", "wb1bw/bw1wb/2b2/bw1wb/wb1bw b 0/0 - 0 70 asked=1 refusals=1 turnrefused=1 bturns=30"},
		{"classic", "", "bwbwb/wbwbw/bw1wb/wbwbw/bwbwb b 0/0 - 0 25 passed=1"},
		{"egyptian", "", "5/bbb2/wwwb1/wwwb1/wwwb1 w 0/0 - 0 40 passed=1"},
		{"egyptian", "", "5/5/5/2w2/wb3 b 0/0 - 0 40"},
		{"pro", "", "w3w/2b1b/1b1b1/4w/ww1wb b 6/7 - 0 6"},
		{"sudanese", "", "2w2/2b2/1w3/5/4b w 10/10 - 0 3"},
	} {
		t.Run(p.String(), func(t *testing.T) {
			r := rulesFor(t, p.variant, strings.Fields(p.opts)...)
			e := New(r)
			g := gameAt(t, r, p.fen)
			want := e.Evaluate(g)
			for k := 1; k < 8; k++ {
				tf, err := transformSeFEN(p.fen, k)
				if err != nil {
					t.Fatal(err)
				}
				tg := gameAt(t, r, tf)
				if got := e.Evaluate(tg); got != want {
					t.Errorf("symmetry %d: Evaluate(%s) = %d, want %d", k, tf, got, want)
				}
				comparePlacementScores(t, e, g, tg, k)
			}
		})
	}
}

// comparePlacementScores checks PlacementScore square by square between
// a position g and its image tg under symmetry k.
func comparePlacementScores(t *testing.T, e *Evaluator, g, tg *board.Game, k int) {
	t.Helper()
	n := g.Position().Size()
	for sq := 0; sq < n*n; sq++ {
		f, r := symmetry(k, n, sq%n, sq/n)
		want := e.PlacementScore(g, board.Square(sq))
		if got := e.PlacementScore(tg, board.Square(r*n+f)); got != want {
			t.Fatalf("symmetry %d: PlacementScore(%s) = %d in %s, but %d for %s in %s",
				k, board.SquareName(board.Square(r*n+f), n), got, tg.SeFEN(), want, board.SquareName(board.Square(sq), n), g.SeFEN())
		}
	}
}

// TestColourSymmetry checks that swapping the colours (stones, side to
// act, hands and MovementStarter) leaves the score of the side to act
// unchanged: the evaluation favours no colour except through the rules.
// Rule sets where the colours play different rules (whiteopens, the
// ransom) are left out, and so are placement positions, since White
// always places first.
func TestColourSymmetry(t *testing.T) {
	perCase := 300
	if testing.Short() {
		perCase = 80
	}
	for _, v := range []string{"egyptian", "sudanese", "pro"} {
		for _, size := range testSizes {
			t.Run(v+"/"+size, func(t *testing.T) {
				r := rulesFor(t, v, "BoardSize="+size)
				swapped := rulesFor(t, v, "BoardSize="+size, "MovementStarter=black")
				e, es := New(r), New(swapped)
				checked := 0
				for _, fen := range randomPositions(r, 11, 4*perCase) {
					g := gameAt(t, r, fen)
					if g.Position().Placement() {
						continue
					}
					sf, err := swapColours(fen)
					if err != nil {
						t.Fatal(err)
					}
					want, got := e.Evaluate(g), es.Evaluate(gameAt(t, swapped, sf))
					if got != want {
						t.Fatalf("Evaluate(%s) = %d, but %d for %s", sf, got, want, fen)
					}
					if checked++; checked == perCase {
						break
					}
				}
				if checked == 0 {
					t.Fatal("no movement position reached")
				}
			})
		}
	}
}
