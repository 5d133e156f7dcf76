package board

// Game is a position with its past: the repetition history, the undo
// stack and per-depth action buffers. Its methods apply the rules that
// need more than one position: repetition, the whiteopens duty and the end
// of the game. Make and Unmake allocate nothing once the buffers have
// grown to the depth in use.
type Game struct {
	pos   Position
	rules Rules
	// hist holds the repetition keys recorded at the start of the movement
	// phase and after each completed movement turn (RULES.md 3.6).
	hist  []uint64
	undos []undo
	bufs  [][]Action
	// histPrev and histLast chain the entries of hist whose keys share a
	// bucket (key % histBuckets), newest first, so that counting the
	// repetitions of a position visits only the few entries of its bucket
	// and not every turn since the last capture. Indices are stored plus
	// one, so that 0 (the zero value) means none: histLast[b] is the
	// newest entry of bucket b, histPrev[i] the entry of i's bucket
	// before i.
	histPrev []int32
	histLast [histBuckets]int32
}

// histBuckets is the number of repetition buckets, a power of two. The
// walk visits about (turns since the last capture)/histBuckets entries
// that are not repetitions. 1024 keeps that well below one in long quiet
// games, so that RandomPlayout's test, which walks only when the bucket's
// previous entry lies among those turns, mostly does not (2–5% faster
// playouts than 256); Game, which holds histLast, grows to about 4 KB,
// cloned once a search.
const histBuckets = 1024

// record appends the repetition key h to the history.
func (g *Game) record(h uint64) {
	b := h % histBuckets
	g.histPrev = append(g.histPrev, g.histLast[b])
	g.hist = append(g.hist, h)
	g.histLast[b] = int32(len(g.hist))
}

// truncateHistory drops the history entries from index n on, newest first,
// so that the bucket chains unwind exactly.
func (g *Game) truncateHistory(n int) {
	for i := len(g.hist) - 1; i >= n; i-- {
		g.histLast[g.hist[i]%histBuckets] = g.histPrev[i]
	}
	g.hist, g.histPrev = g.hist[:n], g.histPrev[:n]
}

// undo is what Make saves so that Unmake can restore the position
// exactly: the position's whole changing state, copied, rather than what
// each kind of action changed. One copy of a few words costs less than
// the per-field saves and the per-kind undoing it replaced.
type undo struct {
	st      state
	action  Action
	histLen int32
}

// NewGame starts a game at the start position of r, which must be valid.
func NewGame(r Rules) (*Game, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	g := &Game{rules: r}
	p := &g.pos
	p.rules = &g.rules
	p.geo = geometryFor(r.BoardSize, r.Directions)
	p.chain, p.pending = NoSquare, NoSquare
	p.turn = 1
	p.setHand(White, uint8(r.Stones()))
	p.setHand(Black, uint8(r.Stones()))
	return g, nil
}

// Clone returns an independent copy of the game, history included.
func (g *Game) Clone() *Game {
	c := &Game{pos: g.pos, rules: g.rules, histLast: g.histLast}
	c.pos.rules = &c.rules
	c.hist = append([]uint64(nil), g.hist...)
	c.histPrev = append([]int32(nil), g.histPrev...)
	c.undos = append([]undo(nil), g.undos...)
	return c
}

// Position returns the current position. It stays valid until the next
// Make or Unmake.
func (g *Game) Position() *Position { return &g.pos }

// Rules returns the game's rules.
func (g *Game) Rules() *Rules { return &g.rules }

// Ply is the number of actions made since the game or SeFEN began.
func (g *Game) Ply() int { return len(g.undos) }

// History is the list of repetition keys recorded so far.
func (g *Game) History() []uint64 { return g.hist }

// LastAction is the action most recently made, if any.
func (g *Game) LastAction() (Action, bool) {
	if len(g.undos) == 0 {
		return Action{}, false
	}
	return g.undos[len(g.undos)-1].action, true
}

