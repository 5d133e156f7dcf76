package search

import (
	"testing"

	"seega/board"
)

// TestFortressScale: a lead against a fortress of more than LoseAt
// stones is divided by FortressDivisor under rules that cannot turn it
// into a win, and left alone where the lead is small, where the side
// behind has no fortress, where a ransom could trade the fortress away,
// and where a quiet-turn limit decides on the stone count.
func TestFortressScale(t *testing.T) {
	// White has 10 stones, Black 5 round the hole a1: a2 steps into it
	// and back for ever, and no enemy pair can stand round any of them.
	const pocket = "2www/ww1ww/bbw2/bbw2/1bw2 w 0/0 - 0 40"
	pro := rulesFor(t, "pro")
	g := fromFEN(t, pro, pocket)
	if n := g.Position().Fortress(board.Black).Count(); n != 5 {
		t.Fatalf("Black's fortress has %d stones, want 5: the test needs it", n)
	}
	for _, c := range []struct {
		v, want int
	}{
		{800, 800 / FortressDivisor},               // White leads against the fortress
		{FortressMinLead - 1, FortressMinLead - 1}, // too small to look
		{-800, -800 / FortressDivisor},             // Black leads: White's stones round c4 hold too
	} {
		if got := fortressScale(c.v, g.Position()); got != c.want {
			t.Errorf("pro, %d: %d, want %d", c.v, got, c.want)
		}
	}
	// White's five stones all face Black's: none can step inside.
	open := fromFEN(t, pro, "5/ww3/bbw2/bbw2/1bw2 w 0/0 - 0 40")
	if got := fortressScale(-800, open.Position()); got != -800 {
		t.Errorf("pro, Black leads against a White with no fortress: %d, want -800", got)
	}
	// With a1 filled Black's stones cannot step inside: a White lead
	// stands, White's own fortress notwithstanding.
	full := fromFEN(t, pro, "2www/ww1ww/bbw2/bbw2/bbw2 w 0/0 - 0 40")
	if got := fortressScale(800, full.Position()); got != 800 {
		t.Errorf("pro, White leads against a Black with no fortress: %d, want 800", got)
	}
	classic := fromFEN(t, rulesFor(t, "classic"), pocket)
	if got := fortressScale(800, classic.Position()); got != 800 {
		t.Errorf("classic (a ransom can trade stones): %d, want 800", got)
	}

	// Through the thread's evaluation: pro scales, egyptian with its
	// quiet-turn limit does not.
	for _, c := range []struct {
		variant string
		scaled  bool
	}{{"pro", true}, {"egyptian", false}} {
		r := rulesFor(t, c.variant)
		th := newThread(0, newTestEval(r))
		th.g = fromFEN(t, r, pocket)
		raw := clampEval(th.ev.Evaluate(th.g))
		if raw < FortressMinLead {
			t.Fatalf("%s: the test evaluation gives White %d, want a lead of at least %d", c.variant, raw, FortressMinLead)
		}
		want := raw
		if c.scaled {
			want = quietFade(raw/FortressDivisor, 0, true, false)
		}
		if got := th.evaluate(0); got != want {
			t.Errorf("%s: the thread evaluates %d (raw %d), want %d", c.variant, got, raw, want)
		}
	}
}
