package gtp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
)

// maxLine bounds one input line; the rest of a longer line is dropped.
const maxLine = 64 << 10

// Serve speaks GTP on in and out until quit, the end of input, or ctx is
// done. Every command gets exactly one response; bad input gets an error
// response and changes nothing, and no input makes Serve fail. Input is
// read on its own goroutine so that GoGui's "# interrupt" line can stop a
// genmove early: the search then plays the best it has found.
func (e *Engine) Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	lines := readLines(ctx, in)
	w := bufio.NewWriter(out)
	var pending []string // lines read while a command ran
	for {
		var line string
		if len(pending) > 0 {
			line, pending = pending[0], pending[1:]
		} else {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case l, ok := <-lines:
				if !ok {
					return w.Flush()
				}
				line = l
			}
		}
		c, ok := parseLine(line)
		if !ok {
			continue
		}
		var text string
		var err error
		if c.name == "" {
			err = fmt.Errorf("syntax error: no command after the id")
		} else {
			text, pending, err = e.run(ctx, c, lines, pending)
		}
		quit := errors.Is(err, errQuit)
		if quit {
			err = nil
		}
		if err != nil {
			text = err.Error()
		}
		if _, werr := w.WriteString(formatResponse(c.id, text, err != nil)); werr != nil {
			return werr
		}
		if werr := w.Flush(); werr != nil {
			return werr
		}
		if quit {
			return nil
		}
	}
}

// run executes one command on its own goroutine while it watches the
// input for an interrupt; other lines that arrive meanwhile are kept for
// later, in order. A panic in a command becomes an error response.
func (e *Engine) run(ctx context.Context, c command, lines <-chan string, pending []string) (string, []string, error) {
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type result struct {
		text string
		err  error
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- result{err: fmt.Errorf("internal error: %v", r)}
			}
		}()
		text, err := e.Execute(cctx, c.name, c.args)
		done <- result{text, err}
	}()
	for {
		select {
		case r := <-done:
			return r.text, pending, r.err
		case l, ok := <-lines:
			switch {
			case !ok:
				lines = nil // wait for the command; Serve sees the end next
			case isInterrupt(l):
				cancel()
			default:
				pending = append(pending, l)
			}
		}
	}
}

// Execute runs one command by name, as Serve does, without the framing:
// for tests and for programs that embed the engine.
func (e *Engine) Execute(ctx context.Context, name string, args []string) (string, error) {
	h, ok := e.handlers[name]
	if !ok {
		return "", fmt.Errorf("unknown command: %q", name)
	}
	return h(e, ctx, args)
}

// readLines sends each line of in on the returned channel, which closes at
// the end of input or once ctx is done. A line longer than maxLine is cut.
func readLines(ctx context.Context, in io.Reader) <-chan string {
	ch := make(chan string)
	go func() {
		defer close(ch)
		r := bufio.NewReaderSize(in, 4096)
		for {
			line, err := readLine(r)
			if line != "" || err == nil {
				select {
				case ch <- line:
				case <-ctx.Done():
					return
				}
				// Let the goroutine that takes the line run now, rather
				// than wait on the processor this one takes back into
				// read(2) (as in protocol's reader): GoGui's interrupt
				// must reach a search that keeps the other processors busy.
				runtime.Gosched()
			}
			if err != nil {
				return
			}
		}
	}()
	return ch
}

// readLine reads up to the next newline, keeping at most maxLine bytes.
func readLine(r *bufio.Reader) (string, error) {
	var buf []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(buf) < maxLine {
			buf = append(buf, chunk[:min(len(chunk), maxLine-len(buf))]...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		return string(buf), err
	}
}
