package match

import (
	"fmt"
	"slices"
	"strings"

	"seega/match/stats"
)

// Standings is the state of a tournament: each engine against the field,
// each pairing head to head, and the SPRT where one runs.
type Standings struct {
	Done, Total int
	Engines     []EngineStanding
	Matches     []MatchStanding
	SPRT        *SPRTStanding `json:",omitempty"`
	// Stopped says why the tournament ended early, if it did.
	Stopped string `json:",omitempty"`
	// Final is set on the standings of a run that is over (Run's), and
	// not on those of one still under way.
	Final bool `json:",omitempty"`
	// Shard is "K/N" where these are the standings of one shard's games
	// only (Config.Shard).
	Shard string `json:",omitempty"`
	// Openings says which openings the games started from.
	Openings string `json:",omitempty"`
	// TimeControl is the time control, with any engine's own (time
	// odds), as the records write it.
	TimeControl string `json:",omitempty"`
	// White holds the results by colour, whoever played: White's wins,
	// draws and losses. TurnLimit is the number of games the turn limit
	// drew.
	White     ColourStanding
	TurnLimit int
}

// ColourStanding is one colour's results over every game.
type ColourStanding struct {
	W, D, L int
}

// Score is the colour's share of the points, 0 to 1 (0 with no games).
func (c ColourStanding) Score() float64 {
	n := c.W + c.D + c.L
	if n == 0 {
		return 0
	}
	return (float64(c.W) + float64(c.D)/2) / float64(n)
}

// EngineStanding is one engine's results against the field.
type EngineStanding struct {
	Name    string
	Games   int
	W, D, L int
	Score   float64 // fraction of the points played for
	Elo     stats.Estimate
	Points  int // the [AR] ledger
	// Forfeits is the games it lost by forfeit, by reason (counted in
	// L too).
	Forfeits Forfeits `json:",omitempty"`
}

// MatchStanding is engine A against engine B, from A's side.
type MatchStanding struct {
	A, B    string
	W, D, L int
	Penta   stats.Penta
	// Elo is measured from the pairs where any are complete (pentanomial),
	// else from the games (trinomial).
	Elo stats.Estimate
	// Forfeits is the games A lost by forfeit, and B's (in W/D/L too).
	Forfeits [2]int
}

// Two Elo figures are shown, and they differ: an engine's "field Elo" is
// its score against all the others, from its games (trinomial), while a
// pairing's "pair Elo" is the head to head from its complete pairs of
// games (pentanomial: a pair is one opening played with colours swapped),
// which is what the SPRT tests. A pair won once each way is a pair Elo of
// 0, whatever the field Elo says. Until a pairing has a complete pair its
// Elo comes from its games, and is labelled "game Elo".
const (
	fieldEloLabel = "field Elo"
	pairEloLabel  = "pair Elo"
	gameEloLabel  = "game Elo"
)

// EloLabel names the kind of m.Elo: "pair Elo" where complete pairs gave
// it, "game Elo" before there are any.
func (m MatchStanding) EloLabel() string {
	if m.Penta.Pairs() > 0 {
		return pairEloLabel
	}
	return gameEloLabel
}

// SPRTStanding is where the SPRT stands.
type SPRTStanding struct {
	Test         stats.SPRT
	LLR          float64
	Lower, Upper float64
	Decision     stats.Decision
}

