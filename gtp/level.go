package gtp

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"seega/engine"
)

// LevelPlayer is a Player that can play weaker: SearcherPlayer. The
// seega-level command needs one.
type LevelPlayer interface {
	Player
	SetLevel(skill int) // 0 to engine.MaxSkill (full strength)
	Skill() int
}

// levelKey is the parameter's key in GoGui's param lines: one word, as
// GoGui's parameter dialog wants.
const levelKey = "level"

// cmdLevel is seega-level, a GoGui parameter command (the Analyze menu's
// Level entry): with no argument it answers the parameter line
// "[list/0/…/20] level N"; with "level N" (as GoGui's dialog sends it)
// or N it sets the skill level from the next genmove on.
func cmdLevel(e *Engine, _ context.Context, args []string) (string, error) {
	lp, ok := e.player.(LevelPlayer)
	if !ok {
		return "", fmt.Errorf("this player has no levels")
	}
	if len(args) == 0 {
		vals := make([]string, engine.MaxSkill+1)
		for i := range vals {
			vals[i] = strconv.Itoa(i)
		}
		return fmt.Sprintf("[list/%s] %s %d", strings.Join(vals, "/"), levelKey, lp.Skill()), nil
	}
	if len(args) == 2 && strings.EqualFold(args[0], levelKey) {
		args = args[1:]
	}
	if len(args) != 1 {
		return "", fmt.Errorf("syntax error: usage: seega-level [level] <0-20>")
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 0 || n > engine.MaxSkill {
		return "", fmt.Errorf("level %q: want a whole number from 0 to %d", args[0], engine.MaxSkill)
	}
	lp.SetLevel(n)
	return "", nil
}
