package web_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"seega/board"
	"seega/internal/browsertest"
)

// TestPage plays seega serve's page end to end in headless Chromium,
// against the real engine (level 0, its shortest time a turn), by clicks
// on the squares and buttons the page shows; after every action of the
// person's, what the page shows (window.seegaState and the DOM: the
// stones drawn, the move list, the SeFEN box, the result) is checked
// against package board's replay of the moves (pageGame.check), with
// the last turn marked; one step in three is dragged rather than clicked; when a stone is picked, the squares the page
// marks are checked against where board lets it step; in every whole
// game the engine's analysis must show. The person's actions are random legal ones, from a seeded
// source. It covers, with -short as without:
//
//   - a whole game of every preset on 5×5 and of egyptian on 7×7, started
//     from the new-game form, the person White in some, Black in others;
//   - a Classic ransom requested (by the person as Black), refused and,
//     after a takeback, accepted (by the person as White), and the
//     deadline warning;
//   - a chain of captures (pro: b3c3,c3c2, and stopped after b3c3;
//     egyptian's bonus step, dragged);
//   - a blocked person's pass, played for them, with its notice;
//   - a takeback, a hint (shown, and then played), an illegal click
//     (refused with a reason, the game unchanged), the flipped board;
//   - a reload in the middle of a game (the same game after, playing on);
//   - a game opened from its share link (the same position, playing on).
//
// Without -short it also plays every preset on 5×5 from the other side,
// and sudanese on 7×7.
func TestPage(t *testing.T) {
	browser := browsertest.Start(t)
	srv := newServer(t, 64, 4)
	base := serveLoopback(t, srv)
	api := newAPIClient(t, base)

	type whole struct {
		variant string
		size    int
		human   string
	}
	games := []whole{
		{"egyptian", 5, "white"}, {"sudanese", 5, "black"}, {"classic", 5, "white"}, {"pro", 5, "black"},
		{"egyptian", 7, "white"},
	}
	if !testing.Short() {
		games = append(games, whole{"egyptian", 5, "black"}, whole{"sudanese", 5, "white"},
			whole{"classic", 5, "black"}, whole{"pro", 5, "white"}, whole{"sudanese", 7, "black"})
	}
	for i, w := range games {
		t.Run(fmt.Sprintf("whole game %s %d×%d as %s", w.variant, w.size, w.size, w.human), func(t *testing.T) {
			pg := newPageGame(t, browser.NewTab(t), base, uint64(i))
			pg.tab.Navigate(base + "/")
			v := pg.startFromForm(w.variant, w.size, w.human)
			end := pg.playToEnd(v, 400)
			st := end.State
			if st.Result == nil || st.Result.Reason == "" || !strings.Contains(end.Result, st.Result.Reason) {
				t.Errorf("the game ended but the page shows the result %q for %+v", end.Result, st.Result)
			}
			if !pg.analysed {
				t.Errorf("the page never showed the engine's analysis (depth, line) in a whole game")
			}
			t.Logf("%d turns, %d views checked, %d steps dragged; %s", len(st.Moves), pg.checks, pg.drags, end.Result)
		})
	}

	t.Run("ransom refused, taken back and accepted", func(t *testing.T) {
		st := api.newGame(map[string]any{"variant": "classic", "level": 0, "thinkMs": 50,
			"fen": "wwbbw/w1bwb/ww1bb/ww1bw/wbwbb w 0/0 - 0 14 asked=1 pending=c4"})
		pg := newPageGame(t, browser.NewTab(t), base, 100)
		pg.tab.Navigate(base + "/#game=" + st.ID)
		v := pg.open("")
		v = pg.settled(0)
		g := pg.check(v)
		if !strings.Contains(v.Status, "Black asks a ransom for c4") {
			t.Errorf("with a request pending the status says %q", v.Status)
		}
		pg.perform(g, v, board.Refuse())
		// Black (the engine) acts again at once, after the refusal.
		v = pg.settled(v.State.Version)
		pg.check(v)
		if v.State.Moves[0] != "refuse" || v.State.Ransom.Refusals != 1 || !strings.Contains(v.Facts, "refusals1 of 8") {
			t.Errorf("after a refusal: moves %q, refusals %d, the facts say %q", v.State.Moves, v.State.Ransom.Refusals, v.Facts)
		}
		pg.tab.Click("#takeback")
		v = pg.waitView("the takeback to the request", 0, func(v pageView) bool {
			return len(v.State.Moves) == 0 && v.State.Ransom.Pending == "c4"
		})
		g = pg.check(v)
		pg.perform(g, v, board.Accept(a1(g), e5(g)))
		v = pg.settled(v.State.Version)
		pg.check(v) // the stones given up gone, as board's replay has it
		if v.State.Moves[0] != "accept:a1:e5" || !v.State.Ransom.Accepted {
			t.Errorf("after accepting with a1 and e5: moves %q, accepted %v", v.State.Moves, v.State.Ransom.Accepted)
		}
		if !strings.Contains(v.Facts, "ransomaccepted") {
			t.Errorf("after the acceptance the facts say %q", v.Facts)
		}
		pg.playToEnd(pg.settled(v.State.Version-1), 400)
	})

	t.Run("ransom requested", func(t *testing.T) {
		st := api.newGame(map[string]any{"variant": "classic", "level": 0, "thinkMs": 50, "human": "black",
			"fen": "wwbbw/w1bwb/ww1bb/ww1bw/wbwbb b 0/0 - 0 14"})
		pg := newPageGame(t, browser.NewTab(t), base, 101)
		pg.tab.Navigate(base + "/#game=" + st.ID)
		pg.open("")
		v := pg.settled(0)
		g := pg.check(v)
		c4, _ := board.ParseSquare("c4", 5)
		pg.perform(g, v, board.RansomRequest(c4))
		v = pg.settled(v.State.Version) // the engine has answered
		pg.check(v)
		if len(v.State.Moves) < 2 || v.State.Moves[0] != "ransom:c4" ||
			(v.State.Moves[1] != "refuse" && !strings.HasPrefix(v.State.Moves[1], "accept:")) {
			t.Fatalf("after the request of c4 the moves are %q: want the request, then the engine's answer", v.State.Moves)
		}
		if !v.State.Ransom.Asked || !strings.Contains(v.Facts, "ransom") {
			t.Errorf("after the request: asked %v, facts %q", v.State.Ransom.Asked, v.Facts)
		}
		t.Logf("the engine answered %s", v.State.Moves[1])
	})

	t.Run("ransom deadline warning", func(t *testing.T) {
		st := api.newGame(map[string]any{"variant": "classic", "level": 0, "thinkMs": 50, "human": "black",
			"fen": "wwbbw/w1bwb/ww1bb/ww1bw/wbwbb b 0/0 - 0 60 bturns=27"})
		pg := newPageGame(t, browser.NewTab(t), base, 102)
		pg.tab.Navigate(base + "/#game=" + st.ID)
		pg.open("")
		v := pg.settled(0)
		pg.check(v)
		left := v.State.Ransom.DeadlineLeft
		if left != 5 || !strings.Contains(v.Notice, "5") || !strings.Contains(strings.ToLower(v.Notice), "ransom") ||
			!strings.Contains(v.Facts, "deadline5 Black turns left") {
			t.Errorf("5 turns before the ransom deadline: deadlineLeft %d, notice %q, facts %q", left, v.Notice, v.Facts)
		}
	})

	t.Run("chain of captures", func(t *testing.T) {
		// Pro: b3c3 takes d3, and the stone may go on to c2 and take b2.
		const fen = "5/2b2/1w1bw/wb3/b4 w 0/0 - 0 30"
		st := api.newGame(map[string]any{"variant": "pro", "level": 0, "thinkMs": 50, "fen": fen})
		pg := newPageGame(t, browser.NewTab(t), base, 103)
		pg.tab.Navigate(base + "/#game=" + st.ID)
		pg.open("")
		v := pg.settled(0)
		g := pg.check(v)
		pg.perform(g, v, step(g, "b3c3"))
		v = pg.settled(v.State.Version)
		g = pg.check(v)
		if v.State.Chain != "c3" || !slices.Equal(v.State.Partial, []string{"b3c3"}) || v.Selected != "c3" ||
			!strings.Contains(v.Status, "or stop the chain") || v.Cells["d3"] != "" {
			t.Errorf("after b3c3: chain %q partial %q selected %q status %q d3 %q", v.State.Chain, v.State.Partial, v.Selected, v.Status, v.Cells["d3"])
		}
		pg.perform(g, v, step(g, "c3c2"))
		v = pg.settled(v.State.Version)
		pg.check(v)
		if v.State.Moves[0] != "b3c3,c3c2" {
			t.Errorf("the chain b3c3,c3c2 shows as %q", v.State.Moves[0])
		}
		// Taken back, and stopped after its first capture this time.
		pg.tab.Click("#takeback")
		v = pg.waitView("the takeback", 0, func(v pageView) bool { return len(v.State.Moves) == 0 && v.State.humanToAct() })
		g = pg.check(v)
		pg.perform(g, v, step(g, "b3c3"))
		v = pg.settled(v.State.Version)
		g = pg.check(v)
		pg.perform(g, v, board.Pass())
		v = pg.settled(v.State.Version)
		pg.check(v)
		if v.State.Moves[0] != "b3c3" {
			t.Errorf("the chain stopped after b3c3 shows as %q", v.State.Moves[0])
		}

		// Egyptian: after a capture the bonus step, with any stone.
		st = api.newGame(map[string]any{"variant": "egyptian", "level": 0, "thinkMs": 50, "fen": fen})
		pg.tab.Navigate(base + "/#game=" + st.ID)
		pg.open(pg.id)
		v = pg.settled(0)
		g = pg.check(v)
		pg.perform(g, v, step(g, "b3c3"))
		v = pg.settled(v.State.Version)
		g = pg.check(v)
		drags := pg.drags
		pg.dragNext = true
		pg.perform(g, v, step(g, "e3e4"))
		v = pg.settled(v.State.Version)
		pg.check(v)
		if v.State.Moves[0] != "b3c3,e3e4" || pg.drags != drags+1 {
			t.Errorf("the egyptian chain shows as %q, want b3c3,e3e4, its bonus step dragged (%d drags, %d before)", v.State.Moves[0], pg.drags, drags)
		}
	})

	t.Run("blocked pass", func(t *testing.T) {
		// Egyptian: White (a1, e5) has no step: its pass is played for
		// it. The game is opened from a link, as the page makes a game
		// then (the engine at full strength thinking 1 s a turn), so
		// that the notice stays up while the engine thinks.
		pg := newPageGame(t, browser.NewTab(t), base, 104)
		pg.tab.Navigate(base + "/#rules=Variant%3Degyptian&fen=" + url.QueryEscape("3bw/4b/5/b1b2/wb3 w 0/0 - 0 30") + "&moves=&human=white")
		pg.open("")
		v := pg.waitView("the pass and its notice", 0, func(v pageView) bool {
			return len(v.State.Moves) >= 1 && v.Notice != ""
		})
		pg.check(v)
		if v.State.Moves[0] != "0000" || !strings.Contains(v.Notice, "White") || !strings.Contains(v.Notice, "pass") {
			t.Errorf("a blocked White: moves %q, notice %q", v.State.Moves, v.Notice)
		}
		v = pg.settled(0)
		pg.check(v)
	})

	t.Run("takeback, hint, illegal click, flip", func(t *testing.T) {
		pg := newPageGame(t, browser.NewTab(t), base, 105)
		pg.tab.Navigate(base + "/")
		v := pg.startFromForm("classic", 5, "white")
		// Three turns (six placements), then take the last back.
		after := v.State.Version - 1
		var before pageView
		for i := range 6 {
			if i == 4 {
				before = pg.settled(after)
			}
			v, _ = pg.step(after)
			after = v.State.Version
		}
		v = pg.settled(after)
		pg.check(v)
		pg.tab.Click("#takeback")
		v = pg.waitView("the takeback", 0, func(v pageView) bool { return len(v.State.Moves) == len(before.State.Moves) })
		pg.check(v)
		if !slices.Equal(v.State.Squares, before.State.Squares) || !slices.Equal(v.State.Moves, before.State.Moves) {
			t.Errorf("after the takeback: moves %q squares %q; before the person's last turn: %q %q",
				v.State.Moves, v.State.Squares, before.State.Moves, before.State.Squares)
		}

		// An illegal click: a stone on a square already taken.
		taken := ""
		for sq, c := range v.Cells {
			if c != "" {
				taken = sq
				break
			}
		}
		pg.clickSquare(taken)
		v2 := pg.waitView("a reason for the illegal click", 0, func(v pageView) bool { return v.Error != "" })
		if v2.State.Version != v.State.Version || !slices.Equal(v2.State.Squares, v.State.Squares) {
			t.Errorf("an illegal click on %s changed the game: v%d → v%d", taken, v.State.Version, v2.State.Version)
		}
		t.Logf("a click on %s: %q", taken, v2.Error)

		// The hint: marked on the board, named in the status, a legal
		// turn; then played.
		pg.tab.Click("#hint")
		v = pg.waitView("the hint", 0, func(v pageView) bool { return strings.HasPrefix(v.Status, "Hint: ") })
		turn := strings.TrimPrefix(v.Status, "Hint: ")
		g, _ := checkState(v.State)
		probe := g.Clone()
		if err := probe.PlayToken(turn, board.PerAction); err != nil {
			t.Fatalf("the hint %q is not a legal turn: %v", turn, err)
		}
		acts, _ := board.ParseTurn(turn, 5)
		var marked []string
		for _, a := range acts {
			if a.Kind == board.ActStep {
				marked = append(marked, board.SquareName(a.From, 5))
			}
			marked = append(marked, board.SquareName(a.To, 5))
		}
		if got := slices.Sorted(slices.Values(v.Hints)); !slices.Equal(got, slices.Sorted(slices.Values(marked))) {
			t.Errorf("the hint %s marks %q, want %q", turn, got, marked)
		}
		for _, a := range acts {
			v = pg.settled(v.State.Version - 1)
			g = pg.check(v)
			legal, ok := g.Legalize(a)
			if !ok {
				t.Fatalf("the hint's action %s is not legal", board.ActionString(a, 5))
			}
			pg.perform(g, v, legal)
		}

		// Flipped, rank 1 is drawn at the top, and the clicks still land.
		pg.tab.Click("#flip")
		v = pg.waitView("the flipped board", 0, func(v pageView) bool { return len(v.Rows) > 0 && v.Rows[0] == "1" })
		after = v.State.Version - 1
		for range 4 {
			v, _ = pg.step(after)
			after = v.State.Version
		}
		pg.tab.Click("#flip")
		pg.waitView("the board unflipped", 0, func(v pageView) bool { return len(v.Rows) > 0 && v.Rows[0] == "5" })
	})

	t.Run("reload in the middle", func(t *testing.T) {
		pg := newPageGame(t, browser.NewTab(t), base, 106)
		pg.tab.Navigate(base + "/")
		v := pg.startFromForm("sudanese", 5, "white")
		after := v.State.Version - 1
		for range 8 {
			v, _ = pg.step(after)
			after = v.State.Version
		}
		v = pg.settled(after)
		pg.check(v)
		pg.tab.Reload()
		r := pg.waitView("the game after the reload", 0, func(r pageView) bool { return r.State.Version >= v.State.Version })
		pg.check(r)
		if r.State.ID != v.State.ID || !slices.Equal(r.State.Moves, v.State.Moves) || !slices.Equal(r.State.Squares, v.State.Squares) ||
			r.Hash != "#game="+v.State.ID {
			t.Fatalf("after the reload: game %s (%s), moves %q; before: game %s, moves %q",
				r.State.ID, r.Hash, r.State.Moves, v.State.ID, v.State.Moves)
		}
		// Reloaded without the fragment, the page finds the game in its
		// storage.
		pg.tab.Navigate(base + "/")
		r = pg.waitView("the game from storage", 0, func(r pageView) bool { return r.State.ID == v.State.ID })
		pg.check(r)
		// The event stream follows the game again: play on.
		pg.playToEnd(pg.settled(r.State.Version-1), 400)
	})

	t.Run("game opened from its link", func(t *testing.T) {
		pg := newPageGame(t, browser.NewTab(t), base, 107)
		pg.tab.Navigate(base + "/")
		v := pg.startFromForm("classic", 5, "white")
		after := v.State.Version - 1
		for range 30 {
			var more bool
			if v, more = pg.step(after); !more {
				break
			}
			after = v.State.Version
		}
		v = pg.settled(after)
		pg.check(v)
		link, err := url.Parse(v.Share)
		if err != nil || !strings.HasPrefix(link.Fragment, "rules=") {
			t.Fatalf("the share link %q: %v", v.Share, err)
		}
		other := newPageGame(t, browser.NewTab(t), base, 108)
		other.tab.Navigate(v.Share)
		w := other.open("")
		w = other.settled(0)
		other.check(w)
		a, b := v.State, w.State
		if b.ID == a.ID || b.StartFen != a.StartFen || !slices.Equal(b.Moves, a.Moves) || !slices.Equal(b.Squares, a.Squares) ||
			b.Human != a.Human || b.Variant != a.Variant || fmt.Sprint(b.Options) != fmt.Sprint(a.Options) {
			t.Fatalf("the game opened from the link differs:\n  link: %s\n  it:   %s %s %q %q %v\n  from: %s %s %q %q %v",
				v.Share, b.ID, b.StartFen, b.Moves, b.Squares, b.Options, a.ID, a.StartFen, a.Moves, a.Squares, a.Options)
		}
		if w.Hash != "#game="+b.ID {
			t.Errorf("the reopened game's page is at %q, want #game=%s", w.Hash, b.ID)
		}
		other.playToEnd(w, 400)
	})
}

// step is the legal step of that text in g.
func step(g *board.Game, text string) board.Action {
	a, err := board.ParseAction(text, g.Position().Size())
	if err != nil {
		panic(err)
	}
	legal, ok := g.Legalize(a)
	if !ok {
		panic(text + " is not legal in " + g.SeFEN())
	}
	return legal
}

func a1(g *board.Game) board.Square { sq, _ := board.ParseSquare("a1", g.Position().Size()); return sq }
func e5(g *board.Game) board.Square { sq, _ := board.ParseSquare("e5", g.Position().Size()); return sq }
