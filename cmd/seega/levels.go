package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/spf13/pflag"

	"seega/board"
	"seega/engine"
	"seega/match"
)

func init() {
	register("levels", "measure the skill levels' Elo by gauntlets (make levels), and write the UCI_Elo table", runLevels)
}

const levelsUsage = `usage: seega levels [--preset P]... [--levels 0-19] [--games N] [--tc SPEC] [--concurrency N]
                   [--records DIR] [--seega PATH] [--write FILE]

Measures the Skill Level scale: for each preset, gauntlets between seega
processes (seega match's runner, on the preset's shipped balanced
suite), each level playing the level below and above it and the two
anchors, random play (Search random) and full strength (level 20). The
Elo of every level comes from one maximum-likelihood Bradley-Terry fit
over all the preset's games (a draw as half a win; one draw's worth of
prior a pairing), random play being 0, with 95% error bars from the
information matrix. It prints a table a preset, and the ways the ladder
falls short of its goals: a level not above the one below it by more
than the error bars, neighbours less than 50 or more than 150 Elo apart,
level 0 scoring under 90% against random play.

--write FILE writes the mean Elo of the presets, level by level, as the
Go file UCI_Elo maps onto (engine/levelelo.go); it needs every level.
A rerun with the same --records resumes. docs/strength.md, "Levels".

Examples:
  seega levels --preset egyptian --games 40 --records levels-data
  seega levels --preset egyptian --preset classic --preset pro --preset egyptian-7 \
      --games 100 --concurrency 2 --records levels-data --write engine/levelelo.go

Options:
`

// levelsSetup is what the command line asks for.
type levelsSetup struct {
	presets     []levelPreset
	levels      []int // skill levels below full strength, ascending
	games       int
	tc          match.TimeControl
	concurrency int
	records     string
	seega       string
	write       string
	command     string // the command line, for the written file's header
}

// levelPreset is one rule set of the ladder, named as --preset gives it.
type levelPreset struct {
	name  string
	rules board.Rules
}

func parseLevelsArgs(args []string, stderr io.Writer) (*levelsSetup, error) {
	fs := pflag.NewFlagSet("levels", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.SortFlags = false
	fs.Usage = func() { fmt.Fprint(stderr, levelsUsage); fs.PrintDefaults() }
	presets := fs.StringArray("preset", nil, "a rule preset to measure on, `VARIANT[-SIZE]`: egyptian, classic, pro, egyptian-7, … (repeatable; default egyptian)")
	levels := fs.String("levels", fmt.Sprintf("0-%d", engine.MaxSkill-1), "the levels to measure, `LIST` of levels and ranges: 0-19, 0,5,10; full strength (20) and random play always take part")
	games := fs.Int("games", 20, "games a pairing; even: each opening is played twice, colours swapped")
	tc := fs.String("tc", "movetime=100", "time control `SPEC`, as seega match takes it")
	concurrency := fs.Int("concurrency", 1, "games played at once")
	records := fs.String("records", "", "keep every game in `DIR` (a file a pairing), so that a rerun resumes")
	seega := fs.String("seega", "", "the seega binary `PATH` the engines run (default: this one)")
	write := fs.String("write", "", "write the measured scale to `FILE` (engine/levelelo.go) for UCI_Elo")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	s := &levelsSetup{games: *games, concurrency: *concurrency, records: *records, seega: *seega, write: *write,
		command: "seega levels " + strings.Join(args, " ")}
	if len(*presets) == 0 {
		*presets = []string{"egyptian"}
	}
	for _, p := range *presets {
		lp, err := parseLevelPreset(p)
		if err != nil {
			return nil, fmt.Errorf("--preset: %v", err)
		}
		if slices.ContainsFunc(s.presets, func(q levelPreset) bool { return q.name == lp.name }) {
			return nil, fmt.Errorf("--preset %s is given twice", p)
		}
		s.presets = append(s.presets, lp)
	}
	var err error
	if s.levels, err = parseLevelList(*levels); err != nil {
		return nil, fmt.Errorf("--levels: %v", err)
	}
	if *games <= 0 || *games%2 != 0 {
		return nil, fmt.Errorf("--games %d: must be even and positive: each opening is played twice, colours swapped", *games)
	}
	if *concurrency < 1 {
		return nil, fmt.Errorf("--concurrency %d: want at least 1", *concurrency)
	}
	if s.tc, err = match.ParseTimeControl(*tc); err != nil {
		return nil, fmt.Errorf("--tc: %v", err)
	}
	if s.write != "" && len(s.levels) != engine.MaxSkill {
		return nil, fmt.Errorf("--write needs every level measured (--levels 0-%d), not %d of them", engine.MaxSkill-1, len(s.levels))
	}
	if s.seega == "" {
		if s.seega, err = os.Executable(); err != nil {
			return nil, fmt.Errorf("cannot find this binary for the engines (give --seega PATH): %v", err)
		}
	} else if _, err := os.Stat(s.seega); err != nil {
		return nil, fmt.Errorf("--seega: %v", err)
	}
	return s, nil
}

// parseLevelPreset reads VARIANT[-SIZE].
func parseLevelPreset(s string) (levelPreset, error) {
	variant, size, sized := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "-")
	r, err := board.Preset(variant)
	if err != nil {
		return levelPreset{}, fmt.Errorf("%q: %v", s, err)
	}
	if sized {
		if err := r.Set("BoardSize", size); err != nil {
			return levelPreset{}, fmt.Errorf("%q: %v", s, err)
		}
	}
	return levelPreset{name: fmt.Sprintf("%s-%d", variant, r.BoardSize), rules: r}, nil
}

