// Package firststep solves, exactly, the placement's fight over the first
// movement step, under the rules where that step's captures depend on
// nine squares only.
//
// The placement fills every square but the centre, so the first step of
// the movement phase must go into the centre, from one of the four
// squares next to it (the gates). With steps and captures along the four
// orthogonal lines only, no line capture and no chain (Chain none), that
// step captures exactly the enemy stones on the other gates that have a
// stone of the stepping side behind them (on their tips, two squares out
// from the centre). Which stones those are is settled by who fills the
// four gates and the four tips; every other square of the board is only
// a tempo, a place to put a stone without touching them. That game is
// small (3⁸ fillings of the eight squares, times the number of other
// squares left and the stones in hand), so it is solved exactly: the
// side that makes the first step (the rules' MovementStarter) places to
// take as many stones as it can at that step, the other side to lose as
// few as it can.
//
// It answers the question of issue 44 under the rules with no quiet-turn
// limit (docs/strength.md, "Placement"): can Black keep every stone
// through White's first step? Under those rules, from the empty 5×5
// board, it cannot: best play takes two. The engine uses the solution at
// the root of placement turns (Solver.Best, through the book's searcher)
// so that it neither gives away more than best play must, nor takes less
// than best play can.
//
// Under any other rules (eight directions, line captures, chains) the
// first turn's captures reach past these squares, and New refuses them.
package firststep

import (
	"errors"
	"fmt"

	"seega/board"
)

// Blockaded is the value of a filling that leaves the starter without a
// gate stone where that loses it the game (Blocked lose, or whiteopens
// with White to start): worse for the starter than any number of
// captures.
const Blockaded = -1

// unknown marks a memo entry not solved yet.
const unknown = -128

// keys is the number of squares the first step depends on: four gates
// and the four tips behind them.
const keys = 8

// MaxBoardSize is the largest board the solver takes: its table grows
// with the squares and the stones in hand (1.4 MB on 5×5, 6.7 MB on 7×7,
// 20 MB on 9×9), and it is kept outside the Hash budget, so 9×9 is left
// out.
const MaxBoardSize = 7

// ErrRules is wrapped by New's error for rules the solver does not
// describe exactly.
var ErrRules = errors.New("the first step's captures reach past the gates and tips")

// Solver holds the solution of one rule set, filled in as positions are
// asked for. It is not safe for concurrent use.
type Solver struct {
	rules   board.Rules
	key     [keys]board.Square // gates 0–3, then the tip behind each
	keyBit  board.Bitboard
	centre  board.Square
	others  int // squares that are neither a key square nor the centre
	hand    int // stones each side places
	starter board.Color
	memo    []int8
}

// Applies reports, as an error that names the rule, why the solver does
// not describe the first step under r; nil where it does.
func Applies(r board.Rules) error {
	switch {
	case r.Directions != 4:
		return fmt.Errorf("%w: Directions %d (the solver takes 4)", ErrRules, r.Directions)
	case r.LineCapture:
		return fmt.Errorf("%w: LineCapture on", ErrRules)
	case r.Chain != board.ChainNone:
		return fmt.Errorf("%w: Chain %s (the solver takes none)", ErrRules, r.Chain)
	case r.BoardSize > MaxBoardSize:
		return fmt.Errorf("firststep: board size %d: the solver's table is kept to boards of %d or less", r.BoardSize, MaxBoardSize)
	}
	return nil
}

// New returns the solver of the rules r, or an error (wrapping ErrRules
// where the rules' first step reaches further) where it does not apply.
func New(r board.Rules) (*Solver, error) {
	if err := Applies(r); err != nil {
		return nil, err
	}
	geo := board.GeometryFor(r.BoardSize, r.Directions)
	s := &Solver{rules: r, centre: geo.Centre(), starter: r.MovementStarter}
	orth := []board.Direction{board.North, board.South, board.West, board.East}
	for i, d := range orth {
		g := geo.Next(s.centre, d)
		t := geo.Next(g, d)
		if g == board.NoSquare || t == board.NoSquare {
			return nil, fmt.Errorf("firststep: the board of size %d has no tip behind a gate", r.BoardSize)
		}
		s.key[i], s.key[i+4] = g, t
		s.keyBit = s.keyBit.Or(board.SquareBit(g)).Or(board.SquareBit(t))
	}
	squares := geo.Squares()
	s.hand = (squares - 1) / 2
	s.others = squares - 1 - keys
	size := pow3(keys) * (s.others + 1) * (s.hand + 1)
	s.memo = make([]int8, size)
	for i := range s.memo {
		s.memo[i] = unknown
	}
	return s, nil
}

