package main

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"seega/engine"
)

// The whole command on a tiny ladder: two levels and the anchors, two
// games a pairing at a node budget, then the same again from the
// records, which replays nothing.
func TestLevelsEndToEnd(t *testing.T) {
	exe := seegaBinary(t)
	records := t.TempDir()
	args := []string{"--levels", "0,1", "--games", "2", "--tc", "nodes=300", "--seega", exe, "--records", records}
	var out, errs bytes.Buffer
	if status := levelsMain(args, &out, &errs); status != 0 {
		t.Fatalf("status %d\nstdout:\n%s\nstderr:\n%s", status, out.String(), errs.String())
	}
	for _, row := range []string{`random +0 +- +\d+`, `\n +0 +-?\d+ +\d+ +\d+`, `\n +1 +-?\d+ +\d+ +\d+`, `\n +20 +-?\d+ +\d+ +\d+`} {
		if !regexp.MustCompile(row).MatchString(out.String()) {
			t.Errorf("no row %q in\n%s", row, out.String())
		}
	}
	// Six pairings: 0-1, 1-full, and each of 0, 1, full against random,
	// and 0 against full.
	if n := strings.Count(errs.String(), "(pairing "); n != 6 {
		t.Errorf("%d pairings played, want 6:\n%s", n, errs.String())
	}
	files, _ := filepath.Glob(filepath.Join(records, "egyptian-5", "*.txt"))
	if len(files) != 6 {
		t.Errorf("%d records files, want 6: %v", len(files), files)
	}
	first := out.String()
	out.Reset()
	if status := levelsMain(args, &out, &errs); status != 0 || out.String() != first {
		t.Errorf("resumed from the records: status %d, table\n%s\nwant\n%s", status, out.String(), first)
	}
}

func TestLevelsArgErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--levels", "3-1"}, "--levels"},
		{[]string{"--levels", "21"}, "--levels"},
		{[]string{"--levels", "x"}, "--levels"},
		{[]string{"--games", "3"}, "--games 3"},
		{[]string{"--preset", "chess"}, "--preset"},
		{[]string{"--preset", "egyptian-6"}, "--preset"},
		{[]string{"--preset", "pro", "--preset", "pro-5"}, "twice"},
		{[]string{"--tc", "forever"}, "--tc"},
		{[]string{"--concurrency", "0"}, "--concurrency"},
		{[]string{"--levels", "0-5", "--write", "x.go"}, "--write needs every level"},
		{[]string{"--seega", "/no/such/seega"}, "--seega"},
		{[]string{"extra"}, "unexpected argument"},
	} {
		var out, errs bytes.Buffer
		if status := levelsMain(c.args, &out, &errs); status != 2 || !strings.Contains(errs.String(), c.want) {
			t.Errorf("%v: status %d, stderr %q; want 2 and %q", c.args, status, errs.String(), c.want)
		}
	}
}

func TestGauntletPairings(t *testing.T) {
	players := ladderPlayers([]int{0, 5, 10})
	got := gauntletPairings(players)
	// Neighbours 0-5, 5-10, 10-full; each of 0, 5, 10, full against
	// random; each level against full (10-full already there).
	if len(got) != 3+4+2 {
		t.Errorf("%d pairings: %v", len(got), got)
	}
	seen := map[[2]int]bool{}
	for _, p := range got {
		if seen[p] || seen[[2]int{p[1], p[0]}] || p[0] == p[1] {
			t.Errorf("pairing %v twice or with itself in %v", p, got)
		}
		seen[p] = true
	}
}

// The written scale is Go that compiles into package engine: a table of
// MaxSkill+1 Elo, the mean of the ladders, with the command in its
// header.
func TestWriteLevelElo(t *testing.T) {
	var levels []int
	for l := range engine.MaxSkill {
		levels = append(levels, l)
	}
	players := ladderPlayers(levels)
	var ladders []ladder
	for k := range 2 {
		lad := ladder{preset: []string{"egyptian-5", "pro-5"}[k], players: players}
		for i := range players[:len(players)-1] {
			lad.games = append(lad.games, ladderGames{a: i, b: len(players) - 1, w: 5 + i + k, d: 3, l: 2})
		}
		if err := lad.fit(); err != nil {
			t.Fatal(err)
		}
		ladders = append(ladders, lad)
	}
	path := filepath.Join(t.TempDir(), "levelelo.go")
	if err := writeLevelElo(path, "seega levels --write levelelo.go", ladders, "movetime=100"); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.ParseComments)
	if err != nil || f.Name.Name != "engine" {
		t.Fatalf("not a file of package engine: %v\n%s", err, src)
	}
	if n := strings.Count(string(src), "// level "); n != engine.MaxSkill+1 {
		t.Errorf("%d levels written:\n%s", n, src)
	}
	mean := (ladders[0].ratings.Elo[3] + ladders[1].ratings.Elo[3]) / 2
	if want := fmt.Sprintf("\t%.0f, // level 3\n", math.Round(mean)); !strings.Contains(string(src), want) {
		t.Errorf("level 3 is not the mean %.1f:\n%s", mean, src)
	}
	if !strings.Contains(string(src), "seega levels --write levelelo.go") || !strings.Contains(string(src), "egyptian-5, pro-5") {
		t.Errorf("header lacks the command or the presets:\n%s", src)
	}
}
