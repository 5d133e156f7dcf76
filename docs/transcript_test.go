package docs

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The transcript format is described in doc.go.

// ellipsis stands for output left out: a whole line of it matches any
// number of lines, and " …" at a line's end any rest of the line.
const ellipsis = "…"

// sessionTimeout bounds one command of a transcript: the documented
// sessions search to small depths and last well under a second.
const sessionTimeout = 60 * time.Second

// stepKind says what a line of a transcript is.
type stepKind int

const (
	sendLine   stepKind = iota // "> text": sent to the command's stdin
	expectLine                 // a line of output, exactly or up to a trailing " …"
	skipLines                  // "…": any output lines
)

type step struct {
	kind stepKind
	line int // in its file, from 1
	text string
}

// session is one command of a transcript and the lines that follow it.
type session struct {
	line  int
	args  []string // after "seega"
	steps []step
}

// transcript is one "transcript" block of a file.
type transcript struct {
	file     string
	line     int // the block's first line
	sessions []session
}

// parseTranscript reads a block; a line it cannot read is an error naming
// the file and line.
func parseTranscript(file string, b fencedBlock) (transcript, error) {
	tr := transcript{file: file, line: b.firstLine}
	for i, text := range b.lines {
		line := b.firstLine + i
		text = strings.TrimRight(text, " \t")
		switch {
		case strings.HasPrefix(text, "$ "):
			words, err := shellWords(text[2:])
			if err != nil {
				return tr, fmt.Errorf("%s:%d: %v", file, line, err)
			}
			if len(words) == 0 || words[0] != "seega" {
				return tr, fmt.Errorf("%s:%d: %q: a transcript runs seega, as \"$ seega [arguments]\"", file, line, text)
			}
			tr.sessions = append(tr.sessions, session{line: line, args: words[1:]})
			continue
		case len(tr.sessions) == 0:
			if text == "" {
				continue
			}
			return tr, fmt.Errorf("%s:%d: a transcript starts with the command, \"$ seega [arguments]\"", file, line)
		}
		s := &tr.sessions[len(tr.sessions)-1]
		switch {
		case text == ">" || strings.HasPrefix(text, "> "):
			s.steps = append(s.steps, step{kind: sendLine, line: line, text: strings.TrimPrefix(text[1:], " ")})
		case text == ellipsis:
			s.steps = append(s.steps, step{kind: skipLines, line: line})
		default:
			s.steps = append(s.steps, step{kind: expectLine, line: line, text: text})
		}
	}
	if len(tr.sessions) == 0 {
		return tr, fmt.Errorf("%s:%d: an empty transcript", file, b.firstLine)
	}
	// Blank lines at a session's end are the block's layout, not output.
	for i := range tr.sessions {
		s := &tr.sessions[i]
		for len(s.steps) > 0 && s.steps[len(s.steps)-1].kind == expectLine && s.steps[len(s.steps)-1].text == "" {
			s.steps = s.steps[:len(s.steps)-1]
		}
	}
	return tr, nil
}

// shellWords splits a command line as a POSIX shell would for the simple
// cases transcripts use: blanks separate words, and single or double
// quotes hold blanks (a backslash escapes the next character in double
// quotes and outside quotes).
func shellWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return nil, fmt.Errorf("unclosed ' in %q", s)
			}
			cur.WriteString(s[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) {
					i++
				}
				cur.WriteByte(s[i])
			}
			if i == len(s) {
				return nil, fmt.Errorf("unclosed \" in %q", s)
			}
			inWord = true
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// lineMatches says whether an output line is what a transcript line shows.
func lineMatches(want, got string) bool {
	got = strings.TrimRight(got, " \t\r")
	if prefix, ok := strings.CutSuffix(want, " "+ellipsis); ok {
		return strings.HasPrefix(got, prefix+" ") || got == prefix
	}
	return got == want
}

// outputReader hands out a command's output lines one at a time, each
// within a deadline.
type outputReader struct {
	lines    <-chan string
	deadline <-chan time.Time
}

// errEnded is next's error once the output has ended.
var errEnded = errors.New("the output ended")

func (r outputReader) next() (string, error) {
	select {
	case line, ok := <-r.lines:
		if !ok {
			return "", errEnded
		}
		return line, nil
	case <-r.deadline:
		return "", fmt.Errorf("no output within %v", sessionTimeout)
	}
}