// standings builds the Standings from the tally.
func (t *tally) standings(total int, sprt *stats.SPRT) Standings {
	s := Standings{Done: t.games, Total: total, TurnLimit: t.turnLimit}
	s.White = ColourStanding{W: t.white[0], D: t.white[1], L: t.white[2]}
	pts := t.points()
	for i, name := range t.names {
		e := t.engines[i]
		n := e.w + e.d + e.l
		es := EngineStanding{Name: name, Games: n, W: e.w, D: e.d, L: e.l, Elo: stats.WDL(e.w, e.d, e.l), Points: pts[i], Forfeits: e.forfeits}
		if n > 0 {
			es.Score = (float64(e.w) + float64(e.d)/2) / float64(n)
		}
		s.Engines = append(s.Engines, es)
	}
	slices.SortStableFunc(s.Engines, func(a, b EngineStanding) int {
		pa, pb := 2*a.W+a.D, 2*b.W+b.D
		if pa != pb {
			return pb - pa
		}
		return b.Points - a.Points
	})
	for a := range t.names {
		for b := a + 1; b < len(t.names); b++ {
			ms := MatchStanding{A: t.names[a], B: t.names[b]}
			if m := t.matches[[2]int{a, b}]; m != nil {
				ms.W, ms.D, ms.L, ms.Penta, ms.Forfeits = m.w, m.d, m.l, m.penta, m.forfeits
			}
			if ms.Penta.Pairs() > 0 {
				ms.Elo = ms.Penta.Elo()
			} else {
				ms.Elo = stats.WDL(ms.W, ms.D, ms.L)
			}
			s.Matches = append(s.Matches, ms)
		}
	}
	if sprt != nil && len(s.Matches) > 0 {
		llr := sprt.LLR(s.Matches[0].Penta)
		lo, up := sprt.Bounds()
		s.SPRT = &SPRTStanding{Test: *sprt, LLR: llr, Lower: lo, Upper: up, Decision: sprt.Decide(llr)}
	}
	return s
}

// Progress is the one-line summary printed after each game: games done,
// the first pairing's W/D/L, its Elo, and the LLR when an SPRT runs.
func (s Standings) Progress() string {
	var sb strings.Builder
	if s.Shard != "" {
		fmt.Fprintf(&sb, "shard %s: ", s.Shard)
	}
	fmt.Fprintf(&sb, "games %d/%d", s.Done, s.Total)
	if len(s.Matches) > 0 {
		m := s.Matches[0]
		fmt.Fprintf(&sb, "  %s vs %s: W/D/L %d/%d/%d  %s %s ± %s", m.A, m.B, m.W, m.D, m.L, m.EloLabel(), FormatElo(m.Elo.Elo), FormatEloErr(m.Elo))
		if len(s.Matches) > 1 {
			sb.WriteString(" (first pairing)")
		}
	}
	if s.SPRT != nil {
		fmt.Fprintf(&sb, "  LLR %.2f [%.2f, %.2f]", s.SPRT.LLR, s.SPRT.Lower, s.SPRT.Upper)
		if s.SPRT.Decision != stats.Continue {
			fmt.Fprintf(&sb, " %v", s.SPRT.Decision)
		}
	}
	return sb.String()
}

// ForfeitWarnings are the pairings whose result the forfeits could have
// decided (MatchStanding.ForfeitsDecided), each said in a sentence.
func (s Standings) ForfeitWarnings() []string {
	var out []string
	for _, m := range s.Matches {
		if why, ok := m.ForfeitsDecided(); ok {
			out = append(out, why)
		}
	}
	return out
}

// forfeitsText is the lines under the engines' table on the games lost
// by forfeit: one per engine that lost any, by reason, then a warning
// for each result they could have decided; "" where there were none.
func (s Standings) forfeitsText() string {
	var sb strings.Builder
	for _, e := range s.Engines {
		if e.Forfeits.Total() > 0 {
			fmt.Fprintf(&sb, "  forfeits of %s: %s\n", e.Name, e.Forfeits)
		}
	}
	for _, w := range s.ForfeitWarnings() {
		fmt.Fprintf(&sb, "WARNING: %s.\n", w)
	}
	return sb.String()
}

