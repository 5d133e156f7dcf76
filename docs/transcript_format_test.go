package docs

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// fakeOutput serves lines as a command's output would, then ends it.
func fakeOutput(lines ...string) outputReader {
	ch := make(chan string, len(lines))
	for _, l := range lines {
		ch <- l
	}
	close(ch)
	return outputReader{lines: ch, deadline: time.After(time.Minute)}
}

func mustParse(t *testing.T, block string) transcript {
	t.Helper()
	tr, err := parseTranscript("X.md", fencedBlock{firstLine: 1, lines: strings.Split(block, "\n")})
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func TestParseTranscript(t *testing.T) {
	tr := mustParse(t, "$ seega tb probe --fen '5/5/5/5/5 w 12/12 - 0 1'\n> isready\nreadyok\n…\n\n$ seega\n")
	if len(tr.sessions) != 2 {
		t.Fatalf("%d sessions, want 2", len(tr.sessions))
	}
	s := tr.sessions[0]
	if want := []string{"tb", "probe", "--fen", "5/5/5/5/5 w 12/12 - 0 1"}; !slices.Equal(s.args, want) {
		t.Errorf("args %q, want %q", s.args, want)
	}
	want := []step{{sendLine, 2, "isready"}, {expectLine, 3, "readyok"}, {skipLines, 4, ""}}
	if !slices.Equal(s.steps, want) {
		t.Errorf("steps %+v, want %+v", s.steps, want)
	}

	for _, bad := range []string{"isready\n$ seega", "$ ls", "$ seega --fen 'a b", ""} {
		if _, err := parseTranscript("X.md", fencedBlock{firstLine: 1, lines: strings.Split(bad, "\n")}); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

func TestLineMatches(t *testing.T) {
	for _, c := range []struct {
		want, got string
		ok        bool
	}{
		{"bestmove c1,a3", "bestmove c1,a3", true},
		{"bestmove c1,a3", "bestmove c1,a3  ", true},
		{"bestmove c1,a3", "bestmove b4,c4", false},
		{"bestmove c1", "bestmove c1,a3", false},
		{"info depth 3 score cp 143 …", "info depth 3 score cp 143 nodes 16785", true},
		{"info depth 3 score cp 143 …", "info depth 3 score cp 1430 nodes 16785", false},
		{"info depth 3 …", "info depth 3", true},
		{"", "", true},
	} {
		if got := lineMatches(c.want, c.got); got != c.ok {
			t.Errorf("lineMatches(%q, %q) = %v", c.want, c.got, got)
		}
	}
}

// run checks a transcript's one session against canned output.
func run(t *testing.T, block string, output ...string) (sent string, err error) {
	t.Helper()
	s := mustParse(t, block).sessions[0]
	var stdin strings.Builder
	out := fakeOutput(output...)
	if err := checkSteps(s.steps, out, &stdin, "X.md"); err != nil {
		return stdin.String(), err
	}
	return stdin.String(), checkEnd(s, out, "X.md")
}

func TestCheckTranscript(t *testing.T) {
	block := "$ seega\n> go depth 2\ninfo depth 1 …\n…\nbestmove c1,a3\n> quit"
	sent, err := run(t, block, "info depth 1 nodes 3", "info depth 2 nodes 9", "bestmove c1,a3")
	if err != nil {
		t.Fatal(err)
	}
	if sent != "go depth 2\nquit\n" {
		t.Errorf("sent %q", sent)
	}

	for _, c := range []struct {
		name, block string
		output      []string
		wantErr     string
	}{
		{"stale move", block, []string{"info depth 1 nodes 3", "bestmove b4,c4"}, "X.md:5: expected \"bestmove c1,a3\": the output ended"},
		{"wrong line", "$ seega\n> isready\nreadyok", []string{"readyno"}, "X.md:3: expected \"readyok\"\n\tgot \"readyno\""},
		{"extra output", "$ seega\n> isready\nreadyok", []string{"readyok", "info string more"}, "X.md:3: unexpected output after the transcript's last line: \"info string more\""},
		{"short output", "$ seega\n> isready\nreadyok\nreadyok", []string{"readyok"}, "X.md:4: expected \"readyok\": the output ended"},
	} {
		_, err := run(t, c.block, c.output...)
		if err == nil || !strings.HasPrefix(err.Error(), c.wantErr) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.wantErr)
		}
	}

	// A trailing "…" takes any rest; blank lines after GTP's last answer
	// are no extra output.
	if _, err := run(t, "$ seega gtp\n> name\n= Seega\n\n…", "= Seega", "", "more", ""); err != nil {
		t.Error(err)
	}
	if _, err := run(t, "$ seega gtp\n> name\n= Seega\n", "= Seega", ""); err != nil {
		t.Error(err)
	}
}
