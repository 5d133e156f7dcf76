package web

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"seega/board"
	"seega/engine"
)

// This file holds the package's calls into the searcher: the engine's
// reply, the hint, and what their reports look like on the stream.

// moveOverhead is kept back from the engine's time for the server's own
// work, as Move Overhead is in UGI mode, so that it never overruns its
// clock.
const moveOverhead = 50 * time.Millisecond

// hintTime is how long a hint searches.
const hintTime = 300 * time.Millisecond

// searcherLocked is the game's searcher, made at its first use with the
// server's options and the game's level. searchMu must be held.
func (gm *game) searcherLocked(r board.Rules, level int) engine.Searcher {
	if gm.searcher == nil {
		gm.searcher = gm.srv.cfg.NewSearcher(r, gm.optionsLocked(r, level))
	}
	return gm.searcher
}

// optionsLocked are the server's options for a searcher of rules r
// playing at level (engine.MaxSkill: full strength).
func (gm *game) optionsLocked(r board.Rules, level int) engine.Options {
	o := gm.srv.cfg.Options
	if level < engine.MaxSkill {
		o.Level = &engine.Level{Skill: level}
	}
	if gm.srv.cfg.Tablebase != nil {
		o.Tablebase = gm.srv.cfg.Tablebase(r)
	}
	return o
}

// startEngineLocked starts the engine's reply in the background.
func (gm *game) startEngineLocked() {
	gm.searchID++
	id := gm.searchID
	ctx, abandon := context.WithCancel(context.Background())
	hctx, hurry := context.WithCancel(ctx)
	gm.thinking, gm.abandon, gm.hurry = true, abandon, hurry
	g := gm.g.Clone()
	level := gm.level
	gm.srv.searches.Add(1)
	go func() {
		defer gm.srv.searches.Add(-1)
		defer abandon()
		best := gm.search(ctx, hctx, g, level)
		gm.mu.Lock()
		defer gm.mu.Unlock()
		if id != gm.searchID || gm.gone != "" {
			return // abandoned: the game moved on without it
		}
		gm.thinking, gm.abandon, gm.hurry = false, nil, nil
		gm.playEngineLocked(best, time.Now())
	}()
}

// hurriedSearch is how long a search may run that was hurried before it
// had a core: long enough for a sound turn, short enough not to matter.
const hurriedSearch = 50 * time.Millisecond

// search runs one search of g for the engine's reply, waiting its turn
// for a core, and returns the best turn's actions. ctx is done when the
// reply is abandoned, hctx also when it is hurried.
func (gm *game) search(ctx, hctx context.Context, g *board.Game, level int) []board.Action {
	select {
	case gm.srv.cores <- struct{}{}:
		defer func() { <-gm.srv.cores }()
	case <-ctx.Done():
		return nil
	case <-hctx.Done():
		// Nobody watches any more: a short search, so as not to play
		// at random, outside the cap.
		var cancel context.CancelFunc
		hctx, cancel = context.WithTimeout(ctx, hurriedSearch)
		defer cancel()
	}
	// The time is counted from now, when the search can start: a wait
	// for a core must not make the engine overrun its clock.
	gm.mu.Lock()
	lim, hard := gm.limitsLocked(time.Now())
	gm.mu.Unlock()
	if hard > 0 {
		var cancel context.CancelFunc
		hctx, cancel = context.WithTimeout(hctx, hard)
		defer cancel()
	}
	gm.searchMu.Lock()
	defer gm.searchMu.Unlock()
	s := gm.searcherLocked(*g.Rules(), level)
	side := g.Position().SideToAct()
	n := g.Position().Size()
	res := s.Search(hctx, g, lim, func(in engine.Info) { gm.report(in, side, n) })
	return res.Best
}

// limitsLocked are the engine's limits for its reply now: its time a
// turn, within what its clock allows; hard is the deadline it never
// passes.
func (gm *game) limitsLocked(now time.Time) (engine.Limits, time.Duration) {
	pos := gm.g.Position()
	tc := engine.TimeControl{
		MoveTime:   time.Duration(gm.thinkMs) * time.Millisecond,
		Overhead:   moveOverhead,
		TurnNumber: pos.TurnNumber(),
		BoardSize:  pos.Size(),
	}
	soft, hard := engine.Allocate(tc)
	if gm.clock.timed() {
		left := gm.clock.remaining(pos.SideToAct(), now)
		tc.MoveTime = 0
		tc.Time = left
		if gm.clock.kind == clockTurn {
			tc.Time, tc.MoveTime = 0, left
		} else {
			tc.Inc = gm.clock.inc
		}
		cs, ch := engine.Allocate(tc)
		soft, hard = min(soft, cs), min(hard, ch)
	}
	return engine.Limits{Soft: soft, MultiPV: 1}, hard
}

