package web_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"seega/board"
	"seega/internal/browsertest"
)

// This file drives seega serve's page in a browser tab as a person
// does: by clicking the squares and buttons it shows. After every action
// it reads what the page shows, both window.seegaState (the state the
// page drew) and the DOM (the stones on the board, the move list, the
// marks), and checks them against package board's replay of the moves
// (checkState) and against each other.

// pageView is what the page shows at one moment.
type pageView struct {
	State    *apiState         `json:"state"`
	Cells    map[string]string `json:"cells"` // square name → "w", "b" or "" (the stones drawn)
	Rows     []string          `json:"rows"`  // the rank labels from the top, as drawn
	Moves    []string          `json:"moves"` // the move list's entries
	Targets  []string          `json:"targets"`
	Lasts    []string          `json:"lasts"` // squares marked as the last turn's
	Hints    []string          `json:"hints"`
	Selected string            `json:"selected"`
	Status   string            `json:"status"`
	Notice   string            `json:"notice"`
	Error    string            `json:"error"`
	Result   string            `json:"result"`
	Facts    string            `json:"facts"`
	Analysis string            `json:"analysis"`
	Hash     string            `json:"hash"`
	Share    string            `json:"share"`
	SeFEN    string            `json:"sefen"`
}

// readView is the script that reads a pageView.
const readView = `(() => {
  const text = id => { const e = document.getElementById(id); return e ? e.textContent : ""; };
  const cells = {}, targets = [], hints = [], lasts = []; let selected = "";
  for (const td of document.querySelectorAll("#board [data-square]")) {
    const sq = td.getAttribute("data-square"), stone = td.querySelector("[data-stone]");
    cells[sq] = stone ? stone.getAttribute("data-stone") : "";
    if (td.classList.contains("target")) targets.push(sq);
    if (td.classList.contains("hint")) hints.push(sq);
    if (td.classList.contains("last")) lasts.push(sq);
    if (td.classList.contains("selected")) selected = sq;
  }
  const rows = [...document.querySelectorAll("#board table.board tr")].map(tr => tr.firstElementChild ? tr.firstElementChild.textContent : "");
  return { state: window.seegaState, cells, rows, targets, hints, lasts, selected,
    moves: [...document.querySelectorAll("#move-list li")].map(li => li.textContent.trim()),
    status: text("status"), notice: text("notice"), error: text("error"), result: text("result"),
    facts: text("facts"), analysis: text("analysis"), hash: location.hash,
    share: (document.getElementById("share-link") || {}).href || "", sefen: (document.getElementById("sefen") || {}).value || "" };
})()`

// pageGame plays one game on the page.
type pageGame struct {
	t    *testing.T
	tab  *browsertest.Tab
	base string
	rng  *rand.Rand
	id   string // the game's id, once known
	// checks counts the views checked against board, for the test's log.
	checks int
	// analysed is set once the page has shown the engine's analysis (a
	// depth and a line, from the info events).
	analysed bool
	// drags counts the steps played by dragging the stone; dragNext
	// makes the next step a drag.
	drags    int
	dragNext bool
	// level and think are what startFromForm chooses for the engine: its
	// level and its time a turn (ms), as the form's values.
	level, think string
}

// newPageGame plays on tab; the engine it starts from the form is at its
// weakest and quickest (level 0, 0.1 s a turn), unless told otherwise.
func newPageGame(t *testing.T, tab *browsertest.Tab, base string, seed uint64) *pageGame {
	return &pageGame{t: t, tab: tab, base: base, rng: rand.New(rand.NewPCG(seed, 7)), level: "0", think: "100"}
}

// view reads the page; an error (the page loading) is returned.
func (pg *pageGame) view() (pageView, error) {
	var v pageView
	err := pg.tab.Eval(readView, &v)
	return v, err
}

// waitView waits until cond holds of what the page shows.
func (pg *pageGame) waitView(what string, timeout time.Duration, cond func(v pageView) bool) pageView {
	pg.t.Helper()
	var v pageView
	pg.tab.WaitFor(what, timeout, func() (bool, string, error) {
		var err error
		v, err = pg.view()
		last := "no state"
		if v.State != nil {
			last = fmt.Sprintf("game %s v%d %s to act, thinking %v, over %v, moves %v partial %v; status %q error %q",
				v.State.ID, v.State.Version, v.State.ToAct, v.State.Thinking, v.State.Over, v.State.Moves, v.State.Partial, v.Status, v.Error)
		}
		return err == nil && v.State != nil && cond(v), last, err
	})
	return v
}

