package main

import (
	"fmt"
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

	setup, err = parseMatchArgs(append(two, "--option", "*:Contempt=150", "--option", "old:Hash=32"), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if e := setup.cfg.Engines; len(e[0].Options) != 1 || e[0].Options[0] != (match.Option{Name: "Contempt", Value: "150"}) ||
		len(e[1].Options) != 2 || e[1].Options[0] != (match.Option{Name: "Contempt", Value: "150"}) {
		t.Errorf("--option *:Contempt=150 gave %+v and %+v; want it for both engines", e[0].Options, e[1].Options)
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
		{"time odds for every engine", append(two, "--tc", "nodes=100", "--engine-tc", "*:nodes=50"), "is --tc"},
		{"engine named for every engine", []string{"--engine", "*=x", "--engine", "b=y"}, "every engine"},
		{"rule option as engine option", append(two, "--option", "a:Chain=none"), "rule option"},
		{"bad sprt", append(two, "--sprt", "elo0=5,elo1=0"), "--sprt"},
		{"bad rule", append(two, "--chain", "sometimes"), "--chain"},
		{"missing openings file", append(two, "--openings", "/nonexistent"), "--openings"},
		{"stray argument", append(two, "extra"), "unexpected argument"},
		{"zero concurrency", append(two, "--concurrency", "0"), "concurrency"},
		{"zero rounds", append(two, "--rounds", "0"), "--rounds 0"},
		{"zero rounds with an SPRT", append(two, "--rounds", "0", "--sprt", "elo0=0,elo1=5"), "--rounds 0"},
		{"negative grace", append(two, "--grace", "-1s"), "--grace -1s"},
		{"zero start timeout", append(two, "--start-timeout", "0s"), "--start-timeout 0s"},
		{"negative linger", append(two, "--serve", "127.0.0.1:0", "--serve-linger", "-1s"), "--serve-linger -1s"},
		{"linger without a live view", append(two, "--serve-linger", "1s"), "--serve-linger needs --serve"},
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

func TestParseMatchArgsShards(t *testing.T) {
	two := []string{"--engine", "a=x", "--engine", "b=y"}
	setup, err := parseMatchArgs(append(two, "--shard", "2/8", "--records-dir", "recs", "--sprt", "elo0=0,elo1=5"), io.Discard)
	if err != nil || setup.cfg.Shard != (match.Shard{Index: 2, Count: 8}) || setup.cfg.RecordsDir != "recs" || setup.cfg.Rounds != 100000 {
		t.Errorf("--shard 2/8 --records-dir: %+v, %v", setup, err)
	}
	t.Setenv("TEST_SHARD_INDEX", "5")
	setup, err = parseMatchArgs(append(two, "--shard-count", "6", "--shard-index-env", "TEST_SHARD_INDEX"), io.Discard)
	if err != nil || setup.cfg.Shard != (match.Shard{Index: 5, Count: 6}) {
		t.Errorf("--shard-index-env: %+v, %v", setup, err)
	}
	setup, err = parseMatchArgs(append(two, "--shard", "0/2", "--sprt", "elo0=0,elo1=5", "--rounds", "50"), io.Discard)
	if err != nil || setup.cfg.Rounds != 50 || setup.cfg.SPRT == nil {
		t.Errorf("--sprt with --shard and --rounds: %+v, %v", setup, err)
	}

	t.Setenv("TEST_SHARD_BAD", "six")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"index too large", []string{"--shard", "8/8"}, "want 0 to 7"},
		{"no count", []string{"--shard", "3"}, "want K/N"},
		{"both ways", []string{"--shard", "1/4", "--shard-count", "4", "--shard-index-env", "TEST_SHARD_INDEX"}, "not both"},
		{"env without count", []string{"--shard-index-env", "TEST_SHARD_INDEX"}, "--shard-count"},
		{"count without env", []string{"--shard-count", "4"}, "--shard-index-env"},
		{"unset variable", []string{"--shard-count", "4", "--shard-index-env", "TEST_SHARD_UNSET"}, "TEST_SHARD_UNSET is not set"},
		{"variable not a number", []string{"--shard-count", "4", "--shard-index-env", "TEST_SHARD_BAD"}, `TEST_SHARD_BAD (= "six")`},
		{"variable out of range", []string{"--shard-count", "4", "--shard-index-env", "TEST_SHARD_INDEX"}, "want 0 to 3"},
		{"records and records-dir", []string{"--records", "a.txt", "--records-dir", "d"}, "give one"},
		{"endless sharded SPRT", []string{"--shard", "0/2", "--sprt", "elo0=0,elo1=5"}, "needs --records-dir"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseMatchArgs(append(two, tt.args...), io.Discard)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("parseMatchArgs(%q): %v, want an error with %q", tt.args, err, tt.want)
			}
		})
	}
}

