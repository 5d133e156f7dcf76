package gtp

import (
	"math/rand/v2"
	"strings"
	"testing"

	"seega/board"
)

// ruleSets are the rules the GoGui tests play: every preset, and the
// option mixes whose encodings differ: an optional chain under
// anycapture, bonus chains under classic, and MovementStarter black, where
// Black places the last stone and makes the first step.
var ruleSets = []struct {
	variant string
	opts    []string
}{
	{"egyptian", nil},
	{"sudanese", nil},
	{"classic", nil},
	{"pro", nil},
	{"egyptian", []string{"BoardSize=7"}},
	{"sudanese", []string{"ChainMandatory=off"}},
	{"classic", []string{"Chain=anycapture"}},
	{"classic", []string{"Chain=bonus"}},
	{"classic", []string{"MovementStarter=black"}},
	{"egyptian", []string{"MovementStarter=black"}},
	{"pro", []string{"MovementStarter=black", "Chain=anycapture"}},
	{"egyptian", []string{"Blocked=whiteopens", "Ransom=on"}},
}

func ruleSetRules(t *testing.T, variant string, opts []string) board.Rules {
	t.Helper()
	r, err := board.Preset(variant)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.ParseOptions(opts); err != nil {
		t.Fatal(err)
	}
	return r
}

// snapshot is everything GoGui can see of an engine's state, and the
// half-played action it cannot.
func snapshot(t *testing.T, e *Engine) string {
	t.Helper()
	return do(t, e, "showboard") + "\n" + do(t, e, "gogui-rules_legal_moves") + "\n" + do(t, e, "gogui-rules_side_to_move")
}

// sideOf is the colour GoGui gives a move: the side to act before it.
func sideOf(t *testing.T, e *Engine) string {
	return do(t, e, "gogui-rules_side_to_move")
}

// TestRepeatedMoveIsNoMove walks random games of every rule set over GTP
// alone. At every state it plays each legal GTP move, then plays it again
// with the same colour, as GoGui does when it sends a computer move twice
// to its rules program: the repeat must fail and change nothing (it is
// never read as another legal action), and undo must restore the state.
// It also checks that pass is listed exactly when a blocked pass is
// legal, and that no move both completes one action and begins another.
func TestRepeatedMoveIsNoMove(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 2
	}
	for _, rs := range ruleSets {
		t.Run(rs.variant+strings.Join(rs.opts, ","), func(t *testing.T) {
			r := ruleSetRules(t, rs.variant, rs.opts)
			for seed := range uint64(games) {
				e, err := New(r, NewRandomPlayer(seed), Options{})
				if err != nil {
					t.Fatal(err)
				}
				rng := rand.New(rand.NewPCG(seed, 11))
				for ply := 0; ply < 400; ply++ {
					legal := strings.Fields(do(t, e, "gogui-rules_legal_moves"))
					if len(legal) == 0 {
						break
					}
					checkEncodings(t, e)
					before := snapshot(t, e)
					side := sideOf(t, e)
					for _, m := range legal {
						if got := do(t, e, "play "+side+" "+m); got != "" {
							t.Fatalf("%s: legal move %s refused: %s", e.game.SeFEN(), m, got)
						}
						after := snapshot(t, e)
						if got := do(t, e, "play "+side+" "+m); !strings.HasPrefix(got, "? ") {
							t.Fatalf("%s: %s played twice in a row by %s was accepted the second time:\n%s\nthen\n%s",
								e.game.SeFEN(), m, side, after, snapshot(t, e))
						}
						if again := snapshot(t, e); again != after {
							t.Fatalf("%s: the refused repeat of %s changed the state:\n%s\nthen\n%s", e.game.SeFEN(), m, after, again)
						}
						do(t, e, "undo")
						if back := snapshot(t, e); back != before {
							t.Fatalf("undo after %s did not restore the state:\n%s\nthen\n%s", m, before, back)
						}
					}
					do(t, e, "play "+side+" "+legal[rng.IntN(len(legal))])
				}
			}
		})
	}
}

