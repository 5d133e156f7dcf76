// Package train makes the networks of package nnue: Generate plays
// self-play games and writes their positions with the game's result and
// the search's score; Train fits a float network to them with Adam and
// Quantize turns it into the integer net the engine plays. Everything is
// reproducible from a seed.
package train

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Sample is one position of the data, from White's view: the game's
// result (1 a White win, 0.5 a draw, 0 a Black win) and the search's
// score in cp, where HasScore (positions played without a search, or
// whose search found a forced end, have none).
type Sample struct {
	SeFEN    string
	Result   float64
	Score    int
	HasScore bool
}

// WriteSample writes s as one line: "result score SeFEN", the score "-"
// where there is none.
func WriteSample(w io.Writer, s Sample) error {
	score := "-"
	if s.HasScore {
		score = strconv.Itoa(s.Score)
	}
	_, err := fmt.Fprintf(w, "%g %s %s\n", s.Result, score, s.SeFEN)
	return err
}

// ReadSamples reads a data file Generate wrote. Errors name the line.
func ReadSamples(rd io.Reader) ([]Sample, error) {
	var out []Sample
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for n := 1; sc.Scan(); n++ {
		f := strings.SplitN(strings.TrimSpace(sc.Text()), " ", 3)
		if len(f) == 1 && f[0] == "" {
			continue
		}
		if len(f) < 3 {
			return nil, fmt.Errorf("line %d: want \"result score SeFEN\"", n)
		}
		var s Sample
		switch f[0] {
		case "1":
			s.Result = 1
		case "0":
			s.Result = 0
		case "0.5":
			s.Result = 0.5
		default:
			return nil, fmt.Errorf("line %d: result %q: want 1, 0.5 or 0", n, f[0])
		}
		if f[1] != "-" {
			v, err := strconv.Atoi(f[1])
			if err != nil {
				return nil, fmt.Errorf("line %d: score %q: want a whole number of cp or -", n, f[1])
			}
			s.Score, s.HasScore = v, true
		}
		s.SeFEN = f[2]
		out = append(out, s)
	}
	return out, sc.Err()
}