// parseLevelList reads "0-19" or "0,3,7-9": the levels below full
// strength, sorted, each once. Full strength itself may be named; it
// takes part anyway.
func parseLevelList(s string) ([]int, error) {
	var out []int
	for _, part := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(part), "-")
		a, err := strconv.Atoi(lo)
		b := a
		if err == nil && isRange {
			b, err = strconv.Atoi(hi)
		}
		if err != nil || a < 0 || b > engine.MaxSkill || a > b {
			return nil, fmt.Errorf("%q: want levels 0 to %d, as N or N-M", part, engine.MaxSkill)
		}
		for l := a; l <= min(b, engine.MaxSkill-1); l++ {
			if !slices.Contains(out, l) {
				out = append(out, l)
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%q: no level below full strength (%d)", s, engine.MaxSkill)
	}
	slices.Sort(out)
	return out, nil
}

// The ladder's players: the levels, then full strength, then random
// play, the anchor.
func ladderPlayers(levels []int) []int {
	return append(append(slices.Clone(levels), engine.MaxSkill), randomPlayer)
}

// randomPlayer stands for random play among the ladder's players.
const randomPlayer = -1

func playerName(p int) string {
	switch p {
	case randomPlayer:
		return "random"
	case engine.MaxSkill:
		return "full"
	}
	return "L" + strconv.Itoa(p)
}

// gauntletPairings are the pairings of the ladder, as indexes into
// players: each level against the next one up (full strength above the
// last), and every player against each anchor.
func gauntletPairings(players []int) [][2]int {
	random, full := len(players)-1, len(players)-2
	var out [][2]int
	add := func(a, b int) {
		if a != b && !slices.Contains(out, [2]int{a, b}) && !slices.Contains(out, [2]int{b, a}) {
			out = append(out, [2]int{a, b})
		}
	}
	for i := 0; i < full; i++ {
		add(i, i+1)
	}
	for i := 0; i < random; i++ {
		add(i, random)
		add(i, full)
	}
	return out
}

