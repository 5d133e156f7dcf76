package main

import (
	"errors"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// seega bench --first starts fresh processes of the engines given and
// prints a row an engine: the isready time and the nodes/s of the first,
// second and last search, each a positive number.
func TestBenchFirst(t *testing.T) {
	bin := seegaBinary(t)
	cmd := exec.Command(bin, "bench", "--first", "--processes", "1", "--searches", "3", "--movetime", "30",
		"--hash", "2", "--engine", "a="+bin, "--engine", "b="+bin)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	for _, name := range []string{"a", "b"} {
		row := regexp.MustCompile(`(?m)^ *` + name + `  +\d+\.\d +[1-9]\d* +[1-9]\d* +[1-9]\d*$`)
		if !row.MatchString(stdout.String()) {
			t.Errorf("no row for engine %s:\n%s", name, stdout.String())
		}
	}
	if !strings.Contains(stdout.String(), "search 1 nodes/s") || !strings.Contains(stdout.String(), "search 3 nodes/s") {
		t.Errorf("header:\n%s", stdout.String())
	}
}

// Each mistake of bench --first is named, with exit status 2.
func TestBenchFirstMistakes(t *testing.T) {
	bin := seegaBinary(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--hash", "4"}, "--hash goes only with --first"},
		{[]string{"--first", "--depth", "3"}, "--depth does not go with --first"},
		{[]string{"--first", "--processes", "0"}, "--processes 0"},
		{[]string{"--first", "--engine", "nameonly"}, `--engine "nameonly": want NAME=PROGRAM`},
		{[]string{"--first", "5"}, `unexpected argument "5"`},
	} {
		out, err := exec.Command(bin, append([]string{"bench"}, c.args...)...).CombinedOutput()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(string(out), c.want) {
			t.Errorf("bench %v: %v, want exit 2 saying %q:\n%s", c.args, err, c.want, out)
		}
	}
	// A program that is not an engine fails with status 1, named.
	out, err := exec.Command(bin, "bench", "--first", "--processes", "1", "--engine", "x=/nonexistent/seega").CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(string(out), "x:") {
		t.Errorf("a missing program: %v\n%s", err, out)
	}
}
