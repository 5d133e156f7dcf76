package web_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"seega/internal/browsertest"
)

// screenshotDir is where SEEGA_SCREENSHOTS=1 writes the pictures of the
// page that the README and docs/web.md show (the test runs in web/).
const screenshotDir = "../docs/img"

// TestPageScreenshots plays a Classic game into its movement phase on
// the page, then looks at it at desktop size (1280×800) and at phone
// size (375×667, a phone emulated: touch, the meta viewport, twice the
// pixels), and checks that each reads: the whole board within the width,
// nothing wider than the screen. With SEEGA_SCREENSHOTS=1 (make
// screenshots) it writes them to docs/img/serve-desktop.png and
// serve-phone.png; without, make test leaves the tree as it was.
func TestPageScreenshots(t *testing.T) {
	browser := browsertest.Start(t)
	srv := newServer(t, 8, 4)
	base := serveLoopback(t, srv)
	write := os.Getenv("SEEGA_SCREENSHOTS") == "1"

	// A game a few turns into its movement phase, with the engine's
	// analysis showing: the person's random play may lose early, so the
	// seeds are tried in turn.
	desk := browser.NewTab(t)
	desk.Viewport(1280, 800, false)
	var pg *pageGame
	var v pageView
	for seed := uint64(1); ; seed++ {
		if seed == 20 {
			t.Fatal("no game of 19 reached its movement phase with both sides on the board")
		}
		pg = newPageGame(t, desk, base, seed)
		pg.level, pg.think = "8", "300"
		pg.tab.Navigate(base + "/")
		v = pg.startFromForm("classic", 5, "white")
		after := v.State.Version - 1
		for {
			var more bool
			if v, more = pg.step(after); !more {
				break
			}
			after = v.State.Version
			if st := v.State; st.Phase == "movement" && st.TurnNumber >= 17 {
				break
			}
		}
		v = pg.settled(after)
		pg.check(v)
		if !v.State.Over && v.State.OnBoard.White > 4 && v.State.OnBoard.Black > 4 && pg.analysed {
			break
		}
	}
	id := v.State.ID

	layout := func(tab *browsertest.Tab, width int) {
		t.Helper()
		var fit struct {
			Page, Board, Right float64
			Cells              int
		}
		tab.MustEval(`(() => { const b = document.querySelector("#board table.board").getBoundingClientRect();
  return {page: document.documentElement.scrollWidth, board: b.width, right: b.right,
    cells: document.querySelectorAll("#board [data-square]").length}; })()`, &fit)
		if fit.Page > float64(width) || fit.Right > float64(width) || fit.Cells != 25 {
			t.Errorf("at %d px wide the page is %.0f px wide, the board %.0f px ending at %.0f px, with %d squares",
				width, fit.Page, fit.Board, fit.Right, fit.Cells)
		}
	}
	desk.MustEval(`window.scrollTo(0, 0)`, nil)
	layout(desk, 1280)
	desktopPNG := desk.Screenshot()

	phone := browser.NewTab(t)
	phone.Viewport(375, 667, true)
	phone.Navigate(base + "/#game=" + id)
	pp := newPageGame(t, phone, base, 0)
	pp.id = id
	pp.check(pp.waitView("the game at phone size", 0, func(w pageView) bool {
		return w.State.ID == id && w.State.Version >= v.State.Version
	}))
	layout(phone, 375)
	phonePNG := phone.Screenshot()
	pg.tab.NoExceptions()
	phone.NoExceptions()

	if !write {
		t.Logf("set SEEGA_SCREENSHOTS=1 (make screenshots) to write them to %s", screenshotDir)
		return
	}
	for name, png := range map[string][]byte{"serve-desktop.png": desktopPNG, "serve-phone.png": phonePNG} {
		path := filepath.Join(screenshotDir, name)
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Fatal(err)
		}
		fmt.Printf("wrote %s (%d bytes)\n", path, len(png))
	}
}
