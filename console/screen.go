package console

import (
	"fmt"
	"io"
	"strings"

	"seega/board"
	"seega/protocol"
)

// ANSI control sequences, written only to a terminal.
const (
	cursorHome  = "\x1b[H"
	clearScreen = "\x1b[2J"
	clearLine   = "\x1b[K" // to the end of the line
	clearBelow  = "\x1b[J" // from the cursor to the end of the screen
)

// recentTurns is how many turn lines a live screen keeps under the board.
const recentTurns = 8

// Screen shows a game. Live, on a terminal, each Show redraws the title,
// the board and the latest turn lines in place, from the top of the
// screen, so that a game can be watched on one board; messages written
// after it appear below until the next Show. Plain, anywhere else, Show
// writes the new turn line and the board, and nothing else: a record
// that reads top to bottom, free of control codes.
type Screen struct {
	w       io.Writer
	live    bool
	title   string
	turns   []string
	started bool
}

// NewScreen shows a game titled title on w; live says w is a terminal.
func NewScreen(w io.Writer, live bool, title string) *Screen {
	return &Screen{w: w, live: live, title: title}
}

// Show draws the game after the turn line (empty for none: the start, or
// after an undo).
func (s *Screen) Show(g *board.Game, turnLine string) {
	if turnLine != "" {
		s.turns = append(s.turns, turnLine)
	}
	if !s.live {
		if !s.started {
			fmt.Fprintf(s.w, "%s\n", s.title)
		}
		fmt.Fprintf(s.w, "\n%s", turnLine)
		if turnLine != "" {
			fmt.Fprintln(s.w)
		}
		s.started = true
		io.WriteString(s.w, g.Position().Draw())
		s.warn(g)
		return
	}
	var sb strings.Builder
	if !s.started {
		// Once, so that the first frame starts on an empty screen.
		sb.WriteString(cursorHome + clearScreen)
		s.started = true
	}
	sb.WriteString(cursorHome)
	line := func(text string) { sb.WriteString(text + clearLine + "\n") }
	line(s.title)
	line("")
	for _, l := range strings.Split(strings.TrimSuffix(g.Position().Draw(), "\n"), "\n") {
		line(l)
	}
	line("")
	recent := s.turns
	if len(recent) > recentTurns {
		recent = recent[len(recent)-recentTurns:]
	}
	for _, l := range recent {
		line(l)
	}
	sb.WriteString(clearBelow)
	io.WriteString(s.w, sb.String())
	s.warn(g)
}

// warn writes the warnings the rules give the side to act: the ransom
// deadline (RULES.md 3.5).
func (s *Screen) warn(g *board.Game) {
	if w, ok := protocol.RansomWarning(g.Position()); ok {
		fmt.Fprintln(s.w, w)
	}
}

// Forget drops the last k turn lines, which undo took back, from the
// lines a live screen shows.
func (s *Screen) Forget(k int) {
	s.turns = s.turns[:max(0, len(s.turns)-k)]
}

// Say writes a line of text below the board.
func (s *Screen) Say(format string, args ...any) {
	fmt.Fprintf(s.w, format+"\n", args...)
}
