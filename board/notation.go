package board

import (
	"fmt"
	"sort"
	"strings"
)

// Granularity says how a moves list's tokens end an optional chain
// (RULES.md 5, "Moves lists").
type Granularity uint8

const (
	// PerTurn: each token is a turn; an optional chain ends with its token.
	PerTurn Granularity = iota
	// PerAction: an optional chain stays open until 0000 or an opponent's action.
	PerAction
)

// ActionString writes a as RULES.md section 5 does, on an n×n board.
func ActionString(a Action, n int) string {
	switch a.Kind {
	case ActPlace:
		return SquareName(a.To, n)
	case ActStep:
		return SquareName(a.From, n) + SquareName(a.To, n)
	case ActPass:
		return "0000"
	case ActRansom:
		return "ransom:" + SquareName(a.To, n)
	case ActRefuse:
		return "refuse"
	case ActAccept:
		return "accept:" + SquareName(a.From, n) + ":" + SquareName(a.To, n)
	}
	return "none"
}

// FormatTurns writes each of turns with TurnString: a principal
// variation already cut into turns (engine.Info.PV), or a list of turns,
// as text. Game.TurnStrings does the cutting for a line of actions.
func FormatTurns(turns [][]Action, n int) []string {
	out := make([]string, len(turns))
	for i, t := range turns {
		out[i] = TurnString(t, n)
	}
	return out
}

// TurnString writes a turn (or the rest of one) given as its actions: a
// placement pair in square order, a chain's steps in the order played,
// and a stopped optional chain without its 0000.
func TurnString(turn []Action, n int) string {
	if len(turn) == 2 && turn[0].Kind == ActPlace && turn[1].Kind == ActPlace {
		a, b := turn[0].To, turn[1].To
		if b < a {
			a, b = b, a
		}
		return SquareName(a, n) + "," + SquareName(b, n)
	}
	if len(turn) > 1 && turn[len(turn)-1].Kind == ActPass {
		turn = turn[:len(turn)-1]
	}
	parts := make([]string, len(turn))
	for i, a := range turn {
		parts[i] = ActionString(a, n)
	}
	return strings.Join(parts, ",")
}

// TurnStrings writes a line of play from g, given as its actions (a
// principal variation), as turns of text: one string per turn, the last
// written as far as it goes if it is left open. g is left as it was. It
// is for reports (info lines), not for inner loops: it allocates.
func (g *Game) TurnStrings(line []Action) []string {
	n := g.pos.geo.n
	var out []string
	start := 0
	for i, a := range line {
		g.Make(a)
		if !g.pos.MidTurn() {
			out = append(out, TurnString(line[start:i+1], n))
			start = i + 1
		}
	}
	if start < len(line) {
		out = append(out, TurnString(line[start:], n))
	}
	for range line {
		g.Unmake()
	}
	return out
}

// ParseAction reads one action's text on an n×n board. Its captures are
// not filled in: Game.Legalize does that.
func ParseAction(s string, n int) (Action, error) {
	switch {
	case s == "0000":
		return Pass(), nil
	case s == "refuse":
		return Refuse(), nil
	case strings.HasPrefix(s, "ransom:"):
		sq, err := ParseSquare(s[len("ransom:"):], n)
		if err != nil {
			return Action{}, fmt.Errorf("ransom request %q: %v", s, err)
		}
		return RansomRequest(sq), nil
	case strings.HasPrefix(s, "accept:"):
		a, b, ok := strings.Cut(s[len("accept:"):], ":")
		if !ok {
			return Action{}, fmt.Errorf("acceptance %q: want accept:<square>:<square>", s)
		}
		x, err := ParseSquare(a, n)
		if err != nil {
			return Action{}, fmt.Errorf("acceptance %q: %v", s, err)
		}
		y, err := ParseSquare(b, n)
		if err != nil {
			return Action{}, fmt.Errorf("acceptance %q: %v", s, err)
		}
		if x == y {
			return Action{}, fmt.Errorf("acceptance %q: names the same stone twice", s)
		}
		return Accept(x, y), nil
	case len(s) == 2:
		sq, err := ParseSquare(s, n)
		if err != nil {
			return Action{}, err
		}
		return Place(sq), nil
	case len(s) == 4:
		from, err := ParseSquare(s[:2], n)
		if err != nil {
			return Action{}, fmt.Errorf("step %q: %v", s, err)
		}
		to, err := ParseSquare(s[2:], n)
		if err != nil {
			return Action{}, fmt.Errorf("step %q: %v", s, err)
		}
		return Step(from, to), nil
	}
	return Action{}, fmt.Errorf("action %q: not a square, step, 0000, ransom:<sq>, refuse or accept:<sq>:<sq>", s)
}

