package tablebase

import "seega/board"

// table is one material's entries in memory.
type table struct {
	lay    *layout
	idx    *classIndex
	states uint64 // boards × 2 sides × passed states
	// codes holds the entries, one run of states per quiet count:
	// codes[q*states + state]. Once solved or read, a table whose codes
	// all fit a byte keeps them in small instead, at half the memory
	// (every table of the default set does).
	codes []code
	small []byte
}

// entries is the number of entries.
func (t *table) entries() int { return len(t.codes) + len(t.small) }

// at is entry i.
func (t *table) at(i uint64) code {
	if t.small != nil {
		return code(t.small[i])
	}
	return t.codes[i]
}

// compact moves the codes into small where they all fit a byte.
func (t *table) compact() {
	for _, c := range t.codes {
		if c > 0xff {
			return
		}
	}
	t.small = make([]byte, len(t.codes))
	for i, c := range t.codes {
		t.small[i] = byte(c)
	}
	t.codes = nil
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
	return t.at(uint64(q)*t.states + t.stateOf(ts))
}
