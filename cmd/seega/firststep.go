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

Under rules where the first movement step's captures depend only on the
four squares next to the centre and the four behind them (Chain none,
Directions 4, LineCapture off; boards of 5 and 7), the placement is
solved exactly: the side that steps first places to take as many stones
as it can at that step, the other to lose as few as it can. Prints that
value from the position and the placement turns that keep it; with
--openings K, how the value falls over every way to play the next K
placement turns (the match runner's random openings draw from them).

Example, issue 44's no-limit rules from the empty board:
  seega firststep --centre-safe off --chain none --no-capture-limit 0 --repetition-draw 0 --openings 2
`)
	rf := addRulesFlags(fs)
	fen := fs.String("fen", "", "start from this SeFEN instead of the variant's start position")
	moves := fs.String("moves", "", "turns or actions to play first, space-separated (MoveGranularity turn)")
	openings := fs.Int("openings", 0, fmt.Sprintf("also count the value over every sequence of this many placement turns from the position (0 to %d)", maxOpeningTurns))
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
		names := make([]string, len(c.Turns))
		for i, t := range c.Turns {
			names[i] = board.TurnString(t, r.BoardSize)
		}
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