// Make plays action a, which must be legal. Legality is the caller's
// promise (see LegalActions and Legalize): Make does not check it.
func (g *Game) Make(a Action) {
	p := &g.pos
	n := len(g.undos)
	if n == cap(g.undos) {
		g.undos = append(g.undos, undo{})
	}
	// Filled in place: building the record and appending it would copy
	// it once more on the hottest path.
	g.undos = g.undos[:n+1]
	u := &g.undos[n]
	u.st, u.action, u.histLen = p.state, a, int32(len(g.hist))
	us := p.side
	switch a.Kind {
	case ActPlace:
		p.toggleStone(us, a.To)
		p.setHand(us, p.hand[us]-1)
		if p.hand[us]&1 == 0 {
			g.endTurn(false, false, true)
		}
	case ActStep:
		p.moveStone(us, a.From, a.To)
		turnCaptured := p.chain != NoSquare
		if a.runs != 0 {
			turnCaptured = true
			p.removeCaptured(us.Other(), a)
			p.quiet = 0
			if p.chainGoesOn(a.To) {
				if p.rules.Chain == ChainSameCapture {
					p.setChain(a.To)
				} else {
					p.setChain(ChainAny)
				}
				return
			}
		}
		g.endStepTurn(turnCaptured)
	case ActPass:
		if p.chain != NoSquare {
			g.endTurn(true, false, false) // the stop of an optional chain
		} else {
			g.endTurn(false, true, false)
		}
	case ActRansom:
		p.setFlags(p.flags | flagAsked)
		p.setPending(a.To)
		p.setSide(White)
	case ActRefuse:
		p.refusals++
		p.setFlags(p.flags | flagTurnRefused)
		p.setPending(NoSquare)
		p.setSide(Black)
	case ActAccept:
		p.toggleStone(Black, p.pending)
		p.toggleStone(White, a.From)
		p.toggleStone(White, a.To)
		p.setFlags(p.flags | flagAccepted)
		p.setPending(NoSquare)
		p.setSide(Black)
	}
}

// endStepTurn is endTurn(captured, false, false) for a turn of the
// movement phase that ends with a step, the commonest end of a turn,
// with the tests that cannot apply there left out.
func (g *Game) endStepTurn(captured bool) {
	p := &g.pos
	if !captured {
		p.quiet++
	}
	if p.side == Black && g.rules.Ransom {
		p.bturns++
	}
	if p.passes != 0 {
		p.passes = 0
		p.hash ^= zobristPassed
	}
	p.turn++
	if p.chain != NoSquare {
		p.setChain(NoSquare)
	}
	if p.flags&flagTurnRefused != 0 {
		p.flags &^= flagTurnRefused
		p.hash ^= zobristRefused
	}
	p.side ^= 1
	p.hash ^= zobristSide
	g.record(p.hash)
}

// endTurn completes the turn of the side to act: counters, the pass
// streak, the side to act and the repetition record.
func (g *Game) endTurn(captured, pass, placement bool) {
	p := &g.pos
	if !placement {
		if !captured {
			p.quiet++
		}
		if p.side == Black && p.rules.Ransom {
			p.bturns++
		}
		if pass {
			p.setPasses(min(p.passes+1, 2))
		} else {
			p.setPasses(0)
		}
	}
	p.turn++
	p.setChain(NoSquare)
	p.setFlags(p.flags &^ flagTurnRefused)
	next := p.side.Other()
	if placement && !p.Placement() {
		next = p.rules.MovementStarter
	}
	p.setSide(next)
	if !p.Placement() {
		g.record(p.hash)
	}
}

// Unmake takes back the last action made.
func (g *Game) Unmake() {
	n := len(g.undos) - 1
	u := &g.undos[n]
	g.pos.state = u.st
	if int(u.histLen) != len(g.hist) {
		g.truncateHistory(int(u.histLen))
	}
	g.undos = g.undos[:n]
}

// buffer returns the action buffer for the current depth, emptied.
func (g *Game) buffer() []Action {
	d := len(g.undos)
	for len(g.bufs) <= d {
		g.bufs = append(g.bufs, make([]Action, 0, 128))
	}
	return g.bufs[d][:0]
}

// keep stores buf back as the buffer of the current depth, so that its
// grown capacity is reused.
func (g *Game) keep(buf []Action) { g.bufs[len(g.undos)] = buf }

// dutyActive reports whether the side to act is White under the
// whiteopens duty: its turn must leave Black a step (RULES.md 3.4).
func (g *Game) dutyActive() bool {
	p := &g.pos
	return g.rules.Blocked == BlockedWhiteOpens && p.side == White && p.passes > 0 && p.pending == NoSquare
}

