package board

import (
	"fmt"
	"strings"
)

// The eight symmetries of the square board, as maps of (file, rank).
var symmetries = [8]func(f, r, n int) (int, int){
	func(f, r, n int) (int, int) { return f, r },
	func(f, r, n int) (int, int) { return n - 1 - r, f },         // rotate 90°
	func(f, r, n int) (int, int) { return n - 1 - f, n - 1 - r }, // rotate 180°
	func(f, r, n int) (int, int) { return r, n - 1 - f },         // rotate 270°
	func(f, r, n int) (int, int) { return n - 1 - f, r },         // mirror files
	func(f, r, n int) (int, int) { return f, n - 1 - r },         // mirror ranks
	func(f, r, n int) (int, int) { return r, f },                 // main diagonal
	func(f, r, n int) (int, int) { return n - 1 - r, n - 1 - f }, // anti-diagonal
}

func transformSquare(sq Square, n, sym int) Square {
	f, r := symmetries[sym](int(sq)%n, int(sq)/n, n)
	return Square(r*n + f)
}

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
