package gtp

import (
	"fmt"
	"time"

	"seega/board"
)

// Options configures an Engine.
type Options struct {
	Name     string        // the answer to `name`; "Seega" if empty
	Version  string        // the answer to `version`; "dev" if empty
	MoveTime time.Duration // time per turn when GTP sets no clock; 1 s if zero
}

// Engine is one GTP session's state: the rules, the game, the half-played
// step and the engine's clock. It is not safe for concurrent use: Serve
// runs one command at a time.
type Engine struct {
	opts   Options
	rules  board.Rules
	game   *board.Game
	player Player
	// handlers is the command table (commands.go).
	handlers map[string]handler

	// pick is the stone picked up by the first vertex of a two-vertex
	// action (a step, a ransom request, an acceptance), or NoSquare. It is
	// GTP's half-state: the board package knows nothing of it.
	pick board.Square
	// record has one entry per GTP move played since the game (or the
	// SeFEN) began, so that undo takes back exactly one, as GoGui counts
	// them.
	record []entry
	// plan holds the rest of the turn that genmove chose, as GTP moves.
	// Any other change to the game drops it.
	plan []move

	clock clocks
}

// entry is one GTP move in the record: a stone picked up, or an action
// made (with the stone that was picked up before it, if any).
type entry struct {
	made       bool
	pickBefore board.Square
}

// New returns an engine for rules r, at the start position.
func New(r board.Rules, p Player, opts Options) (*Engine, error) {
	if opts.Name == "" {
		opts.Name = "Seega"
	}
	if opts.Version == "" {
		opts.Version = "dev"
	}
	if opts.MoveTime <= 0 {
		opts.MoveTime = time.Second
	}
	e := &Engine{opts: opts, player: p, handlers: handlers()}
	if err := e.setRules(r); err != nil {
		return nil, err
	}
	return e, nil
}

// setRules switches to rules r and starts a new game under them.
func (e *Engine) setRules(r board.Rules) error {
	g, err := board.NewGame(r)
	if err != nil {
		return err
	}
	e.rules = r
	e.startGame(g)
	return nil
}

// startGame makes g the game and forgets everything about the last one.
func (e *Engine) startGame(g *board.Game) {
	e.game = g
	e.pick = board.NoSquare
	e.record = e.record[:0]
	e.plan = nil
	e.player.NewGame()
}

func (e *Engine) size() int { return e.game.Position().Size() }

// legalFirst is the set of vertices that may be played now, and whether
// pass may: the first vertices of the legal actions, or, with a stone
// picked up, the second vertices of its actions.
func (e *Engine) legalFirst() (squares board.Bitboard, pass bool) {
	var buf [256]board.Action
	for _, a := range e.game.LegalActions(buf[:0]) {
		ms := actionMoves(a)
		if e.pick == board.NoSquare {
			if ms[0].pass {
				pass = true
				continue
			}
			squares = squares.Or(board.SquareBit(ms[0].sq))
			if a.Kind == board.ActAccept { // either stone may come first
				squares = squares.Or(board.SquareBit(ms[1].sq))
			}
			continue
		}
		if second, ok := secondVertex(a, e.pick); ok {
			squares = squares.Or(board.SquareBit(second))
		}
	}
	return squares, pass
}

// secondVertex is the vertex that completes a after the stone on pick was
// picked up, if a begins with pick.
func secondVertex(a board.Action, pick board.Square) (board.Square, bool) {
	switch a.Kind {
	case board.ActStep:
		return a.To, a.From == pick
	case board.ActRansom:
		return a.To, a.To == pick
	case board.ActAccept:
		switch pick {
		case a.From:
			return a.To, true
		case a.To:
			return a.From, true
		}
	}
	return board.NoSquare, false
}

// startingWith lists the legal actions that begin with the stone on sq.
func (e *Engine) startingWith(sq board.Square) []board.Action {
	var out []board.Action
	var buf [256]board.Action
	for _, a := range e.game.LegalActions(buf[:0]) {
		if _, ok := secondVertex(a, sq); ok {
			out = append(out, a)
		}
	}
	return out
}

// play makes one GTP move, or changes nothing and says why not.
func (e *Engine) play(m move) error {
	g := e.game
	if res := g.Result(); res.Over() {
		return fmt.Errorf("illegal move: the game is over (%s)", res.String())
	}
	n := e.size()
	var buf [256]board.Action
	legal := g.LegalActions(buf[:0])
	if e.pick != board.NoSquare {
		if m.pass {
			return fmt.Errorf("illegal move: the stone on %s is picked up; play its target (%s) or undo", vertexName(e.pick, n), e.listText())
		}
		for _, a := range legal {
			if second, ok := secondVertex(a, e.pick); ok && second == m.sq {
				e.make(a, e.pick)
				return nil
			}
		}
		return fmt.Errorf("illegal move: %s; the stone on %s is picked up, and its targets are %s", e.whySecond(m.sq), vertexName(e.pick, n), e.listText())
	}
	for _, a := range legal {
		ms := actionMoves(a)
		switch {
		case m.pass && ms[0].pass:
			e.make(a, board.NoSquare)
			return nil
		case m.pass:
			continue
		case a.Kind == board.ActPlace && a.To == m.sq:
			e.make(a, board.NoSquare)
			return nil
		}
		if _, ok := secondVertex(a, m.sq); ok {
			e.pick = m.sq
			e.record = append(e.record, entry{pickBefore: board.NoSquare})
			return nil
		}
	}
	return fmt.Errorf("illegal move: %s", e.whyFirst(m))
}

