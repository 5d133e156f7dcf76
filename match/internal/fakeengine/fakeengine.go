// Package fakeengine is a UGI engine that plays random legal turns (the
// same turn in the same position, so that games replay exactly), and
// misbehaves on demand: it crashes, hangs, prints garbage, plays illegal
// moves or is slow. The match runner's tests run their own test binary
// as this engine (see Main and Command), so that every way an engine
// can fail is tested without a real engine.
package fakeengine

import (
	"bufio"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"seega/board"
)

// Environment variables that make a test binary a fake engine.
const (
	EnvMode  = "SEEGA_FAKE_ENGINE" // the mode; unset: not an engine
	EnvAfter = "SEEGA_FAKE_AFTER"  // good turns per game before misbehaving
	EnvSleep = "SEEGA_FAKE_SLEEP"  // ms to think per turn (slow: when misbehaving)
	EnvSeed  = "SEEGA_FAKE_SEED"   // random seed
)

// Modes: how the engine behaves once it has played After good turns in
// a game.
const (
	Random  = "random"  // always legal random turns
	Crash   = "crash"   // exits with status 3 instead of answering go
	Hang    = "hang"    // never answers go, nor anything after it
	Garbage = "garbage" // prints junk, then `bestmove` with junk
	Illegal = "illegal" // plays a placement on the centre: never legal
	Partial = "partial" // plays only the first action of a turn
	Slow    = "slow"    // sleeps Sleep ms, then plays a legal turn
	UCI     = "uci"     // random, but ignores `ugi` and answers `uci` only
	Liar    = "liar"    // random, but gives a wrong `query result`
	Mute    = "mute"    // never says anything
)

// Main runs the fake engine and exits if the environment asks for one;
// otherwise it returns. Call it first thing in TestMain.
func Main() {
	mode := os.Getenv(EnvMode)
	if mode == "" {
		return
	}
	after, _ := strconv.Atoi(os.Getenv(EnvAfter))
	sleep, _ := strconv.Atoi(os.Getenv(EnvSleep))
	seed, _ := strconv.ParseUint(os.Getenv(EnvSeed), 10, 64)
	os.Exit(Run(Config{Mode: mode, After: after, Sleep: time.Duration(sleep) * time.Millisecond, Seed: seed}, os.Stdin, os.Stdout))
}

// Config is how a fake engine behaves.
type Config struct {
	Mode  string
	After int
	Sleep time.Duration
	Seed  uint64
}

