package search

import "seega/board"

// search is the principal variation search of one node, negamax and fail
// soft. depth is the remaining depth in turns; it drops by one only when
// an action completes a turn, so the rest of a turn (a placement's second
// stone, a chain's further steps) is searched at the depth the turn began
// with. ply counts actions from the root (the stacks' index), turns the
// completed turns (the mate distance). A child is negated only where the
// side to act changes, which a completed turn usually does but not
// always. minPlace is the first stone of a placement turn begun in the
// search: the second must lie above it, so each pair is searched once.
func (t *thread) search(alpha, beta, depth, ply, turns int, minPlace board.Square) int {
	g := t.g
	pos := g.Position()
	mid := pos.MidTurn()
	t.pvLen[ply] = ply

	// Step 1. A turn start with no depth left: quiescence.
	if depth <= 0 && !mid {
		return t.quiesce(alpha, beta, ply, turns, 0)
	}
	key := t.key()
	if mid && minPlace != board.NoSquare {
		key ^= halfTurnKey(minPlace)
	}
	t.sh.tt.prefetch(key)
	if t.visit() {
		return 0
	}
	t.seldepth = max(t.seldepth, turns)
	pvNode := beta-alpha > 1
	rootTurn := turns == 0 && t.filter.Active()

	// Step 2. Game over, repetition and the stack's end.
	if ply > 0 {
		if res := g.Result(); res.Over() {
			return terminalScore(res, pos.SideToAct(), turns, t.drawScore(pos.SideToAct()))
		}
		if !mid && !pos.Placement() && t.repeated() {
			return t.drawScore(pos.SideToAct())
		}
		if s, ok := t.probeTB(turns); ok {
			return s // Step 2b. A covered turn start has its table value.
		}
		if ply >= MaxPly-1 {
			return t.evaluate(ply)
		}
	}

	// Step 3. Table probe. Cut only outside the principal variation, so
	// that the PV always holds its first turn whole, and never inside a
	// filtered root turn, whose score counts only some of the actions.
	var ttMove uint32
	if e, ok := t.sh.tt.probe(key); ok {
		ttMove = e.move
		if !pvNode && !rootTurn && e.depth >= depth {
			s := fromTT(e.score, turns)
			if e.bound == boundExact || (e.bound == boundLower && s >= beta) || (e.bound == boundUpper && s <= alpha) {
				return s
			}
		}
	}

	// Step 4. Reverse futility pruning, at turn starts of the movement
	// phase outside the principal variation: a position whose static
	// evaluation beats beta by a margin for each turn of depth left is
	// taken to hold, since the side to act can usually keep that much.
	// The evaluation counts the best capture the side to act has, so a
	// capture in hand is not what the margin must cover. (No null move:
	// in Seega having to move is often a burden; docs/strength-tried.md.)
	// A plain searcher (NewPlain) skips steps 4 to 6.
	if !t.plain && depth <= RFPDepth && !pvNode && !rootTurn && !mid && !pos.Placement() && pos.PendingRansom() == board.NoSquare && !isMate(beta) {
		if static := t.evaluate(ply); static-RFPMargin*depth >= beta {
			return static
		}
	}

	var acts []board.Action
	placing := false
	if pos.Placement() {
		squares := searchedPlacements(pos, mid, minPlace)
		if acts, placing = g.PlacementActions(t.moves[ply][:0], squares); !placing {
			acts = placementsOn(g.Actions(acts), squares)
		}
	} else {
		acts = g.Actions(t.moves[ply][:0])
	}
	t.moves[ply] = acts
	if len(acts) == 0 {
		return t.evaluate(ply) // cannot happen in a game not over; be safe
	}
	var scores []int32
	if placing {
		scores = t.scorePlacements(ply, acts, ttMove)
	} else {
		scores = t.scoreActions(ply, acts, ttMove)
	}
	us := pos.SideToAct()
	chain := pos.Chain() != board.NoSquare
	quiet0 := pos.QuietTurns()

	origAlpha := alpha
	best := -Infinity
	var bestMove board.Action
	searched := 0
	tried := t.tried[ply][:0]
	// Late move pruning applies outside the principal variation at shallow
	// depth: after lmpCount(depth) actions, quiet ones ordered after the
	// killers are not searched at all. In placement that keeps the
	// search to the squares the evaluator ranks first.
	lmp := !t.plain && !pvNode && !rootTurn && depth <= LMPDepth && !isMate(alpha)
	for i := range acts {
		a := t.pickAt(ply, acts, scores, i)
		// Step 5. Late move pruning.
		if lmp && searched >= lmpCount(depth) && scores[i] < orderKiller2 && isQuiet(a, chain) {
			break
		}
		t.path[ply] = a
		if rootTurn && !t.filter.PrefixOK(t.path[:ply+1]) {
			continue
		}
		g.Make(a)
		t.trackCapture(ply, a, quiet0)
		cpos := g.Position()
		cmid := cpos.MidTurn()
		same := cpos.SideToAct() == us
		cdepth, cturns := depth, turns
		if !cmid {
			cdepth, cturns = depth-1, turns+1
		}
		if rootTurn && !cmid && !t.filter.Allows(t.path[:ply+1]) {
			g.Unmake()
			continue
		}
		cmin := board.NoSquare
		if cmid && a.Kind == board.ActPlace {
			cmin = a.To
		}
		quiet := isQuiet(a, chain)

		var score int
		if searched == 0 {
			score = t.child(same, alpha, beta, cdepth, ply+1, cturns, cmin)
		} else {
			// Step 6. Late move reductions (LMR): a quiet action ordered
			// late rarely beats the earlier ones, so search it shallower
			// first, by more the deeper the node and the later the
			// action, and re-search at full depth if it fails high.
			r := 0
			if !t.plain && !pvNode && quiet && depth >= LMRMinDepth && searched >= LMRMinMoves && scores[i] < orderKiller2 {
				r = lmrReduction(depth, searched)
			}
			score = t.child(same, alpha, alpha+1, cdepth-r, ply+1, cturns, cmin)
			if r > 0 && score > alpha && !t.stopped {
				score = t.child(same, alpha, alpha+1, cdepth, ply+1, cturns, cmin)
			}
			// Step 7. PVS: a null-window fail high inside the window is
			// re-searched with the full window for its exact score.
			if score > alpha && score < beta && !t.stopped {
				score = t.child(same, alpha, beta, cdepth, ply+1, cturns, cmin)
			}
		}
		g.Unmake()
		if t.stopped {
			return 0
		}
		searched++
		if score > best {
			best, bestMove = score, a
			if score > alpha {
				alpha = score
				t.updatePV(ply, a)
				if ply == 0 {
					t.rootUpdate(score)
				}
				if score >= beta {
					if quiet {
						t.rewardCutoff(ply, depth, us, a, tried)
					}
					break
				}
			}
		}
		if quiet && len(tried) < cap(tried) {
			tried = append(tried, a)
		}
	}
	t.tried[ply] = tried
	if searched == 0 {
		// Every action was filtered: a dead end the parent must not pick.
		return -Infinity
	}

	if !rootTurn {
		t.sh.tt.store(key, packMove(bestMove), toTT(best, turns), depth, boundOf(best, origAlpha, beta))
	}
	return best
}

