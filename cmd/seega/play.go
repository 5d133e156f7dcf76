package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"seega/board"
	"seega/console"
	"seega/engine"
	"seega/search"
)

func init() {
	register("play", "watch an engine-vs-engine game, or play the engine (--human white|black)", runPlay)
}

// runPlay is `seega play` on the process's terminal (or pipes).
func runPlay(args []string) int {
	return playCommand(args, os.Stdin, os.Stdout, console.IsTerminal(os.Stdout), !console.IsTerminal(os.Stdin))
}

// playCommand parses play's flags and wires the game of package console:
// an engine-vs-engine game to watch, or with --human a game against the
// engine read from in. terminal says out is a terminal: the board is then
// redrawn in place, and a watched game is paced by default. echo says in
// does not echo what it reads (it is no terminal), so the game does.
func playCommand(args []string, in io.Reader, out io.Writer, terminal, echo bool) int {
	fs := newFlagSet("play", `usage: seega play [--human white|black] [--variant V] [--size N] [rule options] [--fen SEFEN]
                  [--movetime MS | --depth N] [--delay D] [--max-turns N] [--search NAME]

Without --human, plays one engine-vs-engine game, naming each turn and the
squares it captured (d3c3,c3c4 x c2,d4). On a terminal the board is redrawn
in place and each turn stays --delay on screen; written to a file or a pipe,
the game is plain lines at full speed.

With --human white (or black), you play that side against the engine: type
turns as the protocol writes them (a1,e5  d3c3  d3c3,c3c4  0000  ransom:c2
refuse  accept:a1:e5), or moves, hint, undo, resign, quit, help.

`)
	rf := addRulesFlags(fs)
	human := fs.String("human", "", "play this side yourself against the engine: white or black")
	fen := fs.String("fen", "", "start from this SeFEN position instead of the start position")
	movetime := fs.Int("movetime", 100, "the engine's time per turn in ms")
	depth := fs.Int("depth", 0, "search each turn to this depth in turns instead of by time")
	delay := fs.Duration("delay", console.DefaultDelay(true),
		"the pause after each turn of an engine-vs-engine game, on a terminal (0: none); off a terminal there is none unless given")
	maxTurns := fs.Int("max-turns", 150, "stop the game as a draw after this many turns (0: no cap)")
	name := fs.String("search", "", "the engine's searcher (default: the Search option's default)")
	if status, ok := parseOnlyFlags(fs, args); !ok {
		return status
	}
	switch {
	case *movetime < 1:
		return usageError(fs, "--movetime %d: must be 1 or more", *movetime)
	case *depth < 0:
		return usageError(fs, "--depth %d: must be 0 or more", *depth)
	case *delay < 0:
		return usageError(fs, "--delay %v: must be 0 or more", *delay)
	case *maxTurns < 0:
		return usageError(fs, "--max-turns %d: must be 0 or more", *maxTurns)
	case fs.Changed("depth") && fs.Changed("movetime"):
		return usageError(fs, "--depth and --movetime: give one of them")
	}
	humanSide := board.White
	switch strings.ToLower(*human) {
	case "":
	case "white":
	case "black":
		humanSide = board.Black
	default:
		return usageError(fs, "--human %q: must be white or black", *human)
	}
	r, err := rf.rules()
	if err != nil {
		return usageError(fs, "%v", err)
	}
	cfg := protocolConfig()
	sr := cfg.Searchers[0]
	if *name != "" {
		var found bool
		if sr, found = searcherNamed(cfg.Searchers, *name); !found {
			return usageError(fs, "--search: no searcher %q (have %s)", *name, strings.Join(searcherNames(cfg.Searchers), ", "))
		}
	}
	var g *board.Game
	if *fen != "" {
		g, err = board.NewGameFromSeFEN(r, *fen)
		if err != nil {
			return usageError(fs, "--fen: %v", err)
		}
		r = *g.Rules()
	} else if g, err = board.NewGame(r); err != nil {
		return fail("play", 2, err)
	}
	newEngine := func() *console.Engine {
		e := &console.Engine{Searcher: sr.New(r, engine.Options{HashMB: 16, Threads: 1, Contempt: search.Contempt}), Allocate: engine.Allocate, Depth: *depth}
		if *depth == 0 {
			e.MoveTime = time.Duration(*movetime) * time.Millisecond
		}
		return e
	}
	limit := fmt.Sprintf("%d ms a turn", *movetime)
	if *depth > 0 {
		limit = fmt.Sprintf("depth %d", *depth)
	}
	if *human != "" {
		title := fmt.Sprintf("%s on %d×%d, you (%s) against %s, %s", r.Variant, r.BoardSize, r.BoardSize,
			sideName(humanSide), sr.Name, limit)
		p := console.Play{Human: humanSide, Engine: newEngine(), Screen: console.NewScreen(out, terminal, title),
			In: in, Echo: echo, MaxTurns: *maxTurns}
		return exitStatus(p.Run(g))
	}
	if !terminal && !fs.Changed("delay") {
		*delay = console.DefaultDelay(false)
	}
	title := fmt.Sprintf("%s on %d×%d, %s against %s, %s", r.Variant, r.BoardSize, r.BoardSize, sr.Name, sr.Name, limit)
	w := console.Watch{
		// Each side has an engine, with its own tables, of its own.
		Players:  [2]console.Chooser{newEngine(), newEngine()},
		Screen:   console.NewScreen(out, terminal, title),
		MaxTurns: *maxTurns,
		Delay:    *delay,
	}
	return exitStatus(w.Run(g))
}

func sideName(c board.Color) string {
	if c == board.Black {
		return "Black"
	}
	return "White"
}

// exitStatus reports a game's error, which would be a bug (an engine
// that chose no legal turn), and turns it into the exit status.
func exitStatus(err error) int {
	if err != nil {
		return fail("play", 1, err)
	}
	return 0
}
