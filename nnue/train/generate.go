package train

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"

	"seega/board"
	"seega/engine"
	"seega/internal/inorder"
	"seega/match"
)

// GenConfig says what games Generate plays.
type GenConfig struct {
	Rules board.Rules
	Seed  uint64
	Games int
	// Openings are start positions (openings-file lines, the balanced
	// suite's): every other game starts from the next of them, the rest
	// from the start with a placement that mixes the engine's turns with
	// random ones, in a share drawn per game and side, so that the data
	// holds starts of every kind from lost to won.
	Openings []string
	// Nodes is each side's budget a turn; PlaceNodes that of the
	// engine's placement turns.
	Nodes, PlaceNodes uint64
	// RandomShare is the share of movement turns played at random, which
	// keeps games from repeating one another.
	RandomShare float64
	// MaxTurns draws a game that has not ended.
	MaxTurns int
	Workers  int
	// NewEngine builds a player: the evaluation it plays (the linear one,
	// or net N to make the data of net N+1) is the caller's choice.
	NewEngine func() engine.Searcher
	Progress  io.Writer
}

// DefaultGenConfig is Generate's configuration for rules r.
func DefaultGenConfig(r board.Rules) GenConfig {
	return GenConfig{Rules: r, Seed: 1, Games: 200, Nodes: 3000, PlaceNodes: 1000, RandomShare: 0.05, MaxTurns: 300, Workers: 1}
}

// Generate plays cfg.Games games and writes every position at the start
// of a turn that is not over to w, one line each (WriteSample). Games
// are numbered, each from its own seed, and written in their order
// whatever the number of workers, so that the file is the same on any
// machine. It returns the number of positions.
func Generate(cfg GenConfig, w io.Writer) (int, error) {
	if err := cfg.Rules.Validate(); err != nil {
		return 0, err
	}
	if cfg.Games < 1 || cfg.Nodes == 0 || cfg.PlaceNodes == 0 || cfg.Workers < 1 || cfg.NewEngine == nil {
		return 0, fmt.Errorf("want games, budgets and workers above 0, and an engine")
	}
	if cfg.MaxTurns < 1 {
		cfg.MaxTurns = 300
	}
	for i, line := range cfg.Openings {
		if _, err := match.ParseOpening(line, cfg.Rules); err != nil {
			return 0, fmt.Errorf("opening %d %q: %v", i+1, line, err)
		}
	}
	bw := bufio.NewWriter(w)
	lines := 0
	err := inorder.Run(cfg.Games, cfg.Workers, func() func(int) ([]Sample, error) {
		p := player{cfg: cfg, engines: [2]engine.Searcher{cfg.NewEngine(), cfg.NewEngine()}}
		return p.game
	}, func(i int, samples []Sample) error {
		for _, x := range samples {
			if err := WriteSample(bw, x); err != nil {
				return err
			}
			lines++
		}
		if cfg.Progress != nil && (i+1)%50 == 0 {
			fmt.Fprintf(cfg.Progress, "nnue generate: %d of %d games, %d positions\n", i+1, cfg.Games, lines)
		}
		return nil
	})
	if err != nil {
		return lines, err
	}
	return lines, bw.Flush()
}

// player plays the games of one worker, with an engine a side.
type player struct {
	cfg     GenConfig
	engines [2]engine.Searcher
}

// start is game i's first position: the next opening for even games
// where there are openings, else the start position.
func (p *player) start(i int) (*board.Game, error) {
	if n := len(p.cfg.Openings); n > 0 && i%2 == 0 {
		o, err := match.ParseOpening(p.cfg.Openings[(i/2)%n], p.cfg.Rules)
		if err != nil {
			return nil, err
		}
		return o.Game(p.cfg.Rules)
	}
	return board.NewGame(p.cfg.Rules)
}

// game plays game i and returns its positions labelled with its result.
func (p *player) game(i int) (_ []Sample, err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("game %d: %v", i, err)
		}
	}()
	rng := rand.New(rand.NewPCG(p.cfg.Seed, uint64(i)))
	strength := [2]float64{rng.Float64(), rng.Float64()}
	g, err := p.start(i)
	if err != nil {
		return nil, err
	}
	for _, e := range p.engines {
		e.NewGame()
	}
	var out []Sample
	for turns := 0; turns < p.cfg.MaxTurns && !g.Result().Over(); turns++ {
		pos := g.Position()
		side := pos.SideToAct()
		s := Sample{SeFEN: g.SeFEN()}
		var turn []board.Action
		search := func(nodes uint64) {
			res := engine.SearchNodes(p.engines[side], g, nodes)
			turn = res.Best
			if res.Mate == 0 {
				s.Score, s.HasScore = res.Score, true
				if side == board.Black {
					s.Score = -s.Score
				}
			}
		}
		switch {
		case pos.Placement() && rng.Float64() >= strength[side]:
			turn = g.RandomTurn(rng, nil)
		case pos.Placement():
			search(p.cfg.PlaceNodes)
		case rng.Float64() < p.cfg.RandomShare:
			turn = g.RandomTurn(rng, nil)
		default:
			search(p.cfg.Nodes)
		}
		if len(turn) == 0 {
			return nil, fmt.Errorf("no turn at %s", g.SeFEN())
		}
		out = append(out, s)
		t := board.TurnString(turn, pos.Size())
		if err := g.PlayToken(t, board.PerTurn); err != nil {
			return nil, fmt.Errorf("turn %q at %s: %v", t, g.SeFEN(), err)
		}
	}
	result := g.Result().WhiteScore()
	for k := range out {
		out[k].Result = result
	}
	return out, nil
}
