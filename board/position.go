package board

import (
	"fmt"
	"math/bits"
)

// ChainAny is the chain field of a chain under way under bonus or
// anycapture, where any stone may continue (SeFEN "+").
const ChainAny Square = -2

// Position flags.
const (
	flagAsked       uint8 = 1 << iota // Black has requested a ransom this game
	flagAccepted                      // a ransom has been accepted this game
	flagTurnRefused                   // Black's request this turn was refused
)

// Position is the state that decides the legal actions: stones, side to
// act, hands, the chain, the ransom state and the counters that SeFEN
// carries. It is small and cheap to copy. The repetition history and the
// game record live in Game.
type Position struct {
	state
	rules *Rules
	geo   *geometry
}

// state is the part of a Position that actions change. It holds no
// pointer, so that Make saves it in the undo record with one plain copy
// (no write barriers) and Unmake restores it with another.
type state struct {
	stones   [2]Bitboard
	hash     uint64
	side     Color
	hand     [2]uint8
	chain    Square // NoSquare, ChainAny, or the chain stone under samecapture
	pending  Square // the Black stone named by a pending ransom request
	passes   uint8  // completed pass turns in a row: 1 is SeFEN passed=1, 2 ends a game under Blocked=pass
	flags    uint8
	refusals uint8
	quiet    uint16 // completed movement turns since the last capture
	turn     uint16 // 1 at the first placement turn
	bturns   uint16 // Black's completed movement turns
}

// Rules returns the rules the position is played under.
func (p *Position) Rules() *Rules { return p.rules }

// Size is N, the board's width.
func (p *Position) Size() int { return p.geo.n }

// Centre is the middle square.
func (p *Position) Centre() Square { return p.geo.centre }

// SideToAct is the side whose action is due.
func (p *Position) SideToAct() Color { return p.side }

// Stones is the set of c's stones on the board.
func (p *Position) Stones(c Color) Bitboard { return p.stones[c] }

// Empty is the set of empty squares.
func (p *Position) Empty() Bitboard { return p.geo.all.AndNot(p.stones[0].Or(p.stones[1])) }

// Hand is the number of stones c has still to place.
func (p *Position) Hand(c Color) int { return int(p.hand[c]) }

// Placement reports whether the placement phase is on.
func (p *Position) Placement() bool { return p.hand[0]|p.hand[1] != 0 }

// Chain is NoSquare, ChainAny, or the square of the stone that must continue.
func (p *Position) Chain() Square { return p.chain }

// PendingRansom is the Black stone named by a request awaiting White's
// answer, or NoSquare.
func (p *Position) PendingRansom() Square { return p.pending }

// QuietTurns is the number of completed movement turns since the last capture.
func (p *Position) QuietTurns() int { return int(p.quiet) }

// TurnNumber is 1 at the first placement turn, plus 1 per completed turn.
func (p *Position) TurnNumber() int { return int(p.turn) }

// BlackTurns is the number of Black's completed movement turns.
func (p *Position) BlackTurns() int { return int(p.bturns) }

// RefusalsUsed is the number of ransom refusals White has used.
func (p *Position) RefusalsUsed() int { return int(p.refusals) }

// LastTurnPassed reports whether the last completed turn was a pass.
func (p *Position) LastTurnPassed() bool { return p.passes > 0 }

// RansomAsked reports whether Black has requested a ransom this game.
func (p *Position) RansomAsked() bool { return p.flags&flagAsked != 0 }

// RansomAccepted reports whether a ransom has been accepted this game.
func (p *Position) RansomAccepted() bool { return p.flags&flagAccepted != 0 }

// TurnRefused reports whether Black's request this turn was refused.
func (p *Position) TurnRefused() bool { return p.flags&flagTurnRefused != 0 }

// Hash is the Zobrist key of the position; see zobrist.go for what it covers.
func (p *Position) Hash() uint64 { return p.hash }

// MidTurn reports whether a turn is half done: a second placement stone is
// due, or a chain is under way.
func (p *Position) MidTurn() bool {
	return p.chain != NoSquare || p.hand[p.side]&1 == 1
}

