package gtp

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"seega/board"
)

// cmdSetVariant switches to a preset and starts a new game. Unlike the
// board package's Variant option, it keeps the board size: in GTP the size
// is boardsize's business. With no argument it names the variant.
func cmdSetVariant(e *Engine, _ context.Context, args []string) (string, error) {
	if len(args) == 0 {
		return e.rules.Variant, nil
	}
	return "", e.setVariant(args[0])
}

func (e *Engine) setVariant(name string) error {
	r, err := board.Preset(strings.ToLower(name))
	if err != nil {
		return err
	}
	if err := r.Set("BoardSize", strconv.Itoa(e.rules.BoardSize)); err != nil {
		return err
	}
	return e.setRules(r)
}

// cmdSetOption sets one rule option (docs/rules.md § Options and variants) and starts a new game.
// With only a name it answers the option's value; with no argument it
// lists every option as "[type] name value" lines (the format of GoGui's
// param analyze command). It is for controllers that drive one program:
// the Analyze menu does not offer it, since GoGui would send a change to
// its player program and not to its rules program (see analyzeCommands).
func cmdSetOption(e *Engine, _ context.Context, args []string) (string, error) {
	switch len(args) {
	case 0:
		return e.optionParams(), nil
	case 1:
		return e.rules.Get(args[0])
	}
	name, value := args[0], strings.Join(args[1:], " ")
	canon, ok := board.CanonicalOption(name)
	if !ok {
		return "", fmt.Errorf("unknown rule option %q (options: %s)", name, strings.Join(board.OptionNames, ", "))
	}
	if canon == "Variant" {
		return "", e.setVariant(value)
	}
	r := e.rules
	if err := r.Set(canon, value); err != nil {
		return "", err
	}
	return "", e.setRules(r)
}

// optionParams lists the rule options as GoGui's param lines:
// "[type] key value".
func (e *Engine) optionParams() string {
	var lines []string
	for _, name := range board.OptionNames {
		v, _ := e.rules.Get(name)
		typ := "[string]"
		switch vals := board.OptionValues(name); {
		case name == "BoardSize":
			typ = "[list/5/7/9]"
		case name == "Directions":
			typ = "[list/4/8]"
		case len(vals) == 2 && vals[0] == "on":
			typ = "[bool]"
			v = map[string]string{"on": "1", "off": "0"}[v]
		case vals != nil:
			typ = "[list/" + strings.Join(vals, "/") + "]"
		}
		lines = append(lines, typ+" "+name+" "+v)
	}
	return strings.Join(lines, "\n")
}

// cmdFen answers the position as SeFEN, or with arguments sets it (an
// extension for tests and analysis; clear_board returns to the start).
func cmdFen(e *Engine, _ context.Context, args []string) (string, error) {
	if len(args) == 0 {
		return e.game.SeFEN(), nil
	}
	g, err := board.NewGameFromSeFEN(e.rules, strings.Join(args, " "))
	if err != nil {
		return "", err
	}
	e.rules = *g.Rules()
	e.startGame(g)
	return "", nil
}
