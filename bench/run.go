package bench

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"seega/protocol"
)

// Report is a bench's outcome: the node count, which is the signature,
// and the time the searches took.
type Report struct {
	Nodes   uint64
	Elapsed time.Duration
}

// NPS is nodes per second.
func (r Report) NPS() uint64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return uint64(float64(r.Nodes) / r.Elapsed.Seconds())
}

// String is the bench's last line: `<N> nodes <M> nps`.
func (r Report) String() string {
	return fmt.Sprintf("%d nodes %d nps", r.Nodes, r.NPS())
}

// Run searches the bench positions at depth (DefaultDepth if 0) in a UGI
// session of its own built from cfg, spoken to through its input and
// output as a GUI would: Commands one at a time, isready before each go,
// and each bestmove awaited. A search's nodes are those of its last info
// line, which the protocol makes the whole search's count. progress, if
// not nil, is called after each search. A command that gets an error line
// makes the bench fail: the list has gone stale. When ctx ends, the search
// under way is stopped and Run returns ctx's error.
func Run(ctx context.Context, cfg protocol.Config, depth int, progress func(protocol.BenchStep)) (Report, error) {
	depth = cmp.Or(depth, DefaultDepth)
	// The bench measures the search: a book turn would skip it.
	cfg.OwnBook = false
	c := dial(cfg)
	defer c.hangUp()
	var rep Report
	count := len(positions())
	fen := ""
	for _, cmd := range Commands(depth) {
		if f, ok := strings.CutPrefix(cmd, "position fen "); ok {
			fen = f
		}
		if !strings.HasPrefix(cmd, "go ") {
			c.send(cmd)
			continue
		}
		// isready first, so that an error of the commands before shows
		// up here, before the search.
		c.send("isready")
		if _, err := c.await(ctx, "readyok"); err != nil {
			return rep, err
		}
		start := time.Now()
		c.send(cmd)
		info, err := c.await(ctx, "bestmove ")
		if err != nil {
			return rep, err
		}
		took := time.Since(start)
		nodes, err := infoNodes(info)
		if err != nil {
			return rep, fmt.Errorf("bench: %s: %v", cmd, err)
		}
		rep.Nodes += nodes
		rep.Elapsed += took
		if progress != nil {
			progress(protocol.BenchStep{Index: c.searches, Count: count, FEN: fen, Nodes: nodes, Took: took})
		}
	}
	c.send("isready")
	_, err := c.await(ctx, "readyok")
	return rep, err
}

// Protocol is Run as protocol.Config.Bench takes it, for the protocol's
// bench command: it returns the bench's last line.
func Protocol(ctx context.Context, cfg protocol.Config, depth int, progress func(protocol.BenchStep)) (string, error) {
	rep, err := Run(ctx, cfg, depth, progress)
	if err != nil {
		return "", err
	}
	return rep.String(), nil
}

// infoNodes reads the node count of an info line.
func infoNodes(line string) (uint64, error) {
	f := strings.Fields(line)
	for i := 0; i+1 < len(f); i++ {
		if f[0] == "info" && f[i] == "nodes" {
			return strconv.ParseUint(f[i+1], 10, 64)
		}
	}
	return 0, fmt.Errorf("no info line with the node count before bestmove (got %q)", line)
}

// conn is a UGI session on the other end of two pipes.
type conn struct {
	in       *io.PipeWriter
	lines    chan string
	ended    chan struct{} // closed when the session's Run returns
	sent     string        // the last command sent, for error messages
	searches int           // bestmoves received
}

func dial(cfg protocol.Config) *conn {
	inR, inW := io.Pipe()
	c := &conn{in: inW, lines: make(chan string, 256), ended: make(chan struct{})}
	out := &lineSplitter{lines: c.lines}
	s := protocol.New(cfg, out)
	go func() {
		defer close(c.ended)
		s.Run(inR)
		inR.Close()
	}()
	return c
}

// send writes one command. A session that has quit reads no more; the
// error then shows as the reply that never comes, so it is not checked
// here.
func (c *conn) send(cmd string) {
	c.sent = cmd
	io.WriteString(c.in, cmd+"\n")
}

// await reads replies until one starts with prefix and returns the line
// before it. An error line fails the bench; so does ctx ending, after the
// search under way is stopped.
func (c *conn) await(ctx context.Context, prefix string) (before string, err error) {
	for {
		select {
		case l := <-c.lines:
			if strings.HasPrefix(l, "info string error") {
				return "", fmt.Errorf("bench: %s: %s", c.sent, l)
			}
			if strings.HasPrefix(l, prefix) {
				if prefix == "bestmove " {
					c.searches++
				}
				return before, nil
			}
			before = l
		case <-c.ended:
			return "", errors.New("bench: the session ended")
		case <-ctx.Done():
			c.send("stop")
			return "", ctx.Err()
		}
	}
}

// hangUp ends the session and waits for it: quit, then the end of input.
func (c *conn) hangUp() {
	go func() {
		for {
			select {
			case <-c.lines:
			case <-c.ended:
				return
			}
		}
	}()
	c.send("quit")
	c.in.Close()
	<-c.ended
}

// lineSplitter hands each complete line the session writes to a channel.
type lineSplitter struct {
	mu    sync.Mutex
	part  []byte
	lines chan<- string
}

func (w *lineSplitter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.part = append(w.part, p...)
	for {
		i := strings.IndexByte(string(w.part), '\n')
		if i < 0 {
			return len(p), nil
		}
		w.lines <- string(w.part[:i])
		w.part = w.part[i+1:]
	}
}
