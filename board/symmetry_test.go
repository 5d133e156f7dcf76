package board

import (
	"fmt"
	"strings"
	"testing"
)

func transformSquare(sq Square, n, sym int) Square { return TransformSquare(sq, n, sym) }

// transformSeFEN maps a SeFEN through symmetry sym: the board, the chain
// stone and the pending ransom square.
func transformSeFEN(fen string, sym int) (string, error) {
	fields := strings.Fields(fen)
	ranks := strings.Split(fields[0], "/")
	n := len(ranks)
	cells := make([]byte, n*n)
	for i := range cells {
		cells[i] = '.'
	}
	for i, rank := range ranks {
		r, f := n-1-i, 0
		for _, ch := range rank {
			if ch >= '1' && ch <= '9' {
				f += int(ch - '0')
				continue
			}
			if f >= n {
				return "", fmt.Errorf("bad rank %q", rank)
			}
			cells[transformSquare(Square(r*n+f), n, sym)] = byte(ch)
			f++
		}
	}
	var sb strings.Builder
	for r := n - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < n; f++ {
			c := cells[r*n+f]
			if c == '.' {
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
	fields[0] = sb.String()
	mapSq := func(s string) string {
		sq, err := ParseSquare(s, n)
		if err != nil {
			return s
		}
		return SquareName(transformSquare(sq, n, sym), n)
	}
	if fields[3] != "-" && fields[3] != "+" {
		fields[3] = mapSq(fields[3])
	}
	for i := 6; i < len(fields); i++ {
		if v, ok := strings.CutPrefix(fields[i], "pending="); ok {
			fields[i] = "pending=" + mapSq(v)
		}
	}
	return strings.Join(fields, " "), nil
}

// TestTransformBitboard checks the exported symmetry maps: each is a
// bijection of the board that fixes the centre, rotating four times by
// 90° is the identity, and a set maps square by square.
func TestTransformBitboard(t *testing.T) {
	for _, n := range []int{5, 7, 9} {
		if n*n > MaxSquares {
			continue
		}
		centre := Square((n*n - 1) / 2)
		for sym := 0; sym < Symmetries; sym++ {
			seen := map[Square]bool{}
			for sq := Square(0); int(sq) < n*n; sq++ {
				seen[TransformSquare(sq, n, sym)] = true
			}
			if len(seen) != n*n {
				t.Errorf("n=%d sym %d: not a bijection (%d images)", n, sym, len(seen))
			}
			if c := TransformSquare(centre, n, sym); c != centre {
				t.Errorf("n=%d sym %d: the centre maps to %s", n, sym, SquareName(c, n))
			}
			if TransformSquare(NoSquare, n, sym) != NoSquare || TransformSquare(ChainAny, n, sym) != ChainAny {
				t.Errorf("sym %d: the markers must map to themselves", sym)
			}
		}
		b := SquareBit(0).Or(SquareBit(Square(n + 2))).Or(SquareBit(Square(n*n - 1)))
		r := b
		for range 4 {
			r = TransformBitboard(r, n, 1)
		}
		if r != b {
			t.Errorf("n=%d: four quarter turns are not the identity", n)
		}
		img := TransformBitboard(b, n, 6)
		want := SquareBit(TransformSquare(0, n, 6)).Or(SquareBit(TransformSquare(Square(n+2), n, 6))).Or(SquareBit(TransformSquare(Square(n*n-1), n, 6)))
		if img != want || img.Count() != 3 {
			t.Errorf("n=%d: the diagonal image of a set is not the set of the images", n)
		}
	}
}
