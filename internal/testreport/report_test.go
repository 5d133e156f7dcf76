package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// events writes events as `go test -json` does, one JSON object a line.
func events(t *testing.T, es ...event) string {
	t.Helper()
	var b strings.Builder
	for _, e := range es {
		line, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.String()
}

func out(pkg, test, text string) event {
	return event{Action: "output", Package: pkg, Test: test, Output: text}
}

// TestReportListsSkips checks that a passing run reports its skipped
// tests with their reasons, drops the output of passed tests, and passes.
func TestReportListsSkips(t *testing.T) {
	in := events(t,
		event{Action: "run", Package: "p", Test: "TestA"},
		out("p", "TestA", "=== RUN   TestA\n"),
		out("p", "TestA", "    a_test.go:3: chatter\n"),
		out("p", "TestA", "--- PASS: TestA (0.00s)\n"),
		event{Action: "pass", Package: "p", Test: "TestA"},
		out("p", "TestRef", "=== RUN   TestRef\n"),
		out("p", "TestRef", "    ref_test.go:9: testdata/ref.txt is missing: this check did not run\n"),
		out("p", "TestRef", "--- SKIP: TestRef (0.00s)\n"),
		event{Action: "skip", Package: "p", Test: "TestRef"},
		out("p", "", "PASS\n"),
		out("p", "", "ok  \tp\t0.1s\n"),
		event{Action: "pass", Package: "p"},
	)
	var w strings.Builder
	failed, err := report(strings.NewReader(in), &w)
	if err != nil || failed {
		t.Fatalf("failed %v, err %v, want a pass", failed, err)
	}
	want := "ok  \tp\t0.1s\n\n1 test skipped:\nSKIP p TestRef: ref_test.go:9: testdata/ref.txt is missing: this check did not run\n"
	if w.String() != want {
		t.Errorf("report\n%s\nwant\n%s", w.String(), want)
	}
}

// TestReportFails checks that a failed test, a failed build and a test
// binary that died mid-test each fail the report, with their output shown.
func TestReportFails(t *testing.T) {
	for _, c := range []struct {
		name, in, show string
	}{
		{"test", events(t,
			out("p", "TestB", "=== RUN   TestB\n"),
			out("p", "TestB", "    b_test.go:5: got 2, want 3\n"),
			out("p", "TestB", "--- FAIL: TestB (0.00s)\n"),
			event{Action: "fail", Package: "p", Test: "TestB"},
			out("p", "", "FAIL\tp\t0.1s\n"),
			event{Action: "fail", Package: "p"},
		), "b_test.go:5: got 2, want 3"},
		{"build", events(t,
			event{Action: "build-output", ImportPath: "p", Output: "p/x.go:1:1: syntax error\n"},
			event{Action: "build-fail", ImportPath: "p"},
		), "syntax error"},
		{"panic", events(t,
			out("p", "TestC", "=== RUN   TestC\n"),
			out("p", "TestC", "panic: boom\n"),
			out("p", "", "FAIL\tp\t0.1s\n"),
			event{Action: "fail", Package: "p"},
		), "panic: boom"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var w strings.Builder
			failed, err := report(strings.NewReader(c.in), &w)
			if err != nil || !failed {
				t.Fatalf("failed %v, err %v, want a failure", failed, err)
			}
			if !strings.Contains(w.String(), c.show) {
				t.Errorf("report %q does not show %q", w.String(), c.show)
			}
			if strings.Contains(w.String(), "=== RUN") {
				t.Errorf("report %q shows the verbose progress lines", w.String())
			}
		})
	}
}

// TestReportNeedsEvents checks that empty input (go test did not run) is
// an error, not a pass.
func TestReportNeedsEvents(t *testing.T) {
	if _, err := report(strings.NewReader(""), &strings.Builder{}); err == nil {
		t.Fatal("no error for empty input")
	}
}
