package testgame

import (
	"testing"

	"seega/board"
	"seega/tablebase"
)

// BuildTables generates the tables of r with up to k stones in a
// temporary directory and opens them.
func BuildTables(t testing.TB, r board.Rules, k int) *tablebase.Tables {
	t.Helper()
	dir := t.TempDir()
	if err := tablebase.Generate(r, tablebase.Options{Stones: k, Dir: dir, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	tabs, err := tablebase.Open(dir, r)
	if err != nil {
		t.Fatal(err)
	}
	return tabs
}
