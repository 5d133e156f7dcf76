package match

import (
	"slices"

	"seega/board"
	"seega/match/stats"
)

// Points of the [AR] ledger: the winner of a game gets PointsWin plus
// PointsPerCapture for each stone it captured in that game; the loser
// loses PointsLoss, but no one goes below 0. A draw changes nothing.
const (
	PointsWin        = 50
	PointsPerCapture = 2
	PointsLoss       = 5
)

// outcome is what the tally needs of a finished game.
type outcome struct {
	// index is the game's place in the order the ledger books games in:
	// its index in the schedule, or in a shard's own tally its place in
	// the shard's slice (Shard.position), which has no gaps.
	index, pair  int
	white, black int // engine indexes
	result       board.Outcome
	captured     [2]int
	// turnLimit is set where the runner drew the game at its turn limit.
	turnLimit bool
	// forfeit is how the loser forfeited the game, or "" where it was
	// not lost by forfeit.
	forfeit Termination
}

// newOutcome is what the tally needs of record r, game j of the
// schedule, booked at index in the ledger's order.
func newOutcome(index int, j job, r *Record) outcome {
	o := outcome{index: index, pair: j.Pair, white: j.White, black: j.Black, result: r.Outcome, captured: r.Captured, turnLimit: r.Termination == TermTurnLimit}
	if r.Termination.Forfeit() && r.Outcome != board.Draw {
		o.forfeit = r.Termination
	}
	return o
}

// loser is the engine that lost, for a decided game.
func (o outcome) loser() int {
	if o.result == board.WhiteWins {
		return o.black
	}
	return o.white
}

// halfPoints is what side c scored: 2 for a win, 1 for a draw, 0 for a loss.
func (o outcome) halfPoints(c board.Color) int {
	switch {
	case o.result == board.Draw:
		return 1
	case (o.result == board.WhiteWins) == (c == board.White):
		return 2
	}
	return 0
}

// engineTally is one engine's results against the field.
type engineTally struct {
	w, d, l  int
	forfeits Forfeits
}

// h2h is the results of engine a against engine b (a < b), from a's side.
type h2h struct {
	w, d, l int
	penta   stats.Penta
	// forfeits is the games a lost by forfeit, and b's.
	forfeits [2]int
	// half holds the first game of each pair until its partner ends.
	half map[int]int
}

// tally adds up finished games. It is not safe for concurrent use; the
// tournament holds its lock.
type tally struct {
	names   []string
	engines []engineTally
	matches map[[2]int]*h2h
	games   int
	// white counts the games by colour, whoever played them: White's
	// wins, draws and losses. turnLimit counts the games drawn by the
	// turn limit. Openings meant to be level show in the first, and
	// games nobody could finish in the second.
	white     [3]int
	turnLimit int

	// The ledger is applied in schedule order, so that it comes out the
	// same however the games were interleaved or resumed: ledger holds
	// every game before index next, waiting the ones after a gap.
	ledger  []int
	next    int
	waiting map[int]outcome
}

func newTally(names []string) *tally {
	return &tally{
		names:   names,
		engines: make([]engineTally, len(names)),
		matches: map[[2]int]*h2h{},
		ledger:  make([]int, len(names)),
		waiting: map[int]outcome{},
	}
}

func (t *tally) add(o outcome) {
	t.games++
	t.white[2-o.halfPoints(board.White)]++
	if o.turnLimit {
		t.turnLimit++
	}
	for _, side := range []board.Color{board.White, board.Black} {
		e := &t.engines[o.engine(side)]
		switch o.halfPoints(side) {
		case 2:
			e.w++
		case 1:
			e.d++
		default:
			e.l++
		}
	}
	a, b := o.white, o.black
	aSide := board.White
	if a > b {
		a, b, aSide = b, a, board.Black
	}
	m := t.matches[[2]int{a, b}]
	if m == nil {
		m = &h2h{half: map[int]int{}}
		t.matches[[2]int{a, b}] = m
	}
	if o.forfeit != "" {
		loser := o.loser()
		e := &t.engines[loser]
		if e.forfeits == nil {
			e.forfeits = Forfeits{}
		}
		e.forfeits[o.forfeit]++
		if loser == a {
			m.forfeits[0]++
		} else {
			m.forfeits[1]++
		}
	}
	hp := o.halfPoints(aSide)
	switch hp {
	case 2:
		m.w++
	case 1:
		m.d++
	default:
		m.l++
	}
	if first, ok := m.half[o.pair]; ok {
		m.penta.Add(first, hp)
		delete(m.half, o.pair)
	} else {
		m.half[o.pair] = hp
	}

	t.waiting[o.index] = o
	for {
		w, ok := t.waiting[t.next]
		if !ok {
			break
		}
		applyLedger(t.ledger, w)
		delete(t.waiting, t.next)
		t.next++
	}
}

func (o outcome) engine(c board.Color) int {
	if c == board.White {
		return o.white
	}
	return o.black
}

// applyLedger books one game in the [AR] points ledger.
func applyLedger(ledger []int, o outcome) {
	var winner board.Color
	switch o.result {
	case board.WhiteWins:
		winner = board.White
	case board.BlackWins:
		winner = board.Black
	default:
		return
	}
	ledger[o.engine(winner)] += PointsWin + PointsPerCapture*o.captured[winner]
	l := o.engine(winner.Other())
	ledger[l] = max(0, ledger[l]-PointsLoss)
}

// points is the ledger with every finished game booked: the ones after a
// gap in the schedule too, in index order.
func (t *tally) points() []int {
	out := slices.Clone(t.ledger)
	idx := make([]int, 0, len(t.waiting))
	for i := range t.waiting {
		idx = append(idx, i)
	}
	slices.Sort(idx)
	for _, i := range idx {
		applyLedger(out, t.waiting[i])
	}
	return out
}