// At returns the colour on sq and whether a stone is there.
func (p *Position) At(sq Square) (Color, bool) {
	switch {
	case p.stones[White].Has(sq):
		return White, true
	case p.stones[Black].Has(sq):
		return Black, true
	}
	return White, false
}

// toggleStone adds or removes c's stone on sq, keeping the hash.
func (p *Position) toggleStone(c Color, sq Square) {
	p.stones[c] = p.stones[c].Xor(SquareBit(sq))
	p.hash ^= stoneKey(c, sq)
}

// moveStone moves c's stone from one square to another, keeping the hash.
func (p *Position) moveStone(c Color, from, to Square) {
	if p.geo.small {
		p.stones[c].lo ^= 1<<(uint(from)&63) | 1<<(uint(to)&63)
	} else {
		p.stones[c] = p.stones[c].Xor(SquareBit(from).Or(SquareBit(to)))
	}
	p.hash ^= stoneKey(c, from) ^ stoneKey(c, to)
}

// removeCaptured removes the stones of c that the step a captures,
// keeping the hash. Without LineCapture every run is one stone, the
// square next to the target, so it needs no walk along the line.
func (p *Position) removeCaptured(c Color, a Action) {
	g := p.geo
	if a.runs&^singleRuns != 0 {
		g.forCaptured(a, func(sq Square) { p.toggleStone(c, sq) })
		return
	}
	for r := uint32(a.runs); r != 0; r &= r - 1 {
		sq := g.next[a.To][uint(bits.TrailingZeros32(r))/runBits]
		if g.small {
			p.stones[c].lo ^= 1 << (uint(sq) & 63)
		} else {
			p.stones[c] = p.stones[c].Xor(SquareBit(sq))
		}
		p.hash ^= stoneKey(c, sq)
	}
}

// singleRuns is the bit of each run that a run of one stone sets.
const singleRuns captureRuns = 0o11111111

func (p *Position) setSide(c Color) {
	if p.side != c {
		p.hash ^= zobristSide
		p.side = c
	}
}

func (p *Position) setHand(c Color, n uint8) {
	p.hash ^= zobristHand[c][p.hand[c]] ^ zobristHand[c][n]
	p.hand[c] = n
}

func (p *Position) setChain(sq Square) {
	if p.chain == sq { // the common case at the end of a turn: no chain
		return
	}
	p.hash ^= zobristChain[p.chain+2] ^ zobristChain[sq+2]
	p.chain = sq
}

func (p *Position) setPending(sq Square) {
	p.hash ^= zobristPending[p.pending+1] ^ zobristPending[sq+1]
	p.pending = sq
}

func (p *Position) setPasses(n uint8) {
	if (p.passes > 0) != (n > 0) {
		p.hash ^= zobristPassed
	}
	p.passes = n
}

func (p *Position) setFlags(f uint8) {
	d := p.flags ^ f
	if d&flagAsked != 0 {
		p.hash ^= zobristAsked
	}
	if d&flagAccepted != 0 {
		p.hash ^= zobristAccept
	}
	if d&flagTurnRefused != 0 {
		p.hash ^= zobristRefused
	}
	p.flags = f
}

// ComputeHash recomputes the hash from scratch. Tests compare it with the
// incremental hash at every perft node.
func (p *Position) ComputeHash() uint64 {
	var h uint64
	for c := White; c <= Black; c++ {
		for b := p.stones[c]; b.Any(); {
			h ^= zobristStone[c][b.Pop()]
		}
		h ^= zobristHand[c][p.hand[c]]
	}
	if p.side == Black {
		h ^= zobristSide
	}
	h ^= zobristChain[p.chain+2] ^ zobristPending[p.pending+1]
	if p.passes > 0 {
		h ^= zobristPassed
	}
	if p.flags&flagAsked != 0 {
		h ^= zobristAsked
	}
	if p.flags&flagAccepted != 0 {
		h ^= zobristAccept
	}
	if p.flags&flagTurnRefused != 0 {
		h ^= zobristRefused
	}
	return h
}

