package openings

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"seega/board"
	"seega/engine"
)

// ConversionConfig says what conversion suite to build. A conversion
// suite holds won positions: White is at least Lead stones ahead and a
// deep search agrees that White is winning, without yet seeing a forced
// win. Self-play from them measures whether the engine converts what it
// has won or shuffles it into a draw. White is always the side ahead,
// so that a match's results by colour read directly as the conversion
// rate (the rules are not colour-blind: Black alone requests ransoms,
// and whiteopens treats the colours differently, so positions cannot be
// mirrored into one another).
type ConversionConfig struct {
	Rules board.Rules
	Seed  uint64
	Count int
	// Lead is the least number of stones White must be ahead by.
	Lead int
	// PlayNodes is White's budget a turn in the games that lead up to
	// the positions; Black plays at a sixteenth of it, and now and then
	// at random, so that White gets ahead.
	PlayNodes uint64
	// DeepNodes and MinScore: the deep search must score the position at
	// least MinScore cp for White, and find no forced result, which
	// would make it a test of tactics rather than of conversion.
	DeepNodes uint64
	MinScore  int
	// PlayoutNodes, where not 0, adds the play-out test: the engine plays
	// the position out against itself at PlayoutNodes a turn, and White
	// must win within PlayoutTurns turns. A lead of stones that the deep
	// search scores well is not yet a won game: the side behind may hold
	// a fortress (stones that shield each other and never have to move),
	// which no budget breaks. A position its own deep play cannot win
	// tests nothing about conversion.
	//
	// Playouts is how many play-outs there are, each at half the budget
	// of the next: at 1,000,000 nodes and 2, one at 500,000 and one at
	// 1,000,000, the smaller first (a failed one ends the test, and the
	// failures are mostly full-length games, so the cheaper one goes
	// first). White must win every one. One play-out won is weak
	// evidence: the engine is deterministic at a node budget, so it
	// plays one line of the position, and a position that a lead wins
	// only now and then passes on that line a third of the time (the
	// first nolimit-7 suite held three that the engine, at 300,000 and
	// 1,000,000 nodes a turn, won 3 times in 12 games; docs/strength-log.md).
	// A second budget plays another line, and asks that the win not
	// hinge on one budget's luck.
	PlayoutNodes uint64
	PlayoutTurns int
	Playouts     int
	// MaxTurns bounds the games that lead up to a position.
	MaxTurns      int
	MaxCandidates int
	Workers       int
	NewEngine     func() engine.Searcher
	Progress      io.Writer
	// Stop ends the build early, as Config.Stop does.
	Stop <-chan struct{}
	// Resume goes on with a stopped build, as Config.Resume does.
	Resume *Resume
}

// DefaultConversionConfig is the conversion builder's configuration for
// rules r.
func DefaultConversionConfig(r board.Rules) ConversionConfig {
	c := ConversionConfig{
		Rules: r, Seed: 1, Count: 20, Lead: 3,
		PlayNodes: 20000, DeepNodes: 500000, MinScore: 250,
		PlayoutNodes: 1000000, PlayoutTurns: 200, Playouts: 2,
		MaxTurns: 200, Workers: 2,
	}
	if r.BoardSize > 5 {
		c.PlayNodes, c.DeepNodes = 30000, 1000000
	}
	return c
}

// Validate reports a configuration that BuildConversion would refuse,
// before any work: for a command line to name the mistake up front.
func (c ConversionConfig) Validate() error { return c.check() }

func (c *ConversionConfig) check() error {
	if err := c.Rules.Validate(); err != nil {
		return err
	}
	if c.Count < 1 || c.Lead < 1 || c.Lead >= c.Rules.Stones() {
		return fmt.Errorf("want at least one position and a lead of 1 to %d stones", c.Rules.Stones()-1)
	}
	if c.PlayNodes == 0 || c.DeepNodes == 0 || c.Workers < 1 || c.NewEngine == nil {
		return fmt.Errorf("the budgets and the workers must be positive, and an engine given")
	}
	if c.MaxTurns < 1 {
		c.MaxTurns = 200
	}
	if c.PlayoutTurns < 1 {
		c.PlayoutTurns = 200
	}
	if c.Playouts < 1 {
		c.Playouts = 1
	}
	if c.PlayoutNodes > 0 && c.PlayoutNodes>>(c.Playouts-1) == 0 {
		return fmt.Errorf("%d play-outs with %d nodes for the last leave the first 0 nodes (each has half the next's budget)", c.Playouts, c.PlayoutNodes)
	}
	if c.MaxCandidates < 1 {
		c.MaxCandidates = 100 * c.Count
	}
	return nil
}

// BuildConversion makes a conversion suite. Candidate i is a game: a
// placement played as Build plays its candidates, then movement turns,
// White's by the engine at PlayNodes and Black's by a weaker one, up to
// the first turn start where White leads by Lead stones, and on from
// there for a few turns more (a number drawn per candidate) as long as
// the lead holds, so that the positions are not all caught at the
// moment of the capture that made the lead. The deep search then judges
// the position, and the play-out (PlayoutNodes) tests it.
func BuildConversion(cfg ConversionConfig) ([]Position, Stats, error) {
	if err := cfg.check(); err != nil {
		return nil, Stats{}, err
	}
	from, err := resumeFrom(cfg.Resume, cfg.Rules, cfg.Count)
	if err != nil {
		return nil, Stats{}, err
	}
	return collect(cfg.Count, cfg.MaxCandidates, cfg.Workers, cfg.Progress, cfg.Stop, from, func() worker {
		return &converter{cfg: cfg, search: cfg.NewEngine(), weak: cfg.NewEngine()}
	})
}

