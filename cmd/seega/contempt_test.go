package main

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"seega/board"
	"seega/engine"
	"seega/gtp"
	"seega/protocol"
)

// The Contempt option reaches the real searchers through the protocol.
// White can step back into the game's history (a5a4, a repetition the
// search scores as a draw): with the most negative contempt a draw is
// worth more than anything else and White takes it; with the most
// positive it is worth less and White plays on. The hybrid plays the
// movement phase with alpha-beta, so it does the same.
func TestContemptOptionReachesTheSearch(t *testing.T) {
	const position = "position fen w4/5/2w2/5/b3b w 0/0 - 0 40 moves a5a4 e1e2 a4a5 e2e1\n"
	for _, searcher := range []string{"alphabeta", "hybrid"} {
		for _, c := range []struct {
			contempt string
			repeats  bool
		}{{"-1000", true}, {"1000", false}} {
			pr, pw := io.Pipe()
			var out syncWriter
			s := protocol.New(protocolConfig(), &out)
			done := make(chan error)
			go func() { done <- s.Run(pr) }()
			io.WriteString(pw, "setoption name Variant value pro\nsetoption name Search value "+searcher+
				"\nsetoption name Contempt value "+c.contempt+"\n"+position+"go depth 2\nisready\n")
			pw.Close()
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			got := out.String()
			if strings.Contains(got, "error") || !strings.Contains(got, "bestmove ") {
				t.Fatalf("%s, contempt %s: the session went wrong:\n%s", searcher, c.contempt, got)
			}
			if repeated := strings.Contains(got, "bestmove a5a4\n"); repeated != c.repeats {
				t.Errorf("%s, contempt %s: the repetition a5a4 played %v, want %v:\n%s", searcher, c.contempt, repeated, c.repeats, got)
			}
		}
	}
}

// GTP's --contempt reaches its searcher the same way: the same position,
// the same two contempts.
func TestGTPContempt(t *testing.T) {
	r, err := board.Preset("pro")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		contempt int
		repeats  bool
	}{{-1000, true}, {1000, false}} {
		g, err := board.NewGameFromSeFEN(r, "w4/5/2w2/5/b3b w 0/0 - 0 40")
		if err != nil {
			t.Fatal(err)
		}
		if err := g.PlayMoves([]string{"a5a4", "e1e2", "a4a5", "e2e1"}, board.PerTurn); err != nil {
			t.Fatal(err)
		}
		p := &gtp.SearcherPlayer{New: func(r board.Rules) engine.Searcher {
			return newAlphaBeta(r, engine.Options{HashMB: 1, Threads: 1, Contempt: c.contempt})
		}}
		turn := p.Turn(context.Background(), g, engine.TimeControl{MoveTime: 200 * time.Millisecond}, nil)
		if repeated := board.TurnString(turn, 5) == "a5a4"; repeated != c.repeats {
			t.Errorf("contempt %d: played %s; the repetition a5a4 wanted: %v", c.contempt, board.TurnString(turn, 5), c.repeats)
		}
	}
}
