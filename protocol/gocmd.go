package protocol

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"seega/board"
	"seega/engine"
)

// goParams is a parsed `go` command.
type goParams struct {
	time, inc   [2]time.Duration // per colour: board.White, board.Black
	hasTime     [2]bool
	movesToGo   int
	moveTime    time.Duration
	depth       int
	nodes       uint64
	infinite    bool
	searchMoves []string
	seed        *uint64 // the seed extension's: a level's choices, reproducible
}

// parseGo reads go's parameters, UGI's p1/p2 and UCI's w/b spellings
// alike, in any mix and order. searchmoves takes every following token up
// to the next keyword.
func parseGo(args []string) (goParams, error) {
	var p goParams
	clocks := map[string]struct {
		side board.Color
		inc  bool
	}{
		"p1time": {board.White, false}, "wtime": {board.White, false},
		"p2time": {board.Black, false}, "btime": {board.Black, false},
		"p1inc": {board.White, true}, "winc": {board.White, true},
		"p2inc": {board.Black, true}, "binc": {board.Black, true},
	}
	keyword := func(w string) bool {
		switch w {
		case "movestogo", "movetime", "depth", "nodes", "infinite", "searchmoves", "seed":
			return true
		}
		_, ok := clocks[w]
		return ok
	}
	for i := 0; i < len(args); i++ {
		w := strings.ToLower(args[i])
		if w == "infinite" {
			p.infinite = true
			continue
		}
		if w == "searchmoves" {
			j := i + 1
			for j < len(args) && !keyword(strings.ToLower(args[j])) {
				j++
			}
			if j == i+1 {
				return p, fmt.Errorf("searchmoves: no moves given")
			}
			p.searchMoves = append(p.searchMoves, args[i+1:j]...)
			i = j - 1
			continue
		}
		if !keyword(w) {
			return p, fmt.Errorf("unknown parameter %s (want p1time p2time p1inc p2inc wtime btime winc binc movestogo movetime depth nodes infinite searchmoves seed)", quote(args[i]))
		}
		if i+1 >= len(args) {
			return p, fmt.Errorf("%s needs a number", w)
		}
		i++
		n, err := strconv.ParseInt(args[i], 10, 64)
		if err != nil {
			return p, fmt.Errorf("%s: %s is not a whole number", w, quote(args[i]))
		}
		if c, ok := clocks[w]; ok {
			// A clock may be negative when a GUI lets a player run over;
			// it is kept, and treated as no time left.
			if c.inc {
				p.inc[c.side] = max(0, time.Duration(n)*time.Millisecond)
			} else {
				p.time[c.side] = time.Duration(n) * time.Millisecond
				p.hasTime[c.side] = true
			}
			continue
		}
		if n < 0 {
			return p, fmt.Errorf("%s: %d is negative", w, n)
		}
		switch w {
		case "movestogo":
			p.movesToGo = int(min(n, 1<<20))
		case "movetime":
			p.moveTime = time.Duration(min(n, int64(time.Duration(1<<62)/time.Millisecond))) * time.Millisecond
		case "depth":
			p.depth = int(min(n, 1<<20))
		case "nodes":
			p.nodes = uint64(n)
		case "seed":
			seed := uint64(n)
			p.seed = &seed
		}
	}
	return p, nil
}

// timeControl is the clock situation of the side to act in g.
func (p goParams) timeControl(g *board.Game, overhead time.Duration) engine.TimeControl {
	pos := g.Position()
	us := pos.SideToAct()
	tc := engine.TimeControl{
		Inc:        p.inc[us],
		MovesToGo:  p.movesToGo,
		MoveTime:   p.moveTime,
		Overhead:   overhead,
		TurnNumber: pos.TurnNumber(),
		BoardSize:  pos.Size(),
	}
	if p.hasTime[us] {
		// Time 0 means "no clock" to the allocator; a clock that has run
		// out still is one, with the least time there is.
		tc.Time = max(p.time[us], time.Millisecond)
	}
	return tc
}

// searchMoves reads the searchmoves tokens into the turns a searcher
// walks (engine.Limits.SearchMoves): each token must be a legal whole turn
// here, played as a turn of a moves list (board.PerTurn), so that a
// stopped optional chain gets its stopping 0000, as a searcher's path
// does; a placement pair is put in square order. A token that ends a turn
// before its last action (a stop followed by the opponent's action) is no
// one root turn and is left out, and so is a repeat. It returns nil when
// no turn is left, so that every turn is then searched.
func searchMoves(g *board.Game, toks []string) ([][]board.Action, error) {
	var out [][]board.Action
	for _, tok := range toks {
		c := g.Clone()
		start := c.Ply()
		if err := c.PlayToken(tok, board.PerTurn); err != nil {
			return nil, fmt.Errorf("searchmoves: %v", err)
		}
		if c.Position().MidTurn() {
			return nil, fmt.Errorf("searchmoves: %s is not a whole turn", quote(tok))
		}
		turn := make([]board.Action, c.Ply()-start)
		whole := true
		for i := len(turn) - 1; i >= 0; i-- {
			turn[i], _ = c.LastAction()
			c.Unmake()
			whole = whole && (i == 0 || c.Position().MidTurn())
		}
		if len(turn) == 2 && turn[0].Kind == board.ActPlace && turn[1].Kind == board.ActPlace && turn[1].To < turn[0].To {
			turn[0], turn[1] = turn[1], turn[0]
		}
		if whole && !slices.ContainsFunc(out, func(t []board.Action) bool { return sameTurn(t, turn) }) {
			out = append(out, turn)
		}
	}
	return out, nil
}

