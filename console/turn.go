package console

import (
	"fmt"
	"strings"

	"seega/board"
)

// played is one turn as it happened: who played it, its text, the
// enemy stones it captured, and the game's ply before it, so that undo
// can take it back.
type played struct {
	side     board.Color
	turn     int // the position's turn number before it
	text     string
	captured []string // in square order
	ply      int
	resumed  bool // it finished a turn already under way
	auto     bool // played for the person: a forced pass
}

// playTurn plays text (a turn or the rest of one, as the protocol spells
// it) for the side to act and says what it captured. On error the game
// is unchanged.
func playTurn(g *board.Game, text string) (played, error) {
	pos := g.Position()
	p := played{side: pos.SideToAct(), turn: pos.TurnNumber(), text: text, ply: g.Ply(), resumed: pos.MidTurn()}
	enemy := p.side.Other()
	before := stonesOf(pos, enemy)
	if err := g.PlayToken(text, board.PerTurn); err != nil {
		return played{}, err
	}
	if !isRansomAnswer(text) {
		// A ransom's removals are not captures (RULES.md 3.5).
		after := stonesOf(pos, enemy)
		n := pos.Size()
		for sq := range before {
			if !after[sq] {
				p.captured = append(p.captured, board.SquareName(sq, n))
			}
		}
		sortSquares(p.captured, n)
	}
	return p, nil
}

func isRansomAnswer(text string) bool {
	return text == "refuse" || strings.HasPrefix(text, "accept:")
}

// stonesOf is the set of c's stones on the board.
func stonesOf(pos *board.Position, c board.Color) map[board.Square]bool {
	n := pos.Size()
	set := map[board.Square]bool{}
	for sq := board.Square(0); int(sq) < n*n; sq++ {
		if col, ok := pos.At(sq); ok && col == c {
			set[sq] = true
		}
	}
	return set
}

// sortSquares puts square names in square order (a1, b1, …, a2, …).
func sortSquares(names []string, n int) {
	idx := func(s string) int {
		sq, _ := board.ParseSquare(s, n)
		return int(sq)
	}
	for i := 1; i < len(names); i++ {
		for j := i; j > 0 && idx(names[j]) < idx(names[j-1]); j-- {
			names[j], names[j-1] = names[j-1], names[j]
		}
	}
}

// sideName is "White" or "Black".
func sideName(c board.Color) string {
	if c == board.Black {
		return "Black"
	}
	return "White"
}

// describe is the turn line's account of p: what was played and the
// squares it captured, e.g. "Black plays d3c3,c3c4 x c2,d4".
func (p played) describe() string {
	who := sideName(p.side)
	switch {
	case p.text == "0000" && p.resumed:
		return who + " ends the chain (0000)"
	case p.text == "0000":
		return who + " is blocked and passes (0000)"
	case strings.HasPrefix(p.text, "ransom:"):
		return fmt.Sprintf("%s requests a ransom for %s (%s)", who, strings.TrimPrefix(p.text, "ransom:"), p.text)
	case p.text == "refuse":
		return who + " refuses the ransom (refuse)"
	case strings.HasPrefix(p.text, "accept:"):
		squares := strings.Split(strings.TrimPrefix(p.text, "accept:"), ":")
		return fmt.Sprintf("%s accepts the ransom, giving up %s (%s)", who, strings.Join(squares, " and "), p.text)
	}
	s := who + " plays " + p.text
	if len(p.captured) > 0 {
		s += " x " + strings.Join(p.captured, ",")
	}
	return s
}

// line is the turn's line in the record: "Turn 12: " and describe.
func (p played) line() string { return fmt.Sprintf("Turn %d: %s", p.turn, p.describe()) }
