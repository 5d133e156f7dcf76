package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// event is one line of `go test -json` (cmd/test2json's TestEvent); the
// fields that the report does not use are left out.
type event struct {
	Action     string
	Package    string
	ImportPath string // build-output events name the package here
	Test       string
	Output     string
}

// skip is one skipped test and the reason it gave.
type skip struct {
	pkg, test, reason string
}

// reporter turns the events of one run into the report. A test's output
// is held until the test ends: printed if it failed, kept as the reason
// if it skipped, dropped if it passed, as plain `go test` does.
type reporter struct {
	w      io.Writer
	held   map[string][]string // by package and test
	skips  []skip
	events int
	failed bool
}

func newReporter(w io.Writer) *reporter {
	return &reporter{w: w, held: map[string][]string{}}
}

// read handles every event of r. A line that is not JSON is printed as it
// stands: go test writes some errors (a package that cannot be found)
// outside the event stream.
func (rep *reporter) read(r io.Reader) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil || e.Action == "" {
			fmt.Fprintln(rep.w, sc.Text())
			continue
		}
		rep.events++
		rep.handle(e)
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if rep.events == 0 {
		return errors.New("no test events on stdin: did go test run?")
	}
	return nil
}

func (rep *reporter) handle(e event) {
	key := e.Package + "\x00" + e.Test
	switch {
	case e.Action == "build-output":
		fmt.Fprint(rep.w, e.Output)
	case e.Action == "build-fail":
		rep.failed = true
	case e.Test == "" && e.Action == "output":
		if e.Output != "PASS\n" { // plain go test does not print it
			fmt.Fprint(rep.w, e.Output)
		}
	case e.Test == "" && e.Action == "fail":
		rep.failed = true
		rep.printUnfinished(e.Package)
	case e.Test == "":
	case e.Action == "output":
		rep.held[key] = append(rep.held[key], e.Output)
	case e.Action == "fail":
		rep.failed = true
		rep.printHeld(key)
	case e.Action == "skip":
		rep.skips = append(rep.skips, skip{e.Package, e.Test, skipReason(rep.held[key])})
		delete(rep.held, key)
	case e.Action == "pass":
		delete(rep.held, key)
	}
}

// printHeld prints a failed test's output and forgets it.
func (rep *reporter) printHeld(key string) {
	for _, line := range rep.held[key] {
		if !isProgressLine(line) {
			fmt.Fprint(rep.w, line)
		}
	}
	delete(rep.held, key)
}

// printUnfinished prints the output of the package's tests that never
// ended: a test binary that panicked or timed out leaves its running
// tests so, and their output says why the package failed.
func (rep *reporter) printUnfinished(pkg string) {
	var keys []string
	for key := range rep.held {
		if strings.HasPrefix(key, pkg+"\x00") {
			keys = append(keys, key)
		}
	}
	slices.Sort(keys)
	for _, key := range keys {
		rep.printHeld(key)
	}
}

// isProgressLine tells the lines that -json (verbose) adds to a test's
// output and plain go test does not print.
func isProgressLine(line string) bool {
	for _, p := range []string{"=== RUN", "=== PAUSE", "=== CONT", "=== NAME"} {
		if strings.HasPrefix(line, p) {
			return true
		}
	}
	return false
}

// skipReason is what a skipped test said, without the progress lines and
// the "--- SKIP" line itself, joined on one line.
func skipReason(lines []string) string {
	var parts []string
	for _, line := range lines {
		if isProgressLine(line) || strings.Contains(line, "--- SKIP") {
			continue
		}
		if s := strings.TrimSpace(line); s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " ")
}

// printSkips lists the skipped tests, in the order they ended.
func (rep *reporter) printSkips() {
	if len(rep.skips) == 0 {
		return
	}
	tests := "tests"
	if len(rep.skips) == 1 {
		tests = "test"
	}
	fmt.Fprintf(rep.w, "\n%d %s skipped:\n", len(rep.skips), tests)
	for _, s := range rep.skips {
		fmt.Fprintf(rep.w, "SKIP %s %s: %s\n", s.pkg, s.test, s.reason)
	}
}
