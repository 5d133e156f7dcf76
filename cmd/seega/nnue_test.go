package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"seega/openings"
	"seega/protocol"
)

// trainTinyNet runs seega nnue generate and train with tiny budgets and
// returns the net file: the commands end to end.
func trainTinyNet(t *testing.T, dir string) string {
	t.Helper()
	data := filepath.Join(dir, "data.txt")
	net := filepath.Join(dir, "e5.nnue")
	if status, stderr := runCaptured(t, "nnue", "generate", "--games", "4", "--nodes", "200", "--place-nodes", "100", "--out", data); status != 0 {
		t.Fatalf("generate: status %d: %s", status, stderr)
	}
	if status, stderr := runCaptured(t, "nnue", "train", "--data", data, "--epochs", "2", "--hidden", "8", "--out", net); status != 0 {
		t.Fatalf("train: status %d: %s", status, stderr)
	}
	return net
}

// TestUGIEvalFile: EvalFile through the protocol: a net for the rules
// plays and is announced; a missing, damaged or foreign file is refused
// with the reason and leaves the evaluation as it was; rules the net
// was not trained for fall back, and say so.
func TestUGIEvalFile(t *testing.T) {
	dir := t.TempDir()
	net := trainTinyNet(t, dir)
	damaged := filepath.Join(dir, "damaged.nnue")
	data, err := os.ReadFile(net)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 1
	if err := os.WriteFile(damaged, data, 0o644); err != nil {
		t.Fatal(err)
	}
	pr, pw := io.Pipe()
	var out syncWriter
	s := protocol.New(protocolConfig(), &out)
	done := make(chan error)
	go func() { done <- s.Run(pr) }()
	io.WriteString(pw, strings.Join([]string{
		"setoption name EvalFile value " + filepath.Join(dir, "missing.nnue"),
		"setoption name EvalFile value " + net,
		"isready",
		"setoption name EvalFile value " + damaged,
		"isready",
		"go depth 2",
		"isready",
		"setoption name BoardSize value 7",
		"isready",
		"setoption name EvalFile value <empty>",
		"isready",
		"",
	}, "\n"))
	pw.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	got := out.String()
	want := []string{
		"info string error: setoption: option EvalFile: open " + filepath.Join(dir, "missing.nnue"),
		"info string evaluation: network " + net,
		"readyok",
		"info string error: setoption: option EvalFile: " + damaged + ": not a usable net file: checksum",
		"(the evaluation stays as it was)",
		"bestmove ",
		"info string evaluation: linear (no network for these rules); EvalFile not used: " + net + ": not a usable net file: trained for the rules",
		"info string evaluation: linear (no network for these rules)\nreadyok",
	}
	at := 0
	for _, w := range want {
		i := strings.Index(got[at:], w)
		if i < 0 {
			t.Fatalf("the session lacks %q after byte %d:\n%s", w, at, got)
		}
		at += i + len(w)
	}
	if n := strings.Count(got, "info string evaluation: network"); n != 1 {
		t.Errorf("the net was announced %d times, want once (the damaged file changed nothing):\n%s", n, got)
	}
}

func TestNNUECommandErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"nnue"}, "usage: seega nnue"},
		{[]string{"nnue", "fly"}, `unknown step "fly"`},
		{[]string{"nnue", "generate"}, "--out FILE is required"},
		{[]string{"nnue", "train", "--out", filepath.Join(dir, "x.nnue")}, "--data FILE and --out NET are required"},
		{[]string{"nnue", "train", "--data", filepath.Join(dir, "none.txt"), "--out", filepath.Join(dir, "x.nnue")}, "none.txt"},
		{[]string{"nnue", "generate", "--eval-file", filepath.Join(dir, "none.nnue"), "--out", filepath.Join(dir, "d.txt")}, "--eval-file"},
		{[]string{"nnue", "info", "--eval-file", filepath.Join(dir, "none.nnue")}, "none.nnue"},
	} {
		status, stderr := runCaptured(t, c.args...)
		if status == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("seega %s: status %d, stderr %q; want an error with %q", strings.Join(c.args, " "), status, stderr, c.want)
		}
	}
}

