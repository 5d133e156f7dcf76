package web_test

import (
	"slices"
	"testing"
)

// TestCheckStateCatchesDifferences: checkState, on which the fuzz, load
// and browser tests rest, passes a true state and names each field of
// it made false.
func TestCheckStateCatchesDifferences(t *testing.T) {
	api := newAPIClient(t, serveLoopback(t, newServer(t, 4, 1)))
	st := api.newGame(map[string]any{"variant": "pro", "level": 0, "thinkMs": 50, "fen": "5/2b2/1w1bw/wb3/b4 w 0/0 - 0 30"})
	var after apiState
	api.mustCall("POST", "/api/games/"+st.ID+"/action", map[string]string{"action": "b3c3"}, 200, &after)
	for _, s := range []apiState{st, after} {
		if _, bad := checkState(&s); len(bad) > 0 {
			t.Fatalf("a true state fails the check: %v", bad)
		}
	}
	falsify := map[string]func(s *apiState){
		"a square":    func(s *apiState) { s.Squares[0] = "" },
		"toAct":       func(s *apiState) { s.ToAct = "black" },
		"legal":       func(s *apiState) { s.Legal = s.Legal[1:] },
		"partial":     func(s *apiState) { s.Partial = nil },
		"inHand":      func(s *apiState) { s.InHand.White = 1 },
		"onBoard":     func(s *apiState) { s.OnBoard.Black = 9 },
		"turnNumber":  func(s *apiState) { s.TurnNumber++ },
		"sefen":       func(s *apiState) { s.SeFEN = "5/5/5/5/5 w 12/12 - 0 1" },
		"a bad move":  func(s *apiState) { s.Partial = []string{"a1a2"} },
		"chain":       func(s *apiState) { s.Chain = "e5" },
		"over":        func(s *apiState) { s.Over = true },
		"the options": func(s *apiState) { s.Options["Chain"] = "none" },
	}
	for what, change := range falsify {
		s := after
		s.Squares = slices.Clone(after.Squares)
		s.Legal = slices.Clone(after.Legal)
		s.Options = map[string]string{}
		for k, v := range after.Options {
			s.Options[k] = v
		}
		change(&s)
		if _, bad := checkState(&s); len(bad) == 0 {
			t.Errorf("%s made false passes the check", what)
		}
	}
}
