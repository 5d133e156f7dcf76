package openings

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"seega/board"
	"seega/engine"
)

// The builder drives an engine.Searcher at a fixed node budget
// (engine.SearchNodes), which on one thread with a cleared table is
// deterministic, so that a suite built from the same seed is the same
// suite on any machine and under any load.

// Config says what suite to build and how hard to look.
type Config struct {
	Rules board.Rules
	Seed  uint64
	// Count is the number of positions wanted.
	Count int
	// PlacementLeft is the number of placement turns still to play in
	// each position: 0 (the default) gives positions at the start of the
	// movement phase, where the search sees far enough to judge them.
	PlacementLeft int
	// PlaceNodes is the budget of the searches that place stones in the
	// engine-played placement turns of a candidate.
	PlaceNodes uint64
	// QuickNodes and QuickMargin are the first filter: a short search
	// must score the candidate within ±QuickMargin cp.
	QuickNodes  uint64
	QuickMargin int
	// DeepNodes and Margin are the second: a deep search must score it
	// within ±Margin cp, and find no forced result.
	DeepNodes uint64
	Margin    int
	// The pair test: from each position that passes the deep search the
	// engine plays a pair of games against itself at odds, the strong
	// side at PairNodes·PairOdds nodes a turn and the weak at PairNodes,
	// the strong side White in the first game and Black in the second.
	// The position is kept only if the strong side scores at least 1.5
	// of the pair: where colour decides, each side wins its White game
	// (1–1); where every game is drawn (a blockade, a repetition both
	// sides are happy with), nothing is decided by play (1–1); a kept
	// position is one where the better player wins from either side,
	// which is what a match needs to tell two engines apart. PairNodes 0
	// skips the test.
	PairNodes uint64
	PairOdds  uint64
	// MaxTurns ends a self-play game as a draw.
	MaxTurns int
	// Workers is the number of candidates judged at once, each with
	// engines of its own from NewEngine.
	Workers   int
	NewEngine func() engine.Searcher
	// MaxCandidates stops the search for positions after this many
	// candidates, found enough or not (default 200 per position wanted).
	MaxCandidates int
	// Progress, if not nil, receives a progress line now and then.
	Progress io.Writer
	// Stop, if not nil, ends the build early when it is closed: the
	// candidates being judged are finished, and the positions accepted
	// among the candidates judged without a gap are returned, the same
	// first positions a build that ran on would return.
	Stop <-chan struct{}
	// Resume, if not nil, goes on with a stopped build of the same
	// configuration and seed, from the first candidate it did not judge.
	Resume *Resume
}

// DefaultConfig is the builder's configuration for rules r: the budgets
// grow with the board, since a larger board searches less deeply for the
// same nodes and its games last longer.
func DefaultConfig(r board.Rules) Config {
	c := Config{
		Rules: r, Seed: 1, Count: 200,
		PlaceNodes: 2000,
		QuickNodes: 20000, QuickMargin: 250,
		DeepNodes: 300000, Margin: 80,
		PairNodes: 3000, PairOdds: 4,
		MaxTurns: 300, Workers: 2,
	}
	switch r.BoardSize {
	case 7:
		c.QuickNodes, c.DeepNodes, c.PairNodes, c.MaxTurns = 40000, 1000000, 8000, 400
	case 9:
		c.QuickNodes, c.DeepNodes, c.PairNodes, c.MaxTurns = 60000, 1500000, 12000, 500
	}
	return c
}

// Position is one position of a built suite, with what the builder
// learnt of it.
type Position struct {
	// Index is the candidate's number: the same seed and index give the
	// same candidate.
	Index int
	SeFEN string
	// Score is the deep search's score, in cp from White's view.
	Score int
	// Pair holds the results of the pair test, from White's view ("1" a
	// White win, "0" a Black win, "=" a draw): the game with the strong
	// side White, then the one with it Black.
	Pair string
}

// Line writes p as a suite file line: the SeFEN, then what the builder
// measured, as a comment.
func (p Position) Line() string {
	s := fmt.Sprintf("%s # candidate %d, deep score %+d", p.SeFEN, p.Index, p.Score)
	if p.Pair != "" {
		s += ", pair " + p.Pair
	}
	return s
}

