package protocol

import (
	"fmt"
	"strconv"
	"strings"

	"seega/engine"
)

// levelOptions are the options that make the engine play weaker: Skill
// Level, or UCI_LimitStrength with UCI_Elo, which wins when both are set
// (as in chess engines), and the Seed of the level's choices.
type levelOptions struct {
	skill         int    // 0 to engine.MaxSkill
	limitStrength bool   // UCI_LimitStrength: play at elo instead
	elo           int    // UCI_Elo, on engine.LevelElo's scale
	seed          uint64 // 0: a fresh seed each game
}

func defaultLevelOptions() levelOptions {
	lo, _ := engine.LevelEloRange()
	return levelOptions{skill: engine.MaxSkill, elo: lo}
}

// level is the engine.Level the options ask for, nil at full strength;
// goSeed, if not nil, is a seed given by the go command, which wins over
// the Seed option for that search.
func (l levelOptions) level(goSeed *uint64) *engine.Level {
	lv := engine.Level{Skill: l.skill}
	if l.limitStrength {
		lv = engine.LevelForElo(l.elo)
	}
	if lv.FullStrength() {
		return nil
	}
	switch {
	case goSeed != nil:
		lv.Seed, lv.Seeded = *goSeed, true
	case l.seed != 0:
		lv.Seed, lv.Seeded = l.seed, true
	}
	return &lv
}

// maxSeed bounds the Seed spin: GUIs read spin bounds as 32-bit numbers.
const maxSeed = 1<<31 - 1

// levelOptionList is the option lines of the level options.
func levelOptionList() []option {
	eloLo, eloHi := engine.LevelEloRange()
	return []option{
		{name: "Skill Level", typ: "spin", min: 0, max: engine.MaxSkill,
			get: func(s *Session) string { return strconv.Itoa(s.level.skill) },
			set: func(s *Session, v string) error {
				n, err := spin(v, 0, engine.MaxSkill)
				if err == nil {
					s.level.skill = n
				}
				return err
			}},
		{name: "UCI_LimitStrength", typ: "check",
			get: func(s *Session) string { return strconv.FormatBool(s.level.limitStrength) },
			set: func(s *Session, v string) error {
				switch strings.ToLower(v) {
				case "true":
					s.level.limitStrength = true
				case "false":
					s.level.limitStrength = false
				default:
					return fmt.Errorf("%s is not true or false", quote(v))
				}
				return nil
			}},
		{name: "UCI_Elo", typ: "spin", min: eloLo, max: eloHi,
			get: func(s *Session) string { return strconv.Itoa(s.level.elo) },
			set: func(s *Session, v string) error {
				n, err := spin(v, eloLo, eloHi)
				if err == nil {
					s.level.elo = n
				}
				return err
			}},
		{name: "Seed", typ: "spin", min: 0, max: maxSeed,
			get: func(s *Session) string { return strconv.FormatUint(s.level.seed, 10) },
			set: func(s *Session, v string) error {
				n, err := spin(v, 0, maxSeed)
				if err == nil {
					s.level.seed = uint64(n)
				}
				return err
			}},
	}
}
