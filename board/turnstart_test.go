package board

import "testing"

// SetTurnStart builds the same game as the SeFEN of the same position:
// the same SeFEN back, hash, legal turns and result, and TurnStartOf
// reads the parts back.
func TestSetTurnStart(t *testing.T) {
	cases := []struct{ variant, fen string }{
		{"egyptian", "5/1w3/2b2/5/4w b 0/0 - 7 1"},
		{"egyptian", "5/5/2w2/1b3/5 w 0/0 - 3 1 passed=1"},
		{"classic", "w4/5/2b2/5/3bw b 0/0 - 0 1 asked=1 accepted=1"},
		{"pro", "bw3/w4/5/5/4b w 0/0 - 0 1"},
	}
	for _, c := range cases {
		r, _ := Preset(c.variant)
		want, err := NewGameFromSeFEN(r, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		ts, ok := want.Position().TurnStartOf()
		if !ok {
			t.Fatalf("%s: not a turn start", c.fen)
		}
		g, _ := NewGame(r)
		g.Make(Place(0)) // some history and undo stack to be reset
		if err := g.SetTurnStart(ts); err != nil {
			t.Fatal(err)
		}
		if got := g.SeFEN(); got != c.fen {
			t.Errorf("SeFEN %q, want %q", got, c.fen)
		}
		if err := g.Position().Validate(); err != nil {
			t.Errorf("%s: %v", c.fen, err)
		}
		if g.Position().Hash() != want.Position().Hash() || len(g.History()) != 1 || g.Ply() != 0 {
			t.Errorf("%s: hash, history or undo stack differ", c.fen)
		}
		gt, wt := g.LegalTurns(), want.LegalTurns()
		if len(gt) != len(wt) || g.Result() != want.Result() {
			t.Errorf("%s: %d turns and %v, want %d and %v", c.fen, len(gt), g.Result(), len(wt), want.Result())
		}
		if back, _ := g.Position().TurnStartOf(); back != ts {
			t.Errorf("%s: TurnStartOf %+v, want %+v", c.fen, back, ts)
		}
	}
	r, _ := Preset("pro")
	g, _ := NewGame(r)
	for _, bad := range []TurnStart{
		{White: SquareBit(3), Black: SquareBit(3)},
		{White: SquareBit(30)},
		{White: SquareBit(1), Asked: true},
	} {
		if err := g.SetTurnStart(bad); err == nil {
			t.Errorf("%+v: accepted", bad)
		}
	}
	if _, ok := g.Position().TurnStartOf(); ok {
		t.Errorf("a placement position is a turn start")
	}
}
