package web

import (
	"context"
	"fmt"
	"sync"
	"time"

	"seega/board"
	"seega/engine"
)

// game is one game against the engine. mu guards every field but the
// searcher, which searchMu serializes (the engine's reply and a hint may
// want it at once; a Searcher's methods must not run concurrently).
type game struct {
	id  string
	srv *Server

	mu       sync.Mutex
	g        *board.Game
	startFen string
	human    board.Color
	level    int
	thinkMs  int
	clock    clock
	flag     *time.Timer // fires when the running side's time is out
	turns    []turn      // the completed tokens of the moves list
	partial  []played    // the actions of the turn under way
	notice   string      // what the last change has to say, until the next
	ended    *ending     // a resignation or a loss on time; nil otherwise
	version  uint64
	lastUsed time.Time
	gone     string // why the game was dropped; "" while it is held
	subs     map[*subscriber]struct{}
	analysis []byte // the engine's last report, as an info event's data

	// The engine's reply under way: searchID names it, so that a reply
	// abandoned (takeback, resignation) is not played when it returns;
	// abandon stops it, hurry stops it early with the best turn found so
	// far.
	thinking bool
	searchID uint64
	abandon  context.CancelFunc
	hurry    context.CancelFunc
	// alone is the timer that hurries the search when no page has
	// followed the game for the server's StreamGrace.
	alone *time.Timer

	searchMu sync.Mutex
	searcher engine.Searcher // made at its first search
}

// played is one action as it was made: its text and the enemy stones it
// captured (square names).
type played struct {
	action   board.Action
	text     string
	captured []string
}

// turn is one token of the moves list: a completed turn, or a ransom
// request or answer, which are tokens of their own.
type turn struct {
	by        board.Color
	text      string
	plyBefore int
	actions   []played
}

// ending is an end the rules do not decide: a resignation or a flag.
type ending struct {
	winner board.Color
	reason string
}

// errIllegal is an action the rules do not allow now (API.md: 400).
type errIllegal struct{ why string }

func (e errIllegal) Error() string { return "illegal: " + e.why }

// errNotYourTurn is a request that needs the person to be to act (409).
type errNotYourTurn struct{ why string }

func (e errNotYourTurn) Error() string { return e.why }

// overLocked reports whether the game has ended, by the rules or not.
func (gm *game) overLocked() bool {
	return gm.ended != nil || gm.g.Result().Over()
}

// humanToActLocked reports whether the person may act now.
func (gm *game) humanToActLocked() bool {
	return !gm.overLocked() && !gm.thinking && gm.g.Position().SideToAct() == gm.human
}

// turnStartPly is the ply at which the turn under way began.
func (gm *game) turnStartPly() int { return gm.g.Ply() - len(gm.partial) }

// makeLocked plays the legal action a (Legalize's, with its captures)
// and records it; a turn that ends with it becomes a token of the moves
// list, and the clocks change hands.
func (gm *game) makeLocked(a board.Action, now time.Time) {
	pos := gm.g.Position()
	n := pos.Size()
	by := pos.SideToAct()
	p := played{action: a, text: board.ActionString(a, n)}
	if a.Kind == board.ActStep && a.Captured() {
		set := pos.CaptureSet(a)
		for sq := board.Square(0); int(sq) < n*n; sq++ {
			if set.Has(sq) {
				p.captured = append(p.captured, board.SquareName(sq, n))
			}
		}
	}
	if a.Kind == board.ActPass && len(gm.partial) == 0 {
		gm.notice = capital(by) + " is blocked: it passes."
	}
	gm.g.Make(a)
	gm.partial = append(gm.partial, p)
	if gm.g.Position().MidTurn() {
		return
	}
	actions := make([]board.Action, len(gm.partial))
	for i, x := range gm.partial {
		actions[i] = x.action
	}
	gm.turns = append(gm.turns, turn{by: by, text: board.TurnString(actions, n),
		plyBefore: gm.g.Ply() - len(actions), actions: gm.partial})
	gm.partial = nil
	gm.clock.handOver(gm.g.Position().SideToAct(), now)
}

// humanActionLocked plays one action of the person's, given as text.
func (gm *game) humanActionLocked(text string, now time.Time) error {
	if gm.overLocked() {
		return errIllegal{"the game is over"}
	}
	if !gm.humanToActLocked() {
		return errNotYourTurn{"it is the engine's turn"}
	}
	n := gm.g.Position().Size()
	a, err := board.ParseAction(text, n)
	if err != nil {
		return errIllegal{err.Error()}
	}
	legal, ok := gm.g.Legalize(a)
	if !ok {
		return errIllegal{gm.whyIllegal(text)}
	}
	gm.notice = ""
	gm.makeLocked(legal, now)
	gm.afterChangeLocked(now)
	return nil
}