// playAction makes a whole action given in our own notation (RULES.md 5),
// an extension for controllers that know Seega: "d3c3", "ransom:c2",
// "refuse", "accept:a1:e5", "0000".
func (e *Engine) playAction(a board.Action) error {
	g := e.game
	if res := g.Result(); res.Over() {
		return fmt.Errorf("illegal move: the game is over (%s)", res.String())
	}
	n := e.size()
	if e.pick != board.NoSquare {
		return fmt.Errorf("illegal move: the stone on %s is picked up; play its target (%s) or undo", vertexName(e.pick, n), e.listText())
	}
	legal, ok := g.Legalize(a)
	if !ok {
		return fmt.Errorf("illegal move: %s", e.why(a))
	}
	e.make(legal, board.NoSquare)
	return nil
}

// make plays a legal action and records it as one GTP move.
func (e *Engine) make(a board.Action, pickBefore board.Square) {
	e.game.Make(a)
	e.pick = board.NoSquare
	e.record = append(e.record, entry{made: true, pickBefore: pickBefore})
}

// undo takes back the last GTP move: it puts a picked-up stone down, or
// unmakes the last action and, if that action was finished by a second
// vertex, leaves its stone picked up again.
func (e *Engine) undo() error {
	if len(e.record) == 0 {
		return fmt.Errorf("cannot undo: no move has been played")
	}
	last := e.record[len(e.record)-1]
	e.record = e.record[:len(e.record)-1]
	if last.made {
		e.game.Unmake()
	}
	e.pick = last.pickBefore
	e.plan = nil
	return nil
}

// listText is the answer to gogui-rules_legal_moves: vertices in square
// order (a1, b1, …, a2, …), then pass; empty when the game is over.
func (e *Engine) listText() string {
	squares, pass := e.legalFirst()
	n := e.size()
	var out []byte
	for squares.Any() {
		sq := squares.Pop()
		if len(out) > 0 {
			out = append(out, ' ')
		}
		out = append(out, vertexName(sq, n)...)
	}
	if pass {
		if len(out) > 0 {
			out = append(out, ' ')
		}
		out = append(out, "pass"...)
	}
	return string(out)
}

// whyFirst explains why m cannot start an action now.
func (e *Engine) whyFirst(m move) string {
	p := e.game.Position()
	n := e.size()
	us := p.SideToAct()
	if m.pass {
		return e.why(board.Pass())
	}
	name := vertexName(m.sq, n)
	c, occupied := p.At(m.sq)
	switch {
	case p.PendingRansom() != board.NoSquare:
		return fmt.Sprintf("a ransom request for the stone on %s awaits White's answer: pass refuses, and two White stones played one after the other accept", vertexName(p.PendingRansom(), n))
	case p.Placement():
		return e.why(board.Place(m.sq))
	case !occupied:
		return fmt.Sprintf("%s is empty: a step is played as the stone's vertex, then its target", name)
	case c != us:
		return fmt.Sprintf("the stone on %s is not %s's", name, us)
	case p.Chain() >= 0:
		return fmt.Sprintf("the chain must go on with the stone on %s", vertexName(p.Chain(), n))
	}
	return fmt.Sprintf("the stone on %s has no legal step", name)
}

// whySecond explains why sq does not complete the action of the picked-up
// stone.
func (e *Engine) whySecond(sq board.Square) string {
	p := e.game.Position()
	switch c, occupied := p.At(sq); {
	case p.PendingRansom() != board.NoSquare:
		return e.why(board.Accept(e.pick, sq))
	case sq == e.pick:
		return e.why(board.RansomRequest(sq))
	case occupied && c == p.SideToAct():
		return fmt.Sprintf("%s holds another %s stone", vertexName(sq, e.size()), c)
	}
	return e.why(board.Step(e.pick, sq))
}

// why asks the board package why a is illegal, in its own words: it
// names squares in RULES.md notation (c3), which matches GTP's vertices
// but for case and the ninth column (i there, J here).
func (e *Engine) why(a board.Action) string {
	g := e.game.Clone()
	n := e.size()
	if err := g.PlayToken(board.ActionString(a, n), board.PerAction); err != nil {
		return err.Error()
	}
	return fmt.Sprintf("%s is not a legal action now", board.ActionString(a, n))
}
