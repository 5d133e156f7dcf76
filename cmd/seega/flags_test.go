package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// runCaptured runs a command line as main does, with stdout and stderr
// caught, and returns its exit status and what it wrote to stderr. stdin
// is empty, so a UGI session that starts ends at once.
func runCaptured(t *testing.T, args ...string) (status int, stderr string) {
	t.Helper()
	dir := t.TempDir()
	errFile, err := os.Create(filepath.Join(dir, "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	outFile, err := os.Create(filepath.Join(dir, "stdout"))
	if err != nil {
		t.Fatal(err)
	}
	inFile, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	oldErr, oldOut, oldIn := os.Stderr, os.Stdout, os.Stdin
	os.Stderr, os.Stdout, os.Stdin = errFile, outFile, inFile
	defer func() { os.Stderr, os.Stdout, os.Stdin = oldErr, oldOut, oldIn }()
	status = run(args)
	errFile.Seek(0, io.SeekStart)
	b, _ := io.ReadAll(errFile)
	return status, string(b)
}

// TestCommandLineMistakes: every subcommand names a bad flag or argument
// on stderr, shows its usage there, and exits with status 2.
func TestCommandLineMistakes(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string // in the message
	}{
		{"perft bad depth", []string{"perft", "--depth", "x"}, `"--depth"`},
		{"perft stray argument", []string{"perft", "extra"}, `unexpected argument "extra"`},
		{"perft empty fen", []string{"perft", "--fen", ""}, "--fen"},
		{"perft bad fen", []string{"perft", "--fen", "nonsense"}, "--fen"},
		{"perft bad rule", []string{"perft", "--chain", "sometimes"}, "--chain"},
		{"firststep under a chaining preset", []string{"firststep"}, "Chain bonus"},
		{"firststep eight directions", []string{"firststep", "--chain", "none", "--directions", "8"}, "Directions 8"},
		{"firststep 9×9", []string{"firststep", "--chain", "none", "--size", "9"}, "board size 9"},
		{"firststep too many openings", []string{"firststep", "--chain", "none", "--openings", "4"}, "--openings 4"},
		{"firststep bad moves", []string{"firststep", "--chain", "none", "--moves", "c3,a1"}, "--moves"},
		{"firststep after placement", []string{"firststep", "--chain", "none", "--fen", "wbwbw/wb1wb/www1w/bw1ww/bbbbb b 0/0 - 0 14"}, "not a placement position"},
		{"play unknown flag", []string{"play", "--nosuchflag"}, "--nosuchflag"},
		{"play bad searcher", []string{"play", "--search", "nosuch"}, "no searcher"},
		{"bench negative depth", []string{"bench", "-3"}, "-3"},
		{"bench two depths", []string{"bench", "3", "4"}, "too many arguments"},
		{"gtp bad hash", []string{"gtp", "--hash", "abc"}, `"--hash"`},
		{"gtp zero threads", []string{"gtp", "--threads", "0"}, "--threads"},
		{"gtp contempt out of range", []string{"gtp", "--contempt", "1001"}, "--contempt 1001"},
		{"gtp level out of range", []string{"gtp", "--level", "21"}, "--level 21"},
		{"gtp negative level", []string{"gtp", "--level", "-1"}, "--level -1"},
		{"levels bad list", []string{"levels", "--levels", "5-2"}, "--levels"},
		{"ugi unknown flag", []string{"--nosuchflag"}, "--nosuchflag"},
		{"ugi stray argument", []string{"ugi", "extra"}, `unexpected argument "extra"`},
		{"cpuprofile missing dir", []string{"--cpuprofile", "/nonexistent/dir"}, "does not exist"},
		{"cpuprofile on a file", []string{"--cpuprofile", "/dev/null"}, "not a directory"},
		{"memprofile missing dir", []string{"ugi", "--memprofile=/nonexistent/dir"}, "does not exist"},
		{"bench cpuprofile missing dir", []string{"bench", "1", "--cpuprofile", "/nonexistent/dir"}, "does not exist"},
		{"bench two profiles", []string{"bench", "1", "--cpuprofile", "/tmp", "--memprofile", "/tmp"}, "cannot be used together"},
		{"match unknown flag", []string{"match", "--nosuchflag"}, "--nosuchflag"},
		{"tb generate unknown flag", []string{"tb", "generate", "--nosuchflag"}, "--nosuchflag"},
		{"tb probe bad flag", []string{"tb", "probe", "--dir"}, "--dir"},
		{"openings bad count", []string{"openings", "--count", "x"}, `"--count"`},
		{"openings zero count", []string{"openings", "--count", "0"}, "--count 0"},
		{"openings conversion zero count", []string{"openings", "--conversion", "--count", "0"}, "--count 0"},
		{"openings conversion flag alone", []string{"openings", "--playout-nodes", "5000"}, "--playout-nodes needs --conversion"},
		{"openings playouts alone", []string{"openings", "--playouts", "3"}, "--playouts needs --conversion"},
		{"openings no playouts", []string{"openings", "--conversion", "--playouts", "0"}, "--playouts must be at least 1"},
		{"openings playouts past the budget", []string{"openings", "--conversion", "--playouts", "30", "--playout-nodes", "1000"}, "leave the first 0 nodes"},
		{"openings lead past the stones", []string{"openings", "--conversion", "--lead", "30"}, "a lead of 1 to 11 stones"},
		{"openings pair odds too low", []string{"openings", "--pair-odds", "1"}, "the odds must be at least 2"},
		{"openings balanced flag with conversion", []string{"openings", "--conversion", "--pair-nodes", "100"}, "--pair-nodes is for balanced suites"},
		{"tune generate unknown flag", []string{"tune", "generate", "--nosuchflag"}, "--nosuchflag"},
		{"tune fit write for no preset", []string{"tune", "fit", "--variant", "egyptian", "--directions", "8", "--data", "x.txt", "--write", "w.go"}, "not the egyptian preset"},
		{"unknown command", []string{"nosuchcommand"}, "unknown command"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, stderr := runCaptured(t, tt.args...)
			if status != 2 {
				t.Errorf("exit status %d, want 2", status)
			}
			if !strings.Contains(stderr, tt.want) {
				t.Errorf("stderr %q does not name the mistake (%q)", stderr, tt.want)
			}
			if !strings.Contains(stderr, "usage:") {
				t.Errorf("stderr %q shows no usage", stderr)
			}
		})
	}
	if _, err := os.Stat("/nonexistent"); err == nil {
		t.Error("--cpuprofile created /nonexistent")
	}
}

