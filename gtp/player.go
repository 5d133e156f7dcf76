package gtp

import (
	"context"
	"math/rand/v2"

	"seega/board"
	"seega/engine"
)

// Player chooses the engine's turns. It is declared here, with its user:
// SearcherPlayer plays any engine.Searcher's turns, and tests use
// RandomPlayer.
type Player interface {
	// Turn returns the turn to play from g, as its actions; from a
	// half-done turn, the rest of it. When first is not nil, the turn must
	// begin with one of those actions (a stone has been picked up over GTP
	// and only its actions remain). Turn may change g while it runs but
	// must leave it as it found it; g is the Player's own copy. It returns
	// promptly once ctx is done. A nil or illegal answer is replaced by a
	// legal action, so a Player cannot make the engine play an illegal move.
	// clock is the time for the turn, as GTP's time_settings, time_left
	// and the --movetime flag give it: MoveTime, or Time with Inc (a
	// byo-yomi share) and MovesToGo; the rest is the Player's to fill.
	Turn(ctx context.Context, g *board.Game, clock engine.TimeControl, first []board.Action) []board.Action
	// NewGame forgets everything learnt about the previous game.
	NewGame()
}

// RandomPlayer plays uniformly random legal actions. It stands in for the
// search in tests: it is instant, and with a fixed seed it is
// deterministic.
type RandomPlayer struct {
	rng *rand.Rand
}

// NewRandomPlayer returns a RandomPlayer seeded with seed.
func NewRandomPlayer(seed uint64) *RandomPlayer {
	return &RandomPlayer{rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// Turn plays random actions on g until the turn is complete, then takes
// them back.
func (p *RandomPlayer) Turn(ctx context.Context, g *board.Game, _ engine.TimeControl, first []board.Action) []board.Action {
	var turn []board.Action
	var buf []board.Action
	for {
		if len(turn) == 0 && first != nil {
			buf = append(buf[:0], first...)
		} else {
			buf = g.LegalActions(buf[:0])
		}
		if len(buf) == 0 {
			break
		}
		a := buf[p.rng.IntN(len(buf))]
		g.Make(a)
		turn = append(turn, a)
		if !g.Position().MidTurn() || g.Result().Over() {
			break
		}
	}
	for range turn {
		g.Unmake()
	}
	return turn
}

// NewGame does nothing: a random player learns nothing.
func (p *RandomPlayer) NewGame() {}
