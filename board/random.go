package board

import (
	"math/bits"
	"math/rand/v2"
)

// RandomAction returns the action that
//
//	acts := g.LegalActions(nil)
//	a := acts[rng.IntN(len(acts))]
//
// picks, drawing the same number from rng, so a playout written either way
// plays the same game. ok is false, and rng is not used, when the game is
// over. See PickAction for what it saves. (It is PickAction(rng.IntN)
// written out: the func value cost playouts 3–10%, even made only on the
// rare whiteopens path.)
func (g *Game) RandomAction(rng *rand.Rand) (a Action, ok bool) {
	p := &g.pos
	if p.wordGen() {
		if a, ok, done := g.randomAction64(rng); done {
			return a, ok
		}
	} else if p.hand[0]|p.hand[1] == 0 && p.pending == NoSquare {
		var l listing
		if n, over, fast := g.countMovement(&l); fast {
			if over {
				return Action{}, false
			}
			return p.nthMovement(&l, rng.IntN(n)), true
		}
	}
	if g.over() {
		return Action{}, false
	}
	if g.dutyActive() {
		buf := g.Actions(g.buffer())
		g.keep(buf)
		if len(buf) == 0 {
			return Action{}, false
		}
		return buf[rng.IntN(len(buf))], true
	}
	var l listing
	p.list(&l, false)
	n := p.countListed(&l)
	if n == 0 {
		return Action{}, false
	}
	return p.nthListed(&l, rng.IntN(n)), true
}

// countMovement is the common case of the game-over test, list and
// countListed together, for a movement position with no ransom request
// pending: it fills l as list does and returns the number of legal
// actions, or over. At a turn start it counts the steps once for both the
// blocked test and the count. fast is false, and nothing is decided,
// where it does not apply: under the whiteopens duty and for a blocked
// side, which the general path judges.
func (g *Game) countMovement(l *listing) (n int, over, fast bool) {
	p := &g.pos
	r := &g.rules
	w, b := p.stones[White].Count(), p.stones[Black].Count()
	if w <= r.LoseAt || b <= r.LoseAt {
		return 0, true, true
	}
	us := p.side
	*l = listing{}
	switch {
	case p.chain == ChainAny:
		l.movers, l.capturing = p.stones[us], r.Chain != ChainBonus
		if l.capturing && !r.ChainMandatory {
			l.pass = passAlways
		}
	case p.chain >= 0:
		l.movers, l.capturing = SquareBit(p.chain), true
		if !r.ChainMandatory {
			l.pass = passAlways
		}
	default:
		if g.dutyActive() {
			return 0, false, false
		}
		l.movers = p.stones[us]
		steps := p.countSteps(us, l.movers, false)
		if steps == 0 {
			return 0, false, false
		}
		if o, _, _ := g.laterEnds(w, b); o != Ongoing {
			return 0, true, true
		}
		if p.canRequestRansom() {
			l.requests = p.stones[Black]
			steps += l.requests.Count()
		}
		return steps, false, true
	}
	n = p.countSteps(us, l.movers, l.capturing)
	if l.pass == passAlways {
		n++
	}
	return n, false, n > 0
}

// nthMovement is nthListed for a listing of countMovement.
func (p *Position) nthMovement(l *listing, k int) Action {
	if l.requests.Any() {
		n := l.requests.Count()
		if k < n {
			return RansomRequest(l.requests.selectSquare(k))
		}
		k -= n
	}
	if a, ok := p.nthStep(p.side, l.movers, l.capturing, k); ok {
		return a
	}
	return Pass()
}

// RandomTurn appends to buf a random legal turn, built one action at a
// time as RandomAction draws them: a legal action, then, while the turn
// goes on and the game is not over, another. It never lists the turns,
// which in a bonus-chain position can run into millions. g is left as it
// was; with the game over nothing is appended and rng is not used.
func (g *Game) RandomTurn(rng *rand.Rand, buf []Action) []Action {
	start := len(buf)
	for {
		a, ok := g.RandomAction(rng)
		if !ok {
			break
		}
		g.Make(a)
		buf = append(buf, a)
		if !g.pos.MidTurn() {
			break
		}
	}
	for range buf[start:] {
		g.Unmake()
	}
	return buf
}

