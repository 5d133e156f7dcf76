// Command testreport reads `go test -json` on stdin and prints what plain
// `go test` prints (a line a package, and the output of every failed
// test), then every skipped test with its reason. `make test` runs the
// suite through it, so that a check that did not run (a missing reference
// file, a missing tool) is seen instead of passing in silence. Its exit
// status is 1 if any test or build failed, or if stdin held no test
// events at all.
//
//	go test -short -count=1 -json ./... | go run ./internal/testreport
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	failed, err := report(os.Stdin, os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "testreport:", err)
		os.Exit(1)
	}
	if failed {
		os.Exit(1)
	}
}

// report copies r's test events to w as report.go says, and tells whether
// the run failed.
func report(r io.Reader, w io.Writer) (failed bool, err error) {
	rep := newReporter(w)
	if err := rep.read(r); err != nil {
		return true, err
	}
	rep.printSkips()
	return rep.failed, nil
}
