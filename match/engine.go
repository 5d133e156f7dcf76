package match

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"seega/board"
)

// failKind classifies what went wrong with an engine, which decides both
// the reason a game is lost and whether the engine must be restarted.
type failKind int

const (
	failCrash    failKind = iota + 1 // the process exited or closed its output
	failNoAnswer                     // silent past a deadline
	failTime                         // answered, but over its time
	failIllegal                      // an illegal, unparsable or incomplete move
)

// engineError is an engine's failure, with a sentence for the record.
type engineError struct {
	kind failKind
	msg  string
	// stopSignal: the engine was killed by a signal that asks processes
	// to stop (SIGTERM, SIGINT, SIGHUP), as a batch system signals every
	// process of a job it cancels: the runner's own stop is on its way.
	stopSignal bool
}

func (e *engineError) Error() string { return e.msg }

// line is one line an engine printed, stamped when the runner read it,
// so that time is measured at the pipe and not when the game loop gets
// round to it.
type line struct {
	text string
	at   time.Time
}

// maxLine bounds what the runner keeps of one line: an engine that
// prints without newlines cannot make it grow without end.
const maxLine = 64 * 1024

// engine is one running engine process and its side of the protocol.
type engine struct {
	spec    EngineSpec
	cmd     *exec.Cmd
	stdin   *os.File
	lines   chan line
	stop    chan struct{} // closed by kill: the reader gives up
	exited  chan struct{} // closed once the process has been waited for
	exitErr error
	stderr  *tail
	log     *protoLog

	uci     bool            // answered `uci` with uciok, not `ugi` with ugiok
	options map[string]bool // option names it listed, lower-cased
	noQuery bool            // failed to answer a query once: ask no more
	broken  bool            // must be killed and restarted before its next game
	info    Info            // the last info line of the current search
	killed  sync.Once
}

// Info is what an engine last said about its search, for the live view.
type Info struct {
	Depth int    `json:"depth,omitempty"`
	Score string `json:"score,omitempty"`
}

// Timeouts bound everything an engine is asked outside its thinking
// time. None of them is a rule of the game: they keep a broken engine
// from stalling the tournament.
type Timeouts struct {
	Start time.Duration // from launch to ugiok/uciok
	Ready time.Duration // isready to readyok
	Query time.Duration // `query result` to its response
	// Grace is how long the runner waits for a bestmove after the time
	// is up, to tell a slow engine (loses on time) from a hung one (loses
	// for no answer, and is restarted).
	Grace time.Duration
}

// DefaultTimeouts suit engines that start in a second or two.
var DefaultTimeouts = Timeouts{Start: 10 * time.Second, Ready: 10 * time.Second, Query: time.Second, Grace: 3 * time.Second}

// startEngine launches the engine, does the handshake and sets the rules
// and the engine's own options. On error the process is killed.
func startEngine(ctx context.Context, spec EngineSpec, rules board.Rules, to Timeouts, log *protoLog) (*engine, error) {
	e := &engine{
		spec:    spec,
		cmd:     shellCommand(spec.Command),
		lines:   make(chan line, 256),
		stop:    make(chan struct{}),
		exited:  make(chan struct{}),
		stderr:  &tail{},
		log:     log,
		options: map[string]bool{},
	}
	ownGroup(e.cmd)
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	e.cmd.Stdin, e.cmd.Stdout, e.cmd.Stderr = inR, outW, e.stderr
	e.cmd.WaitDelay = time.Second
	err = e.cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, &engineError{kind: failCrash, msg: fmt.Sprintf("%s did not start: %v", spec.Name, err)}
	}
	e.stdin = inW
	go func() {
		e.exitErr = e.cmd.Wait()
		close(e.exited)
	}()
	go e.read(outR)

	if err := e.handshake(ctx, rules, to); err != nil {
		e.kill()
		return nil, err
	}
	return e, nil
}