// Text is the standings as a table for people.
func (s Standings) Text() string {
	var sb strings.Builder
	if s.Shard != "" {
		fmt.Fprintf(&sb, "Standings of shard %s after %d of its %d games", s.Shard, s.Done, s.Total)
	} else {
		fmt.Fprintf(&sb, "Standings after %d of %d games", s.Done, s.Total)
	}
	if s.Stopped != "" {
		fmt.Fprintf(&sb, " (%s)", s.Stopped)
	}
	sb.WriteString("\n")
	if s.Openings != "" {
		fmt.Fprintf(&sb, "Openings: %s\n", s.Openings)
	}
	if s.TimeControl != "" {
		fmt.Fprintf(&sb, "Time control: %s\n", s.TimeControl)
	}
	w := len("engine")
	for _, e := range s.Engines {
		w = max(w, len(e.Name))
	}
	fmt.Fprintf(&sb, "%-4s %-*s %6s %6s %6s %6s %7s %10s %8s %7s %8s\n", "rank", w, "engine", "games", "W", "D", "L", "score", fieldEloLabel, "±95%", "points", "forfeits")
	for i, e := range s.Engines {
		fmt.Fprintf(&sb, "%-4d %-*s %6d %6d %6d %6d %6.1f%% %10s %8s %7d %8d\n",
			i+1, w, e.Name, e.Games, e.W, e.D, e.L, 100*e.Score, FormatElo(e.Elo.Elo), FormatEloErr(e.Elo), e.Points, e.Forfeits.Total())
	}
	sb.WriteString(s.forfeitsText())
	for _, m := range s.Matches {
		if m.W+m.D+m.L == 0 {
			continue
		}
		fmt.Fprintf(&sb, "\n%s vs %s: W/D/L %d/%d/%d, %s %s ± %s", m.A, m.B, m.W, m.D, m.L, m.EloLabel(), FormatElo(m.Elo.Elo), FormatEloErr(m.Elo))
		if m.Penta.Pairs() > 0 {
			c := m.Penta.Counts()
			fmt.Fprintf(&sb, ", nElo %s (%d pairs)\n  pentanomial [LL, LD, DD+WL, WD, WW] = [%d, %d, %d, %d, %d]",
				FormatElo(m.Elo.NElo), m.Penta.Pairs(), c[0], c[1], c[2], c[3], c[4])
			// Pairs one engine won both games of are what tells two
			// engines apart fastest; a suite where most pairs split or
			// draw needs many more games for the same error.
			decisive := c[0] + c[4]
			fmt.Fprintf(&sb, "; decisive pairs (2–0 or 0–2) %d of %d, %.1f%%", decisive, m.Penta.Pairs(), 100*float64(decisive)/float64(m.Penta.Pairs()))
		} else {
			sb.WriteString(" (from the games: no complete pair yet)")
		}
		sb.WriteString("\n")
	}
	if len(s.Matches) > 0 {
		fmt.Fprintf(&sb, "\n%s: each engine against all the others, from its games. %s: a pairing head to head, from its complete pairs of games (one opening, colours swapped), as the SPRT counts; the two differ.\n", fieldEloLabel, pairEloLabel)
	}
	if s.Done > 0 {
		games := "games"
		if s.TurnLimit == 1 {
			games = "game"
		}
		fmt.Fprintf(&sb, "\nBy colour: White W/D/L %d/%d/%d, White's score %.1f%%; %d %s drawn at the turn limit\n",
			s.White.W, s.White.D, s.White.L, 100*s.White.Score(), s.TurnLimit, games)
	}
	if p := s.SPRT; p != nil {
		fmt.Fprintf(&sb, "\nSPRT %s (%s): LLR %.2f, bounds [%.2f, %.2f]: %v\n",
			s.Matches[0].A+" vs "+s.Matches[0].B, p.Test, p.LLR, p.Lower, p.Upper, p.Decision)
	}
	fmt.Fprintf(&sb, "\nPoints [AR]: a win scores %d + %d per stone captured in it, a loss costs %d, never below 0.\n",
		PointsWin, PointsPerCapture, PointsLoss)
	return sb.String()
}
