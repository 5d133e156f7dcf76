package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"seega/board"
	"seega/match"
)

func TestParseMatchArgs(t *testing.T) {
	two := []string{"--engine", "new=./bin/seega", "--engine", "old=./bin/old --flag"}
	setup, err := parseMatchArgs(append(two, "--variant", "classic", "--size", "7", "--lose-at", "3",
		"--tc", "clock=60000+500,turn=60s", "--games", "4", "--rounds", "3", "--concurrency", "2",
		"--option", "new:Hash=64", "--option", "old:Move Overhead=50", "--max-turns", "80", "--records", "r.txt"), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	c := setup.cfg
	if len(c.Engines) != 2 || c.Engines[1].Command != "./bin/old --flag" {
		t.Errorf("engines %+v", c.Engines)
	}
	if c.Engines[0].Options[0] != (match.Option{Name: "Hash", Value: "64"}) || c.Engines[1].Options[0] != (match.Option{Name: "Move Overhead", Value: "50"}) {
		t.Errorf("engine options %+v / %+v", c.Engines[0].Options, c.Engines[1].Options)
	}
	if c.Rules.Variant != "classic" || c.Rules.BoardSize != 7 || c.Rules.LoseAt != 3 {
		t.Errorf("rules %v", c.Rules)
	}
	if c.TimeControl != (match.TimeControl{Clock: time.Minute, Inc: 500 * time.Millisecond, TurnLimit: time.Minute}) {
		t.Errorf("time control %+v", c.TimeControl)
	}
	if c.Games != 4 || c.Rounds != 3 || c.Concurrency != 2 || c.MaxTurns != 80 || c.Records != "r.txt" || c.SPRT != nil {
		t.Errorf("config %+v", c)
	}

	setup, err = parseMatchArgs(append(two, "--sprt", "elo0=0,elo1=5"), io.Discard)
	if err != nil || setup.cfg.SPRT == nil || setup.cfg.Rounds != 100000 {
		t.Errorf("--sprt without --rounds: %+v, %v; want the SPRT and many rounds", setup, err)
	}
	setup, err = parseMatchArgs(append(two, "--opening-turns", "0"), io.Discard)
	if err != nil || len(setup.cfg.Openings) != 1 || setup.cfg.Openings[0].String() != "startpos" {
		t.Errorf("--opening-turns 0: %+v, %v; want the start position only", setup, err)
	}

	file := filepath.Join(t.TempDir(), "openings.txt")
	os.WriteFile(file, []byte("startpos moves a1,e5\n"+board.StartSeFEN+"\n"), 0o644)
	setup, err = parseMatchArgs(append(two, "--openings", file), io.Discard)
	if err != nil || len(setup.cfg.Openings) != 2 {
		t.Errorf("--openings: %+v, %v; want 2 openings", setup, err)
	}
}

func TestParseMatchArgsErrors(t *testing.T) {
	two := []string{"--engine", "a=x", "--engine", "b=y"}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"one engine", []string{"--engine", "a=x"}, "at least two engines"},
		{"engine without command", []string{"--engine", "a", "--engine", "b=y"}, "NAME=COMMAND"},
		{"bad time control", append(two, "--tc", "movetime=fast"), "--tc"},
		{"odd games", append(two, "--games", "3"), "even"},
		{"option for nobody", append(two, "--option", "c:Hash=1"), "no engine is named"},
		{"rule option as engine option", append(two, "--option", "a:Chain=none"), "rule option"},
		{"bad sprt", append(two, "--sprt", "elo0=5,elo1=0"), "--sprt"},
		{"bad rule", append(two, "--chain", "sometimes"), "--chain"},
		{"missing openings file", append(two, "--openings", "/nonexistent"), "--openings"},
		{"stray argument", append(two, "extra"), "unexpected argument"},
		{"zero concurrency", append(two, "--concurrency", "0"), "concurrency"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseMatchArgs(tt.args, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("parseMatchArgs(%q): %v, want an error with %q", tt.args, err, tt.want)
			}
		})
	}
}
