package console

import (
	"bytes"
	"strings"
	"testing"

	"seega/board"
)

// playGame plays g with the person's lines from input against engine,
// with the lines echoed, and returns the transcript.
func playGame(t *testing.T, g *board.Game, human board.Color, engine Chooser, input string) string {
	t.Helper()
	var out bytes.Buffer
	p := Play{Human: human, Engine: engine, Screen: NewScreen(&out, false, "test"), In: strings.NewReader(input), Echo: true}
	if err := p.Run(g); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	return out.String()
}

// wantInOrder checks that the transcript has each of wants, in order.
func wantInOrder(t *testing.T, out string, wants ...string) {
	t.Helper()
	rest := out
	for _, w := range wants {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("no %q (in order) in:\n%s", w, out)
		}
		rest = rest[i+len(w):]
	}
}

// A mistake is named and the legal turns listed; a chain is typed whole,
// or a step at a time where the rules make it go on; hint asks the
// engine; undo takes back the engine's turn and the person's.
func TestPlayMistakeChainHintUndo(t *testing.T) {
	//   5  . . . . b
	//   4  . . . . b
	//   3  w b + . .     egyptian: c2c3 takes b3, then a bonus step is due
	//   2  . . w . .
	//   1  . . . . .
	g := gameAt(t, "egyptian", "4b/4b/wb3/2w2/5 w 0/0 - 0 30")
	out := playGame(t, g, board.White, firstTurn{}, strings.Join([]string{
		"c2c4",      // not a step
		"hint",      // the stand-in's choice: the first legal turn
		"c2c3,c3c4", // the chain, whole
		"undo",      // takes back Black's reply and the chain
		"undo",      // nothing left of the person's
		"c2c3",      // a step at a time: the bonus step is asked for
		"c3d3",
		"quit",
	}, "\n"))
	wantInOrder(t, out,
		"c2c4: ", "Legal turns: a3a2 a3a4 c2b2 c2c1 c2c3,a3a2 c2c3,a3a4 c2c3,a3b3 c2c3,c3b3 c2c3,c3c2 c2c3,c3c4 c2c3,c3d3 c2d2\n",
		"Hint: a3a2\n",
		"Turn 30: White plays c2c3,c3c4 x b3\n",
		"Black is thinking", "Turn 31: Black plays ",
		"undo\nTook back: c2c3,c3c4 ", "3  W B + . .",
		"undo\nNothing to undo",
		"Turn 30: White plays c2c3 x b3\n", "your chain goes on", "c3d3\n", "Turn 30: White plays c3d3\n",
		"Black is thinking",
		"quit\nQuit; the game is left unfinished.\n")
}

// A blocked side passes: the person's pass is played for them and the
// engine's announced.
func TestPlayPasses(t *testing.T) {
	//   4  . . . . w
	//   3  . . + . w
	//   2  w . . . .     Black's a1 is shut in by a2 and b1: blocked.
	//   1  b w . . .
	g := gameAt(t, "egyptian", "5/4w/4w/w4/bw3 b 0/0 - 0 30")
	out := playGame(t, g, board.Black, &scripted{t: t, turns: []string{"e4e5", "a2a3", "e3e4"}}, "a1a2\nquit\n")
	wantInOrder(t, out,
		"You are blocked: you pass.", "Turn 30: Black is blocked and passes (0000)",
		"Turn 31: White plays e4e5",
		"You are blocked: you pass.", "Turn 32: Black is blocked and passes (0000)",
		"Turn 33: White plays a2a3", "a1a2\n", "Turn 34: Black plays a1a2", "Quit")

	// The engine blocked: White to act, Black shut in after White's step.
	g = gameAt(t, "egyptian", "5/4w/4w/w4/bw3 w 0/0 - 0 30")
	out = playGame(t, g, board.White, firstTurn{}, "e4e5\nquit\n")
	wantInOrder(t, out, "Turn 30: White plays e4e5", "Turn 31: Black is blocked and passes (0000)", "Quit")
}

// Classic's ransom, both ways: the person as Black requests one and the
// engine refuses; the person as White accepts the engine's request, which
// leaves White at LoseAt, and the game ends with its reason.
func TestPlayRansom(t *testing.T) {
	const fen = "b1b1b/5/5/5/ww2w b 0/0 - 0 30"
	out := playGame(t, gameAt(t, "classic", fen), board.Black, &scripted{t: t, turns: []string{"refuse", "e1e2"}},
		"ransom:a5\nransom:c5\nc5c4\nquit\n")
	wantInOrder(t, out,
		"Turn 30: Black requests a ransom for a5 (ransom:a5)",
		"Turn 30: White refuses the ransom (refuse)",
		"ransom:c5\nransom:c5: ", "Legal turns: a5a4 a5b5 c5b5 c5c4 c5d5 e5d5 e5e4\n",
		"Turn 30: Black plays c5c4\n", "Quit")

	out = playGame(t, gameAt(t, "classic", fen), board.White, &scripted{t: t, turns: []string{"ransom:a5"}},
		"accept:a1:b1\n")
	wantInOrder(t, out,
		"Turn 30: Black requests a ransom for a5 (ransom:a5)",
		"Black requests a ransom for a5: refuse, or accept:<sq>:<sq>",
		"Turn 30: White accepts the ransom, giving up a1 and b1 (accept:a1:b1)",
		"Black wins", "You lose.")
	if strings.Contains(out, " x ") {
		t.Errorf("a ransom named as a capture:\n%s", out)
	}
}

// A game played to its end names the result; resigning and the end of
// the input end it too.
func TestPlayEnds(t *testing.T) {
	// White c2c3 takes b3, Black's last stone: LoseAt 0 in egyptian.
	out := playGame(t, gameAt(t, "egyptian", "5/5/wb3/2w2/5 w 0/0 - 0 30"), board.White, firstTurn{}, "c2c3\n")
	wantInOrder(t, out, "Turn 30: White plays c2c3 x b3", "White wins", "You win.")

	out = playGame(t, gameAt(t, "egyptian", ""), board.Black, firstTurn{}, "resign\n")
	wantInOrder(t, out, "Turn 1: White plays a1,a2", "resign\n", "Black resigns: White wins.")

	out = playGame(t, gameAt(t, "egyptian", ""), board.White, firstTurn{}, "a1,e5\n")
	wantInOrder(t, out, "Turn 1: White plays a1,e5", "Turn 2: Black plays", "The input ended")
}
