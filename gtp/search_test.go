package gtp

import (
	"context"
	"strings"
	"testing"

	"seega/board"
	"seega/engine"
	"seega/eval"
	"seega/search"
)

// depthPlayer plays the real search at a fixed depth, so that its games
// are deterministic and take no clock. cmd/seega wires the search in the
// same way, under a clock.
type depthPlayer struct {
	depth int
	rules board.Rules
	s     engine.Searcher
}

func (p *depthPlayer) Turn(ctx context.Context, g *board.Game, _ engine.TimeControl, first []board.Action) []board.Action {
	if p.s == nil || *g.Rules() != p.rules {
		p.rules = *g.Rules()
		p.s = search.New(engine.Options{HashMB: 1, Threads: 1}, eval.New(p.rules))
	}
	var only [][]board.Action
	if first != nil {
		only = turnsBeginningWith(g, first)
	}
	return p.s.Search(ctx, g, engine.Limits{Depth: p.depth, SearchMoves: only}, func(engine.Info) {}).Best
}

func (p *depthPlayer) NewGame() {
	if p.s != nil {
		p.s.NewGame()
	}
}

// TestWholeGameSearch plays whole games over GTP with the real search on
// both sides, checking the legal moves at every GTP move as TestWholeGame
// does.
func TestWholeGameSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("whole games with the search take a while")
	}
	for _, variant := range board.Variants {
		t.Run(variant, func(t *testing.T) {
			players := [2]Player{&depthPlayer{depth: 2}, &depthPlayer{depth: 2}}
			playWholeGame(t, sizedPreset(t, variant, 5), players)
		})
	}
}

// TestGenmoveSearchPickedStone checks that the search, asked to move after
// a stone was picked up over GTP, moves that stone.
func TestGenmoveSearchPickedStone(t *testing.T) {
	e := newScripted(t, "classic", chainFEN, &depthPlayer{depth: 2})
	for _, pick := range []string{"A1", "C4", "E3"} {
		t.Run(pick, func(t *testing.T) {
			if got := do(t, e, "play w "+pick); got != "" {
				t.Fatal(got)
			}
			targets := do(t, e, "gogui-rules_legal_moves")
			got := do(t, e, "genmove w")
			if !contains1(targets, got) {
				t.Errorf("genmove w = %q after picking up %s, want one of %q", got, pick, targets)
			}
			do(t, e, "undo")
			do(t, e, "undo")
		})
	}
}

func contains1(list, word string) bool {
	for _, w := range strings.Fields(list) {
		if w == word {
			return true
		}
	}
	return false
}
