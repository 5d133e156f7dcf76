// Package protocol speaks UGI, the Universal Game Interface, with UCI's
// spellings accepted too (the project's PROTOCOL.md): it reads commands,
// keeps the game and the options, drives an engine.Searcher on a
// goroutine of its own and prints info lines and exactly one bestmove per
// go. It reads moves into board values before the searcher sees them
// (searchmoves) and writes the searcher's turns and lines back as text;
// it builds the searcher with the engine.Factory the Search option names,
// again whenever the rules change (an evaluation is made for one rule
// set), and hands it the engine options whole before each search.
//
// Commands are read on their own goroutine and run one at a time by the
// command loop; the search runs on a third goroutine, so stop, isready and
// queries are answered at once while it thinks. Bad input of any kind gets
// one `info string error: …` line and changes nothing.
//
// A GUI sends only stop, isready and quit during a search. Anything else
// is still handled without blocking the loop: position, query and d work
// beside the search (it has its own copy of the game), and commands that
// need the engine or the job slot (go, perft, bench, uginewgame, setoption
// of Hash, Threads, Search or a rule) stop the search first, which prints
// its bestmove.
//
// perft and bench run as jobs too, on the same goroutine as a search, so
// that isready, stop and quit are answered while they count. They end on
// their own, though, and a script that sends one expects its output: a
// command that needs the job slot waits for them, and only stop and quit
// cut them short.
package protocol

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"seega/board"
	"seega/engine"
)

// Config is what a session is built from: the names it announces and
// the searchers the Search option offers (the first is the default).
type Config struct {
	Name, Author string
	Searchers    []engine.Factory
	// OpenTablebase opens the endgame tables in a directory for a rule
	// set (the TablebasePath option); nil leaves the option out.
	OpenTablebase func(dir string, r board.Rules) (engine.Tablebase, error)
	// Bench runs the bench command; nil means the engine has none.
	Bench BenchFunc
	// Contempt is the range and default of the Contempt option; a zero
	// Max leaves the option out.
	Contempt ContemptRange
	// OwnBook says that the searchers carry an opening book: the OwnBook
	// option (on by default) is offered and handed to them in
	// engine.Options; false leaves the option out and the book off.
	OwnBook bool

	// Evaluation says which evaluation plays under the rules r with the
	// EvalFile option set to file (the EvalFile option), and whether it
	// is a network; err says why the file cannot play, and desc and
	// network then what plays instead. Nil leaves the option out.
	Evaluation func(file string, r board.Rules) (desc string, network bool, err error)
}

// ContemptRange is the Contempt option's default and bound, in cp: the
// option takes any value from -Max to Max.
type ContemptRange struct{ Default, Max int }

// Session is one UGI conversation: the rules, the game, the engine options
// and the search under way. Only the command loop touches its fields; the
// search goroutine works on copies it was handed (see searchJob).
type Session struct {
	cfg  Config
	out  *lineWriter
	opts engineOptions
	// level is the options that make the engine weaker (Skill Level,
	// UCI_LimitStrength, UCI_Elo, Seed).
	level levelOptions

	rules board.Rules // the rule options as set
	game  *board.Game

	// engine is built lazily for engineRules and engineSearcher, and
	// rebuilt when either changes (evaluators are made for one rule set).
	engine         engine.Searcher
	engineRules    board.Rules
	engineSearcher int
	engineEvalFile string

	// evalFile is the EvalFile option; see evalfile.go.
	evalFile string
	eval     evalAnnouncement

	job *searchJob // the search under way or last finished; nil if none

	// tbPath is the TablebasePath option; tb the tables opened from it
	// for the rules tbFor, or nil with the reason in tbErr.
	tbPath string
	tb     engine.Tablebase
	tbFor  board.Rules
	tbErr  string

	cmds map[string]handler
}

// New starts a session at the default rules' start position, writing to w.
func New(cfg Config, w io.Writer) *Session {
	s := &Session{cfg: cfg, out: newLineWriter(w), opts: defaultEngineOptions(), level: defaultLevelOptions(), cmds: handlers()}
	s.opts.contempt = cfg.Contempt.Default
	s.opts.ownBook = cfg.OwnBook
	s.rules = board.DefaultRules()
	g, err := board.NewGame(s.rules)
	if err != nil {
		panic("protocol: the default rules are invalid: " + err.Error())
	}
	s.game = g
	return s
}

// inputLine is one command line and when it was read: a go's clock starts
// when the GUI's command arrives, not when the loop gets to it.
type inputLine struct {
	text string
	at   time.Time
}

// errQuit ends the command loop.
var errQuit = errors.New("quit")

