package protocol

import (
	"strings"
	"testing"
)

// lastInfoBefore returns the line just before the bestmove line in text,
// and the bestmove.
func lastInfoBefore(t *testing.T, text string) (info, move string) {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(text), "\n")
	for i, l := range lines {
		if m, ok := strings.CutPrefix(l, "bestmove "); ok {
			if i == 0 {
				t.Fatalf("nothing before the bestmove in %q", text)
			}
			return lines[i-1], m
		}
	}
	t.Fatalf("no bestmove in %q", text)
	return "", ""
}

// TestLastInfoNamesTheMovePlayed: when a search's info lines fall behind
// its result (another best turn, more nodes), a last info line carries the
// move played and the whole search's nodes, in both granularities.
func TestLastInfoNamesTheMovePlayed(t *testing.T) {
	for _, gran := range []string{"turn", "action"} {
		t.Run(gran, func(t *testing.T) {
			var out syncBuffer
			s := New(testConfig(func(f *fakeEngine) { f.stale = true }), &out)
			s.Execute("setoption name MoveGranularity value " + gran)
			s.Execute("go depth 2")
			s.waitSearch()
			text := out.take()
			info, move := lastInfoBefore(t, text)
			if !strings.HasPrefix(info, "info ") {
				t.Fatalf("the line before bestmove is %q, want an info line (all: %q)", info, text)
			}
			if !strings.Contains(info, " nodes 237 ") {
				t.Errorf("last info %q does not carry the search's 237 nodes", info)
			}
			_, pv, ok := strings.Cut(info, " pv ")
			if !ok {
				t.Fatalf("last info %q has no pv", info)
			}
			first := strings.Fields(pv)[0]
			if gran == "turn" && first != move || gran == "action" && !strings.Contains(","+first+",", ","+move+",") {
				t.Errorf("last info's pv begins %q; the move played is %q", first, move)
			}
			if !strings.Contains(info, " score cp -5 ") {
				t.Errorf("last info %q does not carry the search's score", info)
			}
		})
	}
}

// TestNoExtraInfoWhenTheLinesAreCurrent: a search whose last line already
// says it all gets no second copy of it.
func TestNoExtraInfoWhenTheLinesAreCurrent(t *testing.T) {
	var out syncBuffer
	s := New(testConfig(nil), &out)
	s.Execute("go depth 2")
	s.waitSearch()
	text := out.take()
	if n := strings.Count(text, "info depth 2 "); n != 1 {
		t.Errorf("%d depth-2 info lines, want 1:\n%s", n, text)
	}
}