// TestOpeningsResumeMistakes: a --resume file that cannot be resumed by
// the flags given is refused before any work, with exit status 2 and a
// message that says what to change.
func TestOpeningsResumeMistakes(t *testing.T) {
	seven := filepath.Join("..", "..", "openings", "suites", "egyptian-7.txt")
	complete := filepath.Join("..", "..", "openings", "suites", "egyptian-5.txt")
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"missing file", []string{"--resume", "/nonexistent.txt"}, "no such file"},
		{"other rules", []string{"--resume", seven}, "give its rule flags"},
		{"complete build", []string{"--resume", complete}, "already holds 200 positions"},
		{"other budgets", []string{"--size", "7", "--count", "201", "--deep-nodes", "5", "--resume", seven}, "give the flags it was built with"},
		{"not a built suite", []string{"--resume", filepath.Join("..", "..", "openings", "partial", "README.md")}, "not a builder's position line"},
	} {
		status, stderr := runCaptured(t, append([]string{"openings"}, tt.args...)...)
		if status != 2 || !strings.Contains(stderr, "--resume") || !strings.Contains(stderr, tt.want) {
			t.Errorf("%s: status %d, stderr %q; want 2 and %q", tt.name, status, stderr, tt.want)
		}
	}
}

// TestCPUProfileTakesASeparatePath: --cpuprofile DIR, with a space, is the
// flag and its value (not a flag and a stray argument), and the profile
// lands in that directory.
func TestCPUProfileTakesASeparatePath(t *testing.T) {
	dir := t.TempDir()
	status, stderr := runCaptured(t, "--cpuprofile", dir)
	if status != 0 {
		t.Fatalf("exit status %d: %s", status, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "cpu.pprof")); err != nil {
		t.Errorf("no profile written: %v (stderr %q)", err, stderr)
	}
}

// TestBenchProfile: seega bench --cpuprofile DIR writes the bench's
// profile there.
func TestBenchProfile(t *testing.T) {
	dir := t.TempDir()
	status, stderr := runCaptured(t, "bench", "1", "--cpuprofile", dir)
	if status != 0 {
		t.Fatalf("exit status %d: %s", status, stderr)
	}
	if fi, err := os.Stat(filepath.Join(dir, "cpu.pprof")); err != nil || fi.Size() == 0 {
		t.Errorf("no profile written: %v (stderr %q)", err, stderr)
	}
}

func TestHelpIsNoError(t *testing.T) {
	for _, cmd := range []string{"perft", "play", "bench", "gtp", "ugi"} {
		status, stderr := runCaptured(t, cmd, "--help")
		if status != 0 || !strings.Contains(stderr, "usage:") {
			t.Errorf("%s --help: status %d, stderr %q", cmd, status, stderr)
		}
	}
}

// TestPerftSpeed: perft gives a rate only for a count that took long
// enough to measure one.
func TestPerftSpeed(t *testing.T) {
	if got := perftSpeed(560, 1*time.Microsecond); strings.Contains(got, "turns/s") {
		t.Errorf("a 1 µs count: %q, want no rate", got)
	}
	if got := perftSpeed(3_000_000, 2*time.Second); got != "time 2.000s, 1500000 turns/s" {
		t.Errorf("a 2 s count: %q", got)
	}
}

// TestHelpNamesRepositoryDocs: the usage of seega and of every command
// points at the docs a clone has (docs/rules.md, docs/protocol.md), never
// at the rule book and protocol outside the repository.
func TestHelpNamesRepositoryDocs(t *testing.T) {
	lines := [][]string{{"--help"}}
	for name := range commands {
		lines = append(lines, []string{name, "--help"})
	}
	lines = append(lines, []string{"match", "merge", "--help"})
	for _, args := range lines {
		_, stderr := runCaptured(t, args...)
		for _, outside := range []string{"RULES.md", "PROTOCOL.md"} {
			if strings.Contains(stderr, outside) {
				t.Errorf("seega %s names %s:\n%s", strings.Join(args, " "), outside, stderr)
			}
		}
	}
}
