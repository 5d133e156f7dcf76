// Package tune fits the evaluation's weights to the results of games, as
// Texel tuning does for chess: self-play games label the positions they
// pass through with how the game ended, and a logistic model of the
// evaluation (eval.Trace gives each term's feature) is fitted so that
// the evaluation predicts those results as well as it can.
//
// The pipeline has two steps, each reproducible from its seed:
//   - Generate plays games of the engine against itself at a node budget
//     and writes a data file: one position a line with its result;
//   - Fit reads data files and returns the fitted weights with the loss
//     before and after; WriteWeights puts them into eval/weights.go.
package tune

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"

	"seega/board"
	"seega/engine"
	"seega/internal/inorder"
)

// GenConfig says what games to play.
type GenConfig struct {
	Rules board.Rules
	Seed  uint64
	Games int
	// Nodes is each side's budget a turn. PlaceNodes is the budget of the
	// engine's placement turns; a game's placement mixes them with random
	// turns, in a share drawn per game and side, so that the data holds
	// every kind of start from lost to won, as the opening builder's
	// candidates do.
	Nodes, PlaceNodes uint64
	// RandomShare is the share of movement turns played at random, which
	// keeps games from repeating one another.
	RandomShare float64
	// MaxTurns draws a game that has not ended.
	MaxTurns  int
	Workers   int
	NewEngine func() engine.Searcher
	Progress  io.Writer
}

// DefaultGenConfig is Generate's configuration for rules r.
func DefaultGenConfig(r board.Rules) GenConfig {
	return GenConfig{Rules: r, Seed: 1, Games: 2000, Nodes: 5000, PlaceNodes: 2000, RandomShare: 0.03, MaxTurns: 300, Workers: 2}
}

// Sample is one position of the data and how its game ended, from
// White's view: 1 a White win, 0.5 a draw, 0 a Black win.
type Sample struct {
	SeFEN  string
	Result float64
}

// Generate plays cfg.Games games and writes every position at the start
// of a turn that is not over, with its game's result, to w: one
// "result SeFEN" line each. Games are numbered, each from its own seed,
// and written in their order whatever the number of workers, so the file
// is the same on any machine. It returns the number of positions.
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
	bw := bufio.NewWriter(w)
	lines := 0
	err := inorder.Run(cfg.Games, cfg.Workers, func() func(int) ([]Sample, error) {
		p := player{cfg: cfg, white: cfg.NewEngine(), black: cfg.NewEngine()}
		return p.game
	}, func(i int, samples []Sample) error {
		for _, x := range samples {
			if _, err := fmt.Fprintf(bw, "%g %s\n", x.Result, x.SeFEN); err != nil {
				return err
			}
			lines++
		}
		if cfg.Progress != nil && (i+1)%200 == 0 {
			fmt.Fprintf(cfg.Progress, "tune: %d of %d games, %d positions\n", i+1, cfg.Games, lines)
		}
		return nil
	})
	if err != nil {
		return lines, err
	}
	return lines, bw.Flush()
}

// player plays the games of one worker.
type player struct {
	cfg          GenConfig
	white, black engine.Searcher
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
	g, err := board.NewGame(p.cfg.Rules)
	if err != nil {
		return nil, err
	}
	p.white.NewGame()
	p.black.NewGame()
	engines := [2]engine.Searcher{p.white, p.black}
	var fens []string
	for turns := 0; turns < p.cfg.MaxTurns && !g.Result().Over(); turns++ {
		pos := g.Position()
		fens = append(fens, g.SeFEN())
		side := pos.SideToAct()
		var turn []board.Action
		switch {
		case pos.Placement() && rng.Float64() >= strength[side]:
			turn = g.RandomTurn(rng, nil)
		case pos.Placement():
			turn = engine.SearchNodes(engines[side], g, p.cfg.PlaceNodes).Best
		case rng.Float64() < p.cfg.RandomShare:
			turn = g.RandomTurn(rng, nil)
		default:
			turn = engine.SearchNodes(engines[side], g, p.cfg.Nodes).Best
		}
		if len(turn) == 0 {
			return nil, fmt.Errorf("no turn at %s", g.SeFEN())
		}
		t := board.TurnString(turn, pos.Size())
		if err := g.PlayToken(t, board.PerTurn); err != nil {
			return nil, fmt.Errorf("turn %q at %s: %v", t, g.SeFEN(), err)
		}
	}
	result := g.Result().WhiteScore()
	out := make([]Sample, len(fens))
	for k, f := range fens {
		out[k] = Sample{SeFEN: f, Result: result}
	}
	return out, nil
}

// ReadSamples reads a data file Generate wrote.
func ReadSamples(rd io.Reader) ([]Sample, error) {
	var out []Sample
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for n := 1; sc.Scan(); n++ {
		var s Sample
		line := sc.Text()
		var res string
		k := 0
		for k < len(line) && line[k] != ' ' {
			k++
		}
		res = line[:k]
		if k+1 >= len(line) {
			return nil, fmt.Errorf("line %d: want \"result SeFEN\"", n)
		}
		s.SeFEN = line[k+1:]
		switch res {
		case "1":
			s.Result = 1
		case "0":
			s.Result = 0
		case "0.5":
			s.Result = 0.5
		default:
			return nil, fmt.Errorf("line %d: result %q: want 1, 0.5 or 0", n, res)
		}
		out = append(out, s)
	}
	return out, sc.Err()
}
