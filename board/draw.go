package board

import (
	"fmt"
	"strings"
)

// Draw renders the position as text for people: ranks from the top, files
// along the bottom, W and B for the stones, + for the empty centre, and a
// status line with the side to act, hands and counters.
func (p *Position) Draw() string {
	n := p.geo.n
	var sb strings.Builder
	for r := n - 1; r >= 0; r-- {
		fmt.Fprintf(&sb, "%d ", r+1)
		for f := 0; f < n; f++ {
			sq := Square(r*n + f)
			c, ok := p.At(sq)
			switch {
			case ok && c == White:
				sb.WriteString(" W")
			case ok:
				sb.WriteString(" B")
			case sq == p.geo.centre:
				sb.WriteString(" +")
			default:
				sb.WriteString(" .")
			}
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("  ")
	for f := 0; f < n; f++ {
		fmt.Fprintf(&sb, " %c", 'a'+f)
	}
	sb.WriteByte('\n')
	fmt.Fprintf(&sb, "%s to act, turn %d; White %d on board + %d in hand, Black %d + %d; quiet turns %d",
		capital(p.side), p.turn, p.stones[White].Count(), p.hand[White], p.stones[Black].Count(), p.hand[Black], p.quiet)
	if p.chain == ChainAny {
		sb.WriteString("; chain under way")
	} else if p.chain >= 0 {
		sb.WriteString("; chain under way with " + SquareName(p.chain, n))
	}
	if p.pending != NoSquare {
		sb.WriteString("; ransom requested for " + SquareName(p.pending, n))
	}
	sb.WriteByte('\n')
	return sb.String()
}
