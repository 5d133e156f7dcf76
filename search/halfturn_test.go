package search

import (
	"testing"

	"seega/board"
	"seega/eval"
	"seega/internal/testgame"
)

// TestHalfTurnTableEntries: a node after a placement turn's first stone
// searches only the second stones above it, so the same position
// searched with two different first stones answers two different
// questions, and the table must not hand one's answer to the other.
//
// White has placed the first of its last two stones; a5, b5 and c1 are
// empty. On c1 the second stone stands behind Black's gate stone c2, and
// White's first step, b3c3, takes it; on a5 or b5 it takes nothing. As
// the second stone of a turn begun on b1 (below c1) White may choose c1;
// of one begun on b2 (above it) only a5 or b5. The two searches of this
// position must keep their own values, whichever ran first on the table.
func TestHalfTurnTableEntries(t *testing.T) {
	r := testgame.NoLimitRules(t, 5)
	const fen = "2bbb/bbwww/bw1wb/wbbbw/ww1ww w 1/2 - 0 11"
	below := board.Square(1) // b1: c1 is still open to the second stone
	above := board.Square(7) // b2: only a5 and b5 are
	const depth = 3          // this turn, Black's last, White's first step

	value := func(th *thread, minPlace board.Square) int {
		return th.search(-Infinity, Infinity, depth, 1, 1, minPlace)
	}
	fresh := func(minPlace board.Square) int {
		g := fromFEN(t, r, fen)
		th := newThread(0, eval.MaterialOnly{})
		th.start(&shared{tt: newTable(1), plain: true}, g)
		return value(th, minPlace)
	}
	wantBelow, wantAbove := fresh(below), fresh(above)
	if wantBelow <= wantAbove {
		t.Fatalf("the position does not test the table: with c1 open White scores %d, without %d; want more with it", wantBelow, wantAbove)
	}

	th := newThread(0, eval.MaterialOnly{})
	th.start(&shared{tt: newTable(1), plain: true}, fromFEN(t, r, fen))
	if got := value(th, above); got != wantAbove {
		t.Fatalf("begun above c1, first on the table: %d, want %d", got, wantAbove)
	}
	// The window just above the restricted value: the search begun
	// below c1 must fail high there, as it does on a fresh table. A table
	// entry of the search begun above would cut it low.
	if got := th.search(wantAbove, wantAbove+1, depth, 1, 1, below); got <= wantAbove {
		t.Errorf("begun below c1, after the search begun above it: %d in the window (%d, %d), want above %d (the table answered for the other first stone)", got, wantAbove, wantAbove+1, wantAbove)
	}
}