// halfTurnKey tells apart, in the table, the searches of one half-done
// placement turn that may place its second stone on different squares.
// A node after a first stone searches only the second stones above it
// (searchedPlacements), and the same position, its side's stones and
// the other's, is reached with another first stone by placing the two in
// the other turn order: the first stone of this turn placed a turn
// earlier and the earlier one now. The two searches answer different
// questions, so a table shared between them made the value of a
// fixed-depth search depend on the table's size and contents (a
// material-only search of an egyptian opening found White 3 stones up
// with 64 and 1024 MiB and 4 with 256).
func halfTurnKey(minPlace board.Square) uint64 {
	return uint64(minPlace+1) * 0xA24BAED4963EE407
}

// child searches the position after an action, negating where the side to
// act changed.
func (t *thread) child(same bool, alpha, beta, depth, ply, turns int, minPlace board.Square) int {
	if same {
		return t.search(alpha, beta, depth, ply, turns, minPlace)
	}
	return -t.search(-beta, -alpha, depth, ply, turns, minPlace)
}

// updatePV makes a followed by the child's PV the PV of ply.
func (t *thread) updatePV(ply int, a board.Action) {
	t.pv[ply][ply] = a
	n := t.pvLen[ply+1]
	if n < ply+1 {
		n = ply + 1
	}
	copy(t.pv[ply][ply+1:n], t.pv[ply+1][ply+1:n])
	t.pvLen[ply] = n
}

// rootUpdate keeps the root's best line of the iteration under way, so
// that a search stopped halfway still plays the best turn it has proved.
func (t *thread) rootUpdate(score int) {
	t.rootPV = append(t.rootPV[:0], t.pv[0][:t.pvLen[0]]...)
	t.rootScore = score
	t.rootValid = true
}

// searchedPlacements is the set of squares a placement node searches a
// stone on, so that each pair of stones of a turn is searched once, lower
// square first: a turn's first stone must leave a higher square for the
// second, and the second goes above the first, minPlace. The others are
// left out before they are listed or scored (PlacementActions), so
// ordering never pays for them.
func searchedPlacements(pos *board.Position, mid bool, minPlace board.Square) board.Bitboard {
	squares := squaresFrom[minPlace+1]
	if !mid {
		if top := highestPlacement(pos); top != board.NoSquare {
			squares = squares.AndNot(squaresFrom[top])
		}
	}
	return squares
}

