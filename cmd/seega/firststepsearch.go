package main

import (
	"context"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"seega/board"
	"seega/engine"
	"seega/eval"
	"seega/match"
	"seega/search"
)

// Under rules the gate solver does not cover (chains, eight directions,
// line captures: every preset), the first movement turn can reach any
// square, so the placement's fight over it has no small game to solve.
// What can still be had exactly is a search: from a position late
// enough in the placement, a full-width alpha-beta (search.NewPlain, no
// pruning or reduction, so its value at a fixed depth is the minimax
// value of the tree) with a material-only evaluation, to the end of the
// placement and the first movement turns beyond it, then captures until
// none is left. Its value is what best play by both sides takes at the
// first step, as far as material shows it; the match runner's random
// openings are where issue 44's test starts its games, so that is where
// firststep --search looks.

// maxSearchHashMB bounds --hash, as the UGI option Hash is bounded.
const maxSearchHashMB = 16384

// firstStepSearch is the --search mode's settings.
type firstStepSearch struct {
	extra   int    // movement turns searched past the placement
	hashMB  int    // the table of each search
	random  int    // random openings to search, 0 for the position alone
	turns   int    // placement turns in a random opening
	seed    uint64 // the random openings' seed, as seega match takes it
	verbose bool
}

// run searches the position of g, or the random openings, and prints
// each value and, for openings, how the values fall.
//
// g, and every opening, must be placement positions (runFirstStep checks
// g and bounds the opening turns below the placement's).
func (f firstStepSearch) run(r board.Rules, g *board.Game) int {
	// One table for every search, cleared before each (searchOne).
	s := search.NewPlain(engine.Options{HashMB: f.hashMB, Threads: 1}, eval.MaterialOnly{})
	if f.random == 0 {
		v := f.searchOne(s, r, g, "position "+g.SeFEN())
		fmt.Printf("value %s\n", describeStones(v, r.MovementStarter))
		return 0
	}
	counts := map[int]int{}
	sum, counted := 0, 0
	for k := range f.random {
		o, err := match.GenerateOpening(r, f.seed, k, f.turns)
		if err != nil {
			fmt.Fprintf(os.Stderr, "seega firststep: opening %d: %v\n", k, err)
			return 1
		}
		og, err := o.Game(r)
		if err != nil {
			fmt.Fprintf(os.Stderr, "seega firststep: opening %d: %v\n", k, err)
			return 1
		}
		v := f.searchOne(s, r, og, fmt.Sprintf("opening %d: %s", k, o))
		counts[v]++
		if v != forcedWin && v != forcedLoss {
			sum += v
			counted++
		}
	}
	fmt.Printf("openings: %d (seed %d, %d random placement turns)", f.random, f.seed, f.turns)
	if counted > 0 {
		fmt.Printf("; mean %.2f stones for %s where no side wins by force", float64(sum)/float64(counted), sideName(r.MovementStarter))
	}
	fmt.Println()
	for _, v := range slices.Sorted(maps.Keys(counts)) {
		fmt.Printf("  %-40s %5d  %5.1f%%\n", describeStones(v, r.MovementStarter), counts[v], 100*float64(counts[v])/float64(f.random))
	}
	return 0
}

// searchOne searches g with s to the end of the placement and f.extra
// movement turns past it from a cleared table, prints the line and
// returns the value in stones for the movement starter.
func (f firstStepSearch) searchOne(s *search.AlphaBeta, r board.Rules, g *board.Game, label string) int {
	p := g.Position()
	// The turns left in the placement: two stones a turn, the side to
	// act finishing a half-done turn first.
	left := (p.Hand(board.White) + p.Hand(board.Black) + 1) / 2
	depth := left + f.extra
	s.NewGame()
	var pv [][]board.Action
	start := time.Now()
	res := s.Search(context.Background(), g, engine.Limits{Depth: depth}, func(in engine.Info) {
		if in.Text == "" && in.MultiPV <= 1 {
			pv = in.PV
		}
	})
	elapsed := time.Since(start)
	score := res.Score
	if p.SideToAct() != r.MovementStarter {
		score = -score
	}
	stones := score / eval.StoneValue
	if res.Mate != 0 { // a blockade or a side down to LoseAt stones within the depth
		stones = forcedLoss
		if score > 0 {
			stones = forcedWin
		}
	}
	fmt.Printf("%s: %s (depth %d, %d nodes, %.1f s)", label, describeStones(stones, r.MovementStarter), res.Depth, res.Nodes, elapsed.Seconds())
	if f.verbose && len(pv) > 0 {
		fmt.Printf(" pv %s", strings.Join(board.FormatTurns(pv, r.BoardSize), " "))
	}
	fmt.Println()
	return stones
}

// forcedWin and forcedLoss stand for a decided game, for the starter,
// among the values in stones: above and below any count of stones.
const (
	forcedWin  = 1000
	forcedLoss = -1000
)

// describeStones says what a searched value v means, the starter being s.
func describeStones(v int, s board.Color) string {
	stones := func(n int) string {
		if n == 1 {
			return "1 stone"
		}
		return fmt.Sprintf("%d stones", n)
	}
	switch {
	case v == forcedWin:
		return fmt.Sprintf("%s wins by force", sideName(s))
	case v == forcedLoss:
		return fmt.Sprintf("%s loses by force", sideName(s))
	case v > 0:
		return fmt.Sprintf("%+d: %s ends %s ahead", v, sideName(s), stones(v))
	case v < 0:
		return fmt.Sprintf("%+d: %s ends %s behind", v, sideName(s), stones(-v))
	}
	return "0: level"
}