// settled waits until the page shows this game with the person to act,
// or over: the engine has answered and the page has drawn it.
func (pg *pageGame) settled(after uint64) pageView {
	pg.t.Helper()
	return pg.waitView("the person to act, or the end", 60*time.Second, func(v pageView) bool {
		st := v.State
		return st.ID == pg.id && st.Version > after && (st.Over || st.humanToAct())
	})
}

// check compares what the page shows with board's replay of the game
// and fails the test on any difference; it returns the replayed game.
func (pg *pageGame) check(v pageView) *board.Game {
	pg.t.Helper()
	pg.checks++
	st := v.State
	g, bad := checkState(st)
	if g != nil {
		p := g.Position()
		n := p.Size()
		if len(v.Cells) != n*n {
			bad = append(bad, fmt.Sprintf("the board has %d squares drawn, want %d", len(v.Cells), n*n))
		}
		for sq := range n * n {
			name := board.SquareName(board.Square(sq), n)
			want := ""
			if c, ok := p.At(board.Square(sq)); ok {
				want = colorName(c)[:1]
			}
			if got, ok := v.Cells[name]; !ok || got != want {
				bad = append(bad, fmt.Sprintf("square %s shows %q, board has %q", name, got, want))
			}
		}
	}
	var wantMoves []string
	for i, m := range st.Moves {
		wantMoves = append(wantMoves, fmt.Sprintf("%d. %s", i+1, m))
	}
	if len(st.Partial) > 0 {
		wantMoves = append(wantMoves, fmt.Sprintf("%d. %s…", len(st.Moves)+1, strings.Join(st.Partial, ",")))
	}
	if !slices.Equal(v.Moves, wantMoves) {
		bad = append(bad, fmt.Sprintf("the move list shows %q, want %q", v.Moves, wantMoves))
	}
	if st.Last != nil {
		for _, a := range st.Last.Actions {
			var sq string
			switch {
			case a == "0000":
				continue // a pass marks no square
			case len(a) == 2:
				sq = a
			case len(a) == 4:
				sq = a[2:]
			default:
				continue
			}
			if !slices.Contains(v.Lasts, sq) {
				bad = append(bad, fmt.Sprintf("the last turn %q (%s's) is not marked on %s: marked %q", st.Last.Actions, st.Last.By, sq, v.Lasts))
			}
		}
	}
	if strings.Contains(v.Analysis, "depth") && strings.Contains(v.Analysis, "line") {
		pg.analysed = true
	}
	if st.Over != (v.Result != "") {
		bad = append(bad, fmt.Sprintf("over %v but the result shown is %q", st.Over, v.Result))
	}
	if v.SeFEN != st.SeFEN {
		bad = append(bad, fmt.Sprintf("the SeFEN box shows %q, the state %q", v.SeFEN, st.SeFEN))
	}
	if v.Error != "" {
		bad = append(bad, fmt.Sprintf("the page shows an error: %q", v.Error))
	}
	if ex := pg.tab.Exceptions(); len(ex) > 0 {
		bad = append(bad, fmt.Sprintf("the page threw: %v", ex))
	}
	if len(bad) > 0 {
		pg.t.Fatalf("after moves %q + %q the page disagrees with board:\n  %s", st.Moves, st.Partial, strings.Join(bad, "\n  "))
	}
	return g
}

// open waits for the page to show a game (after a navigation or a new
// game) other than the one before, and checks it.
func (pg *pageGame) open(before string) pageView {
	pg.t.Helper()
	v := pg.waitView("a new game", 30*time.Second, func(v pageView) bool {
		return v.State.ID != "" && v.State.ID != before
	})
	pg.id = v.State.ID
	return v
}

// startFromForm opens the new-game form, fills it in and starts the game,
// the engine at pg.level, pg.think ms a turn, no clock.
func (pg *pageGame) startFromForm(variant string, size int, human string) pageView {
	pg.t.Helper()
	// The page first opens the game it was left on (from its address or
	// its storage), if any, or else the form: the game to tell the new
	// one from is known only once it has done so.
	pg.tab.WaitTrue("the page opened", `window.seegaState !== null || !document.getElementById("new-game-panel").hidden`, 0)
	before := ""
	if v, err := pg.view(); err == nil && v.State != nil {
		before = v.State.ID
	}
	pg.tab.Click("#new-game")
	pg.tab.WaitTrue("the new-game form", `!document.getElementById("new-game-panel").hidden && document.getElementById("variant").options.length > 0`, 0)
	pg.tab.SetValue("#variant", variant)
	pg.tab.SetValue("#size", fmt.Sprint(size))
	pg.tab.SetValue("#human", human)
	pg.tab.SetValue("#level", pg.level)
	pg.tab.SetValue("#think", pg.think)
	pg.tab.SetValue("#clock-kind", "none")
	pg.tab.Click("#start")
	v := pg.open(before)
	st := v.State
	if st.Variant != variant || st.Size != size || st.Human != human || fmt.Sprint(st.Level) != pg.level {
		pg.t.Fatalf("the form asked for %s %d×%d, the person %s, level %s; the game is %s %d×%d, %s, level %d",
			variant, size, size, human, pg.level, st.Variant, st.Size, st.Size, st.Human, st.Level)
	}
	return v
}