// playEngineLocked plays the engine's turn best; if the searcher gave
// none that is legal (it was stopped before it had one), the first
// legal turn.
func (gm *game) playEngineLocked(best []board.Action, now time.Time) {
	if gm.overLocked() || gm.g.Position().SideToAct() == gm.human {
		return
	}
	side := gm.g.Position().SideToAct()
	made := 0
	for _, a := range best {
		legal, ok := gm.g.Legalize(a)
		if !ok {
			break
		}
		gm.makeLocked(legal, now)
		made++
		if len(gm.partial) == 0 {
			break // the turn (or the ransom token) is complete
		}
	}
	// Finish a turn the answer left open, or make one if it gave none.
	for !gm.overLocked() && gm.g.Position().SideToAct() == side && (made == 0 || len(gm.partial) > 0) {
		acts := gm.g.LegalActions(nil)
		if len(acts) == 0 {
			break
		}
		gm.makeLocked(acts[0], now)
		made++
	}
	gm.afterChangeLocked(now)
}

// infoJSON is one `event: info` of API.md.
type infoJSON struct {
	Depth    int      `json:"depth"`
	SelDepth int      `json:"seldepth"`
	Score    string   `json:"score"`
	Nodes    uint64   `json:"nodes"`
	NPS      uint64   `json:"nps"`
	PV       []string `json:"pv"`
	For      string   `json:"for"`
}

// report sends one of the searcher's reports to the game's pages.
func (gm *game) report(in engine.Info, side board.Color, n int) {
	if in.Text != "" {
		return // free text (a book turn's origin): the board shows lines only
	}
	score := fmt.Sprintf("cp %d", in.Score)
	switch {
	case in.Mate > 0:
		score = fmt.Sprintf("win %d", in.Mate)
	case in.Mate < 0:
		score = fmt.Sprintf("loss %d", -in.Mate)
	}
	pv := board.FormatTurns(in.PV, n)
	body, err := json.Marshal(infoJSON{Depth: in.Depth, SelDepth: in.SelDepth, Score: score,
		Nodes: in.Nodes, NPS: in.NPS, PV: pv, For: side.String()})
	if err != nil {
		return
	}
	gm.mu.Lock()
	defer gm.mu.Unlock()
	gm.analysis = body
	for s := range gm.subs {
		s.sendInfo(body)
	}
}

// hintJSON is the answer of POST /api/games/{id}/hint.
type hintJSON struct {
	Turn    string   `json:"turn"`
	Actions []string `json:"actions"`
}

// hint is the engine's best turn for the person, from a short search at
// full strength.
func (gm *game) hint(ctx context.Context) (hintJSON, error) {
	gm.mu.Lock()
	if !gm.humanToActLocked() {
		gm.mu.Unlock()
		if gm.overLocked() {
			return hintJSON{}, errIllegal{"the game is over"}
		}
		return hintJSON{}, errNotYourTurn{"it is the engine's turn"}
	}
	g := gm.g.Clone()
	level := gm.level
	gm.mu.Unlock()
	ctx, cancel := context.WithTimeout(ctx, 3*hintTime)
	defer cancel()
	gm.searchMu.Lock()
	// The hint is the engine's best turn at full strength, whatever level
	// the engine plays the game at; the level comes back after it.
	r := *g.Rules()
	s := gm.searcherLocked(r, level)
	if level < engine.MaxSkill {
		s.SetOptions(gm.optionsLocked(r, engine.MaxSkill))
	}
	res := s.Search(ctx, g.Clone(), engine.Limits{Soft: hintTime, MultiPV: 1}, nil)
	if level < engine.MaxSkill {
		s.SetOptions(gm.optionsLocked(r, level))
	}
	gm.searchMu.Unlock()
	n := g.Position().Size()
	best := res.Best
	if !playable(g, best) {
		best = nil
		g.ForEachTurn(func(t []board.Action) bool {
			best = append(best, t...)
			return false
		})
	}
	h := hintJSON{Turn: board.TurnString(best, n), Actions: []string{}}
	for _, a := range best {
		h.Actions = append(h.Actions, board.ActionString(a, n))
	}
	return h, nil
}

// playable reports whether the actions are legal one after the other in
// g, which is left as it was.
func playable(g *board.Game, actions []board.Action) bool {
	if len(actions) == 0 {
		return false
	}
	made := 0
	defer func() {
		for ; made > 0; made-- {
			g.Unmake()
		}
	}()
	for _, a := range actions {
		legal, ok := g.Legalize(a)
		if !ok {
			return false
		}
		g.Make(legal)
		made++
	}
	return true
}
