package engine

import (
	"context"
	"math"
	"math/rand/v2"

	"seega/board"
)

// LevelPlayer is the one implementation of Level that every searcher
// shares: a searcher keeps one, hands it the level from SetOptions and
// the game boundaries from NewGame, and lets it run the searches of a
// weakened turn (Search). Full strength does not go through it at all,
// so the full-strength search is the same code as without levels.
type LevelPlayer struct {
	level    Level
	on       bool   // a level below full strength is set
	gameSeed uint64 // the seed of an unseeded level, fresh each game
	drawn    bool   // gameSeed has been drawn
}

// SetLevel takes the level of Options.Level (nil: full strength).
func (p *LevelPlayer) SetLevel(l *Level) {
	p.on = !l.FullStrength()
	if p.on {
		p.level = *l
	}
}

// NewGame draws the seed an unseeded level plays the next game with.
func (p *LevelPlayer) NewGame() { p.gameSeed, p.drawn = rand.Uint64(), true }

// Active reports whether searches must go through Search: a level below
// full strength is set.
func (p *LevelPlayer) Active() bool { return p.on }

// SearchFunc is a searcher's own search, which LevelPlayer.Search calls.
type SearchFunc func(ctx context.Context, g *board.Game, lim Limits, info func(Info)) Result

// Search plays one weakened turn with search: within lim (its clock
// and its node budget, so never longer than full strength would take)
// and the level's node budget, it searches the level's candidate turns
// as MultiPV lines, then picks one of the last completed iteration's
// lines with a probability proportional to exp(-gap/T), gap being how
// many cp worse than the best the line scores and T the level's
// temperature. Depth 1 always completes, even past the node budget: a
// level never plays a turn it has not looked at. The pick is seeded by
// the level's seed (or the game's) and the position, so a seeded level
// plays the same turn in the same position.
//
// info receives the lines the caller asked for (lim.MultiPV); the result
// is the turn picked, with its line's score.
func (p *LevelPlayer) Search(ctx context.Context, g *board.Game, lim Limits, info func(Info), search SearchFunc) Result {
	params, _ := p.level.Params()
	want := max(lim.MultiPV, 1)
	inner := lim
	inner.MultiPV = max(params.Candidates, want)
	if inner.Nodes == 0 || inner.Nodes > params.Nodes {
		inner.Nodes = params.Nodes
	}
	var last []Info // the lines of the deepest iteration reported
	collect := func(i Info) {
		if len(last) > 0 && i.Depth != last[0].Depth {
			last = last[:0]
		}
		last = append(last, i)
		if info != nil && i.MultiPV <= want {
			info(i)
		}
	}
	key := g.Position().Hash()
	res := search(ctx, g, inner, collect)
	nodes := res.Nodes
	if len(last) == 0 && ctx.Err() == nil && !g.Result().Over() {
		// The budget ran out inside depth 1: finish it, on the clock.
		one := inner
		one.Nodes, one.Depth, one.Infinite = 0, 1, false
		res = search(ctx, g, one, collect)
		nodes += res.Nodes
	}
	res.Nodes = nodes
	if len(last) == 0 {
		return res // stopped before any iteration: the search's own best
	}
	if !p.drawn {
		p.NewGame() // a game that no NewGame began
	}
	seed := p.gameSeed
	if p.level.Seeded {
		seed = p.level.Seed
	}
	// The caller's MultiPV may search more lines than the level weighs.
	candidates := last[:0:0]
	for _, l := range last {
		if l.MultiPV <= params.Candidates {
			candidates = append(candidates, l)
		}
	}
	if len(candidates) == 0 {
		candidates = last
	}
	pick := PickCandidate(candidates, params.Temperature, rand.New(rand.NewPCG(seed, key)))
	if len(pick.PV) == 0 || len(pick.PV[0]) == 0 {
		return res // no line had a turn: the search's own best
	}
	res.Best = append([]board.Action(nil), pick.PV[0]...)
	res.Score, res.Mate = pick.Score, pick.Mate
	res.Depth = pick.Depth
	return res
}

// PickCandidate picks one of lines (each with a PV) with a probability
// proportional to exp(-(best-score)/temp), best being the highest score
// among them: a line as good as the best is as likely, one a stone worse
// much less. Mate scores are scores like any other, far apart. Lines
// without a turn are never picked, unless no line has one: then it
// returns lines[0].
func PickCandidate(lines []Info, temp float64, rng *rand.Rand) Info {
	best := math.Inf(-1)
	var usable []Info
	for _, l := range lines {
		if len(l.PV) == 0 || len(l.PV[0]) == 0 {
			continue
		}
		usable = append(usable, l)
		best = max(best, float64(l.Score))
	}
	if len(usable) == 0 {
		return lines[0]
	}
	weights := make([]float64, len(usable))
	sum := 0.0
	for i, l := range usable {
		weights[i] = math.Exp(-(best - float64(l.Score)) / max(temp, 1e-9))
		sum += weights[i]
	}
	u := rng.Float64() * sum
	for i, w := range weights {
		if u < w {
			return usable[i]
		}
		u -= w
	}
	return usable[0]
}
