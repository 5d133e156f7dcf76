package gtp

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"seega/board"
)

// cmdRules lists the rule options in force, one a line, and how to play
// others. It is the Analyze menu's read-only view of the rules (see
// analyzeCommands for why they cannot be edited from GoGui).
func cmdRules(e *Engine, _ context.Context, _ []string) (string, error) {
	var sb strings.Builder
	for _, name := range board.OptionNames {
		v, _ := e.rules.Get(name)
		fmt.Fprintf(&sb, "%s %s\n", name, v)
	}
	sb.WriteString("To play other rules, restart the program (Program > New Program) with other flags, e.g.\n")
	sb.WriteString("seega gtp --variant classic --size 7 --chain bonus: GoGui sends rule changes to only one of its two programs.")
	return sb.String(), nil
}

// cmdGfx answers GoGui's gfx analyze command: board marks and a hint for
// the status bar. The centre gets a circle (it is empty when the movement
// begins and, in egyptian, safe); the stone picked up by the first move of
// an action, a square; the stone whose chain goes on by its target alone,
// a triangle; the stone named in a pending ransom, a cross. The TEXT line
// says what the next move may be.
func cmdGfx(e *Engine, _ context.Context, _ []string) (string, error) {
	g := e.game
	p := g.Position()
	n := e.size()
	lines := []string{"CIRCLE " + vertexName(p.Centre(), n)}
	if e.pick != board.NoSquare {
		lines = append(lines, "SQUARE "+vertexName(e.pick, n))
	}
	if st := newClickState(g); st.oneClick != board.NoSquare {
		lines = append(lines, "TRIANGLE "+vertexName(st.oneClick, n))
	}
	if r := p.PendingRansom(); r != board.NoSquare {
		lines = append(lines, "MARK "+vertexName(r, n))
	}
	return strings.Join(append(lines, "TEXT "+e.hint()), "\n"), nil
}

// hint is one line on what the next GTP move may be.
func (e *Engine) hint() string {
	g := e.game
	p := g.Position()
	n := e.size()
	side := capital(p.SideToAct().String())
	if res := g.Result(); res.Over() {
		return res.String()
	}
	if e.pick != board.NoSquare {
		return fmt.Sprintf("%s: after %s, play %s", side, vertexName(e.pick, n), e.listText())
	}
	st := newClickState(g)
	legal := g.LegalActions(nil)
	has := func(k board.ActionKind) bool {
		return slices.ContainsFunc(legal, func(a board.Action) bool { return a.Kind == k })
	}
	switch {
	case p.Placement():
		return fmt.Sprintf("%s places a stone (%d in hand)", side, p.Hand(p.SideToAct()))
	case p.PendingRansom() != board.NoSquare:
		h := fmt.Sprintf("White answers the ransom offered for %s: two White stones accept", vertexName(p.PendingRansom(), n))
		if has(board.ActRefuse) {
			h += "; a Black stone refuses"
		}
		return h
	case st.targetFirst:
		return fmt.Sprintf("%s steps into the centre: the centre, then the stone", side)
	case p.Chain() != board.NoSquare:
		h := side + "'s chain goes on: "
		if st.oneClick != board.NoSquare {
			h += "the marked stone by its target alone"
			if p.Chain() == board.ChainAny {
				h += ", another stone and its target"
			}
		} else {
			h += "a stone, then its target"
		}
		if has(board.ActPass) {
			h += "; an opponent's stone stops it"
		}
		return h
	}
	var parts []string
	if has(board.ActStep) {
		parts = append(parts, "a stone, then its target")
	}
	if has(board.ActRansom) {
		parts = append(parts, "a White stone, then a Black one, asks a ransom for it")
	}
	if has(board.ActPass) {
		parts = append(parts, "blocked: pass")
	}
	return side + " to act: " + strings.Join(parts, "; ")
}
