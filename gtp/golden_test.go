package gtp

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"seega/board"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts in testdata")

// newTestEngine returns an engine for the named preset with a seeded
// random player.
func newTestEngine(t testing.TB, variant string) *Engine {
	t.Helper()
	r, err := board.Preset(variant)
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(r, NewRandomPlayer(7), Options{Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// transcript runs script through Serve and interleaves each command with
// its response: "> command" then the response, with the script's comment
// lines and blank lines kept, so that a golden file reads as a session.
func transcript(t *testing.T, e *Engine, script string) string {
	t.Helper()
	var out bytes.Buffer
	if err := e.Serve(context.Background(), strings.NewReader(script), &out); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	responses := strings.SplitAfter(out.String(), "\n\n")
	var sb strings.Builder
	for _, line := range strings.Split(strings.TrimRight(script, "\n"), "\n") {
		if _, ok := parseLine(line); !ok {
			sb.WriteString(line + "\n")
			continue
		}
		sb.WriteString("> " + line + "\n")
		if len(responses) == 0 || responses[0] == "" {
			t.Fatalf("no response to %q", line)
		}
		sb.WriteString(responses[0])
		responses = responses[1:]
	}
	if rest := strings.Join(responses, ""); rest != "" {
		t.Fatalf("responses left over: %q", rest)
	}
	return sb.String()
}

// TestGolden replays each testdata/*.gtp script and compares the session
// with testdata/*.golden. Run `go test ./gtp -run Golden -update` to
// rewrite them after a deliberate change, and read the diff.
func TestGolden(t *testing.T) {
	scripts, err := filepath.Glob("testdata/*.gtp")
	if err != nil {
		t.Fatal(err)
	}
	if len(scripts) == 0 {
		t.Fatal("no scripts in testdata")
	}
	for _, path := range scripts {
		name := strings.TrimSuffix(filepath.Base(path), ".gtp")
		t.Run(name, func(t *testing.T) {
			script, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			got := transcript(t, newTestEngine(t, "egyptian"), string(script))
			golden := strings.TrimSuffix(path, ".gtp") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("session differs from %s (run with -update and read the diff):\n%s", golden, firstDiff(string(want), got))
			}
		})
	}
}

// firstDiff shows the first line where want and got differ.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return "line " + strconv.Itoa(i+1) + ":\nwant: " + a + "\ngot:  " + b
		}
	}
	return "(no line differs)"
}
