package protocol

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the session's replies")

// syncBuffer collects a session's output; the search goroutine and the
// test read and write it at once.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// take returns what was written since the last take.
func (b *syncBuffer) take() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := b.buf.String()
	b.buf.Reset()
	return s
}

// timings are the fields of the output that depend on the machine's
// speed: the bench's nps and the time it reports per position.
var timings = regexp.MustCompile(`(?m)^(\d+ nodes )\d+ nps$|(bench \d+/\d+ nodes \d+ time )\d+`)

// eloBounds are UCI_Elo's default and bounds, which come from the
// measured scale (engine/levelelo.go) and change whenever it is measured
// again.
var eloBounds = regexp.MustCompile(`(?m)^(option name UCI_Elo type spin) default \d+ min \d+ max \d+$`)

func normalise(s string) string {
	s = eloBounds.ReplaceAllString(s, "${1} default LO min LO max HI")
	return timings.ReplaceAllString(s, "${1}${2}X")
}

// transcript runs the commands through a session on fake engines, one at
// a time, and writes each command ("> " and the line) followed by the
// replies it got. A go with a limit is waited for, so that its info lines
// and bestmove come right after it; a go infinite's come after the stop.
// A perft and a bench are waited for the same way.
func transcript(cmds []string) string {
	var out syncBuffer
	s := New(testConfig(nil), &out)
	var sb strings.Builder
	for _, c := range cmds {
		sb.WriteString("> " + c + "\n")
		quit := s.Execute(c)
		if f := strings.Fields(c); len(f) > 0 && waitedFor(f[0], c) {
			s.waitSearch()
		}
		sb.WriteString(normalise(out.take()))
		if quit {
			break
		}
	}
	s.quit()
	sb.WriteString(normalise(out.take()))
	return sb.String()
}

// waitedFor reports whether the transcript waits for command c's job to
// end before the next command: a go with a limit, a perft and a bench.
func waitedFor(name, c string) bool {
	switch name {
	case "go":
		return !strings.Contains(c, "infinite")
	case "perft", "bench":
		return true
	}
	return false
}

// TestGolden replays each testdata/*.golden file: its "> " lines are the
// input, the rest the expected replies. With -update the replies are
// rewritten from the session, so a new case is a file of "> " lines.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.golden")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no golden files in testdata")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".golden"), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var cmds []string
			for _, l := range strings.Split(string(data), "\n") {
				if c, ok := strings.CutPrefix(l, "> "); ok {
					cmds = append(cmds, c)
				}
			}
			got := transcript(cmds)
			if *update {
				if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if got != string(data) {
				t.Errorf("transcript differs from %s (run go test ./protocol -run Golden -update to accept):\n%s", file, diff(string(data), got))
			}
		})
	}
}

// diff shows the first lines where want and got part.
func diff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\n want: %s\n  got: %s", i+1, wl, gl)
		}
	}
	return "(equal)"
}
