package board

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"strconv"
	"testing"
)

// The perft reference (counts from an independent implementation of the
// rule book) is kept inside the repository, so that a clone checks
// itself against it. The original lives beside the repository, in
// ../shared, and stays the authority: where it is present the copy must
// equal it, so that the copy cannot drift.
const (
	referenceCopyPath   = "testdata/perft-reference.txt"
	sharedReferencePath = "../../shared/perft-reference.txt"
)

// underCI reports whether the tests run under continuous integration:
// CI set to a true value, as .ci/run and the common CI services set it.
func underCI() bool {
	ci, err := strconv.ParseBool(os.Getenv("CI"))
	return err == nil && ci
}

// missingInput is what a test does when an input file it needs is
// missing. Under CI the test fails, naming the path, so that a run cannot
// pass with the check left out; elsewhere it skips, and `make test`
// lists the skip, so that the check left out is seen.
func missingInput(tb testing.TB, path string) {
	tb.Helper()
	if underCI() {
		tb.Fatalf("%s is missing, and under CI (CI=true) a missing input fails the run", path)
	}
	tb.Skipf("%s is missing: this check did not run", path)
}

// readReference returns the repository's copy of the perft reference,
// failing or skipping the test (missingInput) where it is missing.
func readReference(tb testing.TB) []byte {
	tb.Helper()
	data, err := os.ReadFile(referenceCopyPath)
	if errors.Is(err, fs.ErrNotExist) {
		missingInput(tb, referenceCopyPath)
	}
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// TestReferenceCopyMatchesShared checks that the repository's copy of the
// perft reference equals the shared original, where a checkout has it
// beside the repository. A clone alone has no original: the test skips
// then, even under CI, since the copy is what the clone checks against.
func TestReferenceCopyMatchesShared(t *testing.T) {
	shared, err := os.ReadFile(sharedReferencePath)
	if errors.Is(err, fs.ErrNotExist) {
		t.Skipf("%s is not beside the repository: nothing to compare the copy with", sharedReferencePath)
	}
	if err != nil {
		t.Fatal(err)
	}
	if copied := readReference(t); !bytes.Equal(copied, shared) {
		t.Fatalf("%s differs from %s, the authority: copy it again", referenceCopyPath, sharedReferencePath)
	}
}
