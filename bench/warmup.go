package bench

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"
)

// WarmUp is what `seega bench --first` runs in one fresh engine process:
// the UGI conversation a GUI has with an engine it has just started (ugi,
// the setup's options, uginewgame, isready), then Searches searches of
// Position, each `go movetime MoveTime`, one after the other with the
// table kept between them as in a game. It measures whether the first
// search of a process is as fast as the later ones (issue 44: it ran at a
// tenth of their speed, its table's memory faulting in page by page).
type WarmUp struct {
	Command []string // the engine's program and arguments
	// Setup is sent after ugi, before isready (setoption …); a
	// setoption of an option the engine does not list is left out, so
	// that one setup serves engines of different versions.
	Setup    []string
	Position string        // the position command of every search
	Searches int           // searches in the process
	MoveTime time.Duration // each search's movetime
}

// WarmUpResult is one process's measurements.
type WarmUpResult struct {
	// Ready is the time from the first isready to its readyok, which
	// includes building the engine and its table.
	Ready time.Duration
	// NPS is each search's nodes per second, in order: the nodes of its
	// last info line over the time from go to bestmove as the caller sees
	// it, so that whatever the first search pays for (page faults, lazy
	// set-up) counts.
	NPS []float64
}

// Run starts w.Command and measures it. The process is asked to quit, and
// killed if it has not gone within a second; ctx ending kills it at once.
func (w WarmUp) Run(ctx context.Context) (res WarmUpResult, err error) {
	if len(w.Command) == 0 {
		return res, errors.New("warm-up: no engine command")
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	cmd := exec.CommandContext(ctx, w.Command[0], w.Command[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return res, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return res, err
	}
	if err := cmd.Start(); err != nil {
		return res, fmt.Errorf("warm-up: %v", err)
	}
	lines := make(chan string, 256)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	defer func() {
		io.WriteString(in, "quit\n")
		in.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(time.Second):
			cancel()
			<-done
		}
	}()
	e := &warmConn{in: in, lines: lines}
	limit := 10*time.Second + w.MoveTime
	e.send("ugi")
	if _, err := e.await(ctx, "ugiok", limit); err != nil {
		return res, err
	}
	for _, c := range w.Setup {
		if name, ok := setoptionName(c); ok && !e.options[strings.ToLower(name)] {
			continue
		}
		e.send(c)
	}
	e.send("uginewgame")
	start := time.Now()
	e.send("isready")
	if _, err := e.await(ctx, "readyok", limit); err != nil {
		return res, err
	}
	res.Ready = time.Since(start)
	for range w.Searches {
		e.send(w.Position)
		start := time.Now()
		e.send(fmt.Sprintf("go movetime %d", w.MoveTime.Milliseconds()))
		info, err := e.await(ctx, "bestmove", limit)
		took := time.Since(start)
		if err != nil {
			return res, err
		}
		nodes, err := infoNodes(info)
		if err != nil {
			return res, fmt.Errorf("warm-up: %v", err)
		}
		res.NPS = append(res.NPS, float64(nodes)/took.Seconds())
	}
	return res, nil
}

// warmConn is the conversation with an engine process.
type warmConn struct {
	in      io.Writer
	lines   <-chan string
	sent    string
	options map[string]bool // the options the engine listed, lower case
}

// setoptionName is the option a "setoption name NAME value …" command
// sets.
func setoptionName(cmd string) (string, bool) {
	rest, ok := strings.CutPrefix(cmd, "setoption name ")
	if !ok {
		return "", false
	}
	name, _, _ := strings.Cut(rest, " value")
	return strings.TrimSpace(name), true
}

func (c *warmConn) send(cmd string) {
	c.sent = cmd
	io.WriteString(c.in, cmd+"\n")
}

// await reads lines until one starts with prefix, and returns the last
// info line with a node count before it. An error line, the end of the
// output or limit passing fails it.
func (c *warmConn) await(ctx context.Context, prefix string, limit time.Duration) (info string, err error) {
	timer := time.NewTimer(limit)
	defer timer.Stop()
	for {
		select {
		case l, ok := <-c.lines:
			switch {
			case !ok:
				return "", fmt.Errorf("warm-up: the engine ended before answering %q", c.sent)
			case strings.HasPrefix(l, "info string error"):
				return "", fmt.Errorf("warm-up: %s: %s", c.sent, l)
			case strings.HasPrefix(l, prefix):
				return info, nil
			case strings.HasPrefix(l, "option name "):
				name, _, _ := strings.Cut(strings.TrimPrefix(l, "option name "), " type ")
				if c.options == nil {
					c.options = map[string]bool{}
				}
				c.options[strings.ToLower(strings.TrimSpace(name))] = true
			case strings.HasPrefix(l, "info ") && strings.Contains(l, " nodes "):
				info = l
			}
		case <-timer.C:
			return "", fmt.Errorf("warm-up: no %q within %v of %q", prefix, limit, c.sent)
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}
