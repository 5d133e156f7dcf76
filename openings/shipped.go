package openings

import (
	"bytes"
	"embed"
	"path"
	"sort"
	"strings"

	"seega/board"
)

// shipped holds the suites built with `seega openings` and checked in
// under suites/, one file per rule set. They are embedded so that a
// binary copied to a tournament machine plays the same openings as the
// tree it was built from, with no file to ship beside it.
//
//go:embed suites/*.txt
var shipped embed.FS

// Shipped returns the suites embedded in the binary, sorted by name.
func Shipped() ([]Suite, error) {
	entries, err := shipped.ReadDir("suites")
	if err != nil {
		return nil, err
	}
	var out []Suite
	for _, e := range entries {
		data, err := shipped.ReadFile(path.Join("suites", e.Name()))
		if err != nil {
			return nil, err
		}
		s, err := Parse(strings.TrimSuffix(e.Name(), ".txt"), bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// ForRules returns the shipped suite built for exactly the rules r, and
// false where none was: a suite judged level under one rule set says
// nothing about another.
func ForRules(r board.Rules) (Suite, bool, error) {
	all, err := Shipped()
	if err != nil {
		return Suite{}, false, err
	}
	for _, s := range all {
		if SameRules(s.Rules, r) {
			return s, true, nil
		}
	}
	return Suite{}, false, nil
}