// runSession runs one command in dir and checks its output against the
// session's steps; the error names the file and line of the first
// mismatch.
func runSession(binary, dir, file string, s session) error {
	ctx, cancel := context.WithTimeout(context.Background(), sessionTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, s.args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("%s:%d: %v", file, s.line, err)
	}
	lines := make(chan string, 64)
	var reading sync.WaitGroup
	reading.Add(1)
	go func() {
		defer reading.Done()
		defer close(lines)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<16), 1<<24)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	out := outputReader{lines: lines, deadline: time.After(sessionTimeout)}

	mismatch := checkSteps(s.steps, out, stdin, file)
	stdin.Close()
	if mismatch == nil {
		mismatch = checkEnd(s, out, file)
	}
	if mismatch != nil {
		cancel()
	}
	for range lines { // let the reader finish, so that Wait may close stdout
	}
	reading.Wait()
	waitErr := cmd.Wait()
	if mismatch == nil && waitErr != nil {
		mismatch = fmt.Errorf("%s:%d: seega %s: %v", file, s.line, strings.Join(s.args, " "), waitErr)
	}
	if mismatch != nil && stderr.Len() > 0 {
		mismatch = fmt.Errorf("%w\nits stderr:\n%s", mismatch, stderr.String())
	}
	return mismatch
}

// checkSteps sends the session's input lines and reads its output lines
// in the transcript's order: an input line goes once every output line
// above it has been read.
func checkSteps(steps []step, out outputReader, stdin io.Writer, file string) error {
	skipping := false
	var skipped []string // the last lines a "…" passed over, for the message
	for _, st := range steps {
		switch st.kind {
		case sendLine:
			if _, err := io.WriteString(stdin, st.text+"\n"); err != nil {
				return fmt.Errorf("%s:%d: sending %q: %v", file, st.line, st.text, err)
			}
		case skipLines:
			skipping = true
		case expectLine:
			for {
				got, err := out.next()
				if err != nil {
					if len(skipped) > 0 {
						err = fmt.Errorf("%w; the last lines \"%s\" passed over:\n\t%s", err, ellipsis, strings.Join(skipped, "\n\t"))
					}
					return fmt.Errorf("%s:%d: expected %q: %v", file, st.line, st.text, err)
				}
				if lineMatches(st.text, got) {
					break
				}
				if !skipping {
					return fmt.Errorf("%s:%d: expected %q\n\tgot %q", file, st.line, st.text, got)
				}
				if skipped = append(skipped, got); len(skipped) > 3 {
					skipped = skipped[1:]
				}
			}
			skipping, skipped = false, nil
		}
	}
	return nil
}

// checkEnd reads what the command prints once its input has ended: nothing
// more, unless the transcript ends with "…".
func checkEnd(s session, out outputReader, file string) error {
	if n := len(s.steps); n > 0 && s.steps[n-1].kind == skipLines {
		for {
			if _, err := out.next(); err != nil {
				if err == errEnded {
					return nil
				}
				return fmt.Errorf("%s:%d: %v", file, s.steps[n-1].line, err)
			}
		}
	}
	last := s.line
	if n := len(s.steps); n > 0 {
		last = s.steps[n-1].line
	}
	got, err := out.next()
	for err == nil && strings.TrimSpace(got) == "" { // a blank line ends a GTP response
		got, err = out.next()
	}
	switch {
	case err == errEnded:
		return nil
	case err != nil:
		return fmt.Errorf("%s:%d: waiting for the end of the output: %v", file, last, err)
	default:
		return fmt.Errorf("%s:%d: unexpected output after the transcript's last line: %q (end the transcript with %q to leave the rest out)", file, last, got, ellipsis)
	}
}

// buildSeega builds the engine from the tree once for the whole test.
func buildSeega(t *testing.T) string {
	t.Helper()
	binary := filepath.Join(t.TempDir(), "seega")
	cmd := exec.Command(goTool(), "build", "-o", binary, "./cmd/seega")
	cmd.Dir = repoRoot
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/seega: %v\n%s", err, out)
	}
	return binary
}

// TestTranscripts runs every transcript block of README.md and docs/*.md
// against the engine built from this tree.
func TestTranscripts(t *testing.T) {
	var transcripts []transcript
	for _, f := range docFiles(t) {
		for _, b := range fencedBlocks(f.lines) {
			if b.info != "transcript" {
				continue
			}
			tr, err := parseTranscript(f.name, b)
			if err != nil {
				t.Error(err)
				continue
			}
			transcripts = append(transcripts, tr)
		}
	}
	if len(transcripts) == 0 {
		t.Fatal("no transcript block in README.md or docs/*.md")
	}
	binary := buildSeega(t)
	for _, tr := range transcripts {
		t.Run(fmt.Sprintf("%s:%d", tr.file, tr.line), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			for _, s := range tr.sessions {
				if err := runSession(binary, dir, tr.file, s); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}