// read copies the engine's output into e.lines until EOF or kill.
func (e *engine) read(r io.ReadCloser) {
	defer close(e.lines)
	defer r.Close()
	br := bufio.NewReaderSize(r, 4096)
	for {
		text, err := readLine(br)
		if text != "" || err == nil {
			text = strings.TrimRight(text, "\r")
			e.log.printf(e.spec.Name, "<", text)
			select {
			case e.lines <- line{text, time.Now()}:
			case <-e.stop:
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// readLine reads one line without its newline, keeping at most maxLine
// bytes of it.
func readLine(br *bufio.Reader) (string, error) {
	var sb strings.Builder
	for {
		chunk, err := br.ReadSlice('\n')
		if sb.Len() < maxLine {
			sb.Write(chunk[:min(len(chunk), maxLine-sb.Len())])
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		return strings.TrimSuffix(sb.String(), "\n"), err
	}
}

// send writes one command. A write that cannot complete within the
// deadline means the engine has stopped reading: it is treated as hung.
func (e *engine) send(cmd string) error {
	e.log.printf(e.spec.Name, ">", cmd)
	_ = e.stdin.SetWriteDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.WriteString(e.stdin, cmd+"\n"); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return &engineError{kind: failNoAnswer, msg: fmt.Sprintf("%s stopped reading its input", e.spec.Name)}
		}
		return e.crashed()
	}
	return nil
}

// errDeadline is expect's "nothing came in time".
var errDeadline = errors.New("deadline")

// expect reads lines until one satisfies match, the deadline passes
// (errDeadline), the engine's output ends (a crash) or ctx is done.
func (e *engine) expect(ctx context.Context, deadline time.Time, match func(string) bool) (line, error) {
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				return line{}, e.crashed()
			}
			if match(l.text) {
				return l, nil
			}
			if strings.HasPrefix(l.text, "info ") {
				e.noteInfo(l.text)
			}
		case <-timer.C:
			return line{}, errDeadline
		case <-ctx.Done():
			return line{}, ctx.Err()
		}
	}
}

// drain throws away lines left from before: a late info or bestmove must
// not be taken as the answer to the next question.
func (e *engine) drain() {
	for {
		select {
		case _, ok := <-e.lines:
			if !ok {
				return
			}
		default:
			return
		}
	}
}

// crashed describes an engine whose output has ended, waiting a moment
// for its exit status.
func (e *engine) crashed() error {
	e.broken = true
	msg := e.spec.Name + " closed its output"
	stop := false
	select {
	case <-e.exited:
		stop = stopSignalled(e.exitErr)
		if e.exitErr != nil {
			msg = fmt.Sprintf("%s exited (%v)", e.spec.Name, e.exitErr)
		} else {
			msg = e.spec.Name + " exited"
		}
	case <-time.After(time.Second):
	}
	if last := e.stderr.lastLine(); last != "" {
		msg += "; its last error output: " + last
	}
	return &engineError{kind: failCrash, msg: msg, stopSignal: stop}
}

// stopGrace is how long a game whose engine was stopped by a signal
// waits for the runner's own stop before it counts as a crash.
const stopGrace = 2 * time.Second

// stoppedWithRunner reports whether err, an engine's failure, is the
// engine killed by a stop signal together with the runner: ctx, the
// run's, is done within stopGrace. Slurm's scancel (and a requeue, or
// the end of a job's time) signals every process of the job at once, so
// the engines can die a moment before the runner hears its own signal;
// the game is then abandoned, and replayed on resume, rather than
// recorded as the engine's crash.
func stoppedWithRunner(ctx context.Context, err error) bool {
	var ee *engineError
	if !errors.As(err, &ee) || !ee.stopSignal {
		return ctx.Err() != nil
	}
	select {
	case <-ctx.Done():
		return true
	case <-time.After(stopGrace):
		return false
	}
}

func firstWord(s string) string {
	w, _, _ := strings.Cut(strings.TrimSpace(s), " ")
	return w
}

// handshake sends `ugi`, falling back to `uci` for engines that only
// speak that, then the rules and the engine's options, and waits for
// readyok.
//
// `ugi` is followed at once by `isready`: an engine that answers readyok
// before ugiok has ignored `ugi`, and gets `uci` without waiting. One
// that says nothing at all gets `uci` halfway through the start timeout.
func (e *engine) handshake(ctx context.Context, rules board.Rules, to Timeouts) error {
	var ready bool
	isOK := func(s string) bool {
		switch firstWord(s) {
		case "option":
			e.noteOption(s)
		case "ugiok", "uciok":
			return true
		case "readyok":
			ready = true
			return true
		}
		return false
	}
	start := time.Now()
	if err := e.send("ugi"); err != nil {
		return err
	}
	if err := e.send("isready"); err != nil {
		return err
	}
	l, err := e.expect(ctx, start.Add(to.Start/2), isOK)
	if err == nil && !ready {
		// ugiok: the readyok for the early isready is still to come.
		_, err = e.expect(ctx, start.Add(to.Start), func(s string) bool { return firstWord(s) == "readyok" })
	} else if err == errDeadline || ready {
		if err := e.send("uci"); err != nil {
			return err
		}
		ready = false
		l, err = e.expect(ctx, start.Add(to.Start), isOK)
		if ready {
			err = errDeadline // readyok again, but no uciok: no handshake at all
		}
	}
	switch {
	case err == errDeadline:
		e.broken = true
		return &engineError{kind: failNoAnswer, msg: fmt.Sprintf("%s did not finish the handshake within %v: it answered neither ugi nor uci (with ugiok or uciok, then readyok)", e.spec.Name, to.Start)}
	case err != nil:
		return err
	}
	e.uci = firstWord(l.text) == "uciok"
	for _, o := range RuleOptions(rules) {
		if err := e.send(fmt.Sprintf("setoption name %s value %s", o.Name, o.Value)); err != nil {
			return err
		}
	}
	if err := e.send("setoption name MoveGranularity value turn"); err != nil {
		return err
	}
	for _, o := range e.spec.Options {
		if err := e.setOption(ctx, o, to.Ready); err != nil {
			return err
		}
	}
	return e.ready(ctx, to.Ready)
}

