package testgame

import (
	"testing"

	"seega/board"
	"seega/tablebase"
)

// Tables are endgame tables as the searchers' tests probe them: package
// tablebase's tables behind the methods search.Tablebase declares (the
// same adapter cmd/seega wires in).
type Tables struct{ T *tablebase.Tables }

// BuildTables generates the tables of r with up to k stones in a
// temporary directory and opens them.
func BuildTables(t testing.TB, r board.Rules, k int) Tables {
	t.Helper()
	dir := t.TempDir()
	if err := tablebase.Generate(r, tablebase.Options{Stones: k, Dir: dir, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	tabs, err := tablebase.Open(dir, r)
	if err != nil {
		t.Fatal(err)
	}
	return Tables{tabs}
}

func (a Tables) Probe(g *board.Game) (wdl, turns int, ok bool) {
	v, ok := a.T.Probe(g)
	return int(v.WDL), v.Turns, ok
}

func (a Tables) BestTurn(g *board.Game) ([]board.Action, int, int, bool) {
	turn, v, ok := a.T.BestTurn(g)
	return turn, int(v.WDL), v.Turns, ok
}
