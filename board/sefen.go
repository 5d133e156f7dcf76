package board

import (
	"fmt"
	"strconv"
	"strings"
)

// StartSeFEN is the 5×5 start position.
const StartSeFEN = "5/5/5/5/5 w 12/12 - 0 1"

// SeFEN writes the position as RULES.md section 5 defines it: six fields,
// then the key=value fields that differ from their defaults, in the
// table's order.
func (p *Position) SeFEN() string {
	n := p.geo.n
	var sb strings.Builder
	for r := n - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < n; f++ {
			c, ok := p.At(Square(r*n + f))
			if !ok {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			if c == White {
				sb.WriteByte('w')
			} else {
				sb.WriteByte('b')
			}
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	side := "w"
	if p.side == Black {
		side = "b"
	}
	chain := "-"
	switch {
	case p.chain == ChainAny:
		chain = "+"
	case p.chain >= 0:
		chain = SquareName(p.chain, n)
	}
	fmt.Fprintf(&sb, " %s %d/%d %s %d %d", side, p.hand[White], p.hand[Black], chain, p.quiet, p.turn)
	if p.passes > 0 {
		sb.WriteString(" passed=1")
	}
	if p.flags&flagAsked != 0 {
		sb.WriteString(" asked=1")
	}
	if p.flags&flagAccepted != 0 {
		sb.WriteString(" accepted=1")
	}
	if p.refusals != 0 {
		fmt.Fprintf(&sb, " refusals=%d", p.refusals)
	}
	if p.pending != NoSquare {
		sb.WriteString(" pending=" + SquareName(p.pending, n))
	}
	if p.flags&flagTurnRefused != 0 {
		sb.WriteString(" turnrefused=1")
	}
	if p.bturns != 0 {
		fmt.Fprintf(&sb, " bturns=%d", p.bturns)
	}
	return sb.String()
}

// SeFEN writes the current position.
func (g *Game) SeFEN() string { return g.pos.SeFEN() }

// NewGameFromSeFEN starts a game at the position fen under rules r. The
// board size comes from the SeFEN and replaces r's. The position starts a
// repetition history of its own, counted once. Errors name the field or
// key that is wrong and say why.
func NewGameFromSeFEN(r Rules, fen string) (*Game, error) {
	fields := strings.Fields(fen)
	if len(fields) < 6 {
		return nil, fmt.Errorf("SeFEN %q: want 6 fields (board, side, hands, chain, quiet turns, turn number), found %d", fen, len(fields))
	}
	ranks := strings.Split(fields[0], "/")
	n := len(ranks)
	if n != 5 && n != 7 && n != 9 {
		return nil, fmt.Errorf("SeFEN board: %d ranks; a board has 5, 7 or 9", n)
	}
	r.BoardSize = n
	if err := r.Validate(); err != nil {
		return nil, fmt.Errorf("SeFEN board of size %d: %v", n, err)
	}
	g, err := NewGame(r)
	if err != nil {
		return nil, err
	}
	p := &g.pos
	p.setHand(White, 0)
	p.setHand(Black, 0)
	for i, rank := range ranks {
		rr := n - 1 - i
		f := 0
		for _, ch := range rank {
			switch {
			case ch >= '1' && ch <= '9':
				f += int(ch - '0')
			case ch == 'w' || ch == 'b':
				if f >= n {
					break
				}
				c := White
				if ch == 'b' {
					c = Black
				}
				p.toggleStone(c, Square(rr*n+f))
				f++
			default:
				return nil, fmt.Errorf("SeFEN board: rank %d has %q; want w, b or a digit", rr+1, ch)
			}
			if f > n {
				return nil, fmt.Errorf("SeFEN board: rank %d is longer than %d squares", rr+1, n)
			}
		}
		if f != n {
			return nil, fmt.Errorf("SeFEN board: rank %d has %d squares; want %d", rr+1, f, n)
		}
	}
	switch fields[1] {
	case "w":
	case "b":
		p.setSide(Black)
	default:
		return nil, fmt.Errorf("SeFEN side to act: %q; want w or b", fields[1])
	}
	hw, hb, ok := strings.Cut(fields[2], "/")
	wh, err1 := strconv.Atoi(hw)
	bh, err2 := strconv.Atoi(hb)
	S := r.Stones()
	if !ok || err1 != nil || err2 != nil || wh < 0 || bh < 0 || wh > S || bh > S {
		return nil, fmt.Errorf("SeFEN stones in hand: %q; want <white>/<black>, each 0 to %d", fields[2], S)
	}
	p.setHand(White, uint8(wh))
	p.setHand(Black, uint8(bh))
	switch c := fields[3]; c {
	case "-":
	case "+":
		p.setChain(ChainAny)
	default:
		sq, err := ParseSquare(c, n)
		if err != nil {
			return nil, fmt.Errorf("SeFEN chain: %v; want -, + or a square", err)
		}
		p.setChain(sq)
	}
	q, err := strconv.Atoi(fields[4])
	if err != nil || q < 0 || q > 60000 {
		return nil, fmt.Errorf("SeFEN quiet turns: %q; want a whole number from 0", fields[4])
	}
	p.quiet = uint16(q)
	t, err := strconv.Atoi(fields[5])
	if err != nil || t < 1 || t > 60000 {
		return nil, fmt.Errorf("SeFEN turn number: %q; want a whole number from 1", fields[5])
	}
	p.turn = uint16(t)
	seen := map[string]bool{}
	for _, kv := range fields[6:] {
		key, val, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("SeFEN field %q: want key=value", kv)
		}
		if seen[key] {
			return nil, fmt.Errorf("SeFEN field %q: %s given twice", kv, key)
		}
		seen[key] = true
		if key != "passed" && key != "asked" && key != "accepted" && key != "refusals" &&
			key != "pending" && key != "turnrefused" && key != "bturns" {
			return nil, fmt.Errorf("SeFEN field %q: unknown key %q", kv, key)
		}
		if key != "passed" && !r.Ransom {
			return nil, fmt.Errorf("SeFEN field %q: %s exists only where Ransom is on", kv, key)
		}
		flag := func(bit uint8) error {
			switch val {
			case "0":
			case "1":
				p.setFlags(p.flags | bit)
			default:
				return fmt.Errorf("SeFEN field %q: want %s=0 or %s=1", kv, key, key)
			}
			return nil
		}
		number := func(limit int) (int, error) {
			v, err := strconv.Atoi(val)
			if err != nil || v < 0 || v > limit {
				return 0, fmt.Errorf("SeFEN field %q: want a whole number from 0 to %d", kv, limit)
			}
			return v, nil
		}
		switch key {
		case "passed":
			switch val {
			case "0":
			case "1":
				p.setPasses(1)
			default:
				return nil, fmt.Errorf("SeFEN field %q: want passed=0 or passed=1", kv)
			}
		case "asked":
			err = flag(flagAsked)
		case "accepted":
			err = flag(flagAccepted)
		case "turnrefused":
			err = flag(flagTurnRefused)
		case "refusals":
			var v int
			v, err = number(r.RansomRefusals)
			p.refusals = uint8(v)
		case "bturns":
			var v int
			v, err = number(60000)
			p.bturns = uint16(v)
		case "pending":
			var sq Square
			sq, err = ParseSquare(val, n)
			if err != nil {
				err = fmt.Errorf("SeFEN field %q: %v", kv, err)
			}
			p.setPending(sq)
		}
		if err != nil {
			return nil, err
		}
	}
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("SeFEN %q: %v", fen, err)
	}
	if p.chain != NoSquare && !p.continuationExists(p.chain) {
		return nil, fmt.Errorf("SeFEN chain: a chain is under way but no step can continue it")
	}
	if !p.Placement() && !p.MidTurn() {
		g.record(p.hash)
	}
	return g, nil
}
