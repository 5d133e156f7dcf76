package gtp

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"seega/board"
	"seega/engine"
)

// maxRootTurns bounds the turns listed as SearchMoves when a stone has
// been picked up over GTP: under bonus chains one stone can begin
// millions. The search then chooses among the first ones, all of which
// begin with that stone.
const maxRootTurns = 4096

// SearcherPlayer plays a searcher's turns. The evaluation depends on the
// rules, which GTP may change between games (set_variant, set_option,
// boardsize), so a searcher is built for each rule set.
type SearcherPlayer struct {
	// New builds the searcher for a rule set, with its options and
	// Level.
	New func(r board.Rules) engine.Searcher
	// Level is the strength New builds the searcher to play at (nil:
	// full strength); SetLevel changes it.
	Level *engine.Level
	// Overhead is kept back from every search for pipe and GUI latency.
	Overhead time.Duration
	// Log gets one line per search; nil for none.
	Log io.Writer

	rules board.Rules
	s     engine.Searcher
}

// Turn searches g within the clock's budget (engine.Allocate), among the
// turns that begin with one of first if it is not nil.
func (p *SearcherPlayer) Turn(ctx context.Context, g *board.Game, tc engine.TimeControl, first []board.Action) []board.Action {
	if p.s == nil || *g.Rules() != p.rules {
		p.rules = *g.Rules()
		p.s = p.New(p.rules)
	}
	pos := g.Position()
	tc.Overhead = p.Overhead
	tc.TurnNumber = pos.TurnNumber()
	tc.BoardSize = pos.Size()
	soft, hard := engine.Allocate(tc)
	if hard > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, hard)
		defer cancel()
	}
	lim := engine.Limits{Soft: soft}
	if first != nil {
		lim.SearchMoves = turnsBeginningWith(g, first)
	}
	var last engine.Info
	res := p.s.Search(ctx, g, lim, func(i engine.Info) {
		if i.Text == "" {
			last = i
		}
	})
	if p.Log != nil {
		pv := board.FormatTurns(last.PV, pos.Size())
		fmt.Fprintf(p.Log, "seega: depth %d score %d nodes %d time %v pv %s\n",
			last.Depth, res.Score, res.Nodes, last.Time.Round(time.Millisecond), strings.Join(pv, " "))
	}
	return res.Best
}

// SetLevel makes the player play at skill (0 to engine.MaxSkill) from
// the next turn on: the searcher is built again, with the new Level.
func (p *SearcherPlayer) SetLevel(skill int) {
	p.Level = nil
	if skill < engine.MaxSkill {
		p.Level = &engine.Level{Skill: skill}
	}
	p.s = nil
}

// Skill is the skill level the player plays at.
func (p *SearcherPlayer) Skill() int {
	if p.Level.FullStrength() {
		return engine.MaxSkill
	}
	return p.Level.Skill
}

// NewGame clears the searcher's tables.
func (p *SearcherPlayer) NewGame() {
	if p.s != nil {
		p.s.NewGame()
	}
}

// turnsBeginningWith lists the legal turns from g that begin with one of
// the actions in first, up to maxRootTurns.
func turnsBeginningWith(g *board.Game, first []board.Action) [][]board.Action {
	var out [][]board.Action
	g.ForEachTurn(func(turn []board.Action) bool {
		for _, a := range first {
			if turn[0].Same(a) {
				out = append(out, append([]board.Action(nil), turn...))
				break
			}
		}
		return len(out) < maxRootTurns
	})
	return out
}
