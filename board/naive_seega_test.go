package board

// A deliberately naive reference implementation of RULES.md, used only by
// tests as an independent check of the fast implementation. It shares no
// code with the rest of the package: plain []int8 cells, plain loops, a clone
// for every action tried, and a repetition history of plain string keys.
// Every top-level name starts with "naive" so that nothing collides.

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Cell contents and colours. A colour is also the index into naiveGame.hand.
const (
	naiveEmpty int8 = 0
	naiveWhite int8 = 1
	naiveBlack int8 = 2
)

// Results, as result() prints them.
const (
	naiveNone   = "none"
	naiveP1Win  = "p1win"
	naiveP2Win  = "p2win"
	naiveDrawn  = "draw"
	naiveStop   = "0000"
	naiveNoSq   = -1
	naiveBonus  = "bonus"
	naiveAnyCap = "anycapture"
	naiveSameCp = "samecapture"
	naiveNoChn  = "none"
)

// naiveRules holds every option of RULES.md section 4.
type naiveRules struct {
	size           int
	directions     int
	centreSafe     bool
	lineCapture    bool
	chain          string // none, bonus, anycapture, samecapture
	chainMandatory bool
	blocked        string // pass, lose, whiteopens
	loseAt         int
	noCaptureLimit int
	repetitionDraw int
	ransom         bool
	ransomRefusals int
	ransomDeadline int
	starter        int8
}

// naivePreset returns the preset of RULES.md section 4. ChainMandatory is
// "(always)" in the egyptian column: we store on.
func naivePreset(name string) (naiveRules, error) {
	r := naiveRules{
		size: 5, directions: 4, lineCapture: false,
		repetitionDraw: 3, ransomRefusals: 8, ransomDeadline: 32,
		starter: naiveWhite,
	}
	switch name {
	case "egyptian":
		r.centreSafe = true
		r.chain = naiveBonus
		r.chainMandatory = true
		r.blocked = "pass"
		r.loseAt = 0
		r.noCaptureLimit = 20
	case "sudanese":
		r.directions = 8
		r.chain = naiveAnyCap
		r.chainMandatory = true
		r.blocked = "pass"
		r.loseAt = 2
	case "classic":
		r.chain = naiveSameCp
		r.blocked = "whiteopens"
		r.loseAt = 1
		r.ransom = true
	case "pro":
		r.chain = naiveSameCp
		r.blocked = "lose"
		r.loseAt = 1
	default:
		return r, fmt.Errorf("unknown variant %q", name)
	}
	return r, nil
}

func naiveOnOff(v string) (bool, error) {
	switch strings.ToLower(v) {
	case "on", "true", "1":
		return true, nil
	case "off", "false", "0":
		return false, nil
	}
	return false, fmt.Errorf("want on/off, got %q", v)
}

func naiveNonNeg(v string) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("want a number >= 0, got %q", v)
	}
	return n, nil
}

// naiveRulesFromOpts applies "Variant" first, then every other option.
func naiveRulesFromOpts(opts map[string]string) (naiveRules, error) {
	variant := "egyptian"
	if v, ok := opts["Variant"]; ok {
		variant = strings.ToLower(v)
	}
	r, err := naivePreset(variant)
	if err != nil {
		return r, err
	}
	for k, v := range opts {
		var err error
		switch k {
		case "Variant":
		case "BoardSize":
			r.size, err = naiveNonNeg(v)
			if err == nil && r.size != 5 && r.size != 7 && r.size != 9 {
				err = fmt.Errorf("BoardSize must be 5, 7 or 9")
			}
		case "Directions":
			r.directions, err = naiveNonNeg(v)
			if err == nil && r.directions != 4 && r.directions != 8 {
				err = fmt.Errorf("Directions must be 4 or 8")
			}
		case "CentreSafe":
			r.centreSafe, err = naiveOnOff(v)
		case "LineCapture":
			r.lineCapture, err = naiveOnOff(v)
		case "Chain":
			r.chain = strings.ToLower(v)
			if r.chain != naiveNoChn && r.chain != naiveBonus && r.chain != naiveAnyCap && r.chain != naiveSameCp {
				err = fmt.Errorf("bad Chain %q", v)
			}
		case "ChainMandatory":
			r.chainMandatory, err = naiveOnOff(v)
		case "Blocked":
			r.blocked = strings.ToLower(v)
			if r.blocked != "pass" && r.blocked != "lose" && r.blocked != "whiteopens" {
				err = fmt.Errorf("bad Blocked %q", v)
			}
		case "LoseAt":
			r.loseAt, err = naiveNonNeg(v)
		case "NoCaptureLimit":
			r.noCaptureLimit, err = naiveNonNeg(v)
		case "RepetitionDraw":
			r.repetitionDraw, err = naiveNonNeg(v)
		case "Ransom":
			r.ransom, err = naiveOnOff(v)
		case "RansomRefusals":
			r.ransomRefusals, err = naiveNonNeg(v)
		case "RansomDeadline":
			r.ransomDeadline, err = naiveNonNeg(v)
		case "MovementStarter":
			switch strings.ToLower(v) {
			case "white":
				r.starter = naiveWhite
			case "black":
				r.starter = naiveBlack
			default:
				err = fmt.Errorf("bad MovementStarter %q", v)
			}
		default:
			err = fmt.Errorf("unknown option")
		}
		if err != nil {
			return r, fmt.Errorf("option %s=%s: %v", k, v, err)
		}
	}
	return r, nil
}

