package tablebase

import (
	"fmt"
	"sync"
	"sync/atomic"

	"seega/board"
)

// The generator solves one material at a time, fewest stones first: a
// capture always lowers the material, so every turn from a position
// either keeps its material (a quiet turn: one step that captures nothing,
// or a pass) or leads into a table already solved. Within a material:
//
//  1. The scan sets each position up in a board.Game and walks its legal
//     turns whole (Game.ForEachTurn, which expands chains and applies the
//     whiteopens duty). A turn that ends the game, or leaves a smaller
//     material, has a value known now; the scan keeps the best of those
//     ("exits") and lists the turns that keep the material ("moves").
//  2. Without a quiet-turn limit the moves can go round in cycles, and
//     the values come from retrograde analysis: positions are settled in
//     order of their distance to the end, and a settled loss makes each
//     position with a move into it a win one turn further; a position all
//     of whose moves and exits lose for it is lost one turn after its
//     longest defence. What is never settled is a draw.
//  3. With the limit, a quiet turn raises the count, so the moves never go
//     round: the values of count q follow from those of q+1, from the
//     limit (where the game ends by counting stones) down to 0.

// moveList is the scan's record of the material-keeping turns of every
// state, kept in the chunks the scan workers filled, so that it is never
// copied whole: the moves of state s are chunks[s/chunk][from(s):end[s]],
// where end[s] is an offset within the chunk and from(s) is its
// predecessor's end, or 0 at a chunk's first state.
type moveList struct {
	chunks [][]uint32
	end    []uint32
}

// moves lists the states state s's material-keeping turns lead to.
func (ml *moveList) moves(s uint64) []uint32 {
	from := uint32(0)
	if s%chunk != 0 {
		from = ml.end[s-1]
	}
	return ml.chunks[s/chunk][from:ml.end[s]]
}

// exits summarises the turns of a state that leave the material or end the
// game, in the state's side's terms: the quickest win (-1 for none), the
// longest loss (-1 for none), and whether one draws.
type exits struct {
	win, loss []int32
	draw      []bool
	// terminal marks a position where the game is already over; its value
	// is in win or loss (0 turns).
	terminal []bool
	// unused marks board numbers that are no symmetry class's own (see
	// classIndex); alias maps them to the number that is.
	unused map[uint64]uint64
}

// Progress reports how far a generation has come: the material being
// solved, and the states scanned of it so far out of all.
type Progress func(m Material, done, total uint64)

// solver solves materials one by one, keeping the solved ones it needs for
// lookups.
type solver struct {
	lay     *layout
	sym     *symmetries
	workers int
	solved  map[Material]*table
	report  Progress
}

func newSolver(lay *layout, workers int, report Progress) *solver {
	return &solver{lay: lay, sym: newSymmetries(lay.n), workers: max(1, workers),
		solved: map[Material]*table{}, report: report}
}

// solve builds the table of m; every smaller material it can capture into
// must be in s.solved.
func (s *solver) solve(m Material) (*table, error) {
	t := newTable(s.lay, newClassIndex(s.sym, m))
	if t.states >= 1<<32 {
		return nil, fmt.Errorf("%s: %d states do not fit the generator's 32-bit state numbers", m, t.states)
	}
	moves, ex, err := s.scan(t)
	if err != nil {
		return nil, err
	}
	t.codes = make([]code, uint64(s.lay.quiet)*t.states)
	if s.lay.rules.NoCaptureLimit > 0 {
		s.layers(t, moves, ex)
	} else {
		retrograde(t, moves, ex)
	}
	t.fillUnused(ex.unused)
	t.compact()
	return t, nil
}

// chunk is the number of states a scan worker takes at a time.
const chunk = 1 << 12

