package main

import (
	"bytes"
	"strings"
	"testing"
)

// The default game (make run) plays to its end off a terminal: plain
// lines, no pause, each turn named with its captures, and the result.
func TestPlayDefaultGameToTheEnd(t *testing.T) {
	var out bytes.Buffer
	if status := playCommand(nil, strings.NewReader(""), &out, false, true); status != 0 {
		t.Fatalf("status %d:\n%s", status, out.String())
	}
	text := out.String()
	if strings.Contains(text, "\x1b") {
		t.Error("control codes off a terminal")
	}
	for _, want := range []string{"egyptian on 5×5, alphabeta against alphabeta, 100 ms a turn\n", "\nTurn 1: White plays ", " x "} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in:\n%s", want, text)
		}
	}
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if last := lines[len(lines)-1]; !strings.Contains(last, "wins") && !strings.HasPrefix(last, "Draw") {
		t.Errorf("the game did not end with a result: %q", last)
	}
}

// --human wires the person's input to a game against the real engine.
func TestPlayHumanAgainstTheEngine(t *testing.T) {
	var out bytes.Buffer
	in := strings.NewReader("a1,e5\nhint\nundo\nquit\n")
	if status := playCommand([]string{"--human", "white", "--depth", "1"}, in, &out, false, true); status != 0 {
		t.Fatalf("status %d:\n%s", status, out.String())
	}
	for _, want := range []string{"you (White) against alphabeta, depth 1", "Turn 1: White plays a1,e5", "Turn 2: Black plays ",
		"hint\nHint: ", "undo\nTook back: a1,e5 ", "quit\nQuit"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in:\n%s", want, out.String())
		}
	}
}

// Each mistake on play's command line is named, with status 2.
func TestPlayCommandLineMistakes(t *testing.T) {
	cases := [][]string{
		{"--human", "red", "--human \"red\": must be white or black"},
		{"--delay", "-1s", "--delay -1s: must be 0 or more"},
		{"--delay", "soon", "--delay"},
		{"--depth", "-1", "--depth -1: must be 0 or more"},
		{"--depth", "3", "--movetime", "50", "give one of them"},
		{"--fen", "nonsense", "--fen: "},
	}
	for _, c := range cases {
		args, want := append([]string{"play"}, c[:len(c)-1]...), c[len(c)-1]
		status, stderr := runCaptured(t, args...)
		if status != 2 || !strings.Contains(stderr, want) {
			t.Errorf("%v: status %d, stderr %q; want 2 and %q", args, status, stderr, want)
		}
	}
}