// shardRecords writes a records file of games of a two-engine tournament
// as a shard of it would, with the given seed.
func shardRecords(t *testing.T, path string, seed string, indexes ...int) {
	t.Helper()
	var b []byte
	for _, i := range indexes {
		white, black := "new", "old"
		if i%2 == 1 {
			white, black = black, white
		}
		r := match.Record{
			Index: i, Round: i / 2, Pair: i / 2, White: white, Black: black,
			Rules: board.DefaultRules().String(), TimeControl: "movetime=100",
			Outcome: board.WhiteWins, Termination: match.TermRules, Captured: [2]int{12, 3},
			Tournament: match.Identity{Engines: "new old", Seed: seed, Openings: "random placements, 4 turns", Games: "2", MaxTurns: "500",
				SPRT: "elo0=0,elo1=5,alpha=0.05,beta=0.05,model=normalized"},
			Rounds: 10, Shard: fmt.Sprintf("%d/2", i/2%2),
		}
		b = append(b, r.Format()...)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestMatchMerge(t *testing.T) {
	dir := t.TempDir()
	a, b, foreign := filepath.Join(dir, "shard-0-of-2.txt"), filepath.Join(dir, "shard-1-of-2.txt"), filepath.Join(dir, "other.txt")
	shardRecords(t, a, "1", 0, 1, 4, 5)
	shardRecords(t, b, "1", 2, 3)
	shardRecords(t, foreign, "2", 6, 7)
	var stdout, stderr strings.Builder
	if code := runMatchMerge([]string{dir}, &stdout, &stderr); code != 0 {
		t.Fatalf("merge %s: exit %d\n%s", dir, code, stderr.String())
	}
	for _, want := range []string{"Standings after 6 of 20 games", "new vs old: W/D/L 3/0/3", "SPRT new vs old (elo0=0,elo1=5"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("merge printed no %q:\n%s", want, stdout.String())
		}
	}
	if !strings.Contains(stderr.String(), "shard-1-of-2.txt: 2 games") {
		t.Errorf("merge notes:\n%s", stderr.String())
	}
	for _, tt := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"a file twice", []string{a, b, a}, 1, "given twice"},
		{"a foreign file", []string{a, foreign}, 1, `its seed is "2", not "1"`},
		{"no files", nil, 2, "usage: seega match merge"},
		{"a missing file", []string{filepath.Join(dir, "nothing.txt")}, 1, "nothing.txt"},
		{"a bad flag", []string{"--frobnicate", a}, 2, "frobnicate"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr strings.Builder
			code := runMatchMerge(tt.args, &stdout, &stderr)
			if code != tt.code || !strings.Contains(stderr.String(), tt.want) || stdout.Len() != 0 {
				t.Errorf("merge %q: exit %d, stderr %q, stdout %q; want exit %d and %q", tt.args, code, stderr.String(), stdout.String(), tt.code, tt.want)
			}
		})
	}
}

// TestMatchOpeningsDefault checks where the games start: the suite
// shipped for the rules by default, named in the config; random
// placements for rules no suite was built for (said on stderr), for
// --openings random, and where --opening-turns is given.
func TestMatchOpeningsDefault(t *testing.T) {
	two := []string{"--engine", "a=x", "--engine", "b=y"}
	var stderr strings.Builder
	setup, err := parseMatchArgs(two, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	if setup.cfg.Suite != "egyptian-5" || len(setup.cfg.Openings) < 200 {
		t.Errorf("default: suite %q with %d openings, want egyptian-5 with at least 200", setup.cfg.Suite, len(setup.cfg.Openings))
	}
	for _, args := range [][]string{{"--openings", "random"}, {"--opening-turns", "6"}} {
		setup, err := parseMatchArgs(append(two, args...), io.Discard)
		if err != nil || setup.cfg.Openings != nil || setup.cfg.Suite != "" {
			t.Errorf("%v: %d openings, suite %q, %v; want random placements", args, len(setup.cfg.Openings), setup.cfg.Suite, err)
		}
	}
	// A suite file is named after its file, and played under other rules
	// only with a warning.
	suiteFile := filepath.Join("..", "..", "openings", "suites", "classic-5.txt")
	for _, variant := range []string{"classic", "pro"} {
		stderr.Reset()
		setup, err := parseMatchArgs(append(two, "--variant", variant, "--openings", suiteFile), &stderr)
		warned := strings.Contains(stderr.String(), "warning")
		if err != nil || setup.cfg.Suite != "classic-5" || warned != (variant == "pro") {
			t.Errorf("--openings %s under %s: suite %q, %v, stderr %q", suiteFile, variant, setup.cfg.Suite, err, stderr.String())
		}
	}
	stderr.Reset()
	setup, err = parseMatchArgs(append(two, "--ransom-refusals", "3", "--variant", "classic"), &stderr)
	if err != nil || setup.cfg.Openings != nil || !strings.Contains(stderr.String(), "no opening suite is shipped") {
		t.Errorf("custom rules: %d openings, %v, stderr %q; want random placements and a note", len(setup.cfg.Openings), err, stderr.String())
	}
}