// engineSpec is how a player is started.
func (s *levelsSetup) engineSpec(p int) match.EngineSpec {
	e := match.EngineSpec{Name: playerName(p), Command: shellQuote(s.seega)}
	switch {
	case p == randomPlayer:
		e.Options = []match.Option{{Name: "Search", Value: "random"}}
	case p < engine.MaxSkill:
		e.Options = []match.Option{{Name: "Skill Level", Value: strconv.Itoa(p)}}
	}
	return e
}

// shellQuote quotes a path for /bin/sh, which match starts engines with.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// playPairing plays the games of one pairing and returns them from a's
// side.
func (s *levelsSetup) playPairing(ctx context.Context, p levelPreset, a, b int, stderr io.Writer) (w, d, l int, err error) {
	cfg := match.Config{
		Engines:     []match.EngineSpec{s.engineSpec(a), s.engineSpec(b)},
		Rules:       p.rules,
		TimeControl: s.tc,
		Games:       s.games,
		Rounds:      1,
		Concurrency: s.concurrency,
		Seed:        1,
	}
	if s.records != "" {
		dir := filepath.Join(s.records, p.name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return 0, 0, 0, err
		}
		cfg.Records = filepath.Join(dir, playerName(a)+"-"+playerName(b)+".txt")
	}
	if err := chooseOpenings(&cfg, "", false, stderr); err != nil {
		return 0, 0, 0, err
	}
	t, err := match.New(cfg)
	if err != nil {
		return 0, 0, 0, err
	}
	st, err := t.Run(ctx)
	if err != nil {
		return 0, 0, 0, err
	}
	if ns := t.NeverStarted(); len(ns) > 0 {
		return 0, 0, 0, fmt.Errorf("engine %s never started: %v", ns[0].Name, ns[0].Err)
	}
	for _, e := range st.Engines {
		if e.Name == playerName(a) {
			return e.W, e.D, e.L, nil
		}
	}
	return 0, 0, 0, fmt.Errorf("no standing for %s", playerName(a))
}

func runLevels(args []string) int {
	return levelsMain(args, os.Stdout, os.Stderr)
}

func levelsMain(args []string, stdout, stderr io.Writer) int {
	s, err := parseLevelsArgs(args, stderr)
	if errors.Is(err, pflag.ErrHelp) {
		return 0
	}
	if err != nil {
		usageLine, _, _ := strings.Cut(levelsUsage, "\n")
		fmt.Fprintf(stderr, "seega levels: %v\n\n%s\nRun 'seega levels --help' for the options.\n", err, usageLine)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	players := ladderPlayers(s.levels)
	pairings := gauntletPairings(players)
	var ladders []ladder
	for _, p := range s.presets {
		lad := ladder{preset: p.name, players: players}
		for k, pr := range pairings {
			w, d, l, err := s.playPairing(ctx, p, players[pr[0]], players[pr[1]], stderr)
			if err != nil {
				fmt.Fprintf(stderr, "seega levels: %s, %s against %s: %v\n", p.name, playerName(players[pr[0]]), playerName(players[pr[1]]), err)
				if ctx.Err() != nil {
					return 130
				}
				return 1
			}
			fmt.Fprintf(stderr, "%s %s-%s: +%d =%d -%d (pairing %d of %d)\n", p.name,
				playerName(players[pr[0]]), playerName(players[pr[1]]), w, d, l, k+1, len(pairings))
			lad.games = append(lad.games, ladderGames{a: pr[0], b: pr[1], w: w, d: d, l: l})
		}
		if err := lad.fit(); err != nil {
			fmt.Fprintf(stderr, "seega levels: %s: %v\n", p.name, err)
			return 1
		}
		fmt.Fprintf(stdout, "%s, %s, %d games a pairing\n%s\n", p.name, s.tc, s.games, lad.table())
		ladders = append(ladders, lad)
	}
	if s.write != "" {
		if err := writeLevelElo(s.write, s.command, ladders, s.tc.String()); err != nil {
			fmt.Fprintf(stderr, "seega levels: --write: %v\n", err)
			return 1
		}
		fmt.Fprintf(stderr, "wrote %s\n", s.write)
	}
	return 0
}
