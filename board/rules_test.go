package board

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// asciiFEN turns a board drawn as rows of '.', 'w' and 'b' (top rank
// first, spaces ignored) into a movement-phase SeFEN with side to act and
// extra fields.
func asciiFEN(t *testing.T, drawing, side, quiet, extra string) string {
	t.Helper()
	var ranks []string
	for _, line := range strings.Split(strings.TrimSpace(drawing), "\n") {
		row := strings.ReplaceAll(strings.TrimSpace(line), " ", "")
		var sb strings.Builder
		empty := 0
		for _, c := range row {
			if c == '.' {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&sb, empty)
				empty = 0
			}
			sb.WriteRune(c)
		}
		if empty > 0 {
			fmt.Fprint(&sb, empty)
		}
		ranks = append(ranks, sb.String())
	}
	fen := strings.Join(ranks, "/") + " " + side + " 0/0 - " + quiet + " 30"
	if extra != "" {
		fen += " " + extra
	}
	return fen
}

func rulesOf(t *testing.T, variant string, options ...string) Rules {
	t.Helper()
	r, err := Preset(variant)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.ParseOptions(options); err != nil {
		t.Fatal(err)
	}
	return r
}

// ruleCase is one rule of RULES.md on a drawn position: the legal turns
// must be exactly turns (when given), must include has and exclude lacks;
// then play is played and the board must look like after, with result.
type ruleCase struct {
	name    string
	variant string
	options []string
	board   string
	side    string
	extra   string
	quiet   string   // the quiet-turn field; "" is 0
	turns   []string // the exact legal turn list, sorted; nil: not checked
	has     []string
	lacks   []string
	play    []string
	after   string // the board after play, drawn; "" not checked
	result  string // Result().Code() after play; "" means "none"
	reason  Reason
}

func runRuleCase(t *testing.T, c ruleCase) {
	t.Helper()
	r := rulesOf(t, c.variant, c.options...)
	side := c.side
	if side == "" {
		side = "w"
	}
	quiet := c.quiet
	if quiet == "" {
		quiet = "0"
	}
	g, err := NewGameFromSeFEN(r, asciiFEN(t, c.board, side, quiet, c.extra))
	if err != nil {
		t.Fatal(err)
	}
	turns := g.LegalTurns()
	if c.turns != nil {
		want := slices.Clone(c.turns)
		slices.Sort(want)
		if !slices.Equal(turns, want) {
			t.Errorf("legal turns\n got %v\nwant %v", turns, want)
		}
	}
	for _, h := range c.has {
		if !slices.Contains(turns, h) {
			t.Errorf("turn %s missing from %v", h, turns)
		}
	}
	for _, l := range c.lacks {
		if slices.Contains(turns, l) {
			t.Errorf("turn %s should not be legal; turns %v", l, turns)
		}
	}
	if err := g.PlayMoves(c.play, PerTurn); err != nil {
		t.Fatalf("play %v: %v", c.play, err)
	}
	if c.after != "" {
		want := strings.Fields(asciiFEN(t, c.after, "w", "0", ""))[0]
		if got := strings.Fields(g.SeFEN())[0]; got != want {
			t.Errorf("board after %v\n got %s\nwant %s", c.play, got, want)
		}
	}
	res := g.Result()
	want := c.result
	if want == "" {
		want = "none"
	}
	if res.Code() != want || (c.reason != NoReason && res.Reason != c.reason) {
		t.Errorf("result %s (%s), want %s (reason %d)", res.Code(), res, want, c.reason)
	}
}

func runRuleCases(t *testing.T, cases []ruleCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { runRuleCase(t, c) })
	}
}

func TestCaptureRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "a step sandwiches one enemy stone", variant: "pro", board: `
			. . . . b
			w . . . .
			. b w . .
			. . . . .
			. . . . b`, play: []string{"a4a3"}, after: `
			. . . . b
			. . . . .
			w . w . .
			. . . . .
			. . . . b`},
		{name: "one step captures in several directions at once", variant: "pro", board: `
			. . w . b
			. . b . .
			w b . b w
			. . w . .
			. . . . b`, play: []string{"c2c3"}, after: `
			. . w . b
			. . . . .
			w . w . w
			. . . . .
			. . . . b`},
		{name: "a stone may step between two enemies", variant: "pro", side: "b", board: `
			. . . . b
			. . . . b
			w . w . .
			. b . . .
			. . . . w`, play: []string{"b2b3"}, after: `
			. . . . b
			. . . . b
			w b w . .
			. . . . .
			. . . . w`},
		{name: "a line of two is not captured without LineCapture", variant: "egyptian", board: `
			. . . . b
			. . . . .
			. . . . .
			w . . . .
			. b b w .`, play: []string{"a2a1"}, after: `
			. . . . b
			. . . . .
			. . . . .
			. . . . .
			w b b w .`},
		{name: "LineCapture takes a closed line of two", variant: "egyptian", options: []string{"LineCapture=on", "Chain=none"}, board: `
			. . . . b
			. . . . .
			. . . . .
			w . . . .
			. b b w .`, play: []string{"a2a1"}, after: `
			. . . . b
			. . . . .
			. . . . .
			. . . . .
			w . . w .`},
		{name: "LineCapture leaves a line that ends at an empty square", variant: "egyptian", options: []string{"LineCapture=on"}, board: `
			. . . . b
			. . . . .
			. . . . .
			w . . . .
			. b b . w`, play: []string{"a2a1"}, after: `
			. . . . b
			. . . . .
			. . . . .
			. . . . .
			w b b . w`},
		{name: "CentreSafe keeps a stone on the centre", variant: "egyptian", options: []string{"Chain=none"}, board: `
			. . . . b
			. . . . .
			. . b w .
			. w . . .
			. . . . .`, play: []string{"b2b3"}, after: `
			. . . . b
			. . . . .
			. w b w .
			. . . . .
			. . . . .`},
		{name: "without CentreSafe the centre stone is taken", variant: "egyptian", options: []string{"Chain=none", "CentreSafe=off"}, board: `
			. . . . b
			. . . . .
			. . b w .
			. w . . .
			. . . . .`, play: []string{"b2b3"}, after: `
			. . . . b
			. . . . .
			. w . w .
			. . . . .
			. . . . .`},
		{name: "CentreSafe with LineCapture: the centre stone of a run stays", variant: "egyptian", options: []string{"Chain=none", "LineCapture=on"}, board: `
			. . . . b
			. . . . .
			. b b b w
			w . . . .
			. . . . .`, play: []string{"a2a3"}, after: `
			. . . . b
			. . . . .
			w . b . w
			. . . . .
			. . . . .`},
		{name: "Directions 8 captures diagonally", variant: "sudanese", board: `
			b . . . b
			. . w . b
			. . . . .
			. b . . .
			w . . . w`, play: []string{"c4c3"}, after: `
			b . . . b
			. . . . b
			. . w . .
			. . . . .
			w . . . w`},
		{name: "Directions 4 does not capture diagonally", variant: "sudanese", options: []string{"Directions=4"}, board: `
			b . . . b
			. . w . b
			. . . . .
			. b . . .
			w . . . w`, play: []string{"c4c3"}, after: `
			b . . . b
			. . . . b
			. . w . .
			. b . . .
			w . . . w`},
	})
}

// chainBoard: c1c2 captures b2; then the same stone can capture b3 by
// c2c3 or c2b2, and other stones can capture too (b4b5 takes c5, a2b2
// takes b3).
const chainBoard = `
	. . b w .
	. w . . .
	w b . . .
	w b . . b
	. . w . b`

func TestChainRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "Chain none ends the turn after a capture", variant: "pro", options: []string{"Chain=none"}, board: chainBoard,
			has: []string{"c1c2"}, lacks: []string{"c1c2,c2c3", "c1c2,b4b5"}},
		{name: "samecapture continues with the same stone only, and may stop", variant: "pro", board: chainBoard,
			has: []string{"c1c2", "c1c2,c2c3", "c1c2,c2b2"}, lacks: []string{"c1c2,b4b5", "c1c2,a2b2"}},
		{name: "samecapture with ChainMandatory offers no stop", variant: "pro", options: []string{"ChainMandatory=on"}, board: chainBoard,
			has: []string{"c1c2,c2c3", "c1c2,c2b2"}, lacks: []string{"c1c2"}},
		{name: "anycapture continues with any stone that captures", variant: "pro", options: []string{"Chain=anycapture", "ChainMandatory=off"}, board: chainBoard,
			has: []string{"c1c2", "c1c2,b4b5", "c1c2,c2c3", "c1c2,a2b2"}, lacks: []string{"c1c2,d5e5"}},
		{name: "anycapture with ChainMandatory must go on while a capture exists", variant: "pro", options: []string{"Chain=anycapture", "ChainMandatory=on"}, board: chainBoard,
			has: []string{"c1c2,b4b5,c2c3", "c1c2,c2c3,b4b5"}, lacks: []string{"c1c2", "c1c2,b4b5"}},
		{name: "bonus gives one more step with any stone, compulsory", variant: "egyptian", board: chainBoard,
			has: []string{"c1c2,d5e5", "c1c2,b4c4"}, lacks: []string{"c1c2"}},
		{name: "a step that ends the game ends the chain", variant: "pro", options: []string{"LoseAt=4"}, board: chainBoard,
			play: []string{"c1c2"}, result: "p1win", reason: TooFewStones},
	})
}