// PickAction returns the action at index pick(n) of LegalActions, where n
// is the number of legal actions, for a caller with a random source of its
// own. It does not list the actions: it counts them with a few popcounts
// and walks to the one picked, and computes the captures of that one only.
// In a random playout, listing every action in order to play one is most
// of the cost. ok is false, and pick is not called, when the game is over;
// it is false too if pick returns a number outside [0, n).
func (g *Game) PickAction(pick func(n int) int) (a Action, ok bool) {
	if g.over() {
		return Action{}, false
	}
	if g.dutyActive() {
		return g.pickListed(pick)
	}
	p := &g.pos
	var l listing
	p.list(&l, false)
	n := p.countListed(&l)
	if n == 0 {
		return Action{}, false
	}
	if k := pick(n); k >= 0 && k < n {
		return p.nthListed(&l, k), true
	}
	return Action{}, false
}

// pickListed is PickAction under the whiteopens duty, where each action
// must be tried against the duty: it lists them.
func (g *Game) pickListed(pick func(n int) int) (Action, bool) {
	buf := g.Actions(g.buffer())
	g.keep(buf)
	if len(buf) == 0 {
		return Action{}, false
	}
	if k := pick(len(buf)); k >= 0 && k < len(buf) {
		return buf[k], true
	}
	return Action{}, false
}

// countListed is the number of actions appendActions would list for l.
func (p *Position) countListed(l *listing) int {
	n := 0
	if l.places.Any() { // the tests spare the popcounts of the parts not in play
		n += l.places.Count()
	}
	if l.requests.Any() {
		n += l.requests.Count()
	}
	if l.refuse {
		n++
	}
	if l.accepts.Any() {
		w := l.accepts.Count()
		n += w * (w - 1) / 2
	}
	steps := 0
	if l.movers.Any() {
		steps = p.countSteps(p.side, l.movers, l.capturing)
	}
	n += steps
	if l.pass == passAlways || (l.pass == passBlocked && steps == 0) {
		n++
	}
	return n
}

// nthListed is the action at index k of the list appendActions would make
// for l; k must be below countListed(l).
func (p *Position) nthListed(l *listing, k int) Action {
	if l.refuse {
		if k == 0 {
			return Refuse()
		}
		k--
	}
	for a := l.accepts; a.Any(); {
		x := a.Pop()
		if n := a.Count(); k >= n {
			k -= n
			continue
		}
		return Action{From: x, To: a.nth(k), Kind: ActAccept}
	}
	if n := l.places.Count(); k >= n {
		k -= n
	} else {
		return Action{From: NoSquare, To: l.places.selectSquare(k), Kind: ActPlace}
	}
	if n := l.requests.Count(); k >= n {
		k -= n
	} else {
		return RansomRequest(l.requests.selectSquare(k))
	}
	if l.movers.Any() {
		if a, ok := p.nthStep(p.side, l.movers, l.capturing, k); ok {
			return a
		}
	}
	return Pass()
}

// nth is the k-th lowest square of b, counting from 0; b must hold more
// than k squares. For the small k of a step's origins, clearing the
// lowest square k times is quicker.
func (b Bitboard) nth(k int) Square {
	for ; k > 0; k-- {
		b.Pop()
	}
	return b.First()
}

// selectSquare is nth for any k, such as a placement's square among
// eighty: a popcount picks the word, and select64 the bit.
func (b Bitboard) selectSquare(k int) Square {
	lo, hi := b.Words()
	if c := bits.OnesCount64(lo); k >= c {
		return Square(64 + select64(hi, k-c))
	}
	return Square(select64(lo, k))
}

// countSteps is the number of steps appendSteps would list. Without the
// order to keep it needs no walk: a step is a stone and a direction in
// which its neighbour is a target, so it is a popcount per direction.
func (p *Position) countSteps(c Color, from Bitboard, onlyCapturing bool) int {
	if p.wordGen() {
		return p.countSteps64(c, from.lo, onlyCapturing)
	}
	g := p.geo
	movers := p.stones[c].And(from)
	targets := p.Empty()
	if onlyCapturing {
		targets = targets.And(p.captureTargets(c))
		if p.rules.LineCapture { // captureTargets is wider there
			for t := targets; t.Any(); {
				if sq := t.Pop(); !p.capturesAnyAt(sq, c) {
					targets = targets.AndNot(SquareBit(sq))
				}
			}
		}
	}
	n, _ := g.reach(movers, targets)
	return n
}

