package main

import (
	"context"
	"testing"

	"seega/board"
	"seega/engine"
	"seega/protocol"
)

// TestMCTSSearchers builds each MCTS entry of the Search option for every
// preset and checks that a short search answers a legal bestmove.
func TestMCTSSearchers(t *testing.T) {
	for _, s := range mctsSearchers() {
		for _, variant := range board.Variants {
			t.Run(s.Name+"/"+variant, func(t *testing.T) {
				r, err := board.Preset(variant)
				if err != nil {
					t.Fatal(err)
				}
				g, err := board.NewGame(r)
				if err != nil {
					t.Fatal(err)
				}
				e := s.New(r, engine.Options{HashMB: 2, Threads: 1})
				res := e.Search(context.Background(), g, engine.Limits{Nodes: 200}, nil)
				if _, err := protocol.BestMove(g, res.Best, board.PerTurn); err != nil {
					t.Error(err)
				}
			})
		}
	}
}