// dutyMet judges a White turn under the duty, just after it completed:
// Black has a step, or the game is over.
func (g *Game) dutyMet() bool {
	return g.pos.hasStep(Black) || g.over()
}

// completionExists reports whether the turn under way can be completed
// so that dutyMet holds.
func (g *Game) completionExists() bool {
	buf := g.pos.pseudoActions(g.buffer())
	g.keep(buf)
	for _, a := range buf {
		if g.keepsDuty(a) {
			return true
		}
	}
	return false
}

// keepsDuty reports whether action a, made now, leaves the turn able to
// meet the duty: completed and met, or still completable so.
func (g *Game) keepsDuty(a Action) bool {
	g.Make(a)
	defer g.Unmake()
	if g.pos.MidTurn() {
		return g.completionExists()
	}
	return g.dutyMet()
}

// Result reports whether the game is over and why, checking the end
// conditions of RULES.md 3.6 in their order.
func (g *Game) Result() Result {
	p := &g.pos
	if p.Placement() {
		return Result{}
	}
	res := Result{White: p.stones[White].Count(), Black: p.stones[Black].Count()}
	res.Outcome, res.Reason, res.Repeats = g.outcome()
	switch res.Outcome {
	case WhiteWins:
		res.Loser = Black
	case BlackWins:
		res.Loser = White
		// Both sides low is a win of Black's (outcome), for the message.
		res.bothLow = res.Reason == TooFewStones && res.Black <= g.rules.LoseAt
		res.ransomed = res.bothLow && p.RansomAccepted()
	}
	return res
}

// over reports whether the game is over: Result().Over() without building
// the Result, for the generator and perft, which ask at every node.
func (g *Game) over() bool {
	o, _, _ := g.outcome()
	return o != Ongoing
}

// outcome decides the game for Result: who won, why, and for a repetition
// draw how often the position occurred.
func (g *Game) outcome() (Outcome, Reason, int) {
	p := &g.pos
	if p.Placement() {
		return Ongoing, NoReason, 0
	}
	r := &g.rules
	w, b := p.stones[White].Count(), p.stones[Black].Count()
	switch {
	case w <= r.LoseAt:
		return BlackWins, TooFewStones, 0 // Black also when both are low: White accepted the trade
	case b <= r.LoseAt:
		return WhiteWins, TooFewStones, 0
	}
	if p.MidTurn() || p.pending != NoSquare {
		return Ongoing, NoReason, 0
	}
	if !p.hasStep(p.side) {
		if r.Blocked == BlockedLose || (r.Blocked == BlockedWhiteOpens && p.side == White) {
			if p.side == White {
				return BlackWins, BlockedLoss, 0
			}
			return WhiteWins, BlockedLoss, 0
		}
	} else if g.dutyActive() && !g.completionExists() {
		return WhiteWins, Blockade, 0
	}
	return g.laterEnds(w, b)
}

// laterEnds checks the end conditions that follow the blocked test at the
// start of a movement turn (RULES.md 3.6, in its order), given the stone
// counts w and b: the quiet turns, both passed, repetition and the ransom
// deadline.
func (g *Game) laterEnds(w, b int) (Outcome, Reason, int) {
	p := &g.pos
	r := &g.rules
	if r.NoCaptureLimit > 0 && int(p.quiet) >= r.NoCaptureLimit {
		return byCount(w, b), QuietTurns, 0
	}
	if r.Blocked == BlockedPass && p.passes >= 2 {
		return byCount(w, b), BothPassed, 0
	}
	if r.RepetitionDraw > 0 {
		if n := g.repetitions(); n >= r.RepetitionDraw {
			return Draw, Repetition, n
		}
	}
	if r.Ransom && r.RansomDeadline > 0 && int(p.bturns) >= r.RansomDeadline && p.flags&flagAsked == 0 {
		return WhiteWins, RansomDeadline, 0
	}
	return Ongoing, NoReason, 0
}

// byCount is the outcome of a game decided by counting stones: more wins.
func byCount(white, black int) Outcome {
	switch {
	case white > black:
		return WhiteWins
	case black > white:
		return BlackWins
	}
	return Draw
}