// Run reads commands from r until quit or end of input. At the end of
// input, a search with a limit is allowed to finish (so that a piped
// script gets its bestmove) and an infinite one is stopped.
func (s *Session) Run(r io.Reader) error {
	lines := make(chan inputLine)
	done := make(chan struct{})
	defer close(done)
	readErr := make(chan error, 1)
	go readLines(r, lines, done, readErr)
	for l := range lines {
		if s.execute(l.text, l.at) == errQuit {
			s.quit()
			return nil
		}
	}
	if j := s.job; j != nil && j.infinite {
		s.stopSearch()
	}
	s.waitSearch()
	return <-readErr
}

// readLines sends each line of r to lines until r ends or done closes.
// It runs on its own goroutine so that the command loop never blocks on
// input while it could be answering.
func readLines(r io.Reader, lines chan<- inputLine, done <-chan struct{}, readErr chan<- error) {
	defer close(lines)
	br := bufio.NewReader(r)
	for {
		text, err := br.ReadString('\n')
		if text != "" {
			select {
			case lines <- inputLine{text: text, at: time.Now()}:
			case <-done:
				readErr <- nil
				return
			}
			// Hand the processor to the command loop now. Otherwise it
			// waits, readied but not running, on the processor this
			// goroutine is about to block in read(2) with, until the Go
			// scheduler takes that processor back (up to 10 ms while a
			// search keeps the others busy): a stop would wait as long.
			runtime.Gosched()
		}
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			readErr <- err
			return
		}
	}
}

// handler runs one command with its arguments; at is when it arrived.
type handler func(s *Session, args []string, at time.Time) error

// handlers maps each command word to its handler. It is a function, not a
// package variable, so that there is no package-level state to mutate.
func handlers() map[string]handler {
	return map[string]handler{
		"ugi":        (*Session).cmdUGI,
		"uci":        (*Session).cmdUCI,
		"isready":    (*Session).cmdIsReady,
		"setoption":  (*Session).cmdSetOption,
		"uginewgame": (*Session).cmdNewGame,
		"ucinewgame": (*Session).cmdNewGame,
		"position":   (*Session).cmdPosition,
		"go":         (*Session).cmdGo,
		"stop":       (*Session).cmdStop,
		"query":      (*Session).cmdQuery,
		"perft":      (*Session).cmdPerft,
		"bench":      (*Session).cmdBench,
		"d":          (*Session).cmdDraw,
		"quit":       func(*Session, []string, time.Time) error { return errQuit },
	}
}

// execute runs one line. Errors are printed here, as one info string line;
// only errQuit is returned. A panic in a handler is a bug, but it must not
// end a game: it is reported like bad input.
func (s *Session) execute(line string, at time.Time) (err error) {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return nil
	}
	name := fields[0]
	h, ok := s.cmds[name]
	if !ok {
		s.out.errorf("unknown command %s (commands: ugi, uci, isready, setoption, uginewgame, position, go, stop, query, perft, bench, d, quit)", quote(fields[0]))
		return nil
	}
	defer func() {
		if r := recover(); r != nil {
			s.out.errorf("internal error in %s: %v", name, r)
			err = nil
		}
	}()
	if err := h(s, fields[1:], at); err != nil {
		if err == errQuit {
			return err
		}
		s.out.errorf("%s: %v", name, err)
	}
	return nil
}

// quote shows a piece of input in an error message: quoted, so that odd
// bytes are visible, and cut short, so that the reply stays readable.
func quote(s string) string {
	const max = 60
	if len(s) > max {
		return fmt.Sprintf("%q…", s[:max])
	}
	return fmt.Sprintf("%q", s)
}

// cmdIsReady answers readyok once everything before it is done. With no
// search under way, that includes building the engine that the next go
// would build for the rules and options set (its table is allocated
// then), as UCI engines do: the GUI's isready before a game waits for it,
// rather than the first go's clock. During a search it only answers.
func (s *Session) cmdIsReady(args []string, _ time.Time) error {
	if len(args) > 0 {
		return fmt.Errorf("takes no arguments, got %s", quote(strings.Join(args, " ")))
	}
	if s.idle() && len(s.cfg.Searchers) > 0 {
		s.ensureEngine(nil)
	}
	s.out.line("readyok")
	return nil
}

func (s *Session) cmdNewGame(args []string, _ time.Time) error {
	if len(args) > 0 {
		return fmt.Errorf("takes no arguments, got %s", quote(strings.Join(args, " ")))
	}
	s.stopSearch()
	g, err := board.NewGame(s.rules)
	if err != nil {
		return err
	}
	s.game = g
	if s.engine != nil {
		s.engine.NewGame()
	}
	return nil
}

// quit stops the search and waits for it briefly: a GUI that says quit
// wants the process gone, even if a broken engine does not return.
func (s *Session) quit() {
	j := s.job
	if j == nil {
		return
	}
	j.cancel()
	select {
	case <-j.done:
	case <-time.After(time.Second):
	}
}