// nthStepWide is the step at index k of the steps of movers to targets,
// listed by target and then by origin, and false when there are k steps
// or fewer. It walks the targets a word at a time: a 9×9 position's steps
// reach many targets, and the two-word Pop and Count of each cost more
// than the walk.
func (g *geometry) nthStepWide(movers, targets Bitboard, k int) (from, to Square, ok bool) {
	ml, mh := movers.Words()
	tl, th := targets.Words()
	for w, base := range [2]Square{0, 64} {
		for ; tl != 0; tl &= tl - 1 {
			t := base + Square(bits.TrailingZeros64(tl))
			al, ah := g.adj[t].Words()
			if n := bits.OnesCount64(al&ml) + bits.OnesCount64(ah&mh); k >= n {
				k -= n
				continue
			}
			return g.adj[t].And(movers).nth(k), t, true
		}
		if w == 0 {
			tl = th
		}
	}
	return NoSquare, NoSquare, false
}

// nthStep is the step at index k of the list appendSteps would make, and
// false when there are k steps or fewer.
func (p *Position) nthStep(c Color, from Bitboard, onlyCapturing bool, k int) (Action, bool) {
	if p.wordGen() {
		return p.nthStep64(c, from.lo, onlyCapturing, k)
	}
	g := p.geo
	movers := p.stones[c].And(from)
	capturing := p.captureTargets(c)
	_, targets := g.reach(movers, p.Empty())
	if onlyCapturing {
		targets = targets.And(capturing)
	}
	if !p.rules.LineCapture {
		from, t, ok := g.nthStepWide(movers, targets, k)
		if !ok {
			return Action{}, false
		}
		a := Action{From: from, To: t, Kind: ActStep}
		if capturing.Has(t) {
			runs, n := p.runsAt(t, c)
			a.runs, a.ncaps = runs, uint8(n)
		}
		return a, true
	}
	for targets.Any() {
		t := targets.Pop()
		if onlyCapturing && p.rules.LineCapture && !p.capturesAnyAt(t, c) {
			continue
		}
		origins := g.adj[t].And(movers)
		if n := origins.Count(); k >= n {
			k -= n
			continue
		}
		a := Action{From: origins.nth(k), To: t, Kind: ActStep}
		if capturing.Has(t) {
			runs, n := p.runsAt(t, c)
			a.runs, a.ncaps = runs, uint8(n)
		}
		return a, true
	}
	return Action{}, false
}

// capturesAnyAt reports whether c's step to t captures anything.
func (p *Position) capturesAnyAt(t Square, c Color) bool {
	_, n := p.runsAt(t, c)
	return n > 0
}

// Choices holds the legal actions of a position counted, not listed, for
// a caller that picks among them with a random source of its own (an
// MCTS playout): CountActions fills it, and NthAction and NthCapture pick
// from it while the position is unchanged. Under the whiteopens duty,
// where each action must be tried, it lists them in a buffer it keeps.
type Choices struct {
	l      listing
	n      int
	duty   bool
	listed []Action
}

// CountActions fills c with g's legal actions, assuming (like Actions)
// that the game is not over, and returns their number.
func (g *Game) CountActions(c *Choices) int {
	p := &g.pos
	c.duty = g.dutyActive()
	if c.duty {
		c.listed = g.Actions(c.listed[:0])
		c.n = len(c.listed)
		return c.n
	}
	p.list(&c.l, false)
	c.n = p.countListed(&c.l)
	return c.n
}

// NthAction is the action at index k of Actions, 0 <= k < CountActions.
func (g *Game) NthAction(c *Choices, k int) Action {
	if c.duty {
		return c.listed[k]
	}
	return g.pos.nthListed(&c.l, k)
}

// CountCaptures is the number of the actions of c that capture.
func (g *Game) CountCaptures(c *Choices) int {
	if c.duty {
		n := 0
		for _, a := range c.listed {
			if a.Captured() {
				n++
			}
		}
		return n
	}
	if c.l.movers.IsEmpty() {
		return 0
	}
	return g.pos.countSteps(g.pos.side, c.l.movers, true)
}

// NthCapture is the k-th of the actions of c that capture, in the order
// of Actions, 0 <= k < CountCaptures.
func (g *Game) NthCapture(c *Choices, k int) Action {
	if c.duty {
		for _, a := range c.listed {
			if a.Captured() {
				if k == 0 {
					return a
				}
				k--
			}
		}
		return Action{}
	}
	a, _ := g.pos.nthStep(g.pos.side, c.l.movers, true, k)
	return a
}
