package main

import (
	"fmt"

	"seega/match"
	"seega/openings"
)

// suiteRun is the suite figure of one opening suite: its title and the
// UGI commands that search every position of it.
type suiteRun struct {
	title string
	cmds  []string
}

// readSuite reads the suite file path (a file of `seega openings`, whose
// header names its rules) and builds the commands that set those rules
// and search each of its positions to nodes nodes.
func readSuite(path string, nodes int) (suiteRun, error) {
	s, err := openings.ReadFile(path)
	if err != nil {
		return suiteRun{}, err
	}
	return suiteCommands(s, nodes)
}

// suiteCommands are the commands of s's figure: ugi, the setoption
// commands of s's rules as the match runner sends them
// (match.RuleOptions: the variant first, since setting it resets the
// others), then a position and a `go nodes` for each line.
func suiteCommands(s openings.Suite, nodes int) (suiteRun, error) {
	if len(s.Lines) == 0 {
		return suiteRun{}, fmt.Errorf("%s: no positions", s.Name)
	}
	cmds := []string{"ugi"}
	for _, o := range match.RuleOptions(s.Rules) {
		cmds = append(cmds, fmt.Sprintf("setoption name %s value %s", o.Name, o.Value))
	}
	for i, line := range s.Lines {
		o, err := match.ParseOpening(line, s.Rules)
		if err != nil {
			return suiteRun{}, fmt.Errorf("%s, position %d: %v", s.Name, i+1, err)
		}
		cmds = append(cmds, "position "+o.String(), fmt.Sprintf("go nodes %d", nodes))
	}
	title := fmt.Sprintf("%s, %d × %s nodes (nodes/s)", s.Name, len(s.Lines), human(float64(nodes)))
	return suiteRun{title: title, cmds: cmds}, nil
}
