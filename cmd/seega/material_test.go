package main

import (
	"errors"
	"io"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"seega/protocol"
)

// TestSearchMaterialOption: `Search` offers material, and a session that
// chooses it searches with material alone: it takes the free stone, and
// every score it reports is a whole number of stones (the full
// evaluation's never are, here).
func TestSearchMaterialOption(t *testing.T) {
	for _, c := range []struct {
		searcher  string
		wholeOnly bool
	}{{"material", true}, {"alphabeta", false}} {
		pr, pw := io.Pipe()
		var out syncWriter
		s := protocol.New(protocolConfig(), &out)
		done := make(chan error)
		go func() { done <- s.Run(pr) }()
		io.WriteString(pw, "ugi\nsetoption name Variant value pro\nsetoption name Search value "+c.searcher+
			"\nposition fen ww2b/4b/5/wb1w1/4w w 0/0 - 0 30\ngo depth 3\nisready\n")
		pw.Close()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		got := out.String()
		if !regexp.MustCompile(`option name Search type combo .*var material`).MatchString(got) {
			t.Fatalf("the Search option does not offer material:\n%s", got)
		}
		if strings.Contains(got, "error") || !strings.Contains(got, "bestmove d2c2") {
			t.Fatalf("%s: want the capture d2c2:\n%s", c.searcher, got)
		}
		scores := regexp.MustCompile(`score cp (-?\d+)`).FindAllStringSubmatch(got, -1)
		whole := len(scores) > 0
		for _, m := range scores {
			whole = whole && strings.HasSuffix(m[1], "00")
		}
		if whole != c.wholeOnly {
			t.Errorf("%s: scores in whole stones only: %v, want %v:\n%s", c.searcher, whole, c.wholeOnly, got)
		}
	}
}

// seega gtp --search material plays with the material searcher (its
// logged scores are whole stones), and an unknown searcher is named in
// an error with exit status 2.
func TestGTPSearchFlag(t *testing.T) {
	cmd := exec.Command(seegaBinary(t), "gtp", "--search", "material", "--movetime", "200")
	cmd.Stdin = strings.NewReader("genmove w\ngenmove w\ngenmove b\ngenmove b\nquit\n") // a placement turn is two actions
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	scores := regexp.MustCompile(`depth \d+ score (-?\d+) `).FindAllStringSubmatch(stderr.String(), -1)
	if len(scores) != 2 {
		t.Fatalf("want two searches logged:\n%s", stderr.String())
	}
	for _, m := range scores {
		if n, _ := strconv.Atoi(m[1]); n%100 != 0 {
			t.Errorf("score %d is not whole stones:\n%s", n, stderr.String())
		}
	}
	bad := exec.Command(seegaBinary(t), "gtp", "--search", "nosuch")
	msg, err := bad.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(string(msg), `no searcher "nosuch"`) {
		t.Errorf("--search nosuch: %v\n%s", err, msg)
	}
}