// squareSelector is the CSS selector of a square of the board.
func squareSelector(name string) string { return fmt.Sprintf(`#board [data-square="%s"]`, name) }

// clickSquare clicks a square of the board.
func (pg *pageGame) clickSquare(name string) {
	pg.t.Helper()
	pg.tab.Click(squareSelector(name))
}

// perform plays action a (legal in g, the game the page shows in v) by
// clicks (a step by click-click, or one time in three by a drag), and
// waits until the page has drawn the answer.
func (pg *pageGame) perform(g *board.Game, v pageView, a board.Action) {
	pg.t.Helper()
	n := g.Position().Size()
	name := func(sq board.Square) string { return board.SquareName(sq, n) }
	switch a.Kind {
	case board.ActPlace:
		pg.clickSquare(name(a.To))
	case board.ActStep:
		// One step in three is dragged, as the page also allows.
		if pg.rng.IntN(3) == 0 || pg.dragNext {
			pg.dragNext = false
			pg.tab.Press(squareSelector(name(a.From)))
			pg.checkTargets(g, a.From)
			pg.tab.Release(squareSelector(name(a.To)))
			pg.drags++
			break
		}
		pg.clickSquare(name(a.From))
		pg.checkTargets(g, a.From)
		pg.clickSquare(name(a.To))
	case board.ActPass:
		pg.tab.Click("#stop-chain")
	case board.ActRansom:
		pg.tab.Click("#ransom")
		pg.clickSquare(name(a.To))
	case board.ActRefuse:
		pg.tab.Click("#refuse")
	case board.ActAccept:
		pg.tab.Click("#accept")
		pg.clickSquare(name(a.From))
		pg.clickSquare(name(a.To))
	default:
		pg.t.Fatalf("no clicks for action %v", a)
	}
	before := v.State.Version
	text := board.ActionString(a, n)
	pg.waitView("the page to take "+text, 30*time.Second, func(v pageView) bool {
		return v.State.Version > before || v.Error != ""
	})
}

// checkTargets checks the squares the page marks once a stone is
// picked: exactly where board lets it step.
func (pg *pageGame) checkTargets(g *board.Game, from board.Square) {
	pg.t.Helper()
	n := g.Position().Size()
	var want []string
	for _, a := range g.LegalActions(nil) {
		if a.Kind == board.ActStep && a.From == from {
			want = append(want, board.SquareName(a.To, n))
		}
	}
	slices.Sort(want)
	want = slices.Compact(want)
	fromName := board.SquareName(from, n)
	pg.waitView("the steps from "+fromName+" marked", 10*time.Second, func(v pageView) bool {
		got := slices.Sorted(slices.Values(v.Targets))
		return v.Selected == fromName && slices.Equal(got, want)
	})
}

// pick chooses the person's next action: a random legal one, from the
// game's seeded source, so that a run is repeatable but for the engine's
// answers (which depend on time).
func (pg *pageGame) pick(g *board.Game) board.Action {
	legal := g.LegalActions(nil)
	if len(legal) == 0 {
		pg.t.Fatalf("the person is to act but board has no legal action in %s", g.SeFEN())
	}
	return legal[pg.rng.IntN(len(legal))]
}

// step waits for the person's turn, checks the page, and plays one action
// by clicks; it reports false when the game is over.
func (pg *pageGame) step(after uint64) (pageView, bool) {
	pg.t.Helper()
	v := pg.settled(after)
	g := pg.check(v)
	if v.State.Over {
		return v, false
	}
	pg.perform(g, v, pg.pick(g))
	return v, true
}

// playToEnd plays the person's side by clicks until the game ends, at
// most maxActions actions; it returns the final view.
func (pg *pageGame) playToEnd(v pageView, maxActions int) pageView {
	pg.t.Helper()
	after := v.State.Version - 1
	for i := 0; ; i++ {
		var more bool
		v, more = pg.step(after)
		if !more {
			return v
		}
		if i == maxActions {
			pg.t.Fatalf("the game is not over after %d actions of the person's: %v", maxActions, v.State.Moves)
		}
		after = v.State.Version
	}
}
