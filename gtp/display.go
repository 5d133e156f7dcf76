package gtp

import (
	"context"
	"fmt"
	"strings"

	"seega/board"
)

// cmdRulesBoard draws the board for GoGui: one row per line, top row
// first, '.' empty, 'X' Black, 'O' White. A picked-up stone is still on its
// square, since the board changes only when its action is complete.
func cmdRulesBoard(e *Engine, _ context.Context, _ []string) (string, error) {
	p := e.game.Position()
	n := p.Size()
	var sb strings.Builder
	for r := n - 1; r >= 0; r-- {
		sb.WriteByte('\n')
		for f := 0; f < n; f++ {
			sb.WriteByte(stoneChar(p, board.Square(r*n+f)))
		}
	}
	return sb.String(), nil
}

func stoneChar(p *board.Position, sq board.Square) byte {
	switch c, ok := p.At(sq); {
	case !ok:
		return '.'
	case c == board.White:
		return 'O'
	}
	return 'X'
}

// cmdCapturedCount answers the stones captured by Black, then by White.
// It counts from the position rather than the record, so that it holds
// after seega-fen too: a side's missing stones are those captured, less
// the ransom's removals (two White stones and one Black), which are not
// captures (docs/rules.md § Ransom).
func cmdCapturedCount(e *Engine, _ context.Context, _ []string) (string, error) {
	c := e.captured()
	return fmt.Sprintf("%d %d", c[board.Black], c[board.White]), nil
}

// captured is the number of stones each side has captured.
func (e *Engine) captured() [2]int {
	p := e.game.Position()
	s := e.rules.Stones()
	lost := func(c board.Color, ransomed int) int {
		if !p.RansomAccepted() {
			ransomed = 0
		}
		return max(s-p.Stones(c).Count()-p.Hand(c)-ransomed, 0)
	}
	return [2]int{board.White: lost(board.Black, 1), board.Black: lost(board.White, 2)}
}

// cmdShowBoard draws the board for people, with GTP's column letters.
func cmdShowBoard(e *Engine, _ context.Context, _ []string) (string, error) {
	p := e.game.Position()
	n := p.Size()
	var sb strings.Builder
	letters := "  "
	for f := 0; f < n; f++ {
		letters += " " + string(columns[f])
	}
	sb.WriteString("\n" + letters + "\n")
	for r := n - 1; r >= 0; r-- {
		fmt.Fprintf(&sb, "%d ", r+1)
		for f := 0; f < n; f++ {
			sq := board.Square(r*n + f)
			ch := stoneChar(p, sq)
			if ch == '.' && sq == p.Centre() {
				ch = '+'
			}
			sb.WriteByte(' ')
			sb.WriteByte(ch)
		}
		fmt.Fprintf(&sb, "  %d\n", r+1)
	}
	sb.WriteString(letters + "\n")
	c := e.captured()
	fmt.Fprintf(&sb, "%s to act (O White, X Black), turn %d; in hand White %d, Black %d; captured by White %d, by Black %d; quiet turns %d",
		capital(p.SideToAct().String()), p.TurnNumber(), p.Hand(board.White), p.Hand(board.Black), c[board.White], c[board.Black], p.QuietTurns())
	switch ch := p.Chain(); {
	case ch == board.ChainAny:
		sb.WriteString("\nchain under way")
	case ch >= 0:
		sb.WriteString("\nchain under way with the stone on " + vertexName(ch, n))
	}
	if pr := p.PendingRansom(); pr != board.NoSquare {
		sb.WriteString("\nransom requested for the stone on " + vertexName(pr, n))
	}
	if e.pick != board.NoSquare {
		sb.WriteString("\nfirst move of the action: " + vertexName(e.pick, n) + "; next: " + e.listText())
	}
	fmt.Fprintf(&sb, "\n%s\nSeFEN %s", e.game.Result().String(), e.game.SeFEN())
	return sb.String(), nil
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