// repetitions counts how often the current position has occurred at the
// start of a movement turn; 0 when the current position is not one that
// was recorded (mid-turn, or after a ransom answer). Only the positions
// since the last capture can match, since captures are irreversible, and
// only those in the current position's bucket chain are looked at.
func (g *Game) repetitions() int {
	n := len(g.hist)
	h := g.pos.hash
	if n == 0 || g.hist[n-1] != h {
		return 0
	}
	count := 1
	lo := max(0, n-1-int(g.pos.quiet))
	for i := int(g.histPrev[n-1]) - 1; i >= lo; i = int(g.histPrev[i]) - 1 {
		if g.hist[i] == h {
			count++
		}
	}
	return count
}

// LegalActions appends every legal action now to buf: none when the game
// is over. Under the whiteopens duty, an action is legal only if the turn
// can still be completed so that Black has a step.
func (g *Game) LegalActions(buf []Action) []Action {
	if g.over() {
		return buf
	}
	return g.Actions(buf)
}

// Actions appends the legal actions, assuming the game is not over: for a
// search that has just called Result itself. Outside the whiteopens duty
// it costs one pass of the generator.
func (g *Game) Actions(buf []Action) []Action {
	start := len(buf)
	buf = g.pos.pseudoActions(buf)
	if !g.dutyActive() {
		return buf
	}
	out := buf[:start]
	for _, a := range buf[start:] {
		if g.keepsDuty(a) {
			out = append(out, a)
		}
	}
	return out
}

// PlacementActions appends the legal placements on the squares of
// squares, in square order, where every legal action of the position is
// a placement: as Actions would list them, less those elsewhere. It
// reports false, and appends nothing, anywhere else (a pending ransom,
// the movement phase, the whiteopens duty), where Actions is the way. A
// search that skips some placements asks for only the others, so that
// it neither lists nor orders the rest.
func (g *Game) PlacementActions(buf []Action, squares Bitboard) ([]Action, bool) {
	p := &g.pos
	if p.pending != NoSquare || p.hand[p.side] == 0 || g.dutyActive() {
		return buf, false
	}
	for e := squares.And(p.Empty()).AndNot(p.geo.centreBit); e.Any(); {
		buf = append(buf, Action{From: NoSquare, To: e.Pop(), Kind: ActPlace})
	}
	return buf, true
}

// CaptureActions appends the legal actions that capture, and the stop of
// a chain where one is legal, assuming (like Actions) that the game is not
// over: the actions a quiescence search looks at. They come in the order
// of Actions. Outside the whiteopens duty it costs less than Actions: the
// generator visits only the squares where a step captures.
func (g *Game) CaptureActions(buf []Action) []Action {
	if !g.dutyActive() {
		return g.pos.appendActions(buf, true)
	}
	start := len(buf)
	buf = g.Actions(buf)
	out := buf[:start]
	for _, a := range buf[start:] {
		if a.Captured() || (a.Kind == ActPass && g.pos.chain != NoSquare) {
			out = append(out, a)
		}
	}
	return out
}

// HasQuietChainStep reports whether the chain under way has a legal step
// that captures nothing: the bonus step of Chain=bonus, which must be
// made but need not capture. Every other chain continues only by
// capturing, or stops. A quiescence search that lists CaptureActions
// asks this to know whether the turn can also go on quietly, which is
// what lets it stand pat inside a chain. At a turn start, or with no
// chain under way, it is false.
//
// Outside the whiteopens duty it counts the steps rather than listing
// them (all steps against the capturing ones), as the random playouts do:
// it is asked at every bonus-chain node of a quiescence search, just
// after CaptureActions has listed the captures.
func (g *Game) HasQuietChainStep() bool {
	if g.pos.chain != ChainAny || g.rules.Chain != ChainBonus {
		return false
	}
	if !g.dutyActive() {
		p := &g.pos
		var l listing
		p.list(&l, false)
		return p.countSteps(p.side, l.movers, false) > p.countSteps(p.side, l.movers, true)
	}
	buf := g.Actions(g.buffer())
	g.keep(buf)
	for _, a := range buf {
		if a.Kind == ActStep && !a.Captured() {
			return true
		}
	}
	return false
}

// Legalize finds a among the legal actions, filling in its captures; ok
// is false if a is not legal now.
func (g *Game) Legalize(a Action) (Action, bool) {
	var arr [1024]Action
	for _, l := range g.LegalActions(arr[:0]) {
		if l.Same(a) {
			return l, true
		}
	}
	return a, false
}