// naiveGame is a full game state: rules, position, and the repetition history.
type naiveGame struct {
	rules naiveRules
	n     int
	cells []int8 // index rank*n+file; rank 0 is rank "1", file 0 is "a"
	side  int8   // who is to act
	hand  [3]int // stones in hand, indexed by colour

	chainOpen    bool // a chain is under way: the mover continues
	chainStone   int  // the chain stone under samecapture, else naiveNoSq
	turnCaptured bool // a step of the turn under way captured

	quiet int // completed movement turns since the last capture
	turn  int // 1 + completed turns

	passed      bool // the last completed turn was a pass
	bothPassed  bool // the last two completed turns were both passes
	asked       bool // Black has requested a ransom this game
	accepted    bool // a ransom has been accepted this game
	refusals    int  // refusals White has used
	pending     int  // the square named by a request awaiting an answer, or naiveNoSq
	turnRefused bool // Black's request this turn was refused
	bturns      int  // Black's completed movement turns

	history []string // repetition keys, one per recorded position
	res     string
}

// naiveAction is one action of RULES.md section 5.
type naiveAction struct {
	kind int // one of the naiveK* constants
	a, b int // squares (place: a; step: a->b; ransom: a; accept: a, b)
}

const (
	naiveKPlace = iota
	naiveKStep
	naiveKZero // pass at the start of a turn, stop inside a chain
	naiveKRansom
	naiveKRefuse
	naiveKAccept
)

func (g *naiveGame) sqName(s int) string {
	return string(rune('a'+s%g.n)) + strconv.Itoa(s/g.n+1)
}

func (g *naiveGame) parseSq(t string) (int, error) {
	if len(t) != 2 {
		return 0, fmt.Errorf("bad square %q", t)
	}
	f := int(t[0]) - 'a'
	r := int(t[1]) - '1'
	if f < 0 || f >= g.n || r < 0 || r >= g.n {
		return 0, fmt.Errorf("bad square %q", t)
	}
	return r*g.n + f, nil
}

func (g *naiveGame) actionText(a naiveAction) string {
	switch a.kind {
	case naiveKPlace:
		return g.sqName(a.a)
	case naiveKStep:
		return g.sqName(a.a) + g.sqName(a.b)
	case naiveKZero:
		return naiveStop
	case naiveKRansom:
		return "ransom:" + g.sqName(a.a)
	case naiveKRefuse:
		return "refuse"
	case naiveKAccept:
		return "accept:" + g.sqName(a.a) + ":" + g.sqName(a.b)
	}
	return "?"
}