// scan walks every state's turns (step 1 above), with s.workers
// goroutines each owning a board.Game.
func (s *solver) scan(t *table) (*moveList, *exits, error) {
	n := t.states
	ex := &exits{win: make([]int32, n), loss: make([]int32, n), draw: make([]bool, n),
		terminal: make([]bool, n), unused: map[uint64]uint64{}}
	chunks := int((n + chunk - 1) / chunk)
	ml := &moveList{chunks: make([][]uint32, chunks), end: make([]uint32, n)}
	var next, done atomic.Uint64
	var mu sync.Mutex
	var firstErr error
	var wg sync.WaitGroup
	for range s.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w, err := s.newScanner(t, ex)
			if err != nil {
				mu.Lock()
				firstErr = err
				mu.Unlock()
				return
			}
			var targets []uint32 // reused from chunk to chunk
			for {
				c := next.Add(1) - 1
				if c >= uint64(chunks) {
					return
				}
				lo, hi := c*chunk, min(n, (c+1)*chunk)
				targets = targets[:0]
				for st := lo; st < hi; st++ {
					if targets, err = w.state(st, targets); err != nil {
						mu.Lock()
						firstErr = err
						mu.Unlock()
						return
					}
					ml.end[st] = uint32(len(targets))
				}
				// Kept at its exact size: a grown slice has up to twice
				// the room it needs.
				ml.chunks[c] = append([]uint32(nil), targets...)
				if d := done.Add(hi - lo); s.report != nil {
					mu.Lock()
					s.report(t.idx.mat, d, n)
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return nil, nil, firstErr
	}
	for _, w := range s.unusedBoards(t) {
		ex.unused[w[0]] = w[1]
	}
	return ml, ex, nil
}

// unusedBoards lists the board numbers that are no class's own, each with
// the number of its class.
func (s *solver) unusedBoards(t *table) [][2]uint64 {
	var out [][2]uint64
	for i := uint64(0); i < t.idx.boards(); i++ {
		w, b := t.idx.board(i)
		if j := t.idx.number(w, b); j != i {
			out = append(out, [2]uint64{i, j})
		}
	}
	return out
}

// scanner is one scan worker's game and buffers.
type scanner struct {
	s  *solver
	t  *table
	ex *exits
	g  *board.Game
}

func (s *solver) newScanner(t *table, ex *exits) (*scanner, error) {
	g, err := board.NewGame(s.lay.rules)
	if err != nil {
		return nil, err
	}
	return &scanner{s: s, t: t, ex: ex, g: g}, nil
}

// turnStart is the position of state st (at quiet count 0).
func (w *scanner) turnStart(st uint64) (board.TurnStart, bool) {
	num, side, passed := w.t.split(st)
	wb, bb := w.t.idx.board(num)
	ts := board.TurnStart{White: wb, Black: bb, Side: side, Passed: passed == 1}
	ts.Asked, ts.Accepted = w.s.lay.rules.Ransom, w.s.lay.rules.Ransom
	return ts, w.t.idx.number(wb, bb) == num
}

// state scans one state: its exits into w.ex, its moves appended to
// targets.
func (w *scanner) state(st uint64, targets []uint32) ([]uint32, error) {
	ex := w.ex
	ex.win[st], ex.loss[st] = -1, -1
	ts, own := w.turnStart(st)
	if !own {
		return targets, nil
	}
	g := w.g
	if err := g.SetTurnStart(ts); err != nil {
		return targets, err
	}
	if res := g.Result(); res.Over() {
		ex.terminal[st] = true
		switch winner, ok := res.Winner(); {
		case !ok:
			ex.draw[st] = true
		case winner == ts.Side:
			ex.win[st] = 0
		default:
			ex.loss[st] = 0
		}
		return targets, nil
	}
	start := len(targets)
	var err error
	g.ForEachTurn(func([]board.Action) bool {
		p := g.Position()
		child, ok := p.TurnStartOf()
		if !ok {
			err = fmt.Errorf("a turn from %s did not end at a turn start", g.SeFEN())
			return false
		}
		if child.Side == ts.Side {
			err = fmt.Errorf("a turn from %s left the same side to act", g.SeFEN())
			return false
		}
		var c code
		if res := g.Result(); res.Over() {
			switch winner, ok := res.Winner(); {
			case !ok:
				c = 0
			case winner == child.Side:
				c = encode(Value{Win, 0})
			default:
				c = encode(Value{Loss, 0})
			}
		} else if m := (Material{child.White.Count(), child.Black.Count()}); m == w.t.idx.mat {
			tgt := uint32(w.t.stateOf(&child))
			for _, x := range targets[start:] {
				if x == tgt {
					return true
				}
			}
			targets = append(targets, tgt)
			return true
		} else {
			lower, ok := w.s.solved[m]
			if !ok {
				err = fmt.Errorf("a turn from %s leads to %s, which is not solved", g.SeFEN(), m)
				return false
			}
			c = lower.lookup(&child)
		}
		// The child's value is its side to act's; ours is the other way
		// round, one turn longer.
		v := c.value()
		switch v.WDL {
		case Win:
			ex.loss[st] = max(ex.loss[st], int32(v.Turns+1))
		case Loss:
			if ex.win[st] < 0 || int32(v.Turns+1) < ex.win[st] {
				ex.win[st] = int32(v.Turns + 1)
			}
		default:
			ex.draw[st] = true
		}
		return true
	})
	return targets, err
}

// retrograde settles the values of a material without a quiet limit
// (step 2 above). Positions are settled in rounds of equal distance; a
// round's positions make their predecessors wins, or bring them one move
// closer to being lost.
//
// It takes ml over: the moves are dropped once turned round into
// predecessors, which is all the settling needs.
func retrograde(t *table, ml *moveList, ex *exits) {
	n := t.states
	// remaining counts the turns of a state not yet known to lose for it;
	// an exit that wins or draws counts once and never goes.
	remaining := make([]uint32, n)
	for st := uint64(0); st < n; st++ {
		remaining[st] = uint32(len(ml.moves(st)))
	}
	// Predecessors, as the moves turned round: predStart[x] is where
	// x's run begins; fill walks each run while it is written.
	predStart := make([]uint64, n+1)
	for _, c := range ml.chunks {
		for _, x := range c {
			predStart[x+1]++
		}
	}
	for i := uint64(0); i < n; i++ {
		predStart[i+1] += predStart[i]
	}
	preds := make([]uint32, predStart[n])
	fill := make([]uint32, n) // written so far of each run
	for st := uint64(0); st < n; st++ {
		for _, x := range ml.moves(st) {
			preds[predStart[x]+uint64(fill[x])] = uint32(st)
			fill[x]++
		}
		if st%chunk == chunk-1 {
			ml.chunks[st/chunk] = nil // turned round: let it go
		}
	}
	fill, ml.chunks, ml.end = nil, nil, nil
	done := make([]bool, n)
	var rounds [][]uint32 // rounds[d]: states to settle at distance d, as state<<1 | lost
	push := func(d int32, st uint64, lost bool) {
		for int(d) >= len(rounds) {
			rounds = append(rounds, nil)
		}
		e := uint32(st) << 1
		if lost {
			e |= 1
		}
		rounds[d] = append(rounds[d], e)
	}
	for st := uint64(0); st < n; st++ {
		if _, un := ex.unused[st/(2*uint64(t.lay.passed))]; un {
			done[st] = true
			continue
		}
		if ex.terminal[st] {
			done[st] = true
			switch {
			case ex.win[st] == 0:
				t.codes[st] = encode(Value{Win, 0})
			case ex.loss[st] == 0:
				t.codes[st] = encode(Value{Loss, 0})
			}
			continue
		}
		if ex.win[st] >= 0 || ex.draw[st] {
			remaining[st]++
		}
		if ex.win[st] >= 0 {
			push(ex.win[st], st, false)
		}
		if remaining[st] == 0 && ex.loss[st] > 0 {
			push(ex.loss[st], st, true)
		}
	}
	for d := 0; d < len(rounds); d++ {
		for i := 0; i < len(rounds[d]); i++ {
			e := rounds[d][i]
			st, lost := uint64(e>>1), e&1 == 1
			if done[st] {
				continue
			}
			done[st] = true
			if lost {
				t.codes[st] = encode(Value{Loss, d})
			} else {
				t.codes[st] = encode(Value{Win, d})
			}
			for _, y := range preds[predStart[st]:predStart[st+1]] {
				if done[y] {
					continue
				}
				if lost {
					push(int32(d+1), uint64(y), false)
					continue
				}
				remaining[y]--
				if remaining[y] == 0 {
					push(max(int32(d+1), ex.loss[y]), uint64(y), true)
				}
			}
		}
		rounds[d] = nil
	}
}

// layers computes the values of a material under a quiet-turn limit (step
// 3 above), count by count from the limit down.
func (s *solver) layers(t *table, ml *moveList, ex *exits) {
	n := t.states
	Q := s.lay.quiet
	// atLimit[st] is the value of state st when the count has reached the
	// limit: the game ends and the side with more stones on the board wins.
	m := t.idx.mat
	var atLimit [2]code
	for side := board.White; side <= board.Black; side++ {
		own, other := m.White, m.Black
		if side == board.Black {
			own, other = other, own
		}
		switch {
		case own > other:
			atLimit[side] = encode(Value{Win, 0})
		case own < other:
			atLimit[side] = encode(Value{Loss, 0})
		}
	}
	per := uint64(t.lay.passed)
	var wg sync.WaitGroup
	for q := Q - 1; q >= 0; q-- {
		cur := t.codes[uint64(q)*n : uint64(q+1)*n]
		var next []code
		if q+1 < Q {
			next = t.codes[uint64(q+1)*n : uint64(q+2)*n]
		}
		step := (n + uint64(s.workers) - 1) / uint64(s.workers)
		for lo := uint64(0); lo < n; lo += step {
			hi := min(n, lo+step)
			wg.Add(1)
			go func() {
				defer wg.Done()
				for st := lo; st < hi; st++ {
					if ex.terminal[st] {
						if ex.win[st] == 0 {
							cur[st] = encode(Value{Win, 0})
						} else if ex.loss[st] == 0 {
							cur[st] = encode(Value{Loss, 0})
						}
						continue
					}
					win, loss, draw := ex.win[st], ex.loss[st], ex.draw[st]
					for _, x := range ml.moves(st) {
						var c code
						if next != nil {
							c = next[x]
						} else {
							c = atLimit[(uint64(x)/per)%2]
						}
						v := c.value()
						switch v.WDL {
						case Win:
							loss = max(loss, int32(v.Turns+1))
						case Loss:
							if win < 0 || int32(v.Turns+1) < win {
								win = int32(v.Turns + 1)
							}
						default:
							draw = true
						}
					}
					switch {
					case win >= 0:
						cur[st] = encode(Value{Win, int(win)})
					case draw:
						cur[st] = 0
					case loss >= 0:
						cur[st] = encode(Value{Loss, int(loss)})
					}
				}
			}()
		}
		wg.Wait()
	}
}

// fillUnused gives each unused board number its class's entries, so that
// every entry of a file is its position's value.
func (t *table) fillUnused(unused map[uint64]uint64) {
	per := 2 * uint64(t.lay.passed)
	for q := uint64(0); q < uint64(t.lay.quiet); q++ {
		layer := t.codes[q*t.states : (q+1)*t.states]
		for i, j := range unused {
			copy(layer[i*per:(i+1)*per], layer[j*per:(j+1)*per])
		}
	}
}