// sameTurn reports whether two turns are the same actions, captures
// aside (they follow from the position).
func sameTurn(a, b []board.Action) bool {
	return slices.EqualFunc(a, b, board.Action.Same)
}

// cmdGo starts a search of the current position on its own goroutine and
// returns at once. The whole command is checked first: a bad go changes
// nothing, not even a search under way. A good one stops the search under
// way (which prints its bestmove) before it starts its own.
func (s *Session) cmdGo(args []string, at time.Time) error {
	p, err := parseGo(args)
	if err != nil {
		return err
	}
	g := s.game
	over := g.Result().Over()
	var moves [][]board.Action
	if len(p.searchMoves) > 0 && !over {
		if moves, err = searchMoves(g, p.searchMoves); err != nil {
			return err
		}
	}
	if !over && len(s.cfg.Searchers) == 0 {
		return fmt.Errorf("no searcher is configured")
	}
	s.stopSearch()
	if over {
		// The reason comes at once, in order with the command's other
		// replies; the bestmove 0000 after it, from the job (at stop,
		// for an infinite go).
		s.out.line("info string " + g.Result().String())
		s.startJob(&searchJob{over: true, infinite: p.infinite}, at, 0)
		return nil
	}
	if w, ok := RansomWarning(g.Position()); ok {
		s.out.line("info string " + w)
	}
	lim := engine.Limits{
		Depth:       p.depth,
		Nodes:       p.nodes,
		MultiPV:     s.opts.multiPV,
		SearchMoves: moves,
		Infinite:    p.infinite,
	}
	var hard time.Duration
	if !p.infinite {
		lim.Soft, hard = engine.Allocate(p.timeControl(g, s.opts.overhead))
	}
	s.startJob(&searchJob{
		engine:   s.ensureEngine(p.seed),
		work:     g.Clone(),
		check:    g.Clone(),
		lim:      lim,
		gran:     s.opts.gran,
		infinite: p.infinite,
	}, at, hard)
	return nil
}

// RansomWarning is the warning RULES.md 3.5 has the engine give at the
// start of Black's last seven turns before the ransom deadline, while
// Black has never requested one: how many turns remain, this one
// included. ok is false where no warning is due.
func RansomWarning(pos *board.Position) (string, bool) {
	r := pos.Rules()
	if !r.Ransom || r.RansomDeadline <= 0 || pos.Placement() || pos.SideToAct() != board.Black ||
		pos.MidTurn() || pos.PendingRansom() != board.NoSquare || pos.RansomAsked() {
		return "", false
	}
	left := r.RansomDeadline - pos.BlackTurns()
	if left < 1 || left > 7 {
		return "", false
	}
	turns := "turns"
	if left == 1 {
		turns = "turn"
	}
	return fmt.Sprintf("ransom deadline: %d %s left to request a ransom, this one included", left, turns), true
}

// ensureEngine returns the searcher for the game's rules and the chosen
// Search option, building a new one when either changed, with the engine
// options as they are set now. A SeFEN may bring its own board size, so
// the game's rules, not the options', decide. The search threads get a
// processor to spare beside them, for the command loop (SpareProcessor).
// goSeed is the go command's seed, if it gave one (see levelOptions.level).
func (s *Session) ensureEngine(goSeed *uint64) engine.Searcher {
	r := *s.game.Rules()
	tb, _ := s.tablebase()
	o := engine.Options{HashMB: s.opts.hashMB, Threads: s.opts.threads, Contempt: s.opts.contempt, Tablebase: tb,
		Level: s.level.level(goSeed), OwnBook: s.opts.ownBook,
		EvalFile: s.evalFile}
	SpareProcessor(o.Threads)
	if s.engine == nil || s.engineRules != r || s.engineSearcher != s.opts.searcher || s.engineEvalFile != s.evalFile {
		s.engine = s.cfg.Searchers[s.opts.searcher].New(r, o)
		s.engineRules, s.engineSearcher, s.engineEvalFile = r, s.opts.searcher, s.evalFile
	}
	s.announceEval(r)
	s.engine.SetOptions(o)
	return s.engine
}

// infoLine is a search's report as the protocol prints it: its PV written
// as turn text.
type infoLine struct {
	engine.Info
	pv []string
}

// newInfoLine writes i's PV as text, for a position of an n×n board.
func newInfoLine(i engine.Info, n int) infoLine {
	return infoLine{i, board.FormatTurns(i.PV, n)}
}

// formatInfo writes one info line in PROTOCOL.md's order.
func formatInfo(i infoLine) string {
	var sb strings.Builder
	multi := max(i.MultiPV, 1)
	fmt.Fprintf(&sb, "info depth %d seldepth %d multipv %d ", i.Depth, i.SelDepth, multi)
	if i.Mate != 0 {
		fmt.Fprintf(&sb, "score mate %d", i.Mate)
	} else {
		fmt.Fprintf(&sb, "score cp %d", i.Score)
	}
	fmt.Fprintf(&sb, " nodes %d nps %d", i.Nodes, i.NPS)
	if i.TBHits > 0 {
		fmt.Fprintf(&sb, " tbhits %d", i.TBHits)
	}
	fmt.Fprintf(&sb, " hashfull %d time %d", i.HashFull, i.Time.Milliseconds())
	if len(i.pv) > 0 {
		sb.WriteString(" pv " + strings.Join(i.pv, " "))
	}
	return sb.String()
}

func (s *Session) cmdStop(args []string, _ time.Time) error {
	if len(args) > 0 {
		return fmt.Errorf("takes no arguments, got %s", quote(strings.Join(args, " ")))
	}
	s.cancelJob()
	return nil
}