func (g *naiveGame) parseAction(t string) (naiveAction, error) {
	switch {
	case t == naiveStop:
		return naiveAction{kind: naiveKZero}, nil
	case t == "refuse":
		return naiveAction{kind: naiveKRefuse}, nil
	case strings.HasPrefix(t, "ransom:"):
		s, err := g.parseSq(t[len("ransom:"):])
		return naiveAction{kind: naiveKRansom, a: s}, err
	case strings.HasPrefix(t, "accept:"):
		p := strings.Split(t[len("accept:"):], ":")
		if len(p) != 2 {
			return naiveAction{}, fmt.Errorf("bad action %q", t)
		}
		s1, err1 := g.parseSq(p[0])
		s2, err2 := g.parseSq(p[1])
		if err1 != nil || err2 != nil {
			return naiveAction{}, fmt.Errorf("bad action %q", t)
		}
		if s1 > s2 {
			s1, s2 = s2, s1
		}
		return naiveAction{kind: naiveKAccept, a: s1, b: s2}, nil
	case len(t) == 2:
		s, err := g.parseSq(t)
		return naiveAction{kind: naiveKPlace, a: s}, err
	case len(t) == 4:
		s1, err1 := g.parseSq(t[:2])
		s2, err2 := g.parseSq(t[2:])
		if err1 != nil || err2 != nil {
			return naiveAction{}, fmt.Errorf("bad action %q", t)
		}
		return naiveAction{kind: naiveKStep, a: s1, b: s2}, nil
	}
	return naiveAction{}, fmt.Errorf("bad action %q", t)
}

func naiveOther(c int8) int8 { return 3 - c }

func (g *naiveGame) stonesPerSide() int { return (g.n*g.n - 1) / 2 }

func (g *naiveGame) centre() int { return (g.n/2)*g.n + g.n/2 }

func (g *naiveGame) placementPhase() bool { return g.hand[naiveWhite] > 0 || g.hand[naiveBlack] > 0 }

// secondStoneDue: an odd count in the hand of the side to act.
func (g *naiveGame) secondStoneDue() bool {
	return g.placementPhase() && g.hand[g.side]%2 == 1
}

func (g *naiveGame) count(c int8) int {
	k := 0
	for _, v := range g.cells {
		if v == c {
			k++
		}
	}
	return k
}

