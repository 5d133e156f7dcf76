package main

import (
	"bytes"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"seega/board"
	"seega/protocol"
	"seega/tablebase"
)

// quietStderr runs f with stderr sent nowhere, for commands whose usage
// and progress would clutter the test log.
func quietStderr(t *testing.T, f func()) {
	t.Helper()
	old := os.Stderr
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	os.Stderr = null
	defer func() { os.Stderr = old; null.Close() }()
	f()
}

func TestTBCommand(t *testing.T) {
	dir := t.TempDir()
	fen := "5/1w3/2b2/1w3/4b w 0/0 - 0 1"
	var out bytes.Buffer
	cases := []struct {
		args []string
		code int
	}{
		{nil, 2},
		{[]string{"bogus"}, 2},
		{[]string{"generate", "--dir", dir}, 2},    // no --stones
		{[]string{"generate", "--stones", "4"}, 2}, // no --dir
		{[]string{"generate", "--stones", "4", "--dir", dir, "extra"}, 2},                 // an argument
		{[]string{"generate", "--stones", "4", "--dir", dir, "--variant", "sudanese"}, 2}, // nothing to solve
		{[]string{"generate", "--stones", "4", "--dir", dir, "--variant", "nosuch"}, 2},   // bad rules
		{[]string{"generate", "--stones", "4", "--dir", dir, "--variant", "pro", "--workers", "0"}, 2},
		{[]string{"generate", "--stones", "99", "--dir", dir, "--variant", "pro"}, 2}, // more than the board holds
		{[]string{"generate", "--stones", "24", "--dir", dir, "--variant", "pro"}, 2}, // tables too large to number
		{[]string{"generate", "--stones", "4", "--dir", dir, "--variant", "pro"}, 0},
		{[]string{"probe", "--dir", dir, "--variant", "pro"}, 2},                                           // no --fen
		{[]string{"probe", "--variant", "pro", "--fen", fen}, 2},                                           // no --dir
		{[]string{"probe", "--dir", dir, "--variant", "pro", "--fen", "xx"}, 2},                            // bad SeFEN
		{[]string{"probe", "--dir", dir, "--variant", "classic", "--fen", fen}, 1},                         // no tables for classic
		{[]string{"probe", "--dir", dir, "--variant", "pro", "--fen", "5/1w3/2bb1/1w3/4b w 0/0 - 0 1"}, 1}, // 5 stones
		{[]string{"probe", "--dir", dir, "--variant", "pro", "--fen", fen}, 0},
	}
	for _, c := range cases {
		var code int
		quietStderr(t, func() {
			if len(c.args) > 0 && c.args[0] == "probe" {
				code = runTBProbe(c.args[1:], &out)
			} else {
				code = runTB(c.args)
			}
		})
		if code != c.code {
			t.Errorf("seega tb %s: exit %d, want %d", strings.Join(c.args, " "), code, c.code)
		}
	}
	tabs, err := tablebase.Open(dir, mustPreset(t, "pro"))
	if err != nil {
		t.Fatal(err)
	}
	g, _ := board.NewGameFromSeFEN(mustPreset(t, "pro"), fen)
	v, _ := tabs.Probe(g)
	best, _, _ := tabs.BestTurn(g)
	want := "wdl " + v.WDL.String() + "\nturns " + strconv.Itoa(v.Turns) + "\nbest " + board.TurnString(best, 5)
	if !strings.HasPrefix(out.String(), want) {
		t.Errorf("probe printed %q, want it to begin %q", out.String(), want)
	}
}

// syncWriter is a buffer the session's goroutines may write at once.
type syncWriter struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (w *syncWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}

func (w *syncWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

func mustPreset(t *testing.T, name string) board.Rules {
	r, err := board.Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The UGI engine with TablebasePath set plays a covered position's best
// turn at once, reports the hit, and answers query tb.
func TestUGIWithTables(t *testing.T) {
	dir := t.TempDir()
	r := mustPreset(t, "egyptian")
	if err := tablebase.Generate(r, tablebase.Options{Stones: 3, Dir: dir}); err != nil {
		t.Fatal(err)
	}
	fen := "5/5/1w3/1b3/1w3 w 0/0 - 0 1"
	tabs, _ := tablebase.Open(dir, r)
	g, _ := board.NewGameFromSeFEN(r, fen)
	best, v, _ := tabs.BestTurn(g)
	pr, pw := io.Pipe()
	var out syncWriter
	s := protocol.New(protocolConfig(), &out)
	done := make(chan error)
	go func() { done <- s.Run(pr) }()
	io.WriteString(pw, "setoption name TablebasePath value "+dir+"\nposition fen "+fen+"\nquery tb\ngo depth 8\nisready\n")
	pw.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"response wdl win turns " + strconv.Itoa(v.Turns) + "\n",
		" tbhits 1 ",
		"bestmove " + board.TurnString(best, 5) + "\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the session lacks %q:\n%s", want, got)
		}
	}
}

// TestTBGenerateStonesChecked: --stones above what the board holds is
// refused, so is a generation whose tables the generator cannot number,
// and one expected to need more memory than the machine has is warned
// of, with the figures, before it starts.
func TestTBGenerateStonesChecked(t *testing.T) {
	dir := t.TempDir()
	status, stderr := runCaptured(t, "tb", "generate", "--variant", "pro", "--dir", dir, "--stones", "99")
	if status != 2 || !strings.Contains(stderr, "--stones 99: the 5×5 board holds at most 24 stones") {
		t.Errorf("--stones 99: status %d, stderr %q", status, stderr)
	}
	status, stderr = runCaptured(t, "tb", "generate", "--variant", "pro", "--dir", dir, "--stones", "20")
	if status != 2 || !strings.Contains(stderr, "cannot finish") {
		t.Errorf("--stones 20: status %d, stderr %q", status, stderr)
	}
	old := machineMemory
	defer func() { machineMemory = old }()
	machineMemory = func() (uint64, bool) { return 64 << 10, true } // 64 KiB
	status, stderr = runCaptured(t, "tb", "generate", "--variant", "pro", "--dir", dir, "--stones", "4")
	if status != 0 || !strings.Contains(stderr, "warning: --stones 4 is expected to need about") || !strings.Contains(stderr, "this machine has 64.0 KiB") {
		t.Errorf("a 64 KiB machine: status %d, stderr %q; want a warning with the memory, and the generation", status, stderr)
	}
	if m, ok := old(); ok && m < 1<<20 {
		t.Errorf("/proc/meminfo read as %d bytes", m)
	}
}
