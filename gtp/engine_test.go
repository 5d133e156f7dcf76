package gtp

import (
	"context"
	"strings"
	"testing"
	"time"

	"seega/board"
	"seega/engine"
)

// scripted is a Player that answers a fixed turn in RULES.md notation (or
// blocks until ctx is done, when turn is "block"), and records its calls.
type scripted struct {
	turn   string
	calls  int
	clocks []engine.TimeControl
	firsts [][]board.Action
}

func (p *scripted) Turn(ctx context.Context, g *board.Game, clk engine.TimeControl, first []board.Action) []board.Action {
	p.calls++
	p.clocks = append(p.clocks, clk)
	p.firsts = append(p.firsts, first)
	if p.turn == "block" {
		<-ctx.Done()
		return nil
	}
	t, err := board.ParseTurn(p.turn, g.Position().Size())
	if err != nil {
		return nil
	}
	return t
}

func (p *scripted) NewGame() {}

// do runs a command line on e and returns the response text, or the error
// text with a "? " in front.
func do(t *testing.T, e *Engine, line string) string {
	t.Helper()
	c, ok := parseLine(line)
	if !ok {
		t.Fatalf("%q is no command", line)
	}
	text, err := e.Execute(context.Background(), c.name, c.args)
	if err != nil {
		return "? " + err.Error()
	}
	return text
}

const (
	// stepFEN: egyptian, White's first step, which only C2 can make; it
	// captures three stones and earns a bonus step.
	stepFEN = "bwwbb/wbbwb/wb1bw/bwwbw/wbbww w 0/0 - 0 13"
	// chainFEN: classic, where C1-C2 captures c3 and C2-C3 then d3.
	chainFEN = "bb2b/2w2/2bbw/5/w1w2 w 0/0 - 3 30"
)