// OptionError is an engine's refusal of one of its --option settings. The
// tournament does not start on it: games played on the engine's defaults
// would measure something other than what was asked.
type OptionError struct {
	Engine string
	Option Option
	Why    string // the engine's own words, or what it failed to announce
}

func (e *OptionError) Error() string {
	return fmt.Sprintf("engine %s rejects --option %s:%s=%s: %s", e.Engine, e.Engine, e.Option.Name, e.Option.Value, e.Why)
}

// setOption sets one of the spec's options and checks that the engine
// took it: the name must be one it announced (where it announced any),
// and nothing it says before answering the isready that follows may be
// an error (UGI's "info string error: …", or UCI engines' "No such
// option" and the like).
func (e *engine) setOption(ctx context.Context, o Option, timeout time.Duration) error {
	if len(e.options) > 0 && !e.options[strings.ToLower(o.Name)] {
		return &OptionError{e.spec.Name, o, "it announces no option of that name"}
	}
	if err := e.send(fmt.Sprintf("setoption name %s value %s", o.Name, o.Value)); err != nil {
		return err
	}
	if err := e.send("isready"); err != nil {
		return err
	}
	refusal := ""
	_, err := e.expect(ctx, time.Now().Add(timeout), func(s string) bool {
		if refusal == "" && isRefusal(s) {
			refusal = s
		}
		return firstWord(s) == "readyok"
	})
	switch {
	case err == errDeadline:
		e.broken = true
		return &engineError{kind: failNoAnswer, msg: fmt.Sprintf("%s did not answer isready within %v", e.spec.Name, timeout)}
	case err != nil:
		return err
	case refusal != "":
		return &OptionError{e.spec.Name, o, "it says " + quoteLine(refusal)}
	}
	return nil
}

// isRefusal reports whether an engine's line rejects the command before
// it: an error line in UGI's form, or the messages UCI engines print for
// an option they do not have or a value they cannot take.
func isRefusal(s string) bool {
	l := strings.ToLower(s)
	if strings.HasPrefix(l, "info string") {
		return strings.Contains(l, "error")
	}
	return strings.HasPrefix(l, "no such option") || strings.HasPrefix(l, "unknown option") || strings.HasPrefix(l, "error")
}

// quoteLine quotes an engine's line for a message, cut short.
func quoteLine(s string) string {
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return fmt.Sprintf("%q", s)
}

// missingRuleOptions lists the rule options the engine did not announce,
// where it announced any: it may not play the runner's rules.
func (e *engine) missingRuleOptions() []string {
	if len(e.options) == 0 {
		return nil
	}
	var out []string
	for _, name := range board.OptionNames {
		if !e.options[strings.ToLower(name)] && !(name == "Variant" && e.options["uci_variant"]) {
			out = append(out, name)
		}
	}
	return out
}

// RuleOptions are the setoption commands that give an engine the rules:
// Variant first (it loads a preset, 5×5 included), then BoardSize, then
// every other option, so the result is r whatever the engine's defaults.
func RuleOptions(r board.Rules) []Option {
	var out []Option
	for _, name := range board.OptionNames {
		v, err := r.Get(name)
		if err != nil {
			continue
		}
		out = append(out, Option{name, v})
	}
	return out
}

// noteOption records the name in an `option name <N> type …` line.
func (e *engine) noteOption(s string) {
	f := strings.Fields(s)
	var name []string
	for i := 2; i < len(f) && f[1] == "name" && f[i] != "type"; i++ {
		name = append(name, f[i])
	}
	if len(name) > 0 {
		e.options[strings.ToLower(strings.Join(name, " "))] = true
	}
}

// noteInfo keeps the depth and score of an info line.
func (e *engine) noteInfo(s string) {
	f := strings.Fields(s)
	for i := 1; i+1 < len(f); i++ {
		switch f[i] {
		case "depth":
			var d int
			if _, err := fmt.Sscan(f[i+1], &d); err == nil {
				e.info.Depth = d
			}
		case "score":
			if i+2 < len(f) {
				e.info.Score = f[i+1] + " " + f[i+2]
			}
		}
	}
}

