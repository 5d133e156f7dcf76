package console

import (
	"fmt"
	"time"

	"seega/board"
)

// DefaultDelay is the pause after each turn of a watched game on a
// terminal: a default game (about 30 turns at 100 ms each) then lasts
// about half a minute, slow enough to follow. Off a terminal there is no
// pause, so that pipes and tests run at full speed.
func DefaultDelay(terminal bool) time.Duration {
	if terminal {
		return 900 * time.Millisecond
	}
	return 0
}

// Watch is an engine-vs-engine game shown on a Screen.
type Watch struct {
	Players  [2]Chooser // indexed by board.Color
	Screen   *Screen
	MaxTurns int           // the game is a draw after this many turns; 0: no cap
	Delay    time.Duration // the pause after each turn
	// Sleep pauses; nil is time.Sleep. Tests set it to see the pauses
	// without waiting for them.
	Sleep func(time.Duration)
}

// Run plays g to its end (or the cap), showing each turn, and writes the
// result and its reason.
func (w *Watch) Run(g *board.Game) error {
	sleep := w.Sleep
	if sleep == nil {
		sleep = time.Sleep
	}
	w.Screen.Show(g, "")
	turns := 0
	for !g.Result().Over() {
		if w.MaxTurns > 0 && turns >= w.MaxTurns {
			w.Screen.Say("\nDraw: the cap of %d turns was reached.", w.MaxTurns)
			return nil
		}
		side := g.Position().SideToAct()
		c, err := w.Players[side].Choose(g)
		if err != nil {
			return fmt.Errorf("%s: %v", sideName(side), err)
		}
		p, err := playTurn(g, c.Turn)
		if err != nil {
			return fmt.Errorf("%s chose %q: %v", sideName(side), c.Turn, err)
		}
		turns++
		line := p.line()
		if c.Note != "" {
			line += "  (" + c.Note + ")"
		}
		w.Screen.Show(g, line)
		if w.Delay > 0 && !g.Result().Over() {
			sleep(w.Delay)
		}
	}
	w.Screen.Say("\n%s", g.Result())
	return nil
}