func pow3(n int) int {
	p := 1
	for range n {
		p *= 3
	}
	return p
}

// state is a placement position as the solver sees it: the colour on
// each key square (base 3: 0 empty, 1 White, 2 Black), the other empty
// squares, and the stones in hand.
type state struct {
	cells        int // base-3 digits, key square i the i-th digit
	otherEmpty   int
	white, black int // stones in hand
}

// stateOf reads pos into a state; ok is false where pos is not a
// placement position of the solver's board with an empty centre.
func (s *Solver) stateOf(pos *board.Position) (st state, ok bool) {
	if pos.Size() != s.rules.BoardSize {
		return st, false
	}
	W, B := pos.Stones(board.White), pos.Stones(board.Black)
	if W.Or(B).Has(s.centre) {
		return st, false
	}
	digit := 1
	for _, sq := range s.key {
		switch {
		case W.Has(sq):
			st.cells += digit
		case B.Has(sq):
			st.cells += 2 * digit
		}
		digit *= 3
	}
	st.otherEmpty = s.others - W.Or(B).AndNot(s.keyBit).Count()
	st.white, st.black = pos.Hand(board.White), pos.Hand(board.Black)
	empty := st.otherEmpty
	for i := range keys {
		if st.cell(i) == 0 {
			empty++
		}
	}
	if st.white+st.black != empty {
		return st, false // not a position the placement reaches
	}
	return st, true
}

func (st state) cell(i int) int {
	c := st.cells
	for range i {
		c /= 3
	}
	return c % 3
}

// toAct is the side placing next: a side with an odd hand is halfway
// through its turn; otherwise the side that has placed fewer stones acts,
// White when even.
func (st state) toAct() board.Color {
	switch {
	case st.white&1 == 1:
		return board.White
	case st.black&1 == 1:
		return board.Black
	case st.black > st.white:
		return board.Black
	}
	return board.White
}

// Value is the number of enemy stones the starter takes at its first
// step from pos, with both sides placing the rest perfectly; Blockaded
// where best play leaves the starter gateless and a blocked player
// loses. ok is false where pos is not a placement (or placement-end)
// position of the solver's board with an empty centre.
func (s *Solver) Value(pos *board.Position) (v int, ok bool) {
	st, ok := s.stateOf(pos)
	if !ok {
		return 0, false
	}
	return s.solve(st), true
}

// SolveAll solves every placement position of the rules at once, from
// the empty board: afterwards Value and Best only look values up.
func (s *Solver) SolveAll() {
	s.solve(state{otherEmpty: s.others, white: s.hand, black: s.hand})
}

func (s *Solver) index(st state) int {
	return (st.cells*(s.others+1)+st.otherEmpty)*(s.hand+1) + st.white
}

// solve is the minimax value of st, memoised. The depth of the recursion
// is the number of stones left, at most the board's squares.
func (s *Solver) solve(st state) int {
	if st.white+st.black == 0 {
		return s.terminal(st)
	}
	i := s.index(st)
	if v := s.memo[i]; v != unknown {
		return int(v)
	}
	side := st.toAct()
	digit := 1 + int(side) // 1 White, 2 Black
	if side == board.White {
		st.white--
	} else {
		st.black--
	}
	maximise := side == s.starter
	best := 0
	first := true
	take := func(v int) {
		if first || (maximise && v > best) || (!maximise && v < best) {
			best, first = v, false
		}
	}
	if st.otherEmpty > 0 {
		next := st
		next.otherEmpty--
		take(s.solve(next))
	}
	pow := 1
	for range keys {
		if st.cells/pow%3 == 0 {
			next := st
			next.cells += digit * pow
			take(s.solve(next))
		}
		pow *= 3
	}
	s.memo[i] = int8(best)
	return best
}

// terminal scores a full board: the starter steps from the gate that
// captures most.
func (s *Solver) terminal(st state) int {
	own, enemy := 1, 2
	if s.starter == board.Black {
		own, enemy = 2, 1
	}
	best, gated := 0, false
	for g := range 4 {
		if st.cell(g) != own {
			continue
		}
		gated = true
		n := 0
		for h := range 4 {
			if h != g && st.cell(h) == enemy && st.cell(h+4) == own {
				n++
			}
		}
		best = max(best, n)
	}
	if !gated && s.blockadeLoses() {
		return Blockaded
	}
	return best
}

// blockadeLoses reports whether a starter with no step loses: always
// under Blocked lose, and White under whiteopens.
func (s *Solver) blockadeLoses() bool {
	return s.rules.Blocked == board.BlockedLose ||
		(s.rules.Blocked == board.BlockedWhiteOpens && s.starter == board.White)
}