// Command is the shell command line that runs the current binary (a test
// binary whose TestMain calls Main) as a fake engine.
func Command(c Config) string {
	exe, err := os.Executable()
	if err != nil {
		exe = os.Args[0]
	}
	return fmt.Sprintf("%s=%s %s=%d %s=%d %s=%d exec %s", EnvMode, c.Mode, EnvAfter, c.After,
		EnvSleep, c.Sleep.Milliseconds(), EnvSeed, c.Seed, shellQuote(exe))
}

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Run speaks UGI on in and out until quit or the end of input, and
// returns the exit status.
func Run(c Config, in io.Reader, out io.Writer) int {
	rules := board.DefaultRules()
	var g *board.Game
	var rng *rand.Rand
	goes, hung := 0, false
	say := func(format string, args ...any) { fmt.Fprintf(out, format+"\n", args...) }
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	if c.Mode == Mute {
		for sc.Scan() {
		}
		return 0
	}
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 || hung {
			continue
		}
		switch f[0] {
		case "ugi", "uci":
			if c.Mode == UCI && f[0] == "ugi" {
				continue
			}
			say("id name fake-%s", c.Mode)
			say("id author the seega tests")
			for _, name := range board.OptionNames {
				v, _ := rules.Get(name)
				say("option name %s type string default %s", name, v)
			}
			say("option name MoveGranularity type combo default turn var turn var action")
			say("option name Hash type spin default 16 min 1 max 1024")
			say("%sok", f[0])
		case "isready":
			say("readyok")
		case "setoption":
			name, value := parseSetOption(f[1:])
			if strings.EqualFold(name, "Hash") {
				if n, err := strconv.Atoi(value); err != nil || n < 1 || n > 1024 {
					say("info string error: setoption: option Hash: %q is not a whole number from 1 to 1024", value)
				}
			}
			if _, ok := board.CanonicalOption(name); ok {
				if err := rules.Set(name, value); err != nil {
					say("info string error: %v", err)
				}
			}
		case "uginewgame", "ucinewgame":
			goes, g = 0, nil
		case "position":
			ng, err := position(rules, f[1:])
			if err != nil {
				say("info string error: %v", err)
				continue
			}
			g = ng
		case "go":
			goes++
			if g == nil {
				say("info string error: no position")
				say("bestmove 0000")
				continue
			}
			rng = positionRand(c.Seed, g)
			if goes <= c.After {
				if c.Mode != Slow && c.Sleep > 0 {
					time.Sleep(c.Sleep)
				}
				say("info depth 1 score cp 0")
				say("bestmove %s", turnOr(g, rng))
				continue
			}
			switch c.Mode {
			case Crash:
				fmt.Fprintln(os.Stderr, "fake engine: crashing on purpose")
				return 3
			case Hang:
				hung = true
			case Garbage:
				say("\x00\x01 lorem ipsum %% ~~~")
				say("info depth banana")
				say("bestmove ~~~garbage~~~")
			case Illegal:
				say("bestmove %s", board.SquareName(g.Position().Centre(), g.Position().Size()))
			case Partial:
				say("bestmove %s", firstAction(g, rng))
			default:
				time.Sleep(c.Sleep)
				say("info depth 1 score cp 0")
				say("bestmove %s", turnOr(g, rng))
			}
		case "query":
			if g == nil || len(f) < 2 {
				say("info string error: query what?")
				continue
			}
			switch f[1] {
			case "result":
				code := g.Result().Code()
				if c.Mode == Liar {
					code = map[string]string{"p1win": "p2win", "p2win": "draw", "draw": "p1win", "none": "draw"}[code]
				}
				say("response %s", code)
			case "fen":
				say("response %s", g.SeFEN())
			default:
				say("info string error: unknown query %s", f[1])
			}
		case "quit":
			return 0
		default:
			say("info string error: unknown command %s", f[0])
		}
	}
	return 0
}

func parseSetOption(f []string) (name, value string) {
	var n, v []string
	dst := &n
	for _, w := range f {
		switch w {
		case "name":
			dst = &n
		case "value":
			dst = &v
		default:
			*dst = append(*dst, w)
		}
	}
	return strings.Join(n, " "), strings.Join(v, " ")
}

func position(r board.Rules, f []string) (*board.Game, error) {
	if len(f) == 0 {
		return nil, fmt.Errorf("position: startpos or fen?")
	}
	var g *board.Game
	var err error
	i := 1
	switch f[0] {
	case "startpos":
		g, err = board.NewGame(r)
	case "fen":
		for i < len(f) && f[i] != "moves" {
			i++
		}
		g, err = board.NewGameFromSeFEN(r, strings.Join(f[1:i], " "))
	default:
		return nil, fmt.Errorf("position %s?", f[0])
	}
	if err != nil {
		return nil, err
	}
	if i < len(f) && f[i] == "moves" {
		if err := g.PlayMoves(f[i+1:], board.PerTurn); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// positionRand is the randomness for a turn from g's position: the
// same seed and position give the same turn, whatever the engine played
// before, so that a game replays exactly in another process (a shard of
// a tournament, a restarted run).
func positionRand(seed uint64, g *board.Game) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(g.SeFEN()))
	return rand.New(rand.NewPCG(seed, h.Sum64()))
}

// turnOr picks a random legal turn, or 0000 where the game is over.
func turnOr(g *board.Game, rng *rand.Rand) string {
	turn := g.RandomTurn(rng, nil)
	if len(turn) == 0 {
		return "0000"
	}
	return board.TurnString(turn, g.Position().Size())
}

// firstAction is one legal action, which during placement is half a turn.
func firstAction(g *board.Game, rng *rand.Rand) string {
	buf := g.LegalActions(nil)
	if len(buf) == 0 {
		return "0000"
	}
	return board.ActionString(buf[rng.IntN(len(buf))], g.Position().Size())
}
