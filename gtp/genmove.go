package gtp

import (
	"context"
	"fmt"
	"slices"
	"time"

	"seega/board"
)

// genmove plays one GTP move for side and returns it. The first genmove
// of a turn asks the Player for the whole turn and keeps the rest of it as
// the plan, so the following genmoves of the same turn (GoGui asks again
// while the same side is to act) answer at once and stay with the choice.
func (e *Engine) genmove(ctx context.Context, side board.Color) (string, error) {
	g := e.game
	if res := g.Result(); res.Over() {
		return "", fmt.Errorf("game is over: %s", res.String())
	}
	if us := g.Position().SideToAct(); side != us {
		return "", fmt.Errorf("wrong color: %s is to act", us)
	}
	start := time.Now()
	if len(e.plan) == 0 {
		e.plan = e.choose(ctx, side)
	}
	m, rest := e.plan[0], e.plan[1:]
	if err := e.play(m); err != nil {
		// The plan went stale, which should not happen; any legal move
		// beats an illegal one.
		m, rest = e.fallback(), nil
		if err := e.play(m); err != nil {
			return "", fmt.Errorf("internal error: no legal move to play: %v", err)
		}
	}
	e.plan = rest
	e.clock.spend(side, time.Since(start))
	return m.text(e.size()), nil
}

// choose asks the Player for the rest of the turn and turns it into GTP
// moves, checking every action against the rules.
func (e *Engine) choose(ctx context.Context, side board.Color) []move {
	var first []board.Action
	if e.pick != board.NoSquare {
		first = e.startingWith(e.pick)
	}
	turn := e.player.Turn(ctx, e.game.Clone(), e.clock.budget(side, e.opts.MoveTime), first)
	if moves := e.movesOf(turn, first); len(moves) > 0 {
		return moves
	}
	// The Player gave nothing usable: play the first legal action.
	legal := first
	if legal == nil {
		legal = e.game.LegalActions(nil)
	}
	if len(legal) > 0 {
		if moves := e.movesOf(legal[:1], first); len(moves) > 0 {
			return moves
		}
	}
	return []move{e.fallback()}
}

// movesOf converts a turn into the GTP moves still to play, keeping only
// its legal beginning: each action by its first encoding (with a stone
// picked up, by the move that completes its action). A turn that ends
// while an optional chain is still open is taken as stopped there, as
// docs/rules.md writes it, so the stop is added.
func (e *Engine) movesOf(turn []board.Action, first []board.Action) []move {
	g := e.game.Clone()
	side := g.Position().SideToAct()
	var out []move
	for i, a := range turn {
		legal, ok := g.Legalize(a)
		if !ok || (i == 0 && first != nil && !slices.ContainsFunc(first, legal.Same)) {
			break
		}
		st := newClickState(g)
		if i == 0 && e.pick != board.NoSquare {
			second, ok := secondMove(st, legal, e.pick)
			if !ok {
				break
			}
			out = append(out, second)
		} else {
			out = append(out, st.encodings(legal, nil)[0].moves()...)
		}
		g.Make(legal)
		if !g.Position().MidTurn() || g.Result().Over() {
			return out
		}
	}
	if len(out) > 0 && g.Position().SideToAct() == side {
		if stop, ok := g.Legalize(board.Pass()); ok {
			out = append(out, newClickState(g).encodings(stop, nil)[0].m[0])
		}
	}
	return out
}

// fallback is the first legal GTP move, for when the Player gave nothing
// usable. The game must not be over.
func (e *Engine) fallback() move {
	squares, pass := e.nextMoves()
	if squares.Any() {
		return vertexMove(squares.First())
	}
	if pass {
		return passMove()
	}
	return move{sq: board.NoSquare}
}
