package live

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"seega/match"
	"seega/match/stats"
)

func view(slot, turns int, row string) match.GameView {
	return match.GameView{
		Slot: slot, Index: slot, White: "alpha", Black: "beta", Size: 5, Centre: "c3",
		Board: []string{row, ".....", ".....", ".....", "....."}, Turns: turns, Clock: [2]int64{-1, -1},
	}
}

func TestStateJSON(t *testing.T) {
	s := New("a test")
	s.Game(view(0, 1, "wb..."))
	s.Game(view(1, 2, "bb..."))
	s.Standings(match.Standings{Done: 1, Total: 4, Engines: []match.EngineStanding{{Name: "alpha", Games: 1, W: 1, Score: 1, Elo: stats.WDL(1, 0, 0)}}})
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()

	resp, err := http.Get(srv.URL + "/state")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var st state
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
		t.Fatal(err)
	}
	if st.Title != "a test" || len(st.Games) != 2 || st.Games[0].Board[0] != "wb..." || st.Games[1].Slot != 1 {
		t.Errorf("state %+v: want the title and both games in slot order", st)
	}
	if st.Standings.Done != 1 || len(st.Standings.Engines) != 1 || st.Standings.Engines[0].Elo != "+inf" {
		t.Errorf("standings %+v: want one game, alpha at +inf (a perfect score), as the terminal writes it", st.Standings)
	}
	if m := newStandings(match.Standings{Matches: []match.MatchStanding{{A: "alpha", B: "beta", W: 1}}}).Matches[0]; m.EloLabel != "game Elo" {
		t.Errorf("a pairing without a complete pair is labelled %q, want game Elo", m.EloLabel)
	}

	resp, err = http.Get(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), `new EventSource("events")`) {
		t.Errorf("the page does not subscribe to the events")
	}
	if !strings.Contains(string(body), ">field Elo</th>") || !strings.Contains(string(body), "m.eloLabel") {
		t.Errorf("the page does not label the field Elo and the pairing's Elo apart")
	}
}

// readEvent reads one server-sent event's data.
func readEvent(t *testing.T, br *bufio.Reader) state {
	t.Helper()
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			t.Fatalf("reading events: %v", err)
		}
		if data, ok := strings.CutPrefix(line, "data: "); ok {
			var st state
			if err := json.Unmarshal([]byte(data), &st); err != nil {
				t.Fatalf("event data %q: %v", data, err)
			}
			return st
		}
	}
}

// TestEvents: a client gets the state at once, then again after a change.
func TestEvents(t *testing.T) {
	s := New("events")
	s.MinInterval = time.Millisecond
	s.Game(view(0, 1, "w...."))
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	defer s.Close()

	resp, err := http.Get(srv.URL + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Errorf("Content-Type %q", ct)
	}
	br := bufio.NewReader(resp.Body)
	first := readEvent(t, br)
	if len(first.Games) != 1 || first.Games[0].Turns != 1 {
		t.Fatalf("first event %+v: want the game at turn 1", first.Games)
	}
	s.Game(view(0, 2, "wb..."))
	second := readEvent(t, br)
	if second.Version <= first.Version || second.Games[0].Turns != 2 || second.Games[0].Board[0] != "wb..." {
		t.Errorf("second event v%d %+v: want the game at turn 2, newer than v%d", second.Version, second.Games, first.Version)
	}
}

// TestFinishedGames keeps the newest ended games first, and no more than
// keptFinished.
func TestFinishedGames(t *testing.T) {
	s := New("finished")
	for i := range keptFinished + 3 {
		v := view(0, 10, ".....")
		v.Index, v.Over, v.Score = i, true, "1-0"
		s.Game(v)
	}
	if len(s.finished) != keptFinished || s.finished[0].Index != keptFinished+2 {
		t.Errorf("%d finished, newest %d; want %d, newest %d", len(s.finished), s.finished[0].Index, keptFinished, keptFinished+2)
	}
}
