//go:build linux

package live

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"seega/board"
	"seega/internal/browsertest"
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
	Progress  string      `json:"progress"`
	Forfeits  string      `json:"forfeits"`
}

// readPage is the script that reads the page's DOM.
const readPage = `JSON.stringify({
  games: [...document.querySelectorAll("section.game")].map(g => ({
    index: g.dataset.index, turns: g.dataset.turns, sefen: g.dataset.sefen,
    cells: g.querySelectorAll("td.cell").length,
    stones: g.querySelectorAll("td.cell .stone").length,
    facts: g.querySelector("dl.facts").textContent })),
  standings: document.querySelectorAll("#standings tbody tr").length,
  status: document.getElementById("status").textContent,
  progress: document.getElementById("progress").textContent,
  forfeits: document.getElementById("forfeits").textContent })`

// TestBrowserShowsGames plays a short tournament of fake engines with
// the live view on 127.0.0.1:0, opens it in headless Chromium, and
// checks that the page draws a board and that the board changes as the
// game goes on, through the event stream alone (the page is never
// reloaded).
func TestBrowserShowsGames(t *testing.T) {
	browser := browsertest.Start(t)
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

	w := watchPage(t, browser, pageURL)
	waitFor := w.waitFor
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
		w.tab.Viewport(1200, 900, false)
		w.tab.SaveScreenshot(path)
	}
	w.tab.NoExceptions()
	t.Logf("game %s at turn %s (%d stones), then game %s at turn %s (%d stones)", g0.Index, g0.Turns, g0.Stones, g1.Index, g1.Turns, g1.Stones)
}

// pageWatcher reads the live page in a headless Chromium tab.
type pageWatcher struct {
	t   *testing.T
	tab *browsertest.Tab
}

// watchPage opens pageURL in a tab of browser, for the test's length.
func watchPage(t *testing.T, browser *browsertest.Browser, pageURL string) *pageWatcher {
	t.Helper()
	tab := browser.NewTab(t)
	tab.Navigate(pageURL)
	return &pageWatcher{t: t, tab: tab}
}

// read reads the page; an error (the document still loading) is
// returned, not fatal, since waitFor polls anyway.
func (w *pageWatcher) read() (shownPage, error) {
	var p shownPage
	var s string
	if err := w.tab.Eval(readPage, &s); err != nil {
		return p, err
	}
	return p, json.Unmarshal([]byte(s), &p)
}

// waitFor polls the page until cond holds, for at most 20 s.
func (w *pageWatcher) waitFor(what string, cond func(shownPage) bool) shownPage {
	w.t.Helper()
	var p shownPage
	w.tab.WaitFor(what, 20*time.Second, func() (bool, string, error) {
		var err error
		p, err = w.read()
		return err == nil && cond(p), fmt.Sprintf("%+v", p), err
	})
	return p
}

// TestBrowserShowsFinalStandings: when the tournament ends, the page
// that watched it says it is finished and shows the final standings,
// through the event stream alone, and keeps showing them once the
// server has gone (it said "disconnected; retrying…" instead). The
// engines here never start, so that the games end at once, with
// forfeits for the page to show.
func TestBrowserShowsFinalStandings(t *testing.T) {
	browser := browsertest.Start(t)
	srv := New("e2e final")
	pageURL, shutdown, err := Serve("127.0.0.1:0", srv)
	if err != nil {
		t.Fatal(err)
	}
	defer shutdown()
	w := watchPage(t, browser, pageURL)
	w.waitFor("the page live before the tournament", func(p shownPage) bool { return p.Status == "live" })

	tour, err := match.New(match.Config{
		Engines: []match.EngineSpec{
			{Name: "alpha", Command: fakeengine.Command(fakeengine.Config{Mode: fakeengine.Random, Seed: 1})},
			{Name: "ghost", Command: "/nonexistent/engine"},
		},
		Rules: board.DefaultRules(), TimeControl: match.TimeControl{MoveTime: 20 * time.Millisecond}, Margin: time.Second,
		Games: 2, Rounds: 2, Concurrency: 1, MaxTurns: 20, Observer: srv,
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tour.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	final := func(p shownPage) bool {
		return p.Status == "finished" && strings.HasPrefix(p.Progress, "games 4/4") && p.Standings == 2 &&
			strings.Contains(p.Forfeits, "forfeits of ghost: 4 never started")
	}
	w.waitFor("the final standings, finished", final)
	shutdown()
	time.Sleep(500 * time.Millisecond) // time for the page to see the stream end
	if p, err := w.read(); err != nil || !final(p) {
		t.Errorf("once the server has gone, the page shows %+v (%v); want the final standings, finished", p, err)
	}
	w.tab.NoExceptions()
}
