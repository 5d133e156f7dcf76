package gtp

import (
	"fmt"
	"strconv"
	"strings"

	"seega/board"
)

// GTP names columns A, B, … skipping I (so the ninth column is J) and rows
// 1, 2, … from the bottom. Our own notation (docs/rules.md § Notation) names files a…i,
// so the two differ only in the ninth column of a 9×9 board.
const columns = "ABCDEFGHJ"

// move is one GTP move: a vertex, or pass. A Seega action is one or two of
// them (see doc.go and clicks.go).
type move struct {
	sq   board.Square // board.NoSquare for pass
	pass bool
}

func passMove() move                  { return move{sq: board.NoSquare, pass: true} }
func vertexMove(sq board.Square) move { return move{sq: sq} }

// vertexName writes sq as a GTP vertex ("C3") on an n×n board.
func vertexName(sq board.Square, n int) string {
	return string(columns[int(sq)%n]) + strconv.Itoa(int(sq)/n+1)
}

func (m move) text(n int) string {
	if m.pass {
		return "pass"
	}
	return vertexName(m.sq, n)
}

// parseVertex reads a GTP vertex or pass, in any case. ok is false for a
// word that is neither (it may still be an action in our own notation).
func parseVertex(s string, n int) (m move, ok bool) {
	if strings.EqualFold(s, "pass") {
		return passMove(), true
	}
	if len(s) < 2 || len(s) > 3 {
		return move{}, false
	}
	col := strings.IndexByte(columns[:n], upper(s[0]))
	if col < 0 {
		return move{}, false
	}
	row, err := strconv.Atoi(s[1:])
	if err != nil || row < 1 || row > n || s[1] == '+' || s[1] == '0' {
		return move{}, false
	}
	return vertexMove(board.Square((row-1)*n + col)), true
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// parseColor reads a GTP colour: white, w, black or b, in any case.
func parseColor(s string) (board.Color, error) {
	switch strings.ToLower(s) {
	case "w", "white":
		return board.White, nil
	case "b", "black":
		return board.Black, nil
	}
	return 0, fmt.Errorf("syntax error: %q is not a color (want white or black)", s)
}
