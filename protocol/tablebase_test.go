package protocol

import (
	"fmt"
	"strings"
	"testing"

	"seega/board"
	"seega/engine"
)

// fakeTables answers query tb with the rules' variant and the stone count,
// and is opened only from the directory "tables".
type fakeTables struct{ r board.Rules }

func (fakeTables) ProbeWDL(*board.Game) (int, int, bool) { return 0, 0, false }
func (fakeTables) BestTurnWDL(*board.Game) ([]board.Action, int, int, bool) {
	return nil, 0, 0, false
}
func (f fakeTables) Describe(g *board.Game) string {
	return fmt.Sprintf("wdl win turns %d (%s)", g.Position().Stones(board.White).Count(), f.r.Variant)
}

func tbConfig() Config {
	cfg := testConfig(nil)
	cfg.OpenTablebase = func(dir string, r board.Rules) (engine.Tablebase, error) {
		if dir != "tables" || r.Variant == "pro" {
			return nil, fmt.Errorf("no tables for %s in %s", r.Variant, dir)
		}
		return fakeTables{r}, nil
	}
	return cfg
}

func TestTablebasePath(t *testing.T) {
	var out syncBuffer
	s := New(tbConfig(), &out)
	s.Execute("ugi")
	if got := out.take(); !strings.Contains(got, "option name TablebasePath type string default <empty>\n") {
		t.Fatalf("no TablebasePath option line:\n%s", got)
	}
	s.Execute("query tb")
	if got := out.take(); got != "response none: TablebasePath is not set\n" {
		t.Errorf("query tb without tables: %q", got)
	}
	s.Execute("setoption name TablebasePath value elsewhere")
	if got := out.take(); !strings.Contains(got, "info string error") || !strings.Contains(got, "no tables for egyptian in elsewhere") {
		t.Errorf("a wrong path: %q", got)
	}
	s.Execute("setoption name TablebasePath value tables")
	s.Execute("position fen 5/1w3/2b2/1w3/4b w 0/0 - 0 1")
	s.Execute("query tb")
	if got := out.take(); got != "response wdl win turns 2 (egyptian)\n" {
		t.Errorf("query tb: %q", got)
	}
	e := s.ensureEngine(nil).(*fakeEngine)
	if e.tb == nil {
		t.Fatal("the engine was not given the tables")
	}
	// Rules without tables: the engine gets none, and query tb says why.
	s.Execute("setoption name Variant value pro")
	e = s.ensureEngine(nil).(*fakeEngine)
	if e.tb != nil {
		t.Error("the engine kept tables of other rules")
	}
	s.Execute("query tb")
	if got := out.take(); got != "response none: no tables for pro in tables\n" {
		t.Errorf("query tb under pro: %q", got)
	}
	s.Execute("setoption name TablebasePath value <empty>")
	s.Execute("setoption name Variant value egyptian")
	if e = s.ensureEngine(nil).(*fakeEngine); e.tb != nil {
		t.Error("tables after TablebasePath was emptied")
	}
	if got := out.take(); got != "" {
		t.Errorf("unexpected output %q", got)
	}
	// Without an opener the option is not offered.
	s = New(testConfig(nil), &out)
	s.Execute("ugi")
	if strings.Contains(out.take(), "TablebasePath") {
		t.Error("TablebasePath offered with no way to open tables")
	}
}

// tbhits shows in info lines where the engine reports some.
func TestInfoTBHits(t *testing.T) {
	i := infoLine{engine.Info{Depth: 1, SelDepth: 1, Nodes: 5, NPS: 10, TBHits: 3, MultiPV: 1}, []string{"a1a2"}}
	if got := formatInfo(i); !strings.Contains(got, " nps 10 tbhits 3 hashfull 0 ") {
		t.Errorf("%q", got)
	}
	i.TBHits = 0
	if got := formatInfo(i); strings.Contains(got, "tbhits") {
		t.Errorf("%q", got)
	}
}
