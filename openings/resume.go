package openings

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"

	"seega/board"
)

// Resume is what a build found, for a build that goes on from where it
// ended: one stopped early, one that ran out of candidates
// (MaxCandidates), or one that is to grow to more positions. Candidates are numbered and each is made from the
// seed and its number alone, so a build that starts at candidate
// Stats.Candidates with the accepted positions of the candidates before
// it returns what one uninterrupted build would have: a long build (the
// 7×7 suite takes hours) is not lost to an interrupt.
type Resume struct {
	// Positions are the stopped build's accepted positions, in candidate
	// order.
	Positions []Position
	// Stats are its counts over candidates 0 … Stats.Candidates−1, the
	// ones its positions come from (Build counts no others, so that this
	// holds); the resumed build adds to them. (Suites built before
	// builds could resume counted every candidate judged, and a
	// complete one built by several workers may count a few past its
	// last position, which a resumed build then skips.)
	Stats Stats
}

// Built is a suite file as the builder wrote it, read back.
type Built struct {
	Rules board.Rules
	// Command, Selection and Builder are the header's lines of those
	// names (see Header).
	Command, Selection, Builder string
	// Resume holds the positions, with what the builder measured of
	// them, and the builder's counts.
	Resume Resume
}

var (
	builderLine = regexp.MustCompile(`^(\d+) candidates: (\d+) duplicates, (\d+) finished or decided, (\d+) failed the quick search, (\d+) the deep search, (\d+) the pair test; (\d+) accepted \(([^)]*)\)(; stopped early)?$`)
	builtLine   = regexp.MustCompile(`^(.+?) # candidate (\d+), deep score ([+-]?\d+)(?:, pair (\S+))?$`)
)

// ReadBuilt reads a suite file that Write wrote for a builder: its
// header and, for each position, the candidate number, the deep score
// and the pair results. A file edited by hand, or any other suite file,
// is refused with the line that does not fit.
func ReadBuilt(name string, rd io.Reader) (Built, error) {
	var b Built
	var haveRules, haveBuilder bool
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		bad := func(what string) error { return fmt.Errorf("%s line %d: %s: %q", name, n, what, line) }
		switch {
		case line == "":
		case strings.HasPrefix(line, RulesHeader):
			r, err := parseRules(strings.TrimPrefix(line, RulesHeader))
			if err != nil {
				return b, fmt.Errorf("%s line %d: %v", name, n, err)
			}
			b.Rules, haveRules = r, true
		case strings.HasPrefix(line, "# built by: "):
			b.Command = strings.TrimPrefix(line, "# built by: ")
		case strings.HasPrefix(line, "# selection: "):
			b.Selection = strings.TrimPrefix(line, "# selection: ")
		case strings.HasPrefix(line, "# builder: "):
			b.Builder = strings.TrimPrefix(line, "# builder: ")
			st, err := parseStats(b.Builder)
			if err != nil {
				return b, bad(err.Error())
			}
			b.Resume.Stats, haveBuilder = st, true
		case strings.HasPrefix(line, "#"):
		default:
			m := builtLine.FindStringSubmatch(line)
			if m == nil {
				return b, bad("not a builder's position line (SeFEN # candidate N, deep score S[, pair P])")
			}
			idx, _ := strconv.Atoi(m[2])
			score, _ := strconv.Atoi(m[3])
			b.Resume.Positions = append(b.Resume.Positions, Position{Index: idx, SeFEN: m[1], Score: score, Pair: m[4]})
		}
	}
	if err := sc.Err(); err != nil {
		return b, fmt.Errorf("%s: %v", name, err)
	}
	if !haveRules || !haveBuilder {
		return b, fmt.Errorf("%s: not a built suite: it has no rules line or no builder line", name)
	}
	prev := -1
	for _, p := range b.Resume.Positions {
		if p.Index <= prev || p.Index >= b.Resume.Stats.Candidates {
			return b, fmt.Errorf("%s: candidate %d is out of order or beyond the %d candidates the builder counted", name, p.Index, b.Resume.Stats.Candidates)
		}
		prev = p.Index
	}
	if len(b.Resume.Positions) != b.Resume.Stats.Accepted {
		return b, fmt.Errorf("%s: %d positions, but the builder line counts %d accepted", name, len(b.Resume.Positions), b.Resume.Stats.Accepted)
	}
	return b, nil
}

// parseStats reads what Stats.String wrote.
func parseStats(s string) (Stats, error) {
	m := builderLine.FindStringSubmatch(s)
	if m == nil {
		return Stats{}, fmt.Errorf("not a builder line")
	}
	var n [7]int
	for i := range n {
		n[i], _ = strconv.Atoi(m[i+1])
	}
	el, err := time.ParseDuration(m[8])
	if err != nil {
		return Stats{}, fmt.Errorf("builder line: elapsed time %q: %v", m[8], err)
	}
	return Stats{
		Candidates: n[0], Duplicates: n[1], Finished: n[2], QuickRejects: n[3],
		DeepRejects: n[4], PairRejects: n[5], Accepted: n[6],
		Elapsed: el, Stopped: m[9] != "",
	}, nil
}

// resumeFrom turns r into collect's starting state: every candidate
// before the resume point judged, the accepted ones with their positions
// and canonical keys (so that a later image of one is a duplicate, as
// in an unbroken build). A candidate that the stopped build found to be
// an image of one it rejected is judged again, with the same verdict,
// and only counted under that verdict instead of as a duplicate.
func resumeFrom(r *Resume, rules board.Rules, count int) (*resumed, error) {
	if r == nil {
		return nil, nil
	}
	if len(r.Positions) >= count {
		return nil, fmt.Errorf("the build to resume already holds %d positions, and %d are wanted: nothing to do", len(r.Positions), count)
	}
	st := r.Stats
	st.Stopped = false
	rs := &resumed{start: st.Candidates, stats: st}
	for _, p := range r.Positions {
		g, err := board.NewGameFromSeFEN(rules, p.SeFEN)
		if err != nil {
			return nil, fmt.Errorf("resumed candidate %d: %v", p.Index, err)
		}
		rs.accepted = append(rs.accepted, judged{verdict: accepted, pos: p, key: canonicalKey(g.Position())})
	}
	return rs, nil
}

// resumed is where collect starts from.
type resumed struct {
	start    int // the first candidate to judge
	stats    Stats
	accepted []judged
}