func newScripted(t *testing.T, variant, fen string, p Player) *Engine {
	t.Helper()
	r, err := board.Preset(variant)
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(r, p, Options{MoveTime: 250 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if fen != "" {
		if got := do(t, e, "seega-fen "+fen); got != "" {
			t.Fatal(got)
		}
	}
	return e
}

// TestGenmove checks how genmove turns the Player's turn into one vertex
// per call.
func TestGenmove(t *testing.T) {
	cases := []struct {
		name    string
		variant string
		fen     string
		turn    string   // the Player's answer
		before  []string // commands before the genmoves
		want    []string // successive genmove w answers ("*": any), or commands
		calls   int      // Player calls expected
	}{
		{name: "a step takes two genmoves and one search", variant: "classic", fen: chainFEN,
			turn: "a1a2", want: []string{"A1", "A2"}, calls: 1},
		{name: "a chain plays out from the plan, the chain stone by its target alone", variant: "classic", fen: chainFEN,
			turn: "c1c2,c2c3", want: []string{"C1", "C2", "C3"}, calls: 1},
		{name: "a chain that ends early is stopped with the first opponent stone", variant: "classic", fen: chainFEN,
			turn: "c1c2", want: []string{"C1", "C2", "D3"}, calls: 1},
		{name: "queries keep the plan", variant: "classic", fen: chainFEN, turn: "a1a2",
			want: []string{"A1", "gogui-rules_legal_moves", "showboard", "A2"}, calls: 1},
		{name: "undo drops the plan", variant: "classic", fen: chainFEN, turn: "a1a2",
			want: []string{"A1", "undo", "A1", "A2"}, calls: 2},
		{name: "an illegal answer becomes a legal move", variant: "classic", fen: chainFEN,
			turn: "e5e4", want: []string{"*", "*"}, calls: 1},
		{name: "no answer becomes a legal move", variant: "egyptian", fen: stepFEN,
			turn: "", want: []string{"C2", "C3"}, calls: 1},
		{name: "a stone picked up by play must be the one to move", variant: "classic", fen: chainFEN,
			turn: "a1a2", before: []string{"play w C4"}, want: []string{"B4"}, calls: 1},
		{name: "a picked-up stone's own turn is played", variant: "classic", fen: chainFEN,
			turn: "c4d4", before: []string{"play w C4"}, want: []string{"D4"}, calls: 1},
		{name: "placement pair", variant: "egyptian", turn: "b2,d4", want: []string{"B2", "D4"}, calls: 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := &scripted{turn: tc.turn}
			e := newScripted(t, tc.variant, tc.fen, p)
			for _, cmd := range tc.before {
				if got := do(t, e, cmd); strings.HasPrefix(got, "?") {
					t.Fatalf("%s: %s", cmd, got)
				}
			}
			for _, w := range tc.want {
				if strings.Contains(w, "_") || w == "undo" || w == "showboard" {
					do(t, e, w)
					continue
				}
				if got := do(t, e, "genmove w"); got != w && (w != "*" || strings.HasPrefix(got, "?")) {
					t.Fatalf("genmove w = %q, want %q", got, w)
				}
			}
			if p.calls != tc.calls {
				t.Errorf("the Player was asked %d times, want %d", p.calls, tc.calls)
			}
		})
	}
}

// TestGenmovePickRestriction checks that a Player asked with a stone
// picked up is told which actions remain.
func TestGenmovePickRestriction(t *testing.T) {
	p := &scripted{turn: "c4d4"}
	e := newScripted(t, "classic", chainFEN, p)
	do(t, e, "play w C4")
	do(t, e, "genmove w")
	if len(p.firsts) != 1 {
		t.Fatalf("%d calls", len(p.firsts))
	}
	var got []string
	for _, a := range p.firsts[0] {
		got = append(got, board.ActionString(a, 5))
	}
	if want := "c4b4 c4d4 c4c5"; strings.Join(got, " ") != want {
		t.Errorf("first actions %q, want %q", strings.Join(got, " "), want)
	}
}

// TestGenmoveClock checks that the Player gets the clock GTP set.
func TestGenmoveClock(t *testing.T) {
	cases := []struct {
		name     string
		commands []string
		want     engine.TimeControl
	}{
		{"movetime by default", nil, engine.TimeControl{MoveTime: 250 * time.Millisecond}},
		{"absolute", []string{"time_settings 300 0 0"}, engine.TimeControl{Time: 300 * time.Second}},
		{"time_left", []string{"time_settings 300 0 0", "time_left white 42 0"}, engine.TimeControl{Time: 42 * time.Second}},
		{"byo-yomi", []string{"time_settings 0 20 5"}, engine.TimeControl{Time: 20 * time.Second, MovesToGo: 5}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := &scripted{turn: "a1a2"}
			e := newScripted(t, "classic", chainFEN, p)
			for _, c := range tc.commands {
				if got := do(t, e, c); got != "" {
					t.Fatalf("%s: %s", c, got)
				}
			}
			do(t, e, "genmove w")
			if len(p.clocks) != 1 || p.clocks[0] != tc.want {
				t.Errorf("clocks %+v, want [%+v]", p.clocks, tc.want)
			}
		})
	}
}

// TestInterrupt checks that GoGui's "# interrupt" line ends a genmove,
// which still answers a legal move.
func TestInterrupt(t *testing.T) {
	e := newScripted(t, "egyptian", stepFEN, &scripted{turn: "block"})
	var out strings.Builder
	in := "genmove w\n# interrupt\ngogui-rules_legal_moves\n"
	if err := e.Serve(context.Background(), strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	if want := "= C2\n\n= C3\n\n"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

// TestPlayLeavesStateOnError checks that a failed play changes nothing.
func TestPlayLeavesStateOnError(t *testing.T) {
	bad := []string{"play b C2", "play w D2", "play w C3", "play w pass", "play w ransom:c2", "play w accept:a1:e5", "play w z9z9", "play w", "play w C2 C3"}
	for _, cmd := range bad {
		t.Run(cmd, func(t *testing.T) {
			e := newScripted(t, "egyptian", stepFEN, NewRandomPlayer(1))
			before := do(t, e, "showboard") + do(t, e, "gogui-rules_legal_moves")
			if got := do(t, e, cmd); !strings.HasPrefix(got, "? ") {
				t.Fatalf("%s succeeded: %q", cmd, got)
			}
			if after := do(t, e, "showboard") + do(t, e, "gogui-rules_legal_moves"); after != before {
				t.Errorf("state changed:\n%s\nthen\n%s", before, after)
			}
		})
	}
}