// dirs lists the (file, rank) offsets of the 4 or 8 directions.
func (g *naiveGame) dirs() [][2]int {
	d := [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	if g.rules.directions == 8 {
		d = append(d, [2]int{1, 1}, [2]int{1, -1}, [2]int{-1, 1}, [2]int{-1, -1})
	}
	return d
}

// neighbour returns the square next to s in direction d, or naiveNoSq.
func (g *naiveGame) neighbour(s int, d [2]int) int {
	f := s%g.n + d[0]
	r := s/g.n + d[1]
	if f < 0 || f >= g.n || r < 0 || r >= g.n {
		return naiveNoSq
	}
	return r*g.n + f
}

// stepsOf lists every step (from, to) of colour c's stones.
func (g *naiveGame) stepsOf(c int8) []naiveAction {
	var out []naiveAction
	for s := range g.cells {
		if g.cells[s] != c {
			continue
		}
		out = append(out, g.stepsFrom(s)...)
	}
	return out
}

func (g *naiveGame) stepsFrom(s int) []naiveAction {
	var out []naiveAction
	for _, d := range g.dirs() {
		t := g.neighbour(s, d)
		if t != naiveNoSq && g.cells[t] == naiveEmpty {
			out = append(out, naiveAction{kind: naiveKStep, a: s, b: t})
		}
	}
	return out
}

// capturedBy lists the enemy stones that a stone of colour mover, standing
// on t (the cells already showing the step done), captures (RULES.md 3.2).
func (g *naiveGame) capturedBy(t int, mover int8) []int {
	var out []int
	enemy := naiveOther(mover)
	for _, d := range g.dirs() {
		var run []int
		s := g.neighbour(t, d)
		for s != naiveNoSq && g.cells[s] == enemy {
			run = append(run, s)
			if !g.rules.lineCapture {
				s = g.neighbour(s, d)
				break
			}
			s = g.neighbour(s, d)
		}
		if len(run) == 0 || s == naiveNoSq || g.cells[s] != mover {
			continue
		}
		for _, e := range run {
			if g.rules.centreSafe && e == g.centre() {
				continue
			}
			out = append(out, e)
		}
	}
	return out
}

// stepCaptures tells whether step a would capture at least one stone.
func (g *naiveGame) stepCaptures(a naiveAction) bool {
	t := g.clone()
	c := t.cells[a.a]
	t.cells[a.b] = c
	t.cells[a.a] = naiveEmpty
	return len(t.capturedBy(a.b, c)) > 0
}

func (g *naiveGame) capturingStepsOf(c int8) []naiveAction {
	var out []naiveAction
	for _, a := range g.stepsOf(c) {
		if g.stepCaptures(a) {
			out = append(out, a)
		}
	}
	return out
}

func (g *naiveGame) capturingStepsFrom(s int) []naiveAction {
	var out []naiveAction
	for _, a := range g.stepsFrom(s) {
		if g.stepCaptures(a) {
			out = append(out, a)
		}
	}
	return out
}

// continuations lists the continuing steps of an open chain (or of a chain
// that would open now, after a capturing step to square to).
func (g *naiveGame) continuations(to int) []naiveAction {
	switch g.rules.chain {
	case naiveBonus:
		return g.stepsOf(g.side)
	case naiveAnyCap:
		return g.capturingStepsOf(g.side)
	case naiveSameCp:
		return g.capturingStepsFrom(to)
	}
	return nil
}

// chainCompulsory: under bonus always, else as ChainMandatory says.
func (g *naiveGame) chainCompulsory() bool {
	return g.rules.chain == naiveBonus || g.rules.chainMandatory
}

// ransomRequestAllowed: RULES.md 3.5 item 1, at the start of Black's turn.
func (g *naiveGame) ransomRequestAllowed() bool {
	return g.rules.ransom && !g.placementPhase() && g.side == naiveBlack &&
		!g.chainOpen && g.pending == naiveNoSq && !g.accepted && !g.turnRefused &&
		(g.refusals < g.rules.ransomRefusals || g.count(naiveWhite) >= 2)
}

// rawActions lists the legal actions, except that the whiteopens duty (a
// property of White's whole turn) is not applied here.
func (g *naiveGame) rawActions() []naiveAction {
	var out []naiveAction
	if g.res != naiveNone {
		return nil
	}
	if g.placementPhase() {
		for s, v := range g.cells {
			if v == naiveEmpty && s != g.centre() {
				out = append(out, naiveAction{kind: naiveKPlace, a: s})
			}
		}
		return out
	}
	if g.pending != naiveNoSq {
		if g.refusals < g.rules.ransomRefusals {
			out = append(out, naiveAction{kind: naiveKRefuse})
		}
		for i := range g.cells {
			for j := i + 1; j < len(g.cells); j++ {
				if g.cells[i] == naiveWhite && g.cells[j] == naiveWhite {
					out = append(out, naiveAction{kind: naiveKAccept, a: i, b: j})
				}
			}
		}
		return out
	}
	if g.chainOpen {
		out = g.continuations(g.chainStone)
		if !g.chainCompulsory() && len(out) > 0 {
			out = append(out, naiveAction{kind: naiveKZero})
		}
		return out
	}
	steps := g.stepsOf(g.side)
	out = append(out, steps...)
	if len(steps) == 0 {
		// Blocked. Under lose, and for White under whiteopens, the game is
		// already over and we never get here.
		out = append(out, naiveAction{kind: naiveKZero})
	}
	if g.ransomRequestAllowed() {
		for s, v := range g.cells {
			if v == naiveBlack {
				out = append(out, naiveAction{kind: naiveKRansom, a: s})
			}
		}
	}
	return out
}

func (g *naiveGame) isRawLegal(a naiveAction) bool {
	for _, b := range g.rawActions() {
		if a == b {
			return true
		}
	}
	return false
}

// turnOpen: the player to act is in the middle of a turn.
func (g *naiveGame) turnOpen() bool {
	return g.res == naiveNone && (g.secondStoneDue() || g.chainOpen)
}

// dutyActive: under whiteopens, White's turn directly after a (Black) pass
// must leave Black a step unless the game is over after it.
func (g *naiveGame) dutyActive() bool {
	return g.rules.blocked == "whiteopens" && !g.placementPhase() &&
		g.side == naiveWhite && g.passed && g.pending == naiveNoSq
}

// dutyMet is judged on the position after White's whole turn.
func (g *naiveGame) dutyMet() bool {
	return g.res != naiveNone || len(g.stepsOf(naiveBlack)) > 0
}

func (g *naiveGame) key() string {
	var b strings.Builder
	for _, v := range g.cells {
		b.WriteByte('0' + byte(v))
	}
	fmt.Fprintf(&b, "|%d|%t|%t|%t", g.side, g.passed, g.asked, g.accepted)
	return b.String()
}

func (g *naiveGame) record() {
	g.history = append(g.history, g.key())
}

// apply plays one action already known to be legal.
func (g *naiveGame) apply(a naiveAction) {
	switch a.kind {
	case naiveKPlace:
		g.cells[a.a] = g.side
		g.hand[g.side]--
		if g.hand[g.side]%2 == 0 { // the turn's second stone
			g.turn++
			g.side = naiveOther(g.side)
			if !g.placementPhase() {
				g.side = g.rules.starter
				g.record()
			}
		}
	case naiveKStep:
		mover := g.cells[a.a]
		g.cells[a.b] = mover
		g.cells[a.a] = naiveEmpty
		caps := g.capturedBy(a.b, mover)
		for _, e := range caps {
			g.cells[e] = naiveEmpty
		}
		if len(caps) > 0 {
			g.turnCaptured = true
			g.quiet = 0
		}
		g.chainOpen = false
		g.chainStone = naiveNoSq
		lw, lb := g.count(naiveWhite) <= g.rules.loseAt, g.count(naiveBlack) <= g.rules.loseAt
		if lw || lb {
			g.completeMovementTurn(false) // a step that ends the game ends the turn
			return
		}
		if len(caps) > 0 && g.rules.chain != naiveNoChn && len(g.continuations(a.b)) > 0 {
			g.chainOpen = true
			if g.rules.chain == naiveSameCp {
				g.chainStone = a.b
			}
		} else {
			g.completeMovementTurn(false)
			return
		}
	case naiveKZero:
		g.completeMovementTurn(!g.chainOpen)
		return
	case naiveKRansom:
		g.asked = true
		g.pending = a.a
		g.side = naiveWhite
	case naiveKRefuse:
		g.refusals++
		g.pending = naiveNoSq
		g.turnRefused = true
		g.side = naiveBlack
	case naiveKAccept:
		g.cells[g.pending] = naiveEmpty
		g.cells[a.a] = naiveEmpty
		g.cells[a.b] = naiveEmpty
		g.accepted = true
		g.pending = naiveNoSq
		g.side = naiveBlack
	}
	g.checkEnd()
}

func (g *naiveGame) completeMovementTurn(isPass bool) {
	g.bothPassed = isPass && g.passed
	g.passed = isPass
	if g.turnCaptured {
		g.quiet = 0
	} else {
		g.quiet++
	}
	g.turn++
	if g.side == naiveBlack {
		g.bturns++
	}
	g.turnRefused = false
	g.chainOpen = false
	g.chainStone = naiveNoSq
	g.turnCaptured = false
	g.side = naiveOther(g.side)
	g.record()
	g.checkEnd()
}

// byCount: more stones on the board wins, equal is a draw.
func (g *naiveGame) byCount() string {
	w, b := g.count(naiveWhite), g.count(naiveBlack)
	switch {
	case w > b:
		return naiveP1Win
	case b > w:
		return naiveP2Win
	}
	return naiveDrawn
}

func naiveLoses(c int8) string {
	if c == naiveWhite {
		return naiveP2Win
	}
	return naiveP1Win
}

// checkEnd applies RULES.md 3.6, in its order.
func (g *naiveGame) checkEnd() {
	if g.res != naiveNone || g.placementPhase() {
		return
	}
	r := g.rules
	// Too few stones: White first, so that both at or below LoseAt is Black's win.
	if g.count(naiveWhite) <= r.loseAt {
		g.res = naiveP2Win
		return
	}
	if g.count(naiveBlack) <= r.loseAt {
		g.res = naiveP1Win
		return
	}
	turnStart := !g.chainOpen && g.pending == naiveNoSq
	// Blocked.
	if turnStart {
		if len(g.stepsOf(g.side)) == 0 {
			if r.blocked == "lose" || (r.blocked == "whiteopens" && g.side == naiveWhite) {
				g.res = naiveLoses(g.side)
				return
			}
		} else if g.dutyActive() && len(g.turnList()) == 0 {
			g.res = naiveP1Win // the blockade stands
			return
		}
	}
	if r.noCaptureLimit > 0 && g.quiet >= r.noCaptureLimit {
		g.res = g.byCount()
		return
	}
	if r.blocked == "pass" && g.bothPassed {
		g.res = g.byCount()
		return
	}
	if r.repetitionDraw > 0 && turnStart {
		k, seen := g.key(), 0
		for _, h := range g.history {
			if h == k {
				seen++
			}
		}
		if seen >= r.repetitionDraw {
			g.res = naiveDrawn
			return
		}
	}
	if r.ransom && r.ransomDeadline > 0 && !g.asked && g.bturns >= r.ransomDeadline {
		g.res = naiveP1Win
		return
	}
}

// clone returns an independent deep copy.
func (g *naiveGame) clone() *naiveGame {
	c := *g
	c.cells = append([]int8(nil), g.cells...)
	c.history = append([]string(nil), g.history...)
	return &c
}

func (g *naiveGame) blank(r naiveRules, n int) {
	g.rules = r
	g.n = n
	g.cells = make([]int8, n*n)
	g.chainStone = naiveNoSq
	g.pending = naiveNoSq
	g.turn = 1
	g.side = naiveWhite
	g.res = naiveNone
}

// newNaiveGame starts a game at the variant's start position.
func newNaiveGame(opts map[string]string) (*naiveGame, error) {
	r, err := naiveRulesFromOpts(opts)
	if err != nil {
		return nil, err
	}
	g := &naiveGame{}
	g.blank(r, r.size)
	if r.loseAt >= g.stonesPerSide() {
		return nil, fmt.Errorf("LoseAt %d must stay below %d", r.loseAt, g.stonesPerSide())
	}
	g.hand[naiveWhite] = g.stonesPerSide()
	g.hand[naiveBlack] = g.stonesPerSide()
	return g, nil
}

// newNaiveGameFromFEN starts from a SeFEN (RULES.md 5); its board gives the size.
func newNaiveGameFromFEN(opts map[string]string, fen string) (*naiveGame, error) {
	r, err := naiveRulesFromOpts(opts)
	if err != nil {
		return nil, err
	}
	f := strings.Fields(fen)
	if len(f) < 6 {
		return nil, errors.New("SeFEN needs six fields")
	}
	ranks := strings.Split(f[0], "/")
	n := len(ranks)
	if n != 5 && n != 7 && n != 9 {
		return nil, fmt.Errorf("board has %d ranks", n)
	}
	r.size = n
	g := &naiveGame{}
	g.blank(r, n)
	if r.loseAt >= g.stonesPerSide() {
		return nil, fmt.Errorf("LoseAt %d must stay below %d", r.loseAt, g.stonesPerSide())
	}
	for i, row := range ranks {
		rank := n - 1 - i
		file := 0
		for _, ch := range row {
			switch {
			case ch >= '1' && ch <= '9':
				file += int(ch - '0')
			case ch == 'w' || ch == 'b':
				if file >= n {
					return nil, fmt.Errorf("rank %q too long", row)
				}
				if ch == 'w' {
					g.cells[rank*n+file] = naiveWhite
				} else {
					g.cells[rank*n+file] = naiveBlack
				}
				file++
			default:
				return nil, fmt.Errorf("bad board character %q", ch)
			}
		}
		if file != n {
			return nil, fmt.Errorf("rank %q has %d squares", row, file)
		}
	}
	switch f[1] {
	case "w":
		g.side = naiveWhite
	case "b":
		g.side = naiveBlack
	default:
		return nil, fmt.Errorf("bad side %q", f[1])
	}
	hands := strings.Split(f[2], "/")
	if len(hands) != 2 {
		return nil, fmt.Errorf("bad hands %q", f[2])
	}
	if g.hand[naiveWhite], err = naiveNonNeg(hands[0]); err != nil {
		return nil, err
	}
	if g.hand[naiveBlack], err = naiveNonNeg(hands[1]); err != nil {
		return nil, err
	}
	if g.placementPhase() && g.hand[g.side] == 0 {
		return nil, errors.New("side to act has nothing to place")
	}
	if g.placementPhase() && g.cells[g.centre()] != naiveEmpty {
		return nil, errors.New("centre occupied during placement")
	}
	switch f[3] {
	case "-":
	case "+":
		if r.chain != naiveBonus && r.chain != naiveAnyCap {
			return nil, errors.New("chain + needs Chain bonus or anycapture")
		}
		g.chainOpen = true
	default:
		s, err := g.parseSq(f[3])
		if err != nil {
			return nil, err
		}
		if r.chain != naiveSameCp || g.cells[s] != g.side {
			return nil, errors.New("bad samecapture chain square")
		}
		g.chainOpen = true
		g.chainStone = s
	}
	if g.chainOpen {
		if g.placementPhase() {
			return nil, errors.New("chain during placement")
		}
		if len(g.continuations(g.chainStone)) == 0 {
			return nil, errors.New("chain under way with no continuing step")
		}
		g.turnCaptured = true
	}
	if g.quiet, err = naiveNonNeg(f[4]); err != nil {
		return nil, err
	}
	if g.turn, err = naiveNonNeg(f[5]); err != nil || g.turn < 1 {
		return nil, fmt.Errorf("bad turn number %q", f[5])
	}
	flag := func(v string) (bool, error) {
		switch v {
		case "0":
			return false, nil
		case "1":
			return true, nil
		}
		return false, fmt.Errorf("bad flag %q", v)
	}
	for _, kv := range f[6:] {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("bad field %q", kv)
		}
		if k != "passed" && !r.ransom {
			return nil, fmt.Errorf("field %q needs Ransom on", k)
		}
		var err error
		switch k {
		case "passed":
			g.passed, err = flag(v)
		case "asked":
			g.asked, err = flag(v)
		case "accepted":
			g.accepted, err = flag(v)
		case "refusals":
			g.refusals, err = naiveNonNeg(v)
		case "pending":
			g.pending, err = g.parseSq(v)
			if err == nil && (g.cells[g.pending] != naiveBlack || g.side != naiveWhite) {
				err = errors.New("pending needs a Black stone and White to act")
			}
		case "turnrefused":
			g.turnRefused, err = flag(v)
		case "bturns":
			g.bturns, err = naiveNonNeg(v)
		default:
			err = errors.New("unknown key")
		}
		if err != nil {
			return nil, fmt.Errorf("field %q: %v", kv, err)
		}
	}
	if !g.placementPhase() && !g.chainOpen && g.pending == naiveNoSq {
		g.record() // a history of its own, counted once
	}
	g.checkEnd()
	return g, nil
}