// whyIllegal is the rules' reason why the action text is not legal now,
// as PlayToken words it (tried on a copy).
func (gm *game) whyIllegal(text string) string {
	c := gm.g.Clone()
	err := c.PlayToken(text, board.PerAction)
	if err == nil {
		// PlayToken may end an optional chain to make room for the
		// action; a person must stop it first.
		return fmt.Sprintf("%q does not go on with the chain: stop it (0000) first", text)
	}
	return err.Error()
}

// afterChangeLocked does what follows any change: it plays the pass of a
// side that can only pass, ends the clocks of a finished game, starts
// the engine's reply when it is to act, and tells the pages.
func (gm *game) afterChangeLocked(now time.Time) {
	for range 4 { // two passes in a row end the game under Blocked pass
		if gm.overLocked() || gm.g.Position().MidTurn() {
			break
		}
		acts := gm.g.LegalActions(nil)
		if len(acts) != 1 || acts[0].Kind != board.ActPass {
			break
		}
		gm.makeLocked(acts[0], now) // its notice says so
	}
	if gm.overLocked() {
		gm.clock.stop(now)
	} else if !gm.thinking && gm.g.Position().SideToAct() != gm.human {
		gm.startEngineLocked()
	}
	gm.armFlagLocked()
	gm.changedLocked()
}

// armFlagLocked sets the timer that ends the game when the running
// side's time is out.
func (gm *game) armFlagLocked() {
	if gm.flag != nil {
		gm.flag.Stop()
		gm.flag = nil
	}
	if !gm.clock.on || gm.gone != "" {
		return
	}
	left := gm.clock.remaining(gm.clock.running, time.Now())
	gm.flag = time.AfterFunc(max(left, 0)+time.Millisecond, gm.checkFlag)
}

// checkFlag ends the game if the running side's time is out.
func (gm *game) checkFlag() {
	gm.mu.Lock()
	defer gm.mu.Unlock()
	now := time.Now()
	if gm.gone != "" || gm.overLocked() || !gm.clock.on {
		return
	}
	side := gm.clock.running
	if gm.clock.remaining(side, now) > 0 {
		gm.armFlagLocked()
		return
	}
	gm.clock.stop(now)
	gm.clock.left[side] = 0
	gm.abandonSearchLocked()
	gm.ended = &ending{winner: side.Other(), reason: capital(side) + " ran out of time."}
	gm.changedLocked()
}

// changedLocked bumps the version and wakes the pages.
func (gm *game) changedLocked() {
	gm.version++
	for s := range gm.subs {
		s.wakeUp()
	}
}

// abandonSearchLocked drops the engine's reply under way, if any: it
// stops, and what it finds is not played.
func (gm *game) abandonSearchLocked() {
	if !gm.thinking {
		return
	}
	gm.searchID++
	gm.abandon()
	gm.thinking, gm.abandon, gm.hurry = false, nil, nil
}

// resignLocked ends the game with the person's loss.
func (gm *game) resignLocked(now time.Time) error {
	if gm.overLocked() {
		return errIllegal{"the game is over"}
	}
	gm.abandonSearchLocked()
	gm.clock.stop(now)
	gm.ended = &ending{winner: gm.human.Other(), reason: capital(gm.human) + " resigned."}
	gm.armFlagLocked()
	gm.changedLocked()
	return nil
}

// takebackLocked undoes the turn under way, the engine's turns since the
// person's last turn, and that turn: the person is to act again. With no
// turn of the person's yet, it undoes the person's turn under way.
func (gm *game) takebackLocked(now time.Time) error {
	last := -1
	for i := len(gm.turns) - 1; i >= 0; i-- {
		if gm.turns[i].by == gm.human {
			last = i
			break
		}
	}
	to := len(gm.turns) // the turns kept
	switch {
	case last >= 0:
		to = last
	case len(gm.partial) == 0 || gm.g.Position().SideToAct() != gm.human:
		return errIllegal{"there is no turn of yours to take back"}
	}
	gm.abandonSearchLocked()
	ply := gm.turnStartPly()
	if to < len(gm.turns) {
		ply = gm.turns[to].plyBefore
	}
	for gm.g.Ply() > ply {
		gm.g.Unmake()
	}
	gm.turns, gm.partial, gm.analysis = gm.turns[:to], nil, nil
	gm.ended, gm.notice = nil, ""
	gm.clock.stop(now)
	gm.clock.start(gm.g.Position().SideToAct(), now)
	gm.afterChangeLocked(now)
	return nil
}

// dropLocked ends the game's life on the server: its search stops and
// its pages are told why.
func (gm *game) dropLocked(why string) {
	if gm.gone != "" {
		return
	}
	gm.abandonSearchLocked()
	gm.gone = why
	if gm.flag != nil {
		gm.flag.Stop()
	}
	gm.changedLocked()
}

// capital is "White" or "Black".
func capital(c board.Color) string {
	if c == board.White {
		return "White"
	}
	return "Black"
}