// Validate checks the position's invariants: stones on the board and
// apart, hands and stones consistent, the chain and ransom state possible
// under the rules, and the incremental hash right.
func (p *Position) Validate() error {
	r, g := p.rules, p.geo
	if r == nil || g == nil {
		return fmt.Errorf("position has no rules")
	}
	S := r.Stones()
	if p.stones[White].And(p.stones[Black]).Any() {
		return fmt.Errorf("board: a square holds two stones")
	}
	for c := White; c <= Black; c++ {
		if p.stones[c].AndNot(g.all).Any() {
			return fmt.Errorf("board: %s stone off the board", c)
		}
		if int(p.hand[c])+p.stones[c].Count() > S {
			return fmt.Errorf("hands: %s has %d on the board and %d in hand, more than %d", c, p.stones[c].Count(), p.hand[c], S)
		}
	}
	if p.Placement() {
		if p.stones[White].Or(p.stones[Black]).Has(g.centre) {
			return fmt.Errorf("board: the centre is occupied during placement")
		}
		for c := White; c <= Black; c++ {
			if int(p.hand[c])+p.stones[c].Count() != S {
				return fmt.Errorf("hands: %s has %d on the board and %d in hand; placement never captures, so they must add up to %d",
					c, p.stones[c].Count(), p.hand[c], S)
			}
		}
		w, b := int(p.hand[White]), int(p.hand[Black])
		ok := (p.side == White && (w == b || w == b-1)) || (p.side == Black && (b == w+2 || b == w+1))
		if !ok {
			return fmt.Errorf("hands: %d/%d with %s to act is not a point that alternate two-stone placement turns reach", w, b, p.side)
		}
		if p.chain != NoSquare || p.pending != NoSquare || p.passes != 0 || p.flags != 0 || p.quiet != 0 || p.bturns != 0 || p.refusals != 0 {
			return fmt.Errorf("placement: chain, ransom and movement counters must be at their defaults")
		}
	}
	switch {
	case p.chain == ChainAny:
		if r.Chain != ChainBonus && r.Chain != ChainAnyCapture {
			return fmt.Errorf("chain: + needs Chain bonus or anycapture, not %s", r.Chain)
		}
	case p.chain >= 0:
		if r.Chain != ChainSameCapture {
			return fmt.Errorf("chain: a chain square needs Chain samecapture, not %s", r.Chain)
		}
		if !p.stones[p.side].Has(p.chain) {
			return fmt.Errorf("chain: %s holds no stone of the side to act", SquareName(p.chain, g.n))
		}
	case p.chain != NoSquare:
		return fmt.Errorf("chain: bad value %d", p.chain)
	}
	if p.chain != NoSquare && p.pending != NoSquare {
		return fmt.Errorf("chain and pending ransom at once")
	}
	if !r.Ransom && (p.flags&(flagAsked|flagAccepted|flagTurnRefused) != 0 || p.refusals != 0 || p.pending != NoSquare || p.bturns != 0) {
		return fmt.Errorf("ransom state present but Ransom is off")
	}
	if p.pending != NoSquare {
		if p.side != White {
			return fmt.Errorf("pending: a ransom request awaits White's answer, so White must be to act")
		}
		if !p.stones[Black].Has(p.pending) {
			return fmt.Errorf("pending: %s holds no Black stone", SquareName(p.pending, g.n))
		}
		if p.flags&flagAsked == 0 || p.flags&flagAccepted != 0 || p.flags&flagTurnRefused != 0 {
			return fmt.Errorf("pending: a pending request needs asked=1, no accepted ransom and no refusal this turn")
		}
	}
	if p.flags&flagTurnRefused != 0 && (p.side != Black || p.flags&flagAsked == 0) {
		return fmt.Errorf("turnrefused: needs Black to act and asked=1")
	}
	if p.flags&flagAccepted != 0 && p.flags&flagAsked == 0 {
		return fmt.Errorf("accepted: needs asked=1")
	}
	if int(p.refusals) > r.RansomRefusals {
		return fmt.Errorf("refusals: %d is more than RansomRefusals %d", p.refusals, r.RansomRefusals)
	}
	if p.passes > 2 {
		return fmt.Errorf("passes: %d", p.passes)
	}
	if p.turn < 1 {
		return fmt.Errorf("turn number: must be at least 1")
	}
	if h := p.ComputeHash(); h != p.hash {
		return fmt.Errorf("hash: incremental %016x, recomputed %016x", p.hash, h)
	}
	return nil
}
