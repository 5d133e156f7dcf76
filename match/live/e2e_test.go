//go:build linux

package live

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"testing"
	"time"

	"seega/board"
	"seega/match"
	"seega/match/internal/fakeengine"
)

// TestMain lets the test binary double as the fake engines.
func TestMain(m *testing.M) {
	fakeengine.Main()
	os.Exit(m.Run())
}

// shownGame is what the page shows of a game, read from its DOM.
type shownGame struct {
	Index  string `json:"index"`
	Turns  string `json:"turns"`
	SeFEN  string `json:"sefen"`
	Cells  int    `json:"cells"`
	Stones int    `json:"stones"`
	Facts  string `json:"facts"`
}

type shownPage struct {
	Games     []shownGame `json:"games"`
	Standings int         `json:"standings"`
	Status    string      `json:"status"`
}

// readPage is the script that reads the page's DOM.
const readPage = `JSON.stringify({
  games: [...document.querySelectorAll("section.game")].map(g => ({
    index: g.dataset.index, turns: g.dataset.turns, sefen: g.dataset.sefen,
    cells: g.querySelectorAll("td.cell").length,
    stones: g.querySelectorAll("td.cell .stone").length,
    facts: g.querySelector("dl.facts").textContent })),
  standings: document.querySelectorAll("#standings tbody tr").length,
  status: document.getElementById("status").textContent })`

// TestBrowserShowsGames plays a short tournament of fake engines with
// the live view on 127.0.0.1:0, opens it in headless Chromium, and
// checks that the page draws a board and that the board changes as the
// game goes on, through the event stream alone (the page is never
// reloaded).
func TestBrowserShowsGames(t *testing.T) {
	bin, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("chromium is not installed (apt-get install chromium): skipping the browser test")
	}
	srv := New("e2e")
	pageURL, shutdown, err := Serve("127.0.0.1:0", srv)
	if err != nil {
		t.Fatal(err)
	}
	defer shutdown()

	// Engines that take 40 ms a turn: games last a few seconds, long
	// enough to watch. The tournament is far longer than the test
	// watches it (the test stops it when done), so that a browser slow
	// to start on a busy machine cannot come in on the last game, whose
	// board then never changes (the likely cause of one failure, with 4
	// rounds, on a loaded machine).
	eng := func(name string) match.EngineSpec {
		return match.EngineSpec{Name: name, Command: fakeengine.Command(fakeengine.Config{Mode: fakeengine.Random, Sleep: 40 * time.Millisecond, Seed: uint64(len(name))})}
	}
	tour, err := match.New(match.Config{
		Engines: []match.EngineSpec{eng("alpha"), eng("beta")}, Rules: board.DefaultRules(),
		TimeControl: match.TimeControl{MoveTime: 50 * time.Millisecond}, Margin: time.Second,
		Games: 2, Rounds: 100, Concurrency: 2, MaxTurns: 80, Observer: srv,
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		tour.Run(ctx)
	}()
	defer func() { cancel(); <-done }()

	b, err := startBrowser(bin, pageURL, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer b.close()
	ws, err := b.page(pageURL)
	if err != nil {
		t.Fatal(err)
	}
	dt, err := dialDevTools(ws)
	if err != nil {
		t.Fatal(err)
	}
	defer dt.close()

	// read reads the page; an error (the document still loading) is
	// returned, not fatal, since waitFor polls anyway.
	read := func() (shownPage, error) {
		var p shownPage
		raw, err := dt.evaluate(readPage)
		if err != nil {
			return p, err
		}
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return p, err
		}
		return p, json.Unmarshal([]byte(s), &p)
	}
	// waitFor polls the page until cond holds, for at most 20 s.
	waitFor := func(what string, cond func(shownPage) bool) shownPage {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for {
			p, err := read()
			if err == nil && cond(p) {
				return p
			}
			if time.Now().After(deadline) {
				t.Fatalf("the page never showed %s; last seen: %+v (%v)", what, p, err)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}

	first := waitFor("a 5×5 board with stones", func(p shownPage) bool {
		return len(p.Games) > 0 && p.Games[0].Cells == 25 && p.Games[0].Stones > 0 && p.Status == "live"
	})
	g0 := first.Games[0]
	second := waitFor("the board change", func(p shownPage) bool {
		return len(p.Games) > 0 && (p.Games[0].SeFEN != g0.SeFEN || p.Games[0].Index != g0.Index)
	})
	g1 := second.Games[0]
	if g1.Index == g0.Index && g1.Turns == g0.Turns {
		t.Errorf("the board changed but the turn count did not: %+v then %+v", g0, g1)
	}
	if first.Standings != 2 {
		t.Errorf("the standings table has %d rows, want 2", first.Standings)
	}
	// SEEGA_LIVE_SCREENSHOT=file.png saves what the page looked like,
	// for people to check the drawing.
	if path := os.Getenv("SEEGA_LIVE_SCREENSHOT"); path != "" {
		png, err := dt.screenshot()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("game %s at turn %s (%d stones), then game %s at turn %s (%d stones)", g0.Index, g0.Turns, g0.Stones, g1.Index, g1.Turns, g1.Stones)
}
