package engine

// Level weakens a searcher to a playing strength, for people: Skill 0 is
// the weakest and MaxSkill is full strength. Seed fixes the random choices
// a weakened search makes, when Seeded, so that a game can be replayed.
// (The strength-levels work gives the searchers their use of it; until
// then they ignore it.)
type Level struct {
	Skill  int
	Seed   uint64
	Seeded bool
}

// MaxSkill is the strongest Level: no weakening at all.
const MaxSkill = 20
