package match

import (
	"cmp"
	"fmt"
	"io"
	"time"

	"seega/board"
	"seega/match/stats"
)

// Config is everything a tournament needs. Zero values take the defaults
// that New documents.
type Config struct {
	Engines     []EngineSpec
	Rules       board.Rules
	TimeControl TimeControl
	// Margin is allowed on top of movetime and the clock for pipes and
	// process scheduling (default 100 ms). The [AR] per-turn limit gets
	// none.
	Margin time.Duration
	// Games per pairing in each round; even, since games come in pairs
	// (default 2). Rounds: default 1.
	Games, Rounds int
	Concurrency   int // games at once (default 1)
	// Openings to play, cycled through; nil generates them: OpeningTurns
	// random placement turns (default 4) from Seed.
	Openings     []Opening
	OpeningTurns int
	Seed         uint64
	// Suite names the shipped opening suite that Openings came from (see
	// package openings), "" for other openings. The records and the
	// standings name it, beside a digest of the openings.
	Suite string
	// SPRT, if set, stops the tournament once it decides. It needs
	// exactly two engines; it tests the first against the second.
	SPRT *stats.SPRT
	// Records is the records file; "" keeps no records (and cannot resume).
	Records string
	// Shard, if set, plays only that slice of the schedule (see Shard);
	// the shards' records files merge into the whole (Merge).
	Shard Shard
	// RecordsDir, instead of Records, keeps the records in a directory
	// the shards share: each writes its own file there (Shard.FileName),
	// reads the others' between games, and with an SPRT stops once the
	// SPRT of all their games decides. Without it a shard cannot see the
	// others, and plays its whole slice.
	RecordsDir string
	// MaxTurns draws a game after this many engine turns; 0 is no limit.
	MaxTurns int
	Timeouts Timeouts
	// Log receives every protocol line; Progress the progress line after
	// each game, and warnings. Either may be nil.
	Log, Progress io.Writer
	Observer      Observer
}

// timeControlOf is the time control the engine named name plays: its
// own, else the tournament's.
func (c Config) timeControlOf(name string) TimeControl {
	for _, e := range c.Engines {
		if e.Name == name && e.TimeControl != (TimeControl{}) {
			return e.TimeControl
		}
	}
	return c.TimeControl
}

// TimeControlLabel is the time control as the records and the standings
// write it: the tournament's, then each engine's own where it has one,
// e.g. "movetime=100; quarter:movetime=25". A records file resumes only
// under the same label.
func (c Config) TimeControlLabel() string {
	label := c.TimeControl.String()
	for _, e := range c.Engines {
		if e.TimeControl != (TimeControl{}) {
			label += fmt.Sprintf("; %s:%s", e.Name, e.TimeControl)
		}
	}
	return label
}

// DefaultMargin is Config.Margin's default.
const DefaultMargin = 100 * time.Millisecond

// DefaultOpeningTurns is Config.OpeningTurns's default: two placement
// turns each, 8 stones of 24 on 5×5, which leaves thousands of millions
// of openings and a game still to be played.
const DefaultOpeningTurns = 4

// withDefaults fills in zero values and checks the rest.
func (c Config) withDefaults() (Config, error) {
	if len(c.Engines) < 2 {
		return c, fmt.Errorf("a match needs at least two engines (--engine NAME=COMMAND, twice or more)")
	}
	seen := map[string]bool{}
	for _, e := range c.Engines {
		if e.Name == "" || e.Command == "" {
			return c, fmt.Errorf("engine %q: a name and a command are both needed", e.Name)
		}
		if seen[e.Name] {
			return c, fmt.Errorf("engine name %q is used twice: give each engine its own name", e.Name)
		}
		seen[e.Name] = true
	}
	if c.Rules.BoardSize == 0 {
		c.Rules = board.DefaultRules()
	}
	if err := c.Rules.Validate(); err != nil {
		return c, err
	}
	if c.TimeControl == (TimeControl{}) {
		c.TimeControl = TimeControl{MoveTime: 100 * time.Millisecond}
	}
	if err := c.TimeControl.Validate(); err != nil {
		return c, err
	}
	for _, e := range c.Engines {
		if e.TimeControl == (TimeControl{}) {
			continue
		}
		if err := e.TimeControl.Validate(); err != nil {
			return c, fmt.Errorf("engine %s: %v", e.Name, err)
		}
		if got, want := e.TimeControl.parts(), c.TimeControl.parts(); got != want {
			return c, fmt.Errorf("engine %s's time control %s is not of the match's kind (%s): give it the same parts (%s), only other amounts", e.Name, e.TimeControl, c.TimeControl, want)
		}
	}
	// A field left at 0 takes its default (cmp.Or: the first non-zero).
	c.Margin = cmp.Or(c.Margin, DefaultMargin)
	c.Games = cmp.Or(c.Games, 2)
	c.Rounds = cmp.Or(c.Rounds, 1)
	c.Concurrency = cmp.Or(c.Concurrency, 1)
	if c.Margin < 0 {
		return c, fmt.Errorf("time margin %v: must not be negative", c.Margin)
	}
	if c.Games < 0 || c.Games%2 != 0 {
		return c, fmt.Errorf("games per pairing %d: must be even and positive, since each opening is played twice with colours swapped", c.Games)
	}
	if c.Rounds < 0 {
		return c, fmt.Errorf("rounds %d: must be positive", c.Rounds)
	}
	if c.Concurrency < 0 {
		return c, fmt.Errorf("concurrency %d: must be positive", c.Concurrency)
	}
	if c.OpeningTurns == 0 && c.Openings == nil {
		c.OpeningTurns = DefaultOpeningTurns
	}
	if c.Openings == nil && (c.OpeningTurns < 0 || c.OpeningTurns > placementTurns(c.Rules)) {
		return c, fmt.Errorf("opening turns %d: want 0 to %d, the placement turns of %d×%d", c.OpeningTurns, placementTurns(c.Rules), c.Rules.BoardSize, c.Rules.BoardSize)
	}
	if c.SPRT != nil {
		if len(c.Engines) != 2 {
			return c, fmt.Errorf("the SPRT compares two engines; this match has %d", len(c.Engines))
		}
		if err := c.SPRT.Validate(); err != nil {
			return c, fmt.Errorf("sprt: %v", err)
		}
	}
	if err := c.Shard.Validate(); err != nil {
		return c, err
	}
	if c.RecordsDir != "" && c.Records != "" {
		return c, fmt.Errorf("give a records file or a records directory, not both")
	}
	if c.MaxTurns < 0 {
		return c, fmt.Errorf("max turns %d: must be 0 (no limit) or more", c.MaxTurns)
	}
	t, d := &c.Timeouts, DefaultTimeouts
	t.Start = cmp.Or(t.Start, d.Start)
	t.Ready = cmp.Or(t.Ready, d.Ready)
	t.Query = cmp.Or(t.Query, d.Query)
	t.Grace = cmp.Or(t.Grace, d.Grace)
	return c, nil
}