// ready sends isready and waits for readyok.
func (e *engine) ready(ctx context.Context, timeout time.Duration) error {
	if err := e.send("isready"); err != nil {
		return err
	}
	_, err := e.expect(ctx, time.Now().Add(timeout), func(s string) bool { return firstWord(s) == "readyok" })
	if err == errDeadline {
		e.broken = true
		return &engineError{kind: failNoAnswer, msg: fmt.Sprintf("%s did not answer isready within %v", e.spec.Name, timeout)}
	}
	return err
}

// newGame tells the engine a new game starts.
func (e *engine) newGame(ctx context.Context, timeout time.Duration) error {
	e.drain()
	cmd := "uginewgame"
	if e.uci {
		cmd = "ucinewgame"
	}
	if err := e.send(cmd); err != nil {
		return err
	}
	return e.ready(ctx, timeout)
}

// think sends the position and the go command, and waits for bestmove.
// limit is the time the turn may take; at the limit the engine has lost
// on time, but the runner waits grace longer to tell slow from hung. It
// returns the move's text (empty if bestmove had none) and the time
// taken, measured from the go command to the bestmove line.
func (e *engine) think(ctx context.Context, position, goCmd string, limit, grace time.Duration, why string) (string, time.Duration, error) {
	e.drain()
	e.info = Info{}
	if err := e.send(position); err != nil {
		return "", 0, err
	}
	if err := e.send(goCmd); err != nil {
		return "", 0, err
	}
	start := time.Now()
	isBest := func(s string) bool { return firstWord(s) == "bestmove" }
	l, err := e.expect(ctx, start.Add(limit), isBest)
	late := err == errDeadline
	if late {
		l, err = e.expect(ctx, start.Add(limit+grace), isBest)
	}
	switch {
	case err == errDeadline:
		e.broken = true
		return "", time.Since(start), &engineError{kind: failNoAnswer, msg: fmt.Sprintf("%s gave no move: no answer within %v of go (time allowed: %v)", e.spec.Name, (limit + grace).Round(time.Millisecond), why)}
	case err != nil:
		return "", time.Since(start), err
	}
	used := l.at.Sub(start)
	move := ""
	if f := strings.Fields(l.text); len(f) > 1 {
		move = f[1]
	}
	if late || used > limit {
		return move, used, &engineError{kind: failTime, msg: fmt.Sprintf("%s lost on time: its turn took %v, over %s", e.spec.Name, used.Round(time.Millisecond), why)}
	}
	return move, used, nil
}

// query asks `query <what>` and returns the response's value. An engine
// that does not answer in time is not asked again: many UCI engines
// ignore unknown commands.
func (e *engine) query(ctx context.Context, position, what string, timeout time.Duration) (string, bool) {
	if e.noQuery || e.broken {
		return "", false
	}
	e.drain()
	if e.send(position) != nil || e.send("query "+what) != nil {
		return "", false
	}
	l, err := e.expect(ctx, time.Now().Add(timeout), func(s string) bool { return firstWord(s) == "response" })
	if err != nil {
		e.noQuery = true
		return "", false
	}
	f := strings.Fields(l.text)
	if len(f) < 2 {
		return "", false
	}
	return f[1], true
}

// kill ends the process and its group at once.
func (e *engine) kill() {
	e.killed.Do(func() {
		killGroup(e.cmd)
		close(e.stop)
		e.stdin.Close()
		<-e.exited
	})
}

// quit asks the engine to exit, and kills it if it has not within a
// moment.
func (e *engine) quit() {
	if !e.broken {
		_ = e.send("quit")
		select {
		case <-e.exited:
		case <-time.After(500 * time.Millisecond):
		}
	}
	e.kill()
}

// tail keeps the end of an engine's error output for crash reports.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

const tailSize = 4096

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > tailSize {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-tailSize:]...)
	}
	return len(p), nil
}

func (t *tail) lastLine() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := strings.TrimSpace(string(t.buf))
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// protoLog writes every line to and from the engines, when asked for.
type protoLog struct {
	mu    sync.Mutex
	w     io.Writer
	start time.Time
}

func newProtoLog(w io.Writer) *protoLog {
	if w == nil {
		return nil
	}
	return &protoLog{w: w, start: time.Now()}
}

func (p *protoLog) printf(name, dir, text string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprintf(p.w, "%9.3f %s %s %s\n", time.Since(p.start).Seconds(), name, dir, text)
}
