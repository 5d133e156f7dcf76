package console

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// watchStart plays a whole egyptian game from the start with the
// first-legal-turn stand-in on both sides, and returns what it wrote.
func watchStart(t *testing.T, live bool, w Watch) string {
	t.Helper()
	var out bytes.Buffer
	w.Players = [2]Chooser{firstTurn{}, firstTurn{}}
	w.Screen = NewScreen(&out, live, "a test game")
	if err := w.Run(gameAt(t, "egyptian", "")); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// Off a terminal a game is plain lines: each turn line, then the board,
// and the result at the end, with no control codes.
func TestWatchPlainIsARecord(t *testing.T) {
	out := watchStart(t, false, Watch{})
	if strings.Contains(out, "\x1b") {
		t.Fatalf("control codes in plain output:\n%q", out)
	}
	for _, want := range []string{"a test game\n", "\nTurn 1: White plays a1,a2\n5  . . . . .\n", "quiet turns"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if !strings.Contains(out, " x ") {
		t.Errorf("no turn line names a capture:\n%s", out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if last := lines[len(lines)-1]; !strings.Contains(last, "wins") && !strings.HasPrefix(last, "Draw") {
		t.Errorf("the last line is %q, not the result", last)
	}
}

// On a terminal each turn redraws the board in place: every frame starts
// at the top of the screen, clears what it leaves below, and shows the
// latest turn lines under the board.
func TestWatchLiveRedrawsInPlace(t *testing.T) {
	out := watchStart(t, true, Watch{MaxTurns: 12})
	frames := strings.Split(out, cursorHome)
	// The first frame is preceded by the clearing of the screen, once.
	if !strings.HasPrefix(out, cursorHome+clearScreen+cursorHome) || strings.Count(out, clearScreen) != 1 {
		t.Fatalf("the screen is not cleared once at the start: %q", out[:min(len(out), 40)])
	}
	frames = frames[2:]
	if len(frames) != 13 {
		t.Fatalf("%d frames, want 13 (the start and 12 turns)", len(frames))
	}
	for i, f := range frames {
		if !strings.HasPrefix(f, "a test game"+clearLine+"\n") || !strings.Contains(f, clearBelow) {
			t.Fatalf("frame %d is not drawn from the top: %q", i, f)
		}
		turnLines := strings.Count(f, "\nTurn ")
		if want := min(i, recentTurns); turnLines != want {
			t.Errorf("frame %d shows %d turn lines, want %d", i, turnLines, want)
		}
	}
	if !strings.Contains(frames[12], "Turn 12: ") || strings.Contains(frames[12], "Turn 4: ") {
		t.Errorf("the last frame does not show the latest turns:\n%s", frames[12])
	}
	if !strings.HasSuffix(out, "Draw: the cap of 12 turns was reached.\n") {
		t.Errorf("no cap at the end: %q", out[len(out)-60:])
	}
}

// A paced game pauses after every turn but the last; off a terminal the
// default is no pause at all.
func TestWatchPaces(t *testing.T) {
	var pauses []time.Duration
	out := watchStart(t, false, Watch{Delay: 900 * time.Millisecond, Sleep: func(d time.Duration) { pauses = append(pauses, d) }})
	turns := strings.Count(out, "\nTurn ")
	if len(pauses) != turns-1 {
		t.Errorf("%d pauses in a game of %d turns, want %d", len(pauses), turns, turns-1)
	}
	for _, d := range pauses {
		if d != 900*time.Millisecond {
			t.Fatalf("a pause of %v, want 900ms", d)
		}
	}
	if DefaultDelay(false) != 0 {
		t.Errorf("DefaultDelay off a terminal is %v, want 0", DefaultDelay(false))
	}
	// About half a minute for a default game of some 30 turns.
	if d := DefaultDelay(true); d*30 < 20*time.Second || d*30 > 40*time.Second {
		t.Errorf("DefaultDelay on a terminal is %v: 30 turns would take %v", d, d*30)
	}
}
