package protocol

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"sync"
)

// lineWriter serialises output: the command loop and the search goroutine
// both print, and a GUI must never see two lines interleaved or a line
// held back in a buffer. Every line is flushed as it is written.
type lineWriter struct {
	mu sync.Mutex
	w  *bufio.Writer
}

func newLineWriter(w io.Writer) *lineWriter {
	return &lineWriter{w: bufio.NewWriter(w)}
}

// line writes s and a newline, then flushes. Write errors are dropped: a
// GUI that closed our stdout cannot be told anything anyway.
func (lw *lineWriter) line(s string) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	lw.w.WriteString(s)
	lw.w.WriteByte('\n')
	lw.w.Flush()
}

func (lw *lineWriter) printf(format string, args ...any) {
	lw.line(fmt.Sprintf(format, args...))
}

// lines writes each line of a multi-line text, dropping a final newline.
func (lw *lineWriter) lines(text string) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		lw.w.WriteString(l)
		lw.w.WriteByte('\n')
	}
	lw.w.Flush()
}

// errorf reports bad input as one `info string error: …` line. Any
// newline in the message is flattened, so the reply stays one line.
func (lw *lineWriter) errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	msg = strings.NewReplacer("\r", " ", "\n", " ").Replace(msg)
	lw.line("info string error: " + msg)
}
