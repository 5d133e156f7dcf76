package gtp

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzServe feeds arbitrary input to a GTP session. It must never panic
// nor fail, every response must be well formed, no command may hit an
// internal error, the game must stay valid, and the engine must still
// answer afterwards.
func FuzzServe(f *testing.F) {
	scripts, _ := filepath.Glob("testdata/*.gtp")
	for _, path := range scripts {
		if b, err := os.ReadFile(path); err == nil {
			f.Add(string(b))
		}
	}
	for _, s := range []string{
		"", "\n\n\n", "1\n", "genmove w\ngenmove b\n", "play w C2\nplay w C2\nundo\nundo\nundo\n",
		"boardsize 9\nplay w J9\nplay w J8\nshowboard\n", "set_variant classic\nseega-fen 5/5/5/5/5 b 0/0\n",
		"time_settings 1e300 -1 x\ntime_left b 5 5\ngenmove b\n", "play w i1\nplay w accept:a1:a1\n",
		"\x00\xff#\t\r\n", "99999999999999999999999 name\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		e := newTestEngine(t, "classic")
		var out bytes.Buffer
		if err := e.Serve(context.Background(), strings.NewReader(input), &out); err != nil {
			t.Fatalf("Serve: %v", err)
		}
		for _, resp := range strings.SplitAfter(out.String(), "\n\n") {
			if resp == "" {
				continue
			}
			if resp[0] != '=' && resp[0] != '?' {
				t.Fatalf("malformed response %q", resp)
			}
			if strings.Contains(resp, "internal error") {
				t.Fatalf("internal error: %q", resp)
			}
		}
		if err := e.game.Position().Validate(); err != nil {
			t.Fatalf("invalid position after the input: %v", err)
		}
		out.Reset()
		if err := e.Serve(context.Background(), strings.NewReader("protocol_version\n"), &out); err != nil || out.String() != "= 2\n\n" {
			t.Fatalf("after the input, protocol_version answered %q (%v)", out.String(), err)
		}
	})
}

// FuzzParseLine checks the line parser alone: no panic, and what it
// returns has no spaces or control characters in it.
func FuzzParseLine(f *testing.F) {
	for _, s := range []string{"play w C3", "12 genmove b", "#", "\t1\tname # x", "\x7f\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, ok := parseLine(line)
		if !ok {
			return
		}
		if c.id != "" && !isDigits(c.id) {
			t.Fatalf("id %q is not digits", c.id)
		}
		for _, w := range append([]string{c.name}, c.args...) {
			if strings.ContainsAny(w, " \t\r\n#\x00") {
				t.Fatalf("word %q holds a separator or control character", w)
			}
		}
	})
}
