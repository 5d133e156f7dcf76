package console

import "testing"

// The turn line names the stones a turn captured, in square order, and
// only captures: a ransom's removals are not captures (RULES.md 3.5).
func TestTurnLineNamesCaptures(t *testing.T) {
	cases := []struct {
		name, variant, fen, turn, want string
	}{
		{"placement", "egyptian", "", "a1,e5", "Turn 1: White plays a1,e5"},
		{"step without capture", "egyptian", "4b/4b/wb3/2w2/5 w 0/0 - 0 30", "c2d2", "Turn 30: White plays c2d2"},
		// c2c3 takes b3 (closed by a3); the bonus step c3c4 takes nothing.
		{"chain", "egyptian", "4b/4b/wb3/2w2/5 w 0/0 - 0 30", "c2c3,c3c4", "Turn 30: White plays c2c3,c3c4 x b3"},
		{"pass", "egyptian", "5/4w/4w/w4/bw3 b 0/0 - 0 30", "0000", "Turn 30: Black is blocked and passes (0000)"},
		{"ransom request", "classic", "b1b1b/5/5/5/ww2w b 0/0 - 0 30", "ransom:a5", "Turn 30: Black requests a ransom for a5 (ransom:a5)"},
		{"ransom refused", "classic", "b1b1b/5/5/5/ww2w w 0/0 - 0 30 asked=1 pending=a5", "refuse", "Turn 30: White refuses the ransom (refuse)"},
		{"ransom accepted", "classic", "b1b1b/5/5/5/ww2w w 0/0 - 0 30 asked=1 pending=a5", "accept:a1:e1",
			"Turn 30: White accepts the ransom, giving up a1 and e1 (accept:a1:e1)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := gameAt(t, c.variant, c.fen)
			p, err := playTurn(g, c.turn)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.line(); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// Two captures in one step are both named, in square order.
func TestTurnLineNamesEveryCapture(t *testing.T) {
	//   5  . . . . b
	//   4  . w . . .
	//   3  . b + . .     a2b2 takes b3 (closed by b4) and c2 (by d2);
	//   2  w . b w .     the bonus step b2a2 takes nothing.
	//   1  . . . . .
	g := gameAt(t, "egyptian", "4b/1w3/1b3/w1bw1/5 w 0/0 - 0 30")
	p, err := playTurn(g, "a2b2,b2a2")
	if err != nil {
		t.Fatal(err)
	}
	if want := "Turn 30: White plays a2b2,b2a2 x c2,b3"; p.line() != want {
		t.Errorf("got %q, want %q", p.line(), want)
	}
}