// ConversionHeader is the header of a suite BuildConversion made.
func ConversionHeader(name string, cfg ConversionConfig, command string, st Stats) Header {
	playout := ""
	if cfg.PlayoutNodes > 0 {
		budgets := make([]string, 0, cfg.Playouts)
		for _, n := range cfg.playoutBudgets() {
			budgets = append(budgets, fmt.Sprint(n))
		}
		results := "its result is the line's pair"
		if len(budgets) > 1 {
			results = "its results, in that order, are the line's pair"
		}
		playout = fmt.Sprintf("; the engine, playing it out against itself at %s nodes a turn, wins it for White within %d turns (the pair test; %s)", strings.Join(budgets, " and at "), cfg.PlayoutTurns, results)
	}
	fortress := ""
	if cfg.Rules.FortressDraws() {
		fortress = "; Black holds no fortress and makes none with its turn"
	}
	return Header{
		Name:  name,
		Title: fmt.Sprintf("won positions for conversion tests: White is at least %d stones ahead and winning", cfg.Lead),
		Rules: cfg.Rules, Command: command, Builder: st.String(),
		Selection: fmt.Sprintf("White leads by >= %d stones at a turn start of a game played at %d nodes a turn for White (Black weaker); the search at %d nodes scores it >= %+d cp for White and finds no forced result",
			cfg.Lead, cfg.PlayNodes, cfg.DeepNodes, cfg.MinScore) + fortress + playout,
	}
}

// playoutBudgets are the play-outs' node budgets a turn, in the order
// they are played: the smallest first, each the half of the next, the
// last PlayoutNodes. Playouts below 1 count as 1, as check sets them,
// so that a header written from a configuration not yet checked says
// what the build will do.
func (c *ConversionConfig) playoutBudgets() []uint64 {
	if c.PlayoutNodes == 0 {
		return nil
	}
	b := make([]uint64, max(c.Playouts, 1))
	for k := range b {
		b[k] = c.PlayoutNodes >> (len(b) - 1 - k)
	}
	return b
}

type converter struct {
	cfg          ConversionConfig
	search, weak engine.Searcher
}

func (c *converter) candidate(i int) (*board.Game, error) {
	r := c.cfg.Rules
	rng := rand.New(rand.NewPCG(c.cfg.Seed, uint64(i)))
	g, err := board.NewGame(r)
	if err != nil {
		return nil, err
	}
	if err := playMixedPlacement(g, rng, c.search, 2000, r.Stones()); err != nil {
		return nil, err
	}
	c.search.NewGame()
	c.weak.NewGame()
	extra := rng.IntN(12)
	randomBlack := 0.1 + 0.3*rng.Float64()
	for turns := 0; turns < c.cfg.MaxTurns && !g.Result().Over(); turns++ {
		p := g.Position()
		lead := p.Stones(board.White).Count() - p.Stones(board.Black).Count()
		if lead >= c.cfg.Lead && !p.MidTurn() && p.PendingRansom() == board.NoSquare {
			if extra == 0 {
				return g, nil
			}
			extra--
		}
		var turn []board.Action
		switch {
		case p.SideToAct() == board.White:
			turn = engine.SearchNodes(c.search, g, c.cfg.PlayNodes).Best
		case rng.Float64() < randomBlack:
			turn = g.RandomTurn(rng, nil)
		default:
			turn = engine.SearchNodes(c.weak, g, max(c.cfg.PlayNodes/16, 500)).Best
		}
		if err := play(g, turn); err != nil {
			return nil, err
		}
	}
	return nil, nil // the game ended, or never gave White the lead
}

// drawnByFortress reports that Black, the side behind, holds a fortress
// (board.Position.Fortress) of more than LoseAt stones, or makes one
// with its turn if it is to act. Where no quiet-turn limit turns White's
// lead into a result, such a game is a draw however White plays, so it
// counts as decided: the first no-limit 7×7 suite held one (its second
// position, a fortress after Black's g3f3), which the engine of its day,
// not knowing fortresses, won in its play-outs and the engine since
// 0419529 draws in every game. A fortress a few turns away is the
// play-outs' to find. Where a fortress does not draw
// (board.Rules.FortressDraws) none is looked for.
func drawnByFortress(g *board.Game) bool {
	r := g.Rules()
	if !r.FortressDraws() {
		return false
	}
	holds := func() bool { return g.Position().Fortress(board.Black).Count() > r.LoseAt }
	if holds() {
		return true
	}
	if g.Position().SideToAct() != board.Black {
		return false
	}
	found := false
	g.ForEachTurn(func([]board.Action) bool { // called with the turn made
		found = holds()
		return !found
	})
	return found
}

func (c *converter) judge(g *board.Game, p *Position) (verdict, error) {
	if g.Result().Over() || drawnByFortress(g) {
		return finished, nil
	}
	var mate bool
	p.Score, mate = deepScore(c.search, g, c.cfg.DeepNodes)
	switch {
	case mate:
		return finished, nil
	case p.Score < c.cfg.MinScore:
		return deepReject, nil
	case c.cfg.PlayoutNodes == 0:
		return accepted, nil
	}
	for _, n := range c.cfg.playoutBudgets() {
		res, err := playOut(g.Clone(), [2]engine.Searcher{c.search, c.weak}, [2]uint64{n, n}, c.cfg.PlayoutTurns)
		if err != nil {
			return 0, err
		}
		p.Pair += resultCode[res]
		if res != int(board.White) {
			return pairReject, nil
		}
	}
	return accepted, nil
}
