package gtp

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"seega/board"
)

// handler runs one command and returns its response text.
type handler func(e *Engine, ctx context.Context, args []string) (string, error)

// errQuit is returned by quit: Serve answers it and stops.
var errQuit = errors.New("quit")

// handlers maps each command name, exactly as GTP spells it (names are
// case-sensitive), to its handler. Each Engine builds its own copy, so
// that no table is package-level state.
func handlers() map[string]handler {
	return map[string]handler{
		"protocol_version": fixed("2"),
		"name":             func(e *Engine, _ context.Context, _ []string) (string, error) { return e.opts.Name, nil },
		"version":          func(e *Engine, _ context.Context, _ []string) (string, error) { return e.opts.Version, nil },
		"known_command":    arity(1, 1, "known_command <name>", cmdKnownCommand),
		"list_commands":    cmdListCommands,
		"quit":             func(*Engine, context.Context, []string) (string, error) { return "", errQuit },

		"boardsize":   arity(1, 1, "boardsize <5|7|9>", cmdBoardSize),
		"clear_board": cmdClearBoard,
		"komi":        arity(1, 1, "komi <float>", cmdKomi),
		"play":        arity(2, 2, "play <color> <vertex|pass>", cmdPlay),
		"genmove":     arity(1, 1, "genmove <color>", cmdGenmove),
		"undo":        arity(0, 0, "undo", cmdUndo),
		"showboard":   cmdShowBoard,

		"time_settings": arity(3, 3, "time_settings <main_time> <byo_yomi_time> <byo_yomi_stones>", cmdTimeSettings),
		"time_left":     arity(3, 3, "time_left <color> <time> <stones>", cmdTimeLeft),

		"set_variant": arity(0, 1, "set_variant ["+strings.Join(board.Variants, "|")+"]", cmdSetVariant),
		"set_option":  cmdSetOption,
		"seega-fen":   cmdFen,
		"seega-rules": cmdRules,
		"seega-gfx":   cmdGfx,
		"seega-level": cmdLevel,

		"gogui-rules_game_id":     fixed("Seega"),
		"gogui-rules_board":       cmdRulesBoard,
		"gogui-rules_board_size":  func(e *Engine, _ context.Context, _ []string) (string, error) { return strconv.Itoa(e.size()), nil },
		"gogui-rules_legal_moves": func(e *Engine, _ context.Context, _ []string) (string, error) { return e.listText(), nil },
		"gogui-rules_side_to_move": func(e *Engine, _ context.Context, _ []string) (string, error) {
			return e.game.Position().SideToAct().String(), nil
		},
		"gogui-rules_captured_count": cmdCapturedCount,
		"gogui-rules_final_result":   func(e *Engine, _ context.Context, _ []string) (string, error) { return e.game.Result().String(), nil },
		"gogui-analyze_commands":     fixed(analyzeCommands),
		"gogui-interrupt":            fixed(""),
	}
}

// analyzeCommands are the entries GoGui shows in its Analyze menu: each is
// type/label/command (GoGui's manual, "Analyze Commands"). The rules are
// shown, not offered for editing: GoGui sends an analyze command to its
// player program only, so a rule changed there would leave its rules
// program on the old rules (GoGui then reports "Could not synchronize
// position"). Other rules take a restart with other flags.
const analyzeCommands = `gfx/Marks and hints/seega-gfx
pstring/Legal moves/gogui-rules_legal_moves
string/Result/gogui-rules_final_result
string/Position (SeFEN)/seega-fen
string/Show board/showboard
string/Rules/seega-rules
param/Level/seega-level`

func fixed(s string) handler {
	return func(*Engine, context.Context, []string) (string, error) { return s, nil }
}

// arity is h for a command that takes from min to max arguments: any
// other count is a syntax error that shows usage.
func arity(min, max int, usage string, h handler) handler {
	return func(e *Engine, ctx context.Context, args []string) (string, error) {
		if len(args) < min || len(args) > max {
			return "", fmt.Errorf("syntax error: usage: %s", usage)
		}
		return h(e, ctx, args)
	}
}

func cmdKnownCommand(e *Engine, _ context.Context, args []string) (string, error) {
	_, ok := e.handlers[args[0]]
	return strconv.FormatBool(ok), nil
}

func cmdListCommands(e *Engine, _ context.Context, _ []string) (string, error) {
	return strings.Join(slices.Sorted(maps.Keys(e.handlers)), "\n"), nil
}

func cmdBoardSize(e *Engine, _ context.Context, args []string) (string, error) {
	n, err := strconv.Atoi(args[0])
	if err != nil {
		return "", fmt.Errorf("syntax error: %q is not a board size", args[0])
	}
	r := e.rules
	if n != 5 && n != 7 && n != 9 {
		return "", fmt.Errorf("unacceptable size: Seega is played on 5, 7 or 9")
	}
	if err := r.Set("BoardSize", args[0]); err != nil {
		return "", fmt.Errorf("unacceptable size: %v", err)
	}
	return "", e.setRules(r)
}

func cmdClearBoard(e *Engine, _ context.Context, _ []string) (string, error) {
	return "", e.setRules(e.rules)
}

// cmdKomi accepts and ignores komi, which GoGui sends with every new
// game: Seega has none.
func cmdKomi(_ *Engine, _ context.Context, args []string) (string, error) {
	if _, err := strconv.ParseFloat(args[0], 64); err != nil {
		return "", fmt.Errorf("syntax error: %q is not a number", args[0])
	}
	return "", nil
}

func cmdPlay(e *Engine, _ context.Context, args []string) (string, error) {
	side, err := parseColor(args[0])
	if err != nil {
		return "", err
	}
	if us := e.game.Position().SideToAct(); side != us && !e.game.Result().Over() {
		return "", fmt.Errorf("wrong color: %s is to act", us)
	}
	n := e.size()
	if m, ok := parseVertex(args[1], n); ok {
		err = e.play(m)
	} else {
		a, perr := board.ParseAction(strings.ToLower(args[1]), n)
		if perr != nil {
			return "", fmt.Errorf("syntax error: %q is not a vertex, pass, or an action in RULES.md notation (%v)", args[1], perr)
		}
		err = e.playAction(a)
	}
	if err == nil {
		e.plan = nil
	}
	return "", err
}

func cmdGenmove(e *Engine, ctx context.Context, args []string) (string, error) {
	side, err := parseColor(args[0])
	if err != nil {
		return "", err
	}
	return e.genmove(ctx, side)
}

func cmdUndo(e *Engine, _ context.Context, args []string) (string, error) {
	return "", e.undo()
}

func cmdTimeSettings(e *Engine, _ context.Context, args []string) (string, error) {
	main, err := parseSeconds(args[0])
	if err != nil {
		return "", err
	}
	byo, err := parseSeconds(args[1])
	if err != nil {
		return "", err
	}
	stones, err := parseCount(args[2])
	if err != nil {
		return "", err
	}
	e.clock.settings(main, byo, stones)
	return "", nil
}

func cmdTimeLeft(e *Engine, _ context.Context, args []string) (string, error) {
	side, err := parseColor(args[0])
	if err != nil {
		return "", err
	}
	left, err := parseSeconds(args[1])
	if err != nil {
		return "", err
	}
	stones, err := parseCount(args[2])
	if err != nil {
		return "", err
	}
	e.clock.left(side, left, stones)
	return "", nil
}

func parseCount(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 1e6 {
		return 0, fmt.Errorf("syntax error: %q is not a count of stones", s)
	}
	return n, nil
}