// fen prints the SeFEN of the current position.
func (g *naiveGame) fen() string {
	var b strings.Builder
	for rank := g.n - 1; rank >= 0; rank-- {
		run := 0
		for file := 0; file < g.n; file++ {
			v := g.cells[rank*g.n+file]
			if v == naiveEmpty {
				run++
				continue
			}
			if run > 0 {
				b.WriteString(strconv.Itoa(run))
				run = 0
			}
			if v == naiveWhite {
				b.WriteByte('w')
			} else {
				b.WriteByte('b')
			}
		}
		if run > 0 {
			b.WriteString(strconv.Itoa(run))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	side := "w"
	if g.side == naiveBlack {
		side = "b"
	}
	chain := "-"
	if g.chainOpen {
		if g.chainStone != naiveNoSq {
			chain = g.sqName(g.chainStone)
		} else {
			chain = "+"
		}
	}
	fmt.Fprintf(&b, " %s %d/%d %s %d %d", side, g.hand[naiveWhite], g.hand[naiveBlack], chain, g.quiet, g.turn)
	if g.passed {
		b.WriteString(" passed=1")
	}
	if !g.rules.ransom { // the ransom's fields exist only where Ransom is on
		return b.String()
	}
	if g.asked {
		b.WriteString(" asked=1")
	}
	if g.accepted {
		b.WriteString(" accepted=1")
	}
	if g.refusals != 0 {
		fmt.Fprintf(&b, " refusals=%d", g.refusals)
	}
	if g.pending != naiveNoSq {
		b.WriteString(" pending=" + g.sqName(g.pending))
	}
	if g.turnRefused {
		b.WriteString(" turnrefused=1")
	}
	if g.bturns != 0 {
		fmt.Fprintf(&b, " bturns=%d", g.bturns)
	}
	return b.String()
}

// result is "none", "p1win", "p2win" or "draw".
func (g *naiveGame) result() string { return g.res }

// naiveTurn is one edge of the turn tree: its text and the game after it.
type naiveTurn struct {
	text  string
	after *naiveGame
}

// turnList lists every legal turn (or way to finish the half-done turn),
// unsorted, each with the game after it.
func (g *naiveGame) turnList() []naiveTurn {
	var out []naiveTurn
	if g.res != naiveNone {
		return nil
	}
	if g.placementPhase() {
		var free []int
		for s, v := range g.cells {
			if v == naiveEmpty && s != g.centre() {
				free = append(free, s)
			}
		}
		if g.secondStoneDue() {
			for _, s := range free {
				t := g.clone()
				t.apply(naiveAction{kind: naiveKPlace, a: s})
				out = append(out, naiveTurn{g.sqName(s), t})
			}
			return out
		}
		for i := range free {
			for j := i + 1; j < len(free); j++ {
				t := g.clone()
				t.apply(naiveAction{kind: naiveKPlace, a: free[i]})
				t.apply(naiveAction{kind: naiveKPlace, a: free[j]})
				out = append(out, naiveTurn{g.sqName(free[i]) + "," + g.sqName(free[j]), t})
			}
		}
		return out
	}
	duty := g.dutyActive()
	emit := func(text string, after *naiveGame) {
		if duty && !after.dutyMet() {
			return
		}
		out = append(out, naiveTurn{text, after})
	}
	var walk func(s *naiveGame, acts []string)
	walk = func(s *naiveGame, acts []string) {
		for _, a := range s.rawActions() {
			t := s.clone()
			t.apply(a)
			if a.kind == naiveKZero && s.chainOpen { // the stop of an optional chain
				if len(acts) == 0 {
					emit(naiveStop, t)
				} else {
					emit(strings.Join(acts, ","), t)
				}
				continue
			}
			na := append(append([]string(nil), acts...), s.actionText(a))
			if t.turnOpen() {
				walk(t, na)
			} else {
				emit(strings.Join(na, ","), t)
			}
		}
	}
	walk(g, nil)
	return out
}

// turns lists every legal turn from here, sorted.
func (g *naiveGame) turns() []string {
	var out []string
	for _, t := range g.turnList() {
		out = append(out, t.text)
	}
	sort.Strings(out)
	return out
}

// perft counts the nodes at depth d of the turn tree.
func (g *naiveGame) perft(d int) uint64 {
	if d == 0 {
		return 1
	}
	list := g.turnList()
	if d == 1 {
		return uint64(len(list))
	}
	var n uint64
	for _, t := range list {
		n += t.after.perft(d - 1)
	}
	return n
}

// play applies one token of a moves list under MoveGranularity "turn".
func (g *naiveGame) play(token string) error {
	if g.res != naiveNone {
		return fmt.Errorf("%q: the game is over", token)
	}
	var acts []naiveAction
	for _, p := range strings.Split(token, ",") {
		a, err := g.parseAction(p)
		if err != nil {
			return fmt.Errorf("%q: %v", token, err)
		}
		acts = append(acts, a)
	}
	s := g.clone()
	// stopChain ends an open optional chain, honouring the whiteopens duty.
	stopChain := func() error {
		duty := s.dutyActive()
		s.apply(naiveAction{kind: naiveKZero})
		if duty && !s.dutyMet() {
			return errors.New("stopping here leaves Black blocked")
		}
		return nil
	}
	// An open optional chain at the token's start ends if the first action
	// is no continuation but is legal for the opponent.
	if s.chainOpen && !s.chainCompulsory() && !s.isRawLegal(acts[0]) {
		t := s.clone()
		if err := stopChain(); err != nil || !s.isRawLegal(acts[0]) {
			s = t
		}
	}
	for i, a := range acts {
		if s.res != naiveNone {
			return fmt.Errorf("%q: the game ended before %s", token, g.actionText(a))
		}
		if !s.isRawLegal(a) {
			return fmt.Errorf("%q: illegal action %s in %s", token, g.actionText(a), s.fen())
		}
		duty := s.dutyActive()
		s.apply(a)
		if s.turnOpen() {
			continue
		}
		if duty && !s.dutyMet() {
			return fmt.Errorf("%q: White's turn must leave Black a step", token)
		}
		if i != len(acts)-1 {
			return fmt.Errorf("%q: the turn ended before the token did", token)
		}
	}
	if s.res == naiveNone && s.chainOpen && !s.chainCompulsory() {
		if err := stopChain(); err != nil {
			return fmt.Errorf("%q: %v", token, err)
		}
	}
	if s.turnOpen() && s.dutyActive() && len(s.turnList()) == 0 {
		return fmt.Errorf("%q: no way to finish this turn leaves Black a step", token)
	}
	*g = *s
	return nil
}