// Stats counts what happened to the candidates looked at.
type Stats struct {
	Candidates, Duplicates, Finished, QuickRejects, DeepRejects, PairRejects, Accepted int
	Elapsed                                                                            time.Duration
	// Stopped is set where Stop ended the build before it found enough.
	Stopped bool
}

func (s Stats) String() string {
	stopped := ""
	if s.Stopped {
		stopped = "; stopped early"
	}
	return fmt.Sprintf("%d candidates: %d duplicates, %d finished or decided, %d failed the quick search, %d the deep search, %d the pair test; %d accepted (%v)%s",
		s.Candidates, s.Duplicates, s.Finished, s.QuickRejects, s.DeepRejects, s.PairRejects, s.Accepted, s.Elapsed.Round(time.Second), stopped)
}

// verdict is what judging one candidate found.
type verdict int

const (
	accepted verdict = iota
	duplicate
	finished
	quickReject
	deepReject
	pairReject
	judgedBefore // by the stopped build a build resumes; not counted again
)

type judged struct {
	verdict verdict
	pos     Position
	key     string
}

// Build makes a suite: it draws candidates from the seed, judges them on
// Workers goroutines, and returns the first Count accepted in candidate
// order, so that the result does not depend on how the work was shared.
//
// A candidate is a placement played from the start: each turn is, with a
// probability drawn per side and candidate (placementStrength), a turn
// the engine chooses with a small search, else a random legal turn.
// Drawing the two sides' strengths apart spreads the candidates from
// lost to won for either side, and the filters keep the level ones. Positions that are images
// of one another under the board's symmetries count once.
func Build(cfg Config) ([]Position, Stats, error) {
	if err := cfg.check(); err != nil {
		return nil, Stats{}, err
	}
	from, err := resumeFrom(cfg.Resume, cfg.Rules, cfg.Count)
	if err != nil {
		return nil, Stats{}, err
	}
	return collect(cfg.Count, cfg.MaxCandidates, cfg.Workers, cfg.Progress, cfg.Stop, from, func() worker { return newJudge(cfg) })
}

// worker is one goroutine's share of a builder: it makes candidate i
// (the same i always gives the same candidate) and judges it.
type worker interface {
	candidate(i int) (*board.Game, error)
	judge(g *board.Game, p *Position) (verdict, error)
}

