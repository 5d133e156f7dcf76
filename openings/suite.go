// Package openings holds the opening suites that matches start their
// games from, and the builder that makes them.
//
// A game of Seega played from the start by one engine against itself is
// decided by colour: the side that starts the movement phase wins nearly
// every game. A pair of games from one opening, colours swapped, then
// ends 1–1 whoever is stronger, and a match learns nothing. A suite is a
// list of positions chosen so that colour does not decide: a deep search
// scores each near level, and self-play from it is won by both colours.
// The shipped suites (one file per rule set, embedded in the binary) are
// what `seega match` plays by default; `seega openings` builds more.
package openings

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"seega/board"
)

// Suite is a list of opening positions for one rule set.
type Suite struct {
	// Name is the suite's name: its file name without ".txt".
	Name string
	// Rules are the rules its positions were built and judged for.
	Rules board.Rules
	// Lines are the positions, one openings-file line each (a SeFEN,
	// `fen <SeFEN> [moves …]` or `startpos [moves …]`), comments removed.
	Lines []string
}

// RulesHeader starts the comment line of a suite file that names its
// rules, as Rules.String writes them.
const RulesHeader = "# rules: "

// ReadFile reads the suite file at path (Parse), naming the suite after
// the file, its extension dropped.
func ReadFile(path string) (Suite, error) {
	f, err := os.Open(path)
	if err != nil {
		return Suite{}, err
	}
	defer f.Close()
	return Parse(strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)), f)
}

// Parse reads a suite file: comment lines starting with #, among them
// the rules line, and one position a line, each of which may carry a
// comment after " #". The positions are not checked against the rules
// here; the match runner reads each line as an opening and says which
// line is wrong.
func Parse(name string, rd io.Reader) (Suite, error) {
	s := Suite{Name: name}
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	haveRules := false
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(line, RulesHeader); ok {
			r, err := parseRules(rest)
			if err != nil {
				return s, fmt.Errorf("%s line %d: %v", name, n, err)
			}
			s.Rules, haveRules = r, true
			continue
		}
		if line = StripComment(line); line == "" {
			continue
		}
		s.Lines = append(s.Lines, line)
	}
	if err := sc.Err(); err != nil {
		return s, fmt.Errorf("%s: %v", name, err)
	}
	if !haveRules {
		return s, fmt.Errorf("%s: no %q line names the suite's rules", name, strings.TrimSpace(RulesHeader))
	}
	if len(s.Lines) == 0 {
		return s, fmt.Errorf("%s: no positions", name)
	}
	return s, nil
}

// StripComment removes a comment from an openings-file line: the whole
// line where it starts with #, else whatever follows " #". Neither a
// SeFEN nor a move contains #.
func StripComment(line string) string {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	return strings.TrimSpace(line)
}

// parseRules reads the Name=value list that Rules.String writes.
func parseRules(s string) (board.Rules, error) {
	fields := strings.Fields(s)
	r := board.DefaultRules()
	// The variant first, since it resets the other options.
	for _, f := range fields {
		if v, ok := strings.CutPrefix(f, "Variant="); ok {
			p, err := board.Preset(v)
			if err != nil {
				return r, err
			}
			r = p
		}
	}
	if err := r.ParseOptions(fields); err != nil {
		return r, err
	}
	return r, r.Validate()
}

// SameRules reports whether a and b play the same game: every option
// equal. The variant's name does not count, since a preset with an
// option changed is judged by the options alone.
func SameRules(a, b board.Rules) bool {
	a.Variant, b.Variant = "", ""
	return a == b
}
