package main

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"seega/board"
	"seega/firststep"
)

func init() {
	register("firststep", "solve the placement's fight over the first step, where only the gates and tips decide it (docs/strength.md § Placement)", runFirstStep)
}

// maxOpeningTurns bounds --openings: three turns from the empty 5×5
// board are 12 million openings, a few seconds; four would be billions.
const maxOpeningTurns = 3

func runFirstStep(args []string) int {
	fs := newFlagSet("firststep", `usage: seega firststep [--variant V] [--size N] [rule options] [--fen SeFEN] [--moves "t1 t2 …"] [--openings K]
       seega firststep --search [--variant V] [rule options] [--fen SeFEN] [--moves "…"] [--random N [--opening-turns K] [--seed S]] [--extra-turns E]

Under rules where the first movement step's captures depend only on the
four squares next to the centre and the four behind them (Chain none,
Directions 4, LineCapture off; boards of 5 and 7), the placement is
solved exactly: the side that steps first places to take as many stones
as it can at that step, the other to lose as few as it can. Prints that
value from the position and the placement turns that keep it; with
--openings K, how the value falls over every way to play the next K
placement turns (the match runner's random openings draw from them).

With --search, under any rules: a full-width alpha-beta search with a
material-only evaluation (no pruning, so the value is exact for its
depth) to the end of the placement and --extra-turns movement turns
past it, then every capture that follows; it prints the material the
movement starter ends with, ahead or behind. With --random N it searches
the N random openings that 'seega match --openings random
--opening-turns K --seed S' plays, and says how the values fall. The
searches grow fast with the placement turns left: from the two-turn
openings on 5×5, 10 to 40 seconds each.

Examples, issue 44's no-limit rules from the empty board, and the
egyptian preset from the openings of a match with seed 7:
  seega firststep --centre-safe off --chain none --no-capture-limit 0 --repetition-draw 0 --openings 2
  seega firststep --search --variant egyptian --random 50 --seed 7
`)
	rf := addRulesFlags(fs)
	fen := fs.String("fen", "", "start from this SeFEN instead of the variant's start position")
	moves := fs.String("moves", "", "turns or actions to play first, space-separated (MoveGranularity turn)")
	openings := fs.Int("openings", 0, fmt.Sprintf("also count the value over every sequence of this many placement turns from the position (0 to %d)", maxOpeningTurns))
	useSearch := fs.Bool("search", false, "search instead of solving, under any rules: full width, material only, to the end of the placement and --extra-turns past it")
	extra := fs.Int("extra-turns", 1, "with --search: movement turns searched past the placement, before the captures that follow (1 to 4)")
	random := fs.Int("random", 0, "with --search: search the first N random openings of 'seega match --openings random' instead of the position")
	openingTurns := fs.Int("opening-turns", 2, "with --random: placement turns in a random opening, as seega match's flag")
	seed := fs.Uint64("seed", 1, "with --random: the openings' seed, as seega match's flag")
	hashMB := fs.Int("hash", 256, "with --search: the transposition table of each search, in MiB")
	pv := fs.Bool("pv", false, "with --search: print each search's line")
	if status, ok := parseOnlyFlags(fs, args); !ok {
		return status
	}
	if *openings < 0 || *openings > maxOpeningTurns {
		return usageError(fs, "--openings %d: must be 0 to %d", *openings, maxOpeningTurns)
	}
	r, err := rf.rules()
	if err != nil {
		return usageError(fs, "%v", err)
	}
	if !*useSearch {
		for _, name := range []string{"extra-turns", "random", "opening-turns", "seed", "hash", "pv"} {
			if fs.Changed(name) {
				return usageError(fs, "--%s: only with --search", name)
			}
		}
	} else {
		switch {
		case *openings != 0:
			return usageError(fs, "--openings: counts the solver's values; with --search, --random N draws openings to search")
		case *extra < 1 || *extra > 4:
			return usageError(fs, "--extra-turns %d: must be 1 to 4", *extra)
		case *random < 0:
			return usageError(fs, "--random %d: must be 0 or more", *random)
		case *random > 0 && (fs.Changed("fen") || fs.Changed("moves")):
			return usageError(fs, "--random: draws its openings from the start position; leave out --fen and --moves")
		case *openingTurns < 0 || *openingTurns >= r.Stones():
			return usageError(fs, "--opening-turns %d: must be 0 to %d, so that some of the placement's %d turns are left to search", *openingTurns, r.Stones()-1, r.Stones())
		case *hashMB < 1 || *hashMB > maxSearchHashMB:
			return usageError(fs, "--hash %d: must be 1 to %d", *hashMB, maxSearchHashMB)
		}
		g, status, ok := startGame(fs, r, *fen, *moves)
		if !ok {
			return status
		}
		if !g.Position().Placement() {
			return usageError(fs, "the position is not a placement position: nothing to search")
		}
		return firstStepSearch{extra: *extra, hashMB: *hashMB, random: *random, turns: *openingTurns, seed: *seed, verbose: *pv}.run(r, g)
	}
	s, err := firststep.New(r)
	if err != nil {
		if errors.Is(err, firststep.ErrRules) {
			return usageError(fs, "%v: the solver covers rules with --chain none, --directions 4 and --line-capture off", err)
		}
		return usageError(fs, "%v", err)
	}
	g, status, ok := startGame(fs, r, *fen, *moves)
	if !ok {
		return status
	}
	s.SolveAll()
	v, ok := s.Value(g.Position())
	if !ok {
		return usageError(fs, "the position is not a placement position with an empty centre: nothing to solve")
	}
	starter := r.MovementStarter
	fmt.Printf("value %s\n", describe(v, starter))
	if c, ok := s.Best(g); ok {
		names := board.FormatTurns(c.Turns, r.BoardSize)
		slices.Sort(names)
		fmt.Printf("best turns for %s (%d of %d): %s\n", sideName(g.Position().SideToAct()), len(c.Turns), c.Legal, strings.Join(names, " "))
	}
	if *openings > 0 {
		counts := map[int]uint64{}
		var total uint64
		countOpenings(g, s, *openings, counts, &total)
		if total == 0 {
			fmt.Println("openings: none (the placement ends sooner)")
			return 0
		}
		fmt.Printf("openings of %d turns: %d\n", *openings, total)
		for _, v := range slices.Sorted(maps.Keys(counts)) {
			fmt.Printf("  %-40s %9d  %5.1f%%\n", describe(v, starter), counts[v], 100*float64(counts[v])/float64(total))
		}
	}
	return 0
}

// describe says what the value v means, the starter being s.
func describe(v int, s board.Color) string {
	if v == firststep.Blockaded {
		return fmt.Sprintf("%d: %s is left without a gate stone and loses, blocked", v, sideName(s))
	}
	return fmt.Sprintf("%d: %s's first step takes %d of %s's stones", v, sideName(s), v, sideName(s^1))
}

// countOpenings adds the value after every sequence of k placement turns
// from g to counts, and their number to total.
func countOpenings(g *board.Game, s *firststep.Solver, k int, counts map[int]uint64, total *uint64) {
	if k == 0 || !g.Position().Placement() {
		if k == 0 {
			v, _ := s.Value(g.Position())
			counts[v]++
			*total++
		}
		return
	}
	var turns [][]board.Action
	g.ForEachTurn(func(t []board.Action) bool {
		turns = append(turns, slices.Clone(t))
		return true
	})
	for _, t := range turns {
		for _, a := range t {
			g.Make(a)
		}
		countOpenings(g, s, k-1, counts, total)
		for range t {
			g.Unmake()
		}
	}
}