// TestBuiltInNetAnnounced: a session that never sets EvalFile hears
// which evaluation plays where a net is built in for the rules (here
// egyptian and pro 5×5), once until the rules change, and nothing where
// the linear evaluation plays (egyptian 7×7).
func TestBuiltInNetAnnounced(t *testing.T) {
	got := ugiSession(t, strings.Join([]string{
		"position startpos", "go depth 1", "go depth 1",
		"setoption name BoardSize value 7", "position startpos", "go depth 1",
		"setoption name BoardSize value 5",
		"setoption name Variant value pro", "position startpos", "go depth 1",
		"setoption name Variant value egyptian", "position startpos", "go depth 1",
		"isready", "",
	}, "\n"))
	const egyptian = "info string evaluation: network egyptian-5.nnue (built in, 32 hidden, added to the linear evaluation)"
	const pro = "info string evaluation: network pro-5.nnue (built in, 64 hidden)"
	if n := strings.Count(got, "info string evaluation:"); n != 3 || strings.Count(got, egyptian) != 2 || strings.Count(got, pro) != 1 {
		t.Errorf("%d announcements, want egyptian's net twice (the first search, and again after the rules came back), pro's once, none for egyptian 7×7 (no net):\n%s", n, got)
	}
	if strings.Count(got, "bestmove ") != 5 {
		t.Errorf("want five bestmoves:\n%s", got)
	}
}

// TestNNUEGenerateOpenings: --openings starts the even games from the
// suite's positions in order (game 0 from the first), and refuses a file
// that is missing, is not a suite, or was built for other rules.
func TestNNUEGenerateOpenings(t *testing.T) {
	dir := t.TempDir()
	suiteFile := filepath.Join("..", "..", "openings", "conversion", "conversion-sudanese-5.txt")
	data := filepath.Join(dir, "data.txt")
	status, stderr := runCaptured(t, "nnue", "generate", "--variant", "sudanese", "--openings", suiteFile,
		"--games", "1", "--nodes", "100", "--place-nodes", "100", "--out", data)
	if status != 0 || !strings.Contains(stderr, "1 from the conversion-sudanese-5 suite's 20 openings") {
		t.Fatalf("generate --openings: status %d, stderr %q", status, stderr)
	}
	raw, err := os.ReadFile(data)
	if err != nil {
		t.Fatal(err)
	}
	first := firstSuitePosition(t, suiteFile)
	if line, _, _ := strings.Cut(string(raw), "\n"); !strings.HasSuffix(line, " "+first) {
		t.Errorf("the data's first line is %q, want the suite's first position %q", line, first)
	}

	notSuite := filepath.Join(dir, "plain.txt")
	if err := os.WriteFile(notSuite, []byte(first+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file, want string
	}{
		{filepath.Join(dir, "none.txt"), "--openings: open"},
		{notSuite, `no "# rules:" line`},
		{filepath.Join("..", "..", "openings", "conversion", "conversion-classic-5.txt"), "was built for Variant=classic"},
	} {
		status, stderr := runCaptured(t, "nnue", "generate", "--variant", "sudanese", "--openings", c.file, "--out", filepath.Join(dir, "d.txt"))
		if status == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("--openings %s: status %d, stderr %q; want an error with %q", c.file, status, stderr, c.want)
		}
	}
}

// firstSuitePosition is the SeFEN of the first position of the suite
// file path, read from the file so that a rebuilt suite keeps the test.
func firstSuitePosition(t *testing.T, path string) string {
	t.Helper()
	s, err := openings.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Lines) == 0 {
		t.Fatalf("%s holds no position", path)
	}
	return s.Lines[0]
}
