package main

import (
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"seega/engine"
)

// seega gtp --level N plays at level N: seega-level says so, and the
// search genmove runs (logged on stderr) stays within the level's node
// budget, where full strength would search for the whole movetime; the
// Analyze menu's seega-level then changes it.
func TestGTPLevelFlag(t *testing.T) {
	cmd := exec.Command(seegaBinary(t), "gtp", "--level", "3", "--movetime", "300")
	cmd.Stdin = strings.NewReader("seega-level\ngenmove w\nseega-level level 20\nseega-level\nquit\n")
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	out := stdout.String()
	if !strings.Contains(out, "= [list/0/1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20] level 3\n") ||
		!strings.Contains(out, "] level 20\n") {
		t.Errorf("seega-level answers:\n%s", out)
	}
	m := regexp.MustCompile(`depth (\d+) score -?\d+ nodes (\d+)`).FindStringSubmatch(stderr.String())
	if m == nil {
		t.Fatalf("no search logged:\n%s", stderr.String())
	}
	depth, _ := strconv.Atoi(m[1])
	nodes, _ := strconv.ParseUint(m[2], 10, 64)
	p, _ := (&engine.Level{Skill: 3}).Params()
	// Depth 1 always completes (about 1,700 nodes of placement here);
	// full strength searches hundreds of thousands in 300 ms.
	if (depth > 1 && nodes > p.Nodes+256) || nodes > 20000 {
		t.Errorf("level 3 searched %d nodes to depth %d; its budget is %d", nodes, depth, p.Nodes)
	}
}
