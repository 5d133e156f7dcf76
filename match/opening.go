package match

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"seega/board"
)

// Opening is where a pair of games starts: a SeFEN (empty for the
// variant's start position) and moves played from it before the engines
// take over.
type Opening struct {
	FEN   string
	Moves []string
}

// String writes the opening as an openings-file line: `startpos moves …`
// or `fen <SeFEN> moves …`, the same words the engines are sent.
func (o Opening) String() string {
	var sb strings.Builder
	if o.FEN == "" {
		sb.WriteString("startpos")
	} else {
		sb.WriteString("fen ")
		sb.WriteString(o.FEN)
	}
	if len(o.Moves) > 0 {
		sb.WriteString(" moves ")
		sb.WriteString(strings.Join(o.Moves, " "))
	}
	return sb.String()
}

// Game sets the opening up under rules r: the position the engines
// start from, with the opening's moves made.
func (o Opening) Game(r board.Rules) (*board.Game, error) {
	var g *board.Game
	var err error
	if o.FEN == "" {
		g, err = board.NewGame(r)
	} else {
		g, err = board.NewGameFromSeFEN(r, o.FEN)
		if err == nil && g.Position().Size() != r.BoardSize {
			err = fmt.Errorf("the SeFEN is for %d×%d but the rules are for %d×%d",
				g.Position().Size(), g.Position().Size(), r.BoardSize, r.BoardSize)
		}
	}
	if err != nil {
		return nil, err
	}
	if err := g.PlayMoves(o.Moves, board.PerTurn); err != nil {
		return nil, err
	}
	return g, nil
}

// ParseOpening reads one openings-file line: a bare SeFEN, `fen <SeFEN>
// [moves …]`, or `startpos [moves …]`, and checks it under rules r. An
// opening whose game is already over is refused: nobody would play.
func ParseOpening(line string, r board.Rules) (Opening, error) {
	f := strings.Fields(line)
	var o Opening
	switch {
	case len(f) == 0:
		return o, fmt.Errorf("empty opening")
	case f[0] == "startpos":
		f = f[1:]
	case f[0] == "fen":
		f = f[1:]
		n := 0
		for n < len(f) && f[n] != "moves" {
			n++
		}
		if n == 0 {
			return o, fmt.Errorf("fen: no SeFEN follows")
		}
		o.FEN = strings.Join(f[:n], " ")
		f = f[n:]
	case strings.Contains(f[0], "/"):
		o.FEN = strings.Join(f, " ")
		f = nil
	default:
		return o, fmt.Errorf("%q: want a SeFEN, `fen <SeFEN> [moves …]` or `startpos [moves …]`", f[0])
	}
	if len(f) > 0 {
		if f[0] != "moves" {
			return o, fmt.Errorf("%q: want `moves` after the position", f[0])
		}
		o.Moves = append([]string(nil), f[1:]...)
	}
	g, err := o.Game(r)
	if err != nil {
		return o, err
	}
	if res := g.Result(); res.Over() {
		return o, fmt.Errorf("the game is already over there: %s", res)
	}
	return o, nil
}

// ReadOpenings reads an openings file: one opening a line, blank lines
// skipped, and # starts a comment, on a line of its own or after an
// opening (a suite file notes what its builder measured there; neither
// SeFEN nor moves contain #). Errors name the line.
func ReadOpenings(rd io.Reader, r board.Rules) ([]Opening, error) {
	var out []Opening
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		o, err := ParseOpening(line, r)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		out = append(out, o)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no openings in the file")
	}
	return out, nil
}

// placementTurns is how many placement turns a game under r has: each
// side places its S stones two at a time.
func placementTurns(r board.Rules) int {
	return r.Stones()
}

// GenerateOpening makes opening number k of a tournament: turns random
// legal placement turns from the start, White and Black alike. Placement
// never captures, so any such opening is even in material, and an even
// number of turns leaves White to act as at the start; playing it with
// colours swapped evens out the rest. The same seed and k give the same
// opening, which is what lets a tournament resume.
func GenerateOpening(r board.Rules, seed uint64, k, turns int) (Opening, error) {
	if turns < 0 || turns > placementTurns(r) {
		return Opening{}, fmt.Errorf("opening turns %d: want 0 to %d, the placement turns of %d×%d", turns, placementTurns(r), r.BoardSize, r.BoardSize)
	}
	g, err := board.NewGame(r)
	if err != nil {
		return Opening{}, err
	}
	rng := rand.New(rand.NewPCG(seed, uint64(k)))
	o := Opening{}
	for range turns {
		turn := g.RandomTurn(rng, nil)
		if len(turn) == 0 {
			break
		}
		t := board.TurnString(turn, g.Position().Size())
		if err := g.PlayToken(t, board.PerTurn); err != nil {
			return Opening{}, fmt.Errorf("generated turn %q: %v", t, err)
		}
		o.Moves = append(o.Moves, t)
	}
	return o, nil
}
