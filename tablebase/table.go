package tablebase

import "seega/board"

// table is one material's entries in memory.
type table struct {
	lay    *layout
	idx    *classIndex
	states uint64 // boards × 2 sides × passed states
	// codes holds the entries, one run of states per quiet count:
	// codes[q*states + state].
	codes []code
}

func newTable(lay *layout, idx *classIndex) *table {
	return &table{lay: lay, idx: idx, states: idx.boards() * 2 * uint64(lay.passed)}
}

// state is the state number of a board number, side and passed flag.
func (t *table) state(boardNum uint64, side board.Color, passed bool) uint64 {
	return (boardNum*2+uint64(side))*uint64(t.lay.passed) + uint64(t.lay.passedIndex(passed))
}

// split is state's inverse: board number, side, passed index.
func (t *table) split(s uint64) (boardNum uint64, side board.Color, passed int) {
	p := uint64(t.lay.passed)
	passed = int(s % p)
	s /= p
	return s / 2, board.Color(s % 2), passed
}

// stateOf is the state number of a turn start of the table's material.
func (t *table) stateOf(ts *board.TurnStart) uint64 {
	return t.state(t.idx.number(ts.White, ts.Black), ts.Side, ts.Passed)
}

// lookup is the entry of a turn start of the table's material, with its
// quiet count below the limit.
func (t *table) lookup(ts *board.TurnStart) code {
	q := 0
	if t.lay.quiet > 1 {
		q = ts.Quiet
	}
	return t.codes[uint64(q)*t.states+t.stateOf(ts)]
}
