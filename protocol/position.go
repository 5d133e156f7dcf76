package protocol

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"seega/board"
)

// cmdPosition reads `position startpos|fen <SeFEN> [moves …]`. It builds
// the new game aside and swaps it in only when every part is good, so an
// error leaves the position as it was. A search under way keeps its own
// copy of the old game and is not disturbed.
func (s *Session) cmdPosition(args []string, _ time.Time) error {
	if len(args) == 0 {
		return fmt.Errorf("want position startpos|fen <SeFEN> [moves …]")
	}
	rest := args[1:]
	var g *board.Game
	var err error
	switch strings.ToLower(args[0]) {
	case "startpos":
		g, err = board.NewGame(s.rules)
	case "fen":
		var fields []string
		for len(rest) > 0 && !strings.EqualFold(rest[0], "moves") {
			fields, rest = append(fields, rest[0]), rest[1:]
		}
		if len(fields) == 0 {
			return fmt.Errorf("fen: no SeFEN given")
		}
		g, err = board.NewGameFromSeFEN(s.rules, strings.Join(fields, " "))
	default:
		return fmt.Errorf("want startpos or fen, got %s", quote(args[0]))
	}
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		if !strings.EqualFold(rest[0], "moves") {
			return fmt.Errorf("want moves after the position, got %s", quote(rest[0]))
		}
		if err := g.PlayMoves(rest[1:], s.opts.gran); err != nil {
			return err
		}
	}
	s.game = g
	return nil
}

// cmdQuery answers the query commands, each with one `response …` line.
func (s *Session) cmdQuery(args []string, _ time.Time) error {
	if len(args) == 0 {
		return fmt.Errorf("want query p1turn|gameover|result|fen|moves|islegal <move>|tb")
	}
	g := s.game
	want := func(n int) error {
		if len(args) != n+1 {
			return fmt.Errorf("%s takes %d argument(s), got %d", args[0], n, len(args)-1)
		}
		return nil
	}
	var resp string
	switch strings.ToLower(args[0]) {
	case "p1turn":
		if err := want(0); err != nil {
			return err
		}
		resp = strconv.FormatBool(g.Position().SideToAct() == board.White)
	case "gameover":
		if err := want(0); err != nil {
			return err
		}
		resp = strconv.FormatBool(g.Result().Over())
	case "result":
		if err := want(0); err != nil {
			return err
		}
		resp = g.Result().Code()
	case "fen":
		if err := want(0); err != nil {
			return err
		}
		resp = g.SeFEN()
	case "moves":
		if err := want(0); err != nil {
			return err
		}
		resp = strings.Join(g.LegalTurns(), " ")
	case "islegal":
		if err := want(1); err != nil {
			return err
		}
		// Legal means: `position … moves` would accept it as the next
		// token, under the MoveGranularity in force.
		resp = strconv.FormatBool(g.Clone().PlayToken(args[1], s.opts.gran) == nil)
	case "tb":
		if err := want(0); err != nil {
			return err
		}
		resp = s.tbAnswer()
	default:
		return fmt.Errorf("unknown query %s (want p1turn, gameover, result, fen, moves, islegal or tb)", quote(args[0]))
	}
	s.out.line("response " + resp)
	return nil
}

// cmdPerft counts the turn tree's leaves from the current position:
// `<turn>: <n>` lines with divide, then `nodes <N>`. It runs as a job, like
// a search (see perft.go), so that isready is answered and stop ends it.
func (s *Session) cmdPerft(args []string, _ time.Time) error {
	if len(args) == 0 || len(args) > 2 {
		return fmt.Errorf("want perft <depth> [divide]")
	}
	d, err := strconv.Atoi(args[0])
	if err != nil || d < 0 {
		return fmt.Errorf("depth %s is not a whole number of 0 or more", quote(args[0]))
	}
	divide := len(args) == 2
	if divide && !strings.EqualFold(args[1], "divide") {
		return fmt.Errorf("want divide after the depth, got %s", quote(args[1]))
	}
	g, out := s.game.Clone(), s.out
	s.startTask(func(ctx context.Context) { runPerft(ctx, out, g, d, divide) })
	return nil
}

// cmdDraw draws the board for people, with its SeFEN and, once the game
// is over, the result.
func (s *Session) cmdDraw(args []string, _ time.Time) error {
	if len(args) > 0 {
		return fmt.Errorf("takes no arguments, got %s", quote(strings.Join(args, " ")))
	}
	s.out.lines(s.game.Position().Draw())
	s.out.line("SeFEN: " + s.game.SeFEN())
	if res := s.game.Result(); res.Over() {
		s.out.line("Game over: " + res.String())
	}
	return nil
}
