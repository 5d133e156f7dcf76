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
// key that is wrong and say why. Each field has a parser of its own,
// below, in the order of RULES.md section 5.
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
	if err := p.parseBoard(ranks); err != nil {
		return nil, err
	}
	for i, parse := range seFENFields {
		if err := parse(p, fields[1+i]); err != nil {
			return nil, err
		}
	}
	if err := p.parseKeys(fields[6:]); err != nil {
		return nil, err
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

// parseBoard puts the stones of the board field, split into its ranks
// (the top rank first), on an empty board of as many ranks, and empties
// both hands, which parseHands fills.
func (p *Position) parseBoard(ranks []string) error {
	n := p.geo.n
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
					f++ // past the end: the test below says so
					break
				}
				c := White
				if ch == 'b' {
					c = Black
				}
				p.toggleStone(c, Square(rr*n+f))
				f++
			default:
				return fmt.Errorf("SeFEN board: rank %d has %q; want w, b or a digit", rr+1, ch)
			}
			if f > n {
				return fmt.Errorf("SeFEN board: rank %d is longer than %d squares", rr+1, n)
			}
		}
		if f != n {
			return fmt.Errorf("SeFEN board: rank %d has %d squares; want %d", rr+1, f, n)
		}
	}
	return nil
}

// seFENFields are the parsers of the five fields after the board, in
// their order: side to act, stones in hand, chain, quiet turns and turn
// number.
var seFENFields = [5]func(p *Position, field string) error{
	(*Position).parseSide, (*Position).parseHands, (*Position).parseChain,
	(*Position).parseQuiet, (*Position).parseTurn,
}

func (p *Position) parseSide(field string) error {
	switch field {
	case "w":
	case "b":
		p.setSide(Black)
	default:
		return fmt.Errorf("SeFEN side to act: %q; want w or b", field)
	}
	return nil
}

func (p *Position) parseHands(field string) error {
	hw, hb, ok := strings.Cut(field, "/")
	wh, err1 := strconv.Atoi(hw)
	bh, err2 := strconv.Atoi(hb)
	S := p.rules.Stones()
	if !ok || err1 != nil || err2 != nil || wh < 0 || bh < 0 || wh > S || bh > S {
		return fmt.Errorf("SeFEN stones in hand: %q; want <white>/<black>, each 0 to %d", field, S)
	}
	p.setHand(White, uint8(wh))
	p.setHand(Black, uint8(bh))
	return nil
}

func (p *Position) parseChain(field string) error {
	switch field {
	case "-":
	case "+":
		p.setChain(ChainAny)
	default:
		sq, err := ParseSquare(field, p.geo.n)
		if err != nil {
			return fmt.Errorf("SeFEN chain: %v; want -, + or a square", err)
		}
		p.setChain(sq)
	}
	return nil
}

func (p *Position) parseQuiet(field string) error {
	q, err := strconv.Atoi(field)
	if err != nil || q < 0 || q > 60000 {
		return fmt.Errorf("SeFEN quiet turns: %q; want a whole number from 0", field)
	}
	p.quiet = uint16(q)
	return nil
}

func (p *Position) parseTurn(field string) error {
	t, err := strconv.Atoi(field)
	if err != nil || t < 1 || t > 60000 {
		return fmt.Errorf("SeFEN turn number: %q; want a whole number from 1", field)
	}
	p.turn = uint16(t)
	return nil
}

// seFENKeys are the parsers of the key=value fields, by key. Each sets
// its part of the position from the value, or says what the value
// should be. All but passed belong to the ransom rules.
var seFENKeys = map[string]func(p *Position, val string) error{
	"passed": func(p *Position, val string) error {
		return parseFlag(val, "passed", func() { p.setPasses(1) })
	},
	"asked":       func(p *Position, val string) error { return p.parseFlagBit(val, "asked", flagAsked) },
	"accepted":    func(p *Position, val string) error { return p.parseFlagBit(val, "accepted", flagAccepted) },
	"turnrefused": func(p *Position, val string) error { return p.parseFlagBit(val, "turnrefused", flagTurnRefused) },
	"refusals": func(p *Position, val string) error {
		v, err := parseCount(val, p.rules.RansomRefusals)
		p.refusals = uint8(v)
		return err
	},
	"bturns": func(p *Position, val string) error {
		v, err := parseCount(val, 60000)
		p.bturns = uint16(v)
		return err
	},
	"pending": func(p *Position, val string) error {
		sq, err := ParseSquare(val, p.geo.n)
		p.setPending(sq)
		return err
	},
}

// parseKeys reads the key=value fields: each key once at most, known,
// and but for passed only under the ransom rules.
func (p *Position) parseKeys(fields []string) error {
	seen := map[string]bool{}
	for _, kv := range fields {
		key, val, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("SeFEN field %q: want key=value", kv)
		}
		if seen[key] {
			return fmt.Errorf("SeFEN field %q: %s given twice", kv, key)
		}
		seen[key] = true
		parse, known := seFENKeys[key]
		if !known {
			return fmt.Errorf("SeFEN field %q: unknown key %q", kv, key)
		}
		if key != "passed" && !p.rules.Ransom {
			return fmt.Errorf("SeFEN field %q: %s exists only where Ransom is on", kv, key)
		}
		if err := parse(p, val); err != nil {
			return fmt.Errorf("SeFEN field %q: %v", kv, err)
		}
	}
	return nil
}

// parseFlag reads the value of an on/off key: 0 leaves it off, 1 calls
// set.
func parseFlag(val, key string, set func()) error {
	switch val {
	case "0":
	case "1":
		set()
	default:
		return fmt.Errorf("want %s=0 or %s=1", key, key)
	}
	return nil
}

// parseFlagBit reads an on/off key held as the flag bit.
func (p *Position) parseFlagBit(val, key string, bit uint8) error {
	return parseFlag(val, key, func() { p.setFlags(p.flags | bit) })
}

// parseCount reads a count from 0 to limit.
func parseCount(val string, limit int) (int, error) {
	v, err := strconv.Atoi(val)
	if err != nil || v < 0 || v > limit {
		return 0, fmt.Errorf("want a whole number from 0 to %d", limit)
	}
	return v, nil
}
