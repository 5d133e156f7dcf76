package match

import (
	"strings"
	"testing"

	"seega/board"
)

func TestParseOpening(t *testing.T) {
	r := board.DefaultRules()
	tests := []struct {
		name    string
		line    string
		want    string // the opening written back
		start   string // the SeFEN it sets up
		wantErr string
	}{
		{"start position", "startpos", "startpos", board.StartSeFEN, ""},
		{"start with moves", "startpos moves a1,e5 b1,d5", "startpos moves a1,e5 b1,d5", "3bw/5/5/5/wb3 w 10/10 - 0 3", ""},
		{"bare SeFEN", "4b/3b1/5/5/ww3 w 10/10 - 0 3", "fen 4b/3b1/5/5/ww3 w 10/10 - 0 3", "4b/3b1/5/5/ww3 w 10/10 - 0 3", ""},
		{"fen with moves", "fen 4b/3b1/5/5/ww3 w 10/10 - 0 3 moves c1,d1", "fen 4b/3b1/5/5/ww3 w 10/10 - 0 3 moves c1,d1", "4b/3b1/5/5/wwww1 b 8/10 - 0 4", ""},
		{"illegal move", "startpos moves c3,a1", "", "", "c3"},
		{"bad SeFEN", "5/5/5/5 w 12/12 - 0 1", "", "", "rank"},
		{"no SeFEN after fen", "fen moves a1,e5", "", "", "no SeFEN"},
		{"junk", "hello world", "", "", "want a SeFEN"},
		{"game over", "fen 5/5/2w2/5/5 w 0/0 - 0 25", "", "", "already over"},
		{"wrong board size", "fen 7/7/7/7/7/7/7 w 24/24 - 0 1", "", "", "7×7"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, err := ParseOpening(tt.line, r)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("ParseOpening(%q) = %v, %v; want an error with %q", tt.line, o, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseOpening(%q): %v", tt.line, err)
			}
			if o.String() != tt.want {
				t.Errorf("String() = %q, want %q", o.String(), tt.want)
			}
			g, err := o.Game(r)
			if err != nil || g.SeFEN() != tt.start {
				t.Errorf("Game() = %v, %v; want %q", g.SeFEN(), err, tt.start)
			}
		})
	}
}

func TestReadOpenings(t *testing.T) {
	r := board.DefaultRules()
	file := "# openings\n\nstartpos moves a1,e5\n  4b/3b1/5/5/ww3 w 10/10 - 0 3  \n"
	os, err := ReadOpenings(strings.NewReader(file), r)
	if err != nil || len(os) != 2 {
		t.Fatalf("ReadOpenings = %v, %v; want 2 openings", os, err)
	}
	_, err = ReadOpenings(strings.NewReader("startpos\nstartpos moves c3\n"), r)
	if err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("a bad second line: %v, want an error naming line 2", err)
	}
	_, err = ReadOpenings(strings.NewReader("# nothing\n"), r)
	if err == nil {
		t.Errorf("an empty file gave no error")
	}
}

// TestGenerateOpening: generated openings are legal placements, as many
// turns as asked, White to act again, the same for the same seed and
// number, and different from one number to the next.
func TestGenerateOpening(t *testing.T) {
	for _, variant := range board.Variants {
		for _, size := range []int{5, 7} {
			r, _ := board.Preset(variant)
			if err := r.Set("BoardSize", string(rune('0'+size))); err != nil {
				t.Fatal(err)
			}
			seen := map[string]bool{}
			for k := range 20 {
				o, err := GenerateOpening(r, 7, k, 4)
				if err != nil {
					t.Fatalf("%s %d: opening %d: %v", variant, size, k, err)
				}
				again, _ := GenerateOpening(r, 7, k, 4)
				if again.String() != o.String() {
					t.Errorf("%s %d: opening %d differs between calls: %q, %q", variant, size, k, o, again)
				}
				g, err := o.Game(r)
				if err != nil {
					t.Fatalf("%s %d: opening %q: %v", variant, size, o, err)
				}
				p := g.Position()
				if len(o.Moves) != 4 || p.SideToAct() != board.White || !p.Placement() || p.MidTurn() ||
					p.Stones(board.White).Count() != 4 || p.Stones(board.Black).Count() != 4 {
					t.Errorf("%s %d: opening %q gives %s, want 4 placement turns, 4 stones each, White to act", variant, size, o, g.SeFEN())
				}
				seen[o.String()] = true
			}
			if len(seen) < 19 {
				t.Errorf("%s %d: only %d different openings of 20", variant, size, len(seen))
			}
		}
	}
	if _, err := GenerateOpening(board.DefaultRules(), 1, 0, 13); err == nil {
		t.Errorf("13 placement turns on 5×5 (which has 12) gave no error")
	}
}