// checkEncodings checks the rules of doc.go on e's state: pass is listed
// exactly when a blocked pass is legal; every encoding is a legal GTP
// move sequence of one action only; and no move is both the whole of one
// action and the start of another.
func checkEncodings(t *testing.T, e *Engine) {
	t.Helper()
	g := e.game
	p := g.Position()
	legal := g.LegalActions(nil)
	blockedPass := false
	for _, a := range legal {
		blockedPass = blockedPass || (a.Kind == board.ActPass && p.Chain() == board.NoSquare)
	}
	if e.pick == board.NoSquare {
		if listed := strings.Contains(e.listText(), "pass"); listed != blockedPass {
			t.Fatalf("%s: pass listed %v, a blocked pass legal %v", g.SeFEN(), listed, blockedPass)
		}
	}
	st := newClickState(g)
	whole := map[move]bool{}
	begins := map[move]bool{}
	owner := map[[2]move]int{}
	for i, a := range legal {
		for _, c := range st.encodings(a, nil) {
			key := [2]move{c.m[0], c.m[1]}
			if c.n == 1 {
				key[1] = move{}
				whole[c.m[0]] = true
			} else {
				begins[c.m[0]] = true
				if c.m[0] == c.m[1] {
					t.Fatalf("%s: %v is played as the same move twice", g.SeFEN(), a)
				}
			}
			if j, ok := owner[key]; ok && j != i {
				t.Fatalf("%s: %v and %v share the encoding %v", g.SeFEN(), legal[j], a, c)
			}
			owner[key] = i
		}
	}
	for m := range whole {
		if begins[m] {
			t.Fatalf("%s: %v both completes an action and begins another", g.SeFEN(), m)
		}
	}
}

// gogui plays engine against engine as GoGui does with a rules program
// attached: the player engine answers genmove, and GoGui sends each
// computer move to the rules program twice (from two call sites), then
// replays the whole game into it from clear_board. It checks that the
// rules program always agrees with the player (board, side to move, legal
// moves), and that two passes in a row, which make GoGui end the game,
// come only where the game is over.
func TestGoGuiRulesProcess(t *testing.T) {
	games, replayEvery := 3, 5
	if testing.Short() {
		games, replayEvery = 1, 20
	}
	for _, rs := range ruleSets {
		t.Run(rs.variant+strings.Join(rs.opts, ","), func(t *testing.T) {
			r := ruleSetRules(t, rs.variant, rs.opts)
			for seed := range uint64(games) {
				player, err := New(r, NewRandomPlayer(seed), Options{})
				if err != nil {
					t.Fatal(err)
				}
				rules, err := New(r, NewRandomPlayer(99), Options{})
				if err != nil {
					t.Fatal(err)
				}
				var played []string // "colour vertex"
				passes := 0
				for len(played) < 1000 {
					if do(t, player, "gogui-rules_legal_moves") == "" {
						break
					}
					side := sideOf(t, player)
					v := do(t, player, "genmove "+side)
					if strings.HasPrefix(v, "?") {
						t.Fatalf("genmove %s: %s", side, v)
					}
					mv := side + " " + v
					played = append(played, mv)
					if got := do(t, rules, "play "+mv); got != "" {
						t.Fatalf("%s: the rules program refused the computer's %s: %s", rules.game.SeFEN(), mv, got)
					}
					do(t, rules, "play "+mv) // the repeat: refused, or nothing
					if a, b := snapshot(t, rules), snapshot(t, player); a != b {
						t.Fatalf("after %s sent twice, the rules program shows\n%s\nand the player\n%s", mv, a, b)
					}
					if len(played)%replayEvery == 0 {
						do(t, rules, "clear_board")
						for _, m := range played {
							if got := do(t, rules, "play "+m); got != "" {
								t.Fatalf("replaying %s from clear_board: %s", m, got)
							}
						}
						if a, b := snapshot(t, rules), snapshot(t, player); a != b {
							t.Fatalf("after the replay, the rules program shows\n%s\nand the player\n%s", a, b)
						}
					}
					if v == "pass" {
						passes++
					} else {
						passes = 0
					}
					if over := player.game.Result().Over(); passes >= 2 && !over {
						t.Fatalf("%s: two passes in a row in a game that goes on (%v)", player.game.SeFEN(), played[max(0, len(played)-6):])
					}
				}
				if res := player.game.Result(); res.Over() {
					if got := do(t, rules, "gogui-rules_final_result"); got != res.String() {
						t.Errorf("final result %q, want %q", got, res)
					}
				}
			}
		})
	}
}

