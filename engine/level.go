package engine

import (
	"math"
)

// MaxSkill is the full-strength skill level: the engine exactly as it
// plays without a level.
const MaxSkill = 20

// Level asks a searcher to play weaker than it can, the way a person
// does: it searches less and picks among its best few turns with a
// probability that falls with how much worse each scores, so that it
// misses deep tactics and long plans but seldom throws a stone away.
// Options.Level nil, or a Level with Skill MaxSkill, is full strength.
type Level struct {
	Skill int // 0 (weakest) to MaxSkill (full strength)
	// Frac, 0 to 1, is how far the level stands from Skill towards
	// Skill+1: UCI_Elo asks for strengths between the whole levels, and
	// the node budget and the temperature are interpolated.
	Frac float64
	// Seed makes the choices reproducible when Seeded: the same seed in
	// the same position picks the same turn. Unseeded, a level draws a
	// fresh seed for each game (Searcher.NewGame), so that its games vary.
	Seed   uint64
	Seeded bool
}

// FullStrength reports whether l asks for nothing weaker than the engine
// as it is (nil, or Skill MaxSkill or more).
func (l *Level) FullStrength() bool { return l == nil || l.Skill >= MaxSkill }

// Level parameters, by skill: the node budget grows geometrically from
// levelBaseNodes (about depth 1; the search looks at its budget every
// 256 nodes) by levelNodeRatio a level, to about 58,000 nodes at skill
// 19 (full strength at 100 ms a turn searches some 100,000), so that a
// level's strength does not depend on the machine or its load; the
// temperature (in cp of score gap that divide a turn's chance by e)
// falls geometrically from levelMaxTemp at skill 0 to levelMinTemp at
// skill MaxSkill-1, so that it is below a stone's worth from level 4 on
// and free stones are taken at all but the lowest levels. Level 0 still takes most free stones (TestLevelZero-
// TakesFreeStones) and beats random play nearly always; the values come
// from short calibration runs (docs/strength.md, "Levels").
const (
	levelBaseNodes  = 256
	levelNodeRatio  = 1.33
	levelMaxTemp    = 200.0
	levelMinTemp    = 5.0
	levelCandidates = 4 // MultiPV lines a level chooses among
)

// LevelParams is what a level changes in a search.
type LevelParams struct {
	Nodes       uint64  // node budget of the search (beyond depth 1, which always completes)
	Candidates  int     // best turns it chooses among (MultiPV)
	Temperature float64 // cp of score gap that divide a turn's chance by e
}

// Params are l's search parameters; a full-strength level has none (ok
// false).
func (l *Level) Params() (p LevelParams, ok bool) {
	if l.FullStrength() {
		return LevelParams{}, false
	}
	s := float64(max(l.Skill, 0)) + min(max(l.Frac, 0), 1)
	s = min(s, MaxSkill-1)
	p.Nodes = uint64(levelBaseNodes * math.Pow(levelNodeRatio, s))
	p.Candidates = levelCandidates
	p.Temperature = levelMaxTemp * math.Pow(levelMinTemp/levelMaxTemp, s/(MaxSkill-1))
	return p, true
}

// LevelForElo is the level whose measured Elo (LevelElo, on the scale
// LevelEloScale names) is elo: between two whole levels it is
// fractional, and outside the scale it is level 0 or full strength. A
// short measurement may leave a level below the one before it; the
// mapping then follows the running maximum, so that more Elo never asks
// for a lower level.
func LevelForElo(elo int) Level {
	env := levelEloEnvelope()
	e := float64(elo)
	if e <= env[0] {
		return Level{Skill: 0}
	}
	for s := 0; s < MaxSkill; s++ {
		lo, hi := env[s], env[s+1]
		if e < hi {
			return Level{Skill: s, Frac: (e - lo) / (hi - lo)}
		}
	}
	return Level{Skill: MaxSkill}
}

// levelEloEnvelope is LevelElo's running maximum.
func levelEloEnvelope() [MaxSkill + 1]float64 {
	env := LevelElo
	for s := 1; s <= MaxSkill; s++ {
		env[s] = max(env[s], env[s-1])
	}
	return env
}

// LevelEloRange is the UCI_Elo spin's range: level 0's Elo to full
// strength's, rounded inwards.
func LevelEloRange() (lo, hi int) {
	env := levelEloEnvelope()
	return int(math.Ceil(env[0])), int(math.Floor(env[MaxSkill]))
}
