package openings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"seega/board"
)

// TestShippedSuites checks every suite the binary carries: its rules
// are valid, it has the positions the issue asks for, each is an open
// movement or placement position of those rules, no two are images of
// each other, and ForRules finds it by its rules.
func TestShippedSuites(t *testing.T) {
	all, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	if len(all) == 0 {
		t.Fatal("no suites are shipped")
	}
	for _, s := range all {
		if len(s.Lines) < 200 {
			t.Errorf("%s: %d positions, want at least 200", s.Name, len(s.Lines))
		}
		keys := map[string]bool{}
		for i, line := range s.Lines {
			g, err := board.NewGameFromSeFEN(s.Rules, line)
			if err != nil {
				t.Errorf("%s position %d: %v", s.Name, i+1, err)
				continue
			}
			if g.Result().Over() {
				t.Errorf("%s position %d: the game is over", s.Name, i+1)
			}
			k := canonicalKey(g.Position())
			if keys[k] {
				t.Errorf("%s position %d: an image of an earlier one", s.Name, i+1)
			}
			keys[k] = true
		}
		got, ok, err := ForRules(s.Rules)
		if err != nil || !ok || got.Name != s.Name {
			t.Errorf("ForRules(%s) = %s, %v, %v", s.Name, got.Name, ok, err)
		}
	}
}

// TestConversionSuites checks the conversion suites checked in under
// conversion/ (read from the tree, not embedded: the match runner plays
// them only when asked): together they hold the 100 positions the
// strength figures rest on, and each position is an open game of its
// rules with White at least 3 stones ahead and no fortress for Black.
func TestConversionSuites(t *testing.T) {
	files, err := filepath.Glob("conversion/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no conversion suites: %v", err)
	}
	total := 0
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		s, err := Parse(strings.TrimSuffix(filepath.Base(file), ".txt"), f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range s.Lines {
			g, err := board.NewGameFromSeFEN(s.Rules, line)
			if err != nil {
				t.Errorf("%s position %d: %v", s.Name, i+1, err)
				continue
			}
			p := g.Position()
			lead := p.Stones(board.White).Count() - p.Stones(board.Black).Count()
			if g.Result().Over() || lead < 3 {
				t.Errorf("%s position %d: over %v, White ahead by %d stones; want an open game, 3 or more", s.Name, i+1, g.Result().Over(), lead)
			}
			if drawnByFortress(g) {
				t.Errorf("%s position %d: Black holds a fortress or makes one with its turn; the game is a draw", s.Name, i+1)
			}
		}
		total += len(s.Lines)
	}
	if total < 100 {
		t.Errorf("%d conversion positions in all, want at least 100", total)
	}
}

// TestReadFile: a suite file read from disk is named after the file, its
// extension dropped, and holds what Parse reads from it; a missing file
// is an error that names the path.
func TestReadFile(t *testing.T) {
	path := filepath.Join("conversion", "conversion-nolimit-7.txt")
	s, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if s.Name != "conversion-nolimit-7" || len(s.Lines) == 0 || s.Rules.BoardSize != 7 {
		t.Errorf("ReadFile(%s): name %q, %d lines, board %d; want conversion-nolimit-7, its positions, 7", path, s.Name, len(s.Lines), s.Rules.BoardSize)
	}
	missing := filepath.Join(t.TempDir(), "none.txt")
	if _, err := ReadFile(missing); err == nil || !strings.Contains(err.Error(), missing) {
		t.Errorf("ReadFile of a missing file gave %v, want an error naming it", err)
	}
}