// blockedWhite: White has no stone next to the one empty square.
const blockedWhite = `
	w w w b .
	w w w w b
	w w w w w
	b b b b b
	b b b b b`

// blockedBlack: Black has no step; after Black's pass only d5e5 leaves
// Black a step (it frees d5 beside c5); e4e5 frees e4 among White stones.
const blockedBlack = `
	b b b w .
	b b b w w
	b b b b w
	w w w w w
	w w w b b`

// blockade: as blockedBlack, but no White turn frees a square beside Black.
const blockade = `
	b b w w .
	b b b w w
	b b b b w
	w w w w w
	w w b b b`

func TestBlockedRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "Blocked pass: the blocked player passes", variant: "egyptian", board: blockedWhite,
			turns: []string{"0000"}, play: []string{"0000"}},
		{name: "Blocked lose: the blocked player loses", variant: "pro", board: blockedWhite,
			turns: []string{}, result: "p2win", reason: BlockedLoss},
		{name: "whiteopens: a blocked White loses", variant: "classic", board: blockedWhite,
			turns: []string{}, result: "p2win", reason: BlockedLoss},
		{name: "whiteopens: a blocked Black passes or requests a ransom", variant: "classic", side: "b", board: blockedBlack,
			has: []string{"0000", "ransom:a5", "ransom:e1"}, lacks: []string{"d5e5"}},
		{name: "whiteopens: after Black's pass White must leave Black a step", variant: "classic", board: blockedBlack, extra: "passed=1",
			turns: []string{"d5e5"}},
		{name: "whiteopens: at other times White may leave Black blocked", variant: "classic", board: blockedBlack,
			turns: []string{"d5e5", "e4e5"}},
		{name: "whiteopens: the blockade stands and Black loses", variant: "classic", board: blockade, extra: "passed=1",
			turns: []string{}, result: "p1win", reason: Blockade},
	})
}

func TestRansomRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "a request hands the move to White, who refuses or accepts", variant: "classic", side: "b", board: blockedBlack,
			play: []string{"ransom:a5"}},
		{name: "acceptance removes the named stones, and Black acts again", variant: "classic", side: "b", board: blockedBlack,
			play: []string{"ransom:a5", "accept:d5:e4"}, after: `
			. b b . .
			b b b w .
			b b b b w
			w w w w w
			w w w b b`},
		{name: "no refusal is left after RansomRefusals", variant: "classic", side: "w", board: blockedBlack,
			extra: "asked=1 refusals=8 pending=a5", lacks: []string{"refuse"}, has: []string{"accept:a1:b1"}},
		{name: "a refusal leaves Black to step or pass, without a new request", variant: "classic", side: "b", board: blockedBlack,
			extra: "asked=1 refusals=1 turnrefused=1", turns: []string{"0000"}},
		{name: "one ransom a game", variant: "classic", side: "b", board: blockedBlack,
			extra: "asked=1 accepted=1", turns: []string{"0000"}},
		{name: "Black loses at the deadline without a request", variant: "classic", side: "b", board: blockedBlack,
			extra: "bturns=31", play: []string{"0000"}, result: "p1win", reason: RansomDeadline},
		{name: "a refused request counts as a request for the deadline", variant: "classic", side: "b", board: blockedBlack,
			extra: "asked=1 refusals=1 bturns=31", play: []string{"0000"}},
		{name: "a ransom that leaves both sides at LoseAt is a win for Black", variant: "classic", side: "b", board: `
			w . . . w
			. . . . .
			. . . . .
			b . . . .
			. . b . w`, play: []string{"ransom:a2", "accept:a5:e5"}, result: "p2win", reason: TooFewStones},
	})
}

func TestEndRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "LoseAt: a side left with LoseAt stones loses", variant: "sudanese", board: `
			b . . . .
			. . w . b
			. . . . .
			. b . . .
			w . . . w`, play: []string{"c4c3"}, result: "p1win", reason: TooFewStones},
		{name: "NoCaptureLimit: more stones wins after K quiet turns", variant: "egyptian", quiet: "19", board: `
			. . . . b
			. . . . .
			. . . . .
			w w . . .
			. . . . .`, play: []string{"a2a3"}, result: "p1win", reason: QuietTurns},
		{name: "NoCaptureLimit: not before K", variant: "egyptian", quiet: "18", board: `
			. . . . b
			. . . . .
			. . . . .
			w w . . .
			. . . . .`, play: []string{"a2a3"}},
		{name: "both passed: the stones are counted", variant: "classic", options: []string{"Blocked=pass"}, side: "b", board: blockedBlack,
			extra: "passed=1", play: []string{"0000"}, result: "draw", reason: BothPassed},
		{name: "repetition: the third occurrence is a draw", variant: "egyptian", board: `
			. . . . b
			. . . . .
			. . . . .
			. . . . .
			w . . . .`, play: []string{"a1a2", "e5e4", "a2a1", "e4e5", "a1a2", "e5e4", "a2a1", "e4e5"}, result: "draw", reason: Repetition},
		{name: "repetition: the second occurrence is not", variant: "egyptian", board: `
			. . . . b
			. . . . .
			. . . . .
			. . . . .
			w . . . .`, play: []string{"a1a2", "e5e4", "a2a1", "e4e5", "a1a2", "e5e4", "a2a1"}},
		{name: "RepetitionDraw 0 turns repetition off", variant: "egyptian", options: []string{"RepetitionDraw=0"}, board: `
			. . . . b
			. . . . .
			. . . . .
			. . . . .
			w . . . .`, play: []string{"a1a2", "e5e4", "a2a1", "e4e5", "a1a2", "e5e4", "a2a1", "e4e5"}},
	})
}

func TestPlacementRules(t *testing.T) {
	for _, v := range Variants {
		t.Run(v, func(t *testing.T) {
			g, err := NewGame(rulesOf(t, v))
			if err != nil {
				t.Fatal(err)
			}
			turns := g.LegalTurns()
			if len(turns) != 276 || slices.ContainsFunc(turns, func(s string) bool { return strings.Contains(s, "c3") }) {
				t.Fatalf("first placement: %d turns, centre excluded? %v", len(turns), turns[:3])
			}
			// Placing between two enemy stones captures nothing.
			if err := g.PlayMoves([]string{"a1,c1", "b1,e5"}, PerTurn); err != nil {
				t.Fatal(err)
			}
			if c, ok := g.Position().At(1); !ok || c != Black {
				t.Fatalf("b1 should hold a Black stone: %s", g.SeFEN())
			}
			if err := g.PlayToken("c3", PerTurn); err == nil {
				t.Fatal("placing on the centre should be illegal")
			}
			// One stone of a turn: the same side places the second.
			if err := g.PlayToken("a2", PerTurn); err != nil || g.Position().SideToAct() != White {
				t.Fatalf("after one stone White places again: %v %s", err, g.SeFEN())
			}
		})
	}
}

func TestMovementStarter(t *testing.T) {
	for _, starter := range []string{"white", "black"} {
		g, err := NewGame(rulesOf(t, "egyptian", "MovementStarter="+starter))
		if err != nil {
			t.Fatal(err)
		}
		moves := strings.Fields("a2,e4 c1,a3 a1,d1 e3,d4 c5,e5 b2,d5 b3,b5 e1,d2 c2,e2 d3,a5 a4,b4 b1,c4")
		if err := g.PlayMoves(moves, PerTurn); err != nil {
			t.Fatal(err)
		}
		if got := g.Position().SideToAct().String(); got != starter {
			t.Errorf("MovementStarter=%s: %s acts first", starter, got)
		}
	}
}