// placementsOn drops from acts the placements off squares, keeping every
// other action: searchedPlacements for a position where PlacementActions
// does not answer.
func placementsOn(acts []board.Action, squares board.Bitboard) []board.Action {
	kept := acts[:0]
	for _, a := range acts {
		if a.Kind != board.ActPlace || squares.Has(a.To) {
			kept = append(kept, a)
		}
	}
	return kept
}

// squaresFrom[i] is the set of the squares i and above.
var squaresFrom = func() (from [board.MaxSquares + 1]board.Bitboard) {
	for i := board.MaxSquares - 1; i >= 0; i-- {
		from[i] = from[i+1].Or(board.SquareBit(board.Square(i)))
	}
	return from
}()

// highestPlacement is the highest empty square other than the centre.
func highestPlacement(pos *board.Position) board.Square {
	e := pos.Empty().AndNot(board.SquareBit(pos.Centre()))
	top := board.NoSquare
	for e.Any() {
		top = e.Pop()
	}
	return top
}

// quiesce searches captures only below the nominal depth, so that a leaf
// is never scored in the middle of an exchange. At a turn start the side
// to act may stand pat on the static evaluation and tries only capturing
// steps. Inside a chain it tries the capturing continuations and the stop
// of an optional chain; where the chain also allows quiet steps (a bonus
// step), it may stand pat instead of listing them. Quiescence is bounded
// by QMaxPly actions.
func (t *thread) quiesce(alpha, beta, ply, turns, qply int) int {
	t.pvLen[ply] = ply
	if t.visit() {
		return 0
	}
	t.seldepth = max(t.seldepth, turns)
	g := t.g
	pos := g.Position()
	if res := g.Result(); res.Over() {
		return terminalScore(res, pos.SideToAct(), turns, t.drawScore(pos.SideToAct()))
	}
	if s, ok := t.probeTB(turns); ok {
		return s // a covered turn start has its table value
	}
	// Placement never captures: near its end the leaf looks past it to
	// the first steps (placementLeaf). A pending ransom awaits an answer
	// that captures nothing: quiet, as is the end of the stack.
	if pos.Placement() && ply < MaxPly-1 {
		return t.placementLeaf(alpha, beta, ply, turns)
	}
	if pos.Placement() || pos.PendingRansom() != board.NoSquare || ply >= MaxPly-1 || qply >= QMaxPly {
		return t.evaluate(ply)
	}
	mid := pos.MidTurn()
	origAlpha := alpha
	acts := g.CaptureActions(t.moves[ply][:0])
	t.moves[ply] = acts
	n := len(acts)
	key := t.key()
	if n > 0 {
		t.sh.tt.prefetch(key)
	}
	// The side may stand pat where it need not capture: at a turn start,
	// or in a chain that also allows a quiet step.
	standPat := !mid || g.HasQuietChainStep()

	best := -Infinity
	if standPat {
		best = t.evaluate(ply)
		if best >= beta {
			return best
		}
		alpha = max(alpha, best)
	}
	if n == 0 {
		if best == -Infinity {
			return t.evaluate(ply)
		}
		return best
	}
	// The table catches the many orders in which a chain can take the
	// same stones, which would otherwise multiply the leaves. It is asked
	// only here, where captures are to be searched: most leaves are
	// quiet, and a probe is a cache miss (prefetched above).
	var ttMove uint32
	if e, ok := t.sh.tt.probe(key); ok {
		ttMove = e.move
		s := fromTT(e.score, turns)
		if e.bound == boundExact || (e.bound == boundLower && s >= beta) || (e.bound == boundUpper && s <= alpha) {
			return s
		}
	}
	scores := t.scoreActions(ply, acts, ttMove)
	us := pos.SideToAct()
	quiet0 := pos.QuietTurns()
	var bestMove board.Action
	for i := range acts {
		a := pick(acts, scores, i)
		g.Make(a)
		t.trackCapture(ply, a, quiet0)
		cpos := g.Position()
		same := cpos.SideToAct() == us
		cturns := turns
		if !cpos.MidTurn() {
			cturns++
		}
		var score int
		if same {
			score = t.quiesce(alpha, beta, ply+1, cturns, qply+1)
		} else {
			score = -t.quiesce(-beta, -alpha, ply+1, cturns, qply+1)
		}
		g.Unmake()
		if t.stopped {
			return 0
		}
		if score > best {
			best, bestMove = score, a
			if score > alpha {
				alpha = score
				if score >= beta {
					break
				}
			}
		}
	}
	t.sh.tt.store(key, packMove(bestMove), toTT(best, turns), 0, boundOf(best, origAlpha, beta))
	return best
}