// collect runs candidates 0, 1, 2, … through workers made by newWorker,
// on that many goroutines, until the lowest-numbered candidates hold
// count accepted positions (or maxCandidates were looked at), and
// returns those in candidate order. A candidate whose position is an
// image of a lower-numbered one's is a duplicate and not judged. Closing
// stopCh ends it early with the accepted positions among the candidates
// judged without a gap from 0, so that what it returns is always the
// start of what a longer run would return.
func collect(count, maxCandidates, workers int, progress io.Writer, stopCh <-chan struct{}, from *resumed, newWorker func() worker) ([]Position, Stats, error) {
	start := time.Now()
	var (
		mu      sync.Mutex
		results = map[int]judged{}
		owner   = map[string]int{} // canonical key -> lowest candidate index seen
		next    int
		stop    bool
		stats   Stats
		prior   Stats // the counts of a resumed build's candidates
		first   int   // the first candidate this run judges
	)
	if from != nil {
		prior, stats, first = from.stats, from.stats, from.start
		next = first
		for i := range from.start {
			results[i] = judged{verdict: judgedBefore}
		}
		for _, j := range from.accepted {
			results[j.pos.Index] = j
			owner[j.key] = j.pos.Index
		}
	}
	elapsed := func() time.Duration { return prior.Elapsed + time.Since(start) }
	// enough reports whether the candidates 0..k already hold count
	// accepted positions, counting each position once: then no later
	// candidate can change the answer. Called with mu held. It scans
	// on from where it stopped the last time, since the candidates
	// below that all have their results (a resumed build has many).
	scanned, got := 0, 0
	enough := func() bool {
		for got < count {
			j, ok := results[scanned]
			if !ok {
				return false
			}
			if j.verdict == accepted && owner[j.key] == scanned {
				got++
			}
			scanned++
		}
		return true
	}
	var wg sync.WaitGroup
	var firstErr error
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			j := newWorker()
			for {
				mu.Lock()
				if !stop && stopped(stopCh) {
					stop, stats.Stopped = true, true
				}
				if stop || firstErr != nil || next >= maxCandidates {
					mu.Unlock()
					return
				}
				i := next
				next++
				mu.Unlock()

				g, err := j.candidate(i)
				var res judged
				if err == nil && g == nil {
					res.verdict = finished // the candidate has no position to offer
				} else if err == nil {
					res.key = canonicalKey(g.Position())
					res.pos.Index = i
					res.pos.SeFEN = g.SeFEN()
					mu.Lock()
					if k, ok := owner[res.key]; !ok || i < k {
						owner[res.key] = i
					}
					dup := owner[res.key] < i
					mu.Unlock()
					if dup {
						res.verdict = duplicate
					} else {
						res.verdict, err = j.judge(g, &res.pos)
					}
				}
				mu.Lock()
				if err != nil {
					if firstErr == nil {
						firstErr = fmt.Errorf("candidate %d: %v", i, err)
					}
					mu.Unlock()
					return
				}
				results[i] = res
				stats.count(res.verdict)
				if progress != nil && stats.Candidates%25 == 0 {
					stats.Elapsed = elapsed()
					fmt.Fprintf(progress, "openings: %s\n", stats)
				}
				if enough() {
					stop = true
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return nil, stats, firstErr
	}
	var out []Position
	end := 0 // the candidates 0..end-1 are the ones the positions come from
	for ; len(out) < count; end++ {
		j, ok := results[end]
		if !ok {
			break // a gap: a candidate still being judged when the build stopped, or the last
		}
		if j.verdict == accepted && owner[j.key] == end {
			out = append(out, j.pos)
		}
	}
	// Count only those candidates, not the ones judged after them (by
	// other workers, or beyond a gap): a build resumed from these counts
	// starts at candidate stats.Candidates and judges the rest again.
	wasStopped := stats.Stopped
	stats = prior
	for i := first; i < end; i++ {
		stats.count(results[i].verdict)
	}
	stats.Stopped = wasStopped
	stats.Elapsed = elapsed()
	return out, stats, nil
}

// stopped reports whether ch (nil: never) is closed.
func stopped(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// count books one verdict.
func (s *Stats) count(v verdict) {
	s.Candidates++
	switch v {
	case accepted:
		s.Accepted++
	case duplicate:
		s.Duplicates++
	case finished:
		s.Finished++
	case quickReject:
		s.QuickRejects++
	case deepReject:
		s.DeepRejects++
	case pairReject:
		s.PairRejects++
	}
}

// Validate reports a configuration that Build would refuse, before any
// work: for a command line to name the mistake up front.
func (c Config) Validate() error { return c.check() }

func (c *Config) check() error {
	if err := c.Rules.Validate(); err != nil {
		return err
	}
	if c.Count < 1 {
		return fmt.Errorf("count %d: want at least one position", c.Count)
	}
	if c.PlacementLeft < 0 || c.PlacementLeft >= c.Rules.Stones() {
		return fmt.Errorf("placement turns left %d: want 0 to %d", c.PlacementLeft, c.Rules.Stones()-1)
	}
	if c.Workers < 1 {
		return fmt.Errorf("workers %d: want at least one", c.Workers)
	}
	if c.NewEngine == nil {
		return fmt.Errorf("no engine")
	}
	if c.QuickNodes == 0 || c.DeepNodes == 0 || c.PlaceNodes == 0 {
		return fmt.Errorf("the search budgets must be positive")
	}
	if c.PairNodes > 0 && c.PairOdds < 2 {
		return fmt.Errorf("pair test: the odds must be at least 2")
	}
	if c.MaxTurns < 1 {
		c.MaxTurns = 300
	}
	if c.MaxCandidates < 1 {
		c.MaxCandidates = 200 * c.Count
	}
	return nil
}

// judge holds one worker's engines: one for the filters and each side's
// for the self-play games.
type judge struct {
	cfg    Config
	search engine.Searcher
	sides  [2]engine.Searcher
}

func newJudge(cfg Config) *judge {
	return &judge{cfg: cfg, search: cfg.NewEngine(), sides: [2]engine.Searcher{cfg.NewEngine(), cfg.NewEngine()}}
}

// candidate plays candidate i's placement: all of it but PlacementLeft
// turns.
func (j *judge) candidate(i int) (*board.Game, error) {
	r := j.cfg.Rules
	rng := rand.New(rand.NewPCG(j.cfg.Seed, uint64(i)))
	g, err := board.NewGame(r)
	if err != nil {
		return nil, err
	}
	if err := playMixedPlacement(g, rng, j.search, j.cfg.PlaceNodes, r.Stones()-j.cfg.PlacementLeft); err != nil {
		return nil, err
	}
	return g, nil
}

// playMixedPlacement plays up to turns placement turns of g: each, with
// a probability drawn per side from rng (placementStrength), the turn e
// finds in a search of nodes nodes, else a random legal turn.
func playMixedPlacement(g *board.Game, rng *rand.Rand, e engine.Searcher, nodes uint64, turns int) error {
	strength := [2]float64{placementStrength(rng), placementStrength(rng)}
	for t := 0; t < turns && g.Position().Placement(); t++ {
		var turn []board.Action
		if rng.Float64() < strength[g.Position().SideToAct()] {
			e.NewGame()
			turn = engine.SearchNodes(e, g, nodes).Best
		} else {
			turn = g.RandomTurn(rng, nil)
		}
		if err := play(g, turn); err != nil {
			return err
		}
	}
	return nil
}

// deepScore searches g with a cleared table for nodes nodes, and returns
// the score from White's view and whether it is a forced result.
func deepScore(e engine.Searcher, g *board.Game, nodes uint64) (white int, mate bool) {
	e.NewGame()
	res := engine.SearchNodes(e, g, nodes)
	s, mate := res.Score, res.Mate != 0
	if g.Position().SideToAct() == board.Black {
		s = -s
	}
	return s, mate
}

// placementStrength draws the share of a side's placement turns that the
// engine plays, the rest being random: anything from none to all. Two
// strong placements come out level more often (on 5×5 egyptian 40% of
// the candidates with both sides above three quarters pass the quick
// search, against 16% over the whole range), but they are alike (one in
// six is a duplicate) and drawish: most end in a repetition that both
// sides accept, and fail the pair test. Over the whole range, three times
// as many of the positions that pass the deep search pass the pair test
// too, which makes it the cheaper way to a suite.
func placementStrength(rng *rand.Rand) float64 { return rng.Float64() }

// play makes a turn the way a match does: as its text, one token.
func play(g *board.Game, turn []board.Action) error {
	if len(turn) == 0 {
		return fmt.Errorf("no turn to play at %s", g.SeFEN())
	}
	t := board.TurnString(turn, g.Position().Size())
	if err := g.PlayToken(t, board.PerTurn); err != nil {
		return fmt.Errorf("turn %q at %s: %v", t, g.SeFEN(), err)
	}
	return nil
}

// judge runs the filters on g, filling in what they measure.
func (j *judge) judge(g *board.Game, p *Position) (verdict, error) {
	if g.Result().Over() {
		return finished, nil
	}
	s, mate := deepScore(j.search, g, j.cfg.QuickNodes)
	if mate {
		return finished, nil
	}
	if abs(s) > j.cfg.QuickMargin {
		return quickReject, nil
	}
	p.Score, mate = deepScore(j.search, g, j.cfg.DeepNodes)
	if mate {
		return finished, nil
	}
	if abs(p.Score) > j.cfg.Margin {
		return deepReject, nil
	}
	if j.cfg.PairNodes == 0 {
		return accepted, nil
	}
	weak, strong := j.cfg.PairNodes, j.cfg.PairNodes*j.cfg.PairOdds
	// The strong side's half points of each result: White in the first
	// game, Black in the second.
	half := []int{2, 0, 1}
	first, err := j.selfPlay(g.Clone(), [2]uint64{strong, weak})
	if err != nil {
		return 0, err
	}
	p.Pair = resultCode[first]
	if half[first] == 0 {
		return pairReject, nil // 1.5 is out of reach: spare the second game
	}
	second, err := j.selfPlay(g.Clone(), [2]uint64{weak, strong})
	if err != nil {
		return 0, err
	}
	p.Pair += resultCode[second]
	if half[first]+(2-half[second]) < 3 {
		return pairReject, nil
	}
	return accepted, nil
}

// selfPlay plays g out with the engine on both sides, White at nodes[0]
// a turn and Black at nodes[1], and returns 0 for a White win, 1 for a
// Black win, 2 for a draw (the turn cap included).
func (j *judge) selfPlay(g *board.Game, nodes [2]uint64) (int, error) {
	return playOut(g, j.sides, nodes, j.cfg.MaxTurns)
}

// resultCode writes a playOut result as a suite line's pair letter, from
// White's view: "1" a White win, "0" a Black win, "=" a draw.
var resultCode = [3]string{"1", "0", "="}

// playOut plays g out for at most maxTurns turns, sides[c] playing c at
// nodes[c] a turn from a cleared table, and returns 0 for a White win,
// 1 for a Black win, 2 for a draw (the turn cap included; a result on
// the last turn counts as the cap, as the balanced suites were built).
func playOut(g *board.Game, sides [2]engine.Searcher, nodes [2]uint64, maxTurns int) (int, error) {
	for _, e := range sides {
		e.NewGame()
	}
	for turns := 0; turns < maxTurns; turns++ {
		res := g.Result()
		if res.Over() {
			if w, ok := res.Winner(); ok {
				return int(w), nil
			}
			return 2, nil
		}
		side := g.Position().SideToAct()
		turn := engine.SearchNodes(sides[side], g, nodes[side]).Best
		if err := play(g, turn); err != nil {
			return 0, err
		}
	}
	return 2, nil
}

// canonicalKey names a position and all its images under the board's
// symmetries alike: the least of the images' SeFEN boards, with the rest
// of the SeFEN (side, hands, counters) as it is. The positions the
// builder makes have no chain or ransom squares, which would map too.
func canonicalKey(p *board.Position) string {
	n := p.Size()
	w, b := p.Stones(board.White), p.Stones(board.Black)
	best := ""
	for sym := 0; sym < board.Symmetries; sym++ {
		k := boardText(board.TransformBitboard(w, n, sym), board.TransformBitboard(b, n, sym), n)
		if sym == 0 || k < best {
			best = k
		}
	}
	fen := strings.Fields(p.SeFEN())
	return best + " " + strings.Join(fen[1:], " ")
}

// boardText writes the stones as one character a square.
func boardText(w, b board.Bitboard, n int) string {
	buf := make([]byte, n*n)
	for i := range buf {
		sq := board.Square(i)
		switch {
		case w.Has(sq):
			buf[i] = 'w'
		case b.Has(sq):
			buf[i] = 'b'
		default:
			buf[i] = '.'
		}
	}
	return string(buf)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Header is what a suite file says about itself in its first lines.
type Header struct {
	Name  string
	Title string // what the positions are, after "Seega opening suite NAME: N positions"
	Rules board.Rules
	// Command is the command line that built it; Selection says how the
	// positions were chosen; Builder what the builder saw (Stats).
	Command, Selection, Builder string
}

// BalancedHeader is the header of a suite Build made with cfg.
func BalancedHeader(name string, cfg Config, command string, st Stats) Header {
	sel := fmt.Sprintf("%d placement turns left; |score| <= %d cp at %d nodes, then <= %d cp at %d nodes and no forced result",
		cfg.PlacementLeft, cfg.QuickMargin, cfg.QuickNodes, cfg.Margin, cfg.DeepNodes)
	if cfg.PairNodes > 0 {
		sel += fmt.Sprintf("; a pair of games at odds (%d against %d nodes a turn, colours swapped) won at least 1.5–0.5 by the stronger side", cfg.PairNodes*cfg.PairOdds, cfg.PairNodes)
	}
	return Header{
		Name: name, Title: "positions where colour does not decide the game", Rules: cfg.Rules,
		Command: command, Selection: sel, Builder: st.String(),
	}
}

// Write writes a suite file: a header of comments (what it is, its rules
// on the line Parse looks for, how it was built and what the builder
// saw), then one position a line.
func Write(w io.Writer, h Header, ps []Position) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# Seega opening suite %s: %d %s.\n", h.Name, len(ps), h.Title)
	fmt.Fprintf(bw, "%s%s\n", RulesHeader, h.Rules)
	fmt.Fprintf(bw, "# built by: %s\n", h.Command)
	fmt.Fprintf(bw, "# selection: %s\n", h.Selection)
	fmt.Fprintf(bw, "# builder: %s\n", h.Builder)
	fmt.Fprintf(bw, "# Each line: the SeFEN, then (as a comment) the candidate's number, the deep score from White's view, and any pair-test results from White's view (1 White won, 0 Black won, = drawn; the stronger side White first).\n")
	for _, p := range ps {
		fmt.Fprintln(bw, p.Line())
	}
	return bw.Flush()
}
