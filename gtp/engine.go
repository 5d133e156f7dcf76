package gtp

import (
	"cmp"
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

	// pick is the square of the first move of a two-move action (a step,
	// a ransom request, an acceptance), or NoSquare: "picked up", though
	// it may be the target of a step played target first, or a White
	// stone that begins a ransom request. It is GTP's half-state: the
	// board package knows nothing of it.
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
	opts.Name = cmp.Or(opts.Name, "Seega")
	opts.Version = cmp.Or(opts.Version, "dev")
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

// nextMoves is the set of GTP moves that may be played now, vertices and
// whether pass may: the first moves of the legal actions' encodings, or,
// with a stone picked up, the second moves of the encodings that begin
// with it.
func (e *Engine) nextMoves() (squares board.Bitboard, pass bool) {
	st := newClickState(e.game)
	var buf [256]board.Action
	var enc []clicks
	for _, a := range e.game.LegalActions(buf[:0]) {
		enc = st.encodings(a, enc[:0])
		for _, c := range enc {
			var m move
			switch {
			case e.pick == board.NoSquare:
				m = c.m[0]
			case c.n == 2 && c.m[0] == vertexMove(e.pick):
				m = c.m[1]
			default:
				continue
			}
			if m.pass {
				pass = true
			} else {
				squares = squares.Or(board.SquareBit(m.sq))
			}
		}
	}
	return squares, pass
}

// secondMove is the GTP move that completes a after the move on pick, if
// an encoding of a begins with pick.
func secondMove(st clickState, a board.Action, pick board.Square) (move, bool) {
	var buf [4]clicks
	for _, c := range st.encodings(a, buf[:0]) {
		if c.n == 2 && c.m[0] == vertexMove(pick) {
			return c.m[1], true
		}
	}
	return move{}, false
}

// startingWith lists the legal actions that an encoding begins with the
// move on sq.
func (e *Engine) startingWith(sq board.Square) []board.Action {
	st := newClickState(e.game)
	var out []board.Action
	var buf [256]board.Action
	for _, a := range e.game.LegalActions(buf[:0]) {
		if _, ok := secondMove(st, a, sq); ok {
			out = append(out, a)
		}
	}
	return out
}

// play makes one GTP move, or changes nothing and says why not: it
// completes an action whose encoding it ends, or picks up the first move
// of a two-move one.
func (e *Engine) play(m move) error {
	g := e.game
	if res := g.Result(); res.Over() {
		return fmt.Errorf("illegal move: the game is over (%s)", res.String())
	}
	n := e.size()
	st := newClickState(g)
	var buf [256]board.Action
	legal := g.LegalActions(buf[:0])
	var enc []clicks
	if e.pick != board.NoSquare {
		for _, a := range legal {
			if second, ok := secondMove(st, a, e.pick); ok && second == m {
				e.make(a, e.pick)
				return nil
			}
		}
		return fmt.Errorf("illegal move: %s; the moves that can follow %s are %s", e.whySecond(m), vertexName(e.pick, n), e.listText())
	}
	starts := false
	for _, a := range legal {
		enc = st.encodings(a, enc[:0])
		for _, c := range enc {
			switch {
			case c.m[0] != m:
			case c.n == 1:
				e.make(a, board.NoSquare)
				return nil
			default:
				starts = true
			}
		}
	}
	if !starts || m.pass {
		return fmt.Errorf("illegal move: %s", e.whyFirst(m))
	}
	e.pick = m.sq
	e.record = append(e.record, entry{pickBefore: board.NoSquare})
	return nil
}

// playAction makes a whole action given in our own notation (docs/rules.md § Notation),
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
	squares, pass := e.nextMoves()
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
	g := e.game
	p := g.Position()
	n := e.size()
	us := p.SideToAct()
	pending := p.PendingRansom()
	if m.pass {
		switch {
		case pending != board.NoSquare:
			return fmt.Sprintf("pass is only for a blocked side: White refuses the ransom by playing a Black stone (%s, the one offered, or another), and accepts with two White stones", vertexName(pending, n))
		case p.Chain() != board.NoSquare:
			return "pass is only for a blocked side: a chain is stopped by playing one of the opponent's stones"
		}
		return e.why(board.Pass())
	}
	name := vertexName(m.sq, n)
	c, occupied := p.At(m.sq)
	switch {
	case pending != board.NoSquare:
		return fmt.Sprintf("a ransom request for the stone on %s awaits White's answer: a Black stone refuses, and two White stones played one after the other accept", vertexName(pending, n))
	case p.Placement():
		return e.why(board.Place(m.sq))
	case newClickState(g).targetFirst:
		return fmt.Sprintf("%s made the last move too, so its step is played target first: the centre %s, then the stone that enters it", capital(us.String()), vertexName(p.Centre(), n))
	case m.sq == chainStone(g) && newClickState(g).oneClick == m.sq:
		why := fmt.Sprintf("the stone on %s goes on by its target alone", name)
		if _, ok := g.Legalize(board.Pass()); ok {
			why += "; one of the opponent's stones stops the chain"
		}
		return why
	case !occupied:
		return fmt.Sprintf("%s is empty: a step is played as the stone's vertex, then its target", name)
	case c != us && p.Chain() != board.NoSquare:
		return e.why(board.Pass()) // an opponent's stone is the stop
	case c != us && us == board.Black && p.Rules().Ransom:
		if bs := p.Stones(board.Black); bs.Any() {
			return "a White stone begins a ransom request, and " + e.why(board.RansomRequest(bs.First()))
		}
		return fmt.Sprintf("the stone on %s is not %s's", name, us)
	case c != us:
		return fmt.Sprintf("the stone on %s is not %s's", name, us)
	case p.Chain() >= 0:
		return fmt.Sprintf("the chain must go on with the stone on %s", vertexName(p.Chain(), n))
	}
	return fmt.Sprintf("the stone on %s has no legal step", name)
}

// whySecond explains why m does not complete the action begun with the
// move on the picked-up square.
func (e *Engine) whySecond(m move) string {
	p := e.game.Position()
	n := e.size()
	if m.pass {
		return "pass completes nothing"
	}
	pc, _ := p.At(e.pick)
	switch c, occupied := p.At(m.sq); {
	case p.PendingRansom() != board.NoSquare:
		return e.why(board.Accept(e.pick, m.sq))
	case m.sq == e.pick:
		return fmt.Sprintf("%s again is no move", vertexName(m.sq, n))
	case pc != p.SideToAct():
		// A White stone picked up by Black: a ransom request.
		return e.why(board.RansomRequest(m.sq))
	case occupied && c == p.SideToAct():
		return fmt.Sprintf("%s holds another %s stone", vertexName(m.sq, n), c)
	case occupied:
		return fmt.Sprintf("%s holds a %s stone", vertexName(m.sq, n), c)
	}
	return e.why(board.Step(e.pick, m.sq))
}

// why asks the board package why a is illegal, in its own words: it
// names squares in docs/rules.md's notation (c3), which matches GTP's vertices
// but for case and the ninth column (i there, J here).
func (e *Engine) why(a board.Action) string {
	g := e.game.Clone()
	n := e.size()
	if err := g.PlayToken(board.ActionString(a, n), board.PerAction); err != nil {
		return err.Error()
	}
	return fmt.Sprintf("%s is not a legal action now", board.ActionString(a, n))
}