// TestRefusalThenBlockedPassIsNoDoublePass replays the game GoGui ended
// too early (issue 12): in classic a blocked Black asks for a ransom,
// White refuses, and Black passes. The refusal used to be sent as pass,
// and GoGui ends a game on two passes in a row; now only the blocked pass
// is one, and White has its five steps after it.
func TestRefusalThenBlockedPassIsNoDoublePass(t *testing.T) {
	e := newScripted(t, "classic", "wbbbb/1wbbw/w1www/bwwww/bwbbb b 0/0 - 0 16 asked=1 refusals=1 bturns=1", NewRandomPlayer(1))
	// The request (a White stone, then the Black stone offered), the
	// refusal (a Black stone) and the blocked pass.
	var moves []string
	for _, m := range []string{"b A5", "b B5", "w B5", "b pass"} {
		if got := do(t, e, "play "+m); got != "" {
			t.Fatalf("play %s: %s", m, got)
		}
		moves = append(moves, strings.Fields(m)[1])
	}
	if got := e.game.SeFEN(); got != "wbbbb/1wbbw/w1www/bwwww/bwbbb w 0/0 - 1 17 passed=1 asked=1 refusals=2 bturns=2" {
		t.Fatalf("the position after the moves is %s", got)
	}
	for i := 1; i < len(moves); i++ {
		if moves[i] == "pass" && moves[i-1] == "pass" {
			t.Errorf("two passes in a row: %v", moves)
		}
	}
	if got := strings.Fields(do(t, e, "gogui-rules_legal_moves")); len(got) == 0 || e.game.Result().Over() {
		t.Errorf("the game should go on with White to step, legal moves %v", got)
	}
}

// TestAnalyzeMenuEditsNoRules: GoGui's Analyze menu offers no parameter
// dialog for the rules (GoGui sends it to the player program only, which
// left the rules program on the old rules), shows them read-only instead,
// and has a gfx entry; every entry's command exists. Its one parameter
// dialog is the level, which is the player's alone.
func TestAnalyzeMenuEditsNoRules(t *testing.T) {
	e := newTestEngine(t, "classic")
	kinds := map[string]bool{}
	for _, line := range strings.Split(do(t, e, "gogui-analyze_commands"), "\n") {
		f := strings.SplitN(line, "/", 3)
		if len(f) != 3 {
			t.Fatalf("malformed analyze command %q", line)
		}
		kinds[f[0]] = true
		if f[0] == "param" && f[2] != "seega-level" {
			t.Errorf("the Analyze menu has a param entry %q: GoGui would change the rules in one program only", line)
		}
		if got := do(t, e, "known_command "+strings.Fields(f[2])[0]); got != "true" {
			t.Errorf("analyze command %q: its command is unknown", line)
		}
	}
	if !kinds["gfx"] {
		t.Error("no gfx entry to mark the centre")
	}
	if rules := do(t, e, "seega-rules"); !strings.Contains(rules, "Variant classic") || !strings.Contains(rules, "restart") {
		t.Errorf("seega-rules: %q", rules)
	}
}

// TestGfxMarksTheCentre: along random games of every rule set, seega-gfx
// circles the centre, marks only squares of the board, and gives a hint.
func TestGfxMarksTheCentre(t *testing.T) {
	for _, rs := range ruleSets {
		r := ruleSetRules(t, rs.variant, rs.opts)
		e, err := New(r, NewRandomPlayer(5), Options{})
		if err != nil {
			t.Fatal(err)
		}
		centre := "CIRCLE " + vertexName(e.game.Position().Centre(), r.BoardSize)
		for ply := 0; ply < 300; ply++ {
			out := do(t, e, "seega-gfx")
			lines := strings.Split(out, "\n")
			if lines[0] != centre || !strings.HasPrefix(lines[len(lines)-1], "TEXT ") {
				t.Fatalf("%s %v: seega-gfx %q", e.game.SeFEN(), rs.opts, out)
			}
			for _, l := range lines[1 : len(lines)-1] {
				f := strings.Fields(l)
				if _, ok := parseVertex(f[1], r.BoardSize); len(f) != 2 || !ok || f[1] == "pass" {
					t.Fatalf("%s: bad mark %q", e.game.SeFEN(), l)
				}
			}
			if do(t, e, "gogui-rules_legal_moves") == "" {
				break
			}
			if got := do(t, e, "genmove "+sideOf(t, e)); strings.HasPrefix(got, "?") {
				t.Fatal(got)
			}
		}
	}
}