// ParseTurn splits a turn's text into actions without checking legality.
func ParseTurn(s string, n int) ([]Action, error) {
	if s == "" {
		return nil, fmt.Errorf("empty turn")
	}
	var out []Action
	for _, part := range strings.Split(s, ",") {
		a, err := ParseAction(part, n)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// optionalChainOpen reports whether a chain is under way that the player
// may stop now.
func (g *Game) optionalChainOpen() bool {
	_, ok := g.Legalize(Pass())
	return g.pos.chain != NoSquare && ok
}

// PlayToken plays one token of a moves list: a turn or a single action
// (RULES.md 5). On error nothing is changed.
func (g *Game) PlayToken(token string, gran Granularity) error {
	actions, err := ParseTurn(token, g.pos.geo.n)
	if err != nil {
		return err
	}
	made := 0
	undoAll := func() {
		for ; made > 0; made-- {
			g.Unmake()
		}
	}
	for i, a := range actions {
		if i > 0 && !g.pos.MidTurn() {
			undoAll()
			return fmt.Errorf("turn %q: the turn is complete after %q; %q cannot follow in it",
				token, strings.Join(strings.Split(token, ",")[:i], ","), ActionString(a, g.pos.geo.n))
		}
		if i == 0 && g.optionalChainOpen() {
			if _, ok := g.Legalize(a); !ok {
				// Not a continuation: it ends the chain if the opponent may play it.
				stop, _ := g.Legalize(Pass())
				g.Make(stop)
				if _, ok := g.Legalize(a); ok {
					made++
				} else {
					g.Unmake()
				}
			}
		}
		legal, ok := g.Legalize(a)
		if !ok {
			why := g.whyIllegal(a)
			undoAll()
			return fmt.Errorf("%q is not legal here: %s", ActionString(a, g.pos.geo.n), why)
		}
		g.Make(legal)
		made++
	}
	if gran == PerTurn && g.optionalChainOpen() {
		stop, _ := g.Legalize(Pass())
		g.Make(stop)
	}
	return nil
}

// PlayMoves plays a moves list. On error the game is as it was before the
// call, and the error names the token.
func (g *Game) PlayMoves(tokens []string, gran Granularity) error {
	start := len(g.undos)
	for i, tok := range tokens {
		if err := g.PlayToken(tok, gran); err != nil {
			for len(g.undos) > start {
				g.Unmake()
			}
			return fmt.Errorf("move %d %q: %v", i+1, tok, err)
		}
	}
	return nil
}

// whyIllegal explains, as well as it can, why a is not legal now.
func (g *Game) whyIllegal(a Action) string {
	p := &g.pos
	n := p.geo.n
	if res := g.Result(); res.Over() {
		return "the game is over (" + res.String() + ")"
	}
	us := p.side
	name := func(sq Square) string { return SquareName(sq, n) }
	switch {
	case p.pending != NoSquare:
		if a.Kind == ActRefuse {
			return fmt.Sprintf("White has used all %d refusals", p.rules.RansomRefusals)
		}
		if a.Kind != ActAccept {
			return "a ransom request awaits White's answer: refuse or accept:<sq>:<sq>"
		}
		return "an acceptance must name two White stones"
	case p.hand[us] > 0:
		if a.Kind != ActPlace {
			return fmt.Sprintf("%s is placing stones: an action here is a square", capital(us))
		}
		if a.To == p.geo.centre {
			return "no stone may be placed on the centre"
		}
		return name(a.To) + " is not empty"
	}
	switch a.Kind {
	case ActPlace:
		return "the placement phase is over: an action here is a step such as d3c3"
	case ActStep:
		switch {
		case !p.stones[us].Has(a.From):
			return fmt.Sprintf("%s has no stone on %s", capital(us), name(a.From))
		case !p.geo.adj[a.From].Has(a.To):
			return fmt.Sprintf("%s is not next to %s", name(a.To), name(a.From))
		case !p.Empty().Has(a.To):
			return name(a.To) + " is not empty"
		case p.chain >= 0 && a.From != p.chain:
			return fmt.Sprintf("the chain must go on with the stone on %s", name(p.chain))
		case p.chain != NoSquare:
			return "a chain step must capture"
		case g.dutyActive():
			return "after Black's blocked pass, White's turn must leave Black a step"
		}
	case ActPass:
		if p.chain != NoSquare {
			return "this chain must go on: it is compulsory"
		}
		return fmt.Sprintf("%s can step, so it may not pass", capital(us))
	case ActRansom:
		switch {
		case !p.rules.Ransom:
			return "Ransom is off"
		case us != Black:
			return "only Black requests a ransom"
		case p.chain != NoSquare:
			return "a request comes at the start of a turn, before any step"
		case p.flags&flagAccepted != 0:
			return "a ransom has already been accepted this game"
		case p.flags&flagTurnRefused != 0:
			return "the request was refused this turn; Black must now step or pass"
		case !p.stones[Black].Has(a.To):
			return "the request must name a Black stone"
		}
		return "White would have no legal answer"
	case ActRefuse, ActAccept:
		return "no ransom request is pending"
	}
	return "it is not among the legal actions"
}

// ForEachTurn calls fn with every legal turn from here, as its actions (in
// a half-done turn, the ways to finish it). fn must not keep the slice.
// It stops early when fn returns false. The whiteopens duty is applied.
func (g *Game) ForEachTurn(fn func(turn []Action) bool) {
	if g.over() {
		return
	}
	var stack []Action
	duty := g.dutyActive()
	var walk func(minPlace Square) bool
	walk = func(minPlace Square) bool {
		buf := g.pos.pseudoActions(g.buffer())
		g.keep(buf)
		for _, a := range buf {
			if a.Kind == ActPlace && a.To <= minPlace {
				continue
			}
			g.Make(a)
			stack = append(stack, a)
			goOn := true
			if g.pos.MidTurn() {
				next := NoSquare
				if a.Kind == ActPlace {
					next = a.To
				}
				goOn = walk(next)
			} else if !duty || g.dutyMet() {
				goOn = fn(stack)
			}
			stack = stack[:len(stack)-1]
			g.Unmake()
			if !goOn {
				return false
			}
		}
		return true
	}
	walk(NoSquare)
}

// LegalTurns lists the legal turns as text, sorted.
func (g *Game) LegalTurns() []string {
	var out []string
	n := g.pos.geo.n
	g.ForEachTurn(func(t []Action) bool {
		out = append(out, TurnString(t, n))
		return true
	})
	sort.Strings(out)
	return out
}

// CountTurns counts the legal turns, stopping at limit: bonus chains on
// large boards can make the count astronomical. complete is false when
// the limit was reached.
func (g *Game) CountTurns(limit uint64) (n uint64, complete bool) {
	complete = true
	g.ForEachTurn(func([]Action) bool {
		n++
		if n >= limit {
			complete = false
			return false
		}
		return true
	})
	return n, complete
}
