package match

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"seega/board"
	"seega/match/internal/fakeengine"
	"seega/match/stats"
)

// TestMisbehavingEngines plays a well-behaved engine against each kind of
// broken one. The broken one must lose every game, for the right reason,
// and the tournament must finish.
func TestMisbehavingEngines(t *testing.T) {
	tests := []struct {
		mode   string
		after  int // good turns per game first: "mid-game"
		sleep  time.Duration
		term   Termination
		reason string
		starts int // processes started: once to check, once to play, again after breaking
	}{
		{fakeengine.Crash, 3, 0, TermCrash, "exited", 3},
		{fakeengine.Hang, 2, 0, TermNoAnswer, "no answer", 3},
		{fakeengine.Garbage, 1, 0, TermIllegal, "not a legal turn", 2},
		{fakeengine.Illegal, 2, 0, TermIllegal, "not a legal turn", 2},
		{fakeengine.Partial, 1, 0, TermIllegal, "not a whole turn", 2},
		{fakeengine.Slow, 2, 900 * time.Millisecond, TermTime, "lost on time", 2},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			t.Parallel()
			cfg := quick(fake("good", fakeengine.Random, 0, 0), fake("bad", tt.mode, tt.after, tt.sleep))
			cfg.Records = filepath.Join(t.TempDir(), "records.txt")
			cfg.Concurrency = 1 // both games on one worker: the second needs a restart
			log := &syncBuffer{}
			cfg.Log = log
			s := run(t, cfg)
			if n := strings.Count(log.String(), " bad > ugi\n"); n != tt.starts {
				t.Errorf("bad was started %d times, want %d", n, tt.starts)
			}
			if s.Done != 2 {
				t.Fatalf("%d games done, want 2", s.Done)
			}
			recs := readRecords(t, cfg.Records)
			if len(recs) != 2 {
				t.Fatalf("%d records, want 2", len(recs))
			}
			for _, r := range recs {
				winner, ok := r.Winner()
				if !ok || (winner == board.White) != (r.White == "good") {
					t.Errorf("game %d (%s vs %s): %s, want a win for good", r.Index, r.White, r.Black, r.Score())
				}
				if r.Termination != tt.term || !strings.Contains(r.Reason, tt.reason) {
					t.Errorf("game %d: termination %q, reason %q; want %q and a reason with %q", r.Index, r.Termination, r.Reason, tt.term, tt.reason)
				}
				bad := 0
				for _, turn := range r.Turns {
					if (turn.Side == board.White) == (r.White == "bad") {
						bad++
					}
				}
				if bad != tt.after {
					t.Errorf("game %d: bad played %d turns before failing, want %d", r.Index, bad, tt.after)
				}
			}
			for _, e := range s.Engines {
				if e.Name == "good" && (e.W != 2 || e.L != 0) {
					t.Errorf("good: W/D/L %d/%d/%d, want 2/0/0", e.W, e.D, e.L)
				}
			}
		})
	}
}

// replay checks a record against the rules: every turn legal in turn,
// the final position as recorded, and a rules result the same as the
// board package's.
func replay(t *testing.T, r Record, rules board.Rules) {
	t.Helper()
	o, err := ParseOpening(r.OpeningLine, rules)
	if err != nil {
		t.Fatalf("game %d: opening %q: %v", r.Index, r.OpeningLine, err)
	}
	g, err := o.Game(rules)
	if err != nil {
		t.Fatal(err)
	}
	if g.SeFEN() != r.Start {
		t.Errorf("game %d: start %q, want %q", r.Index, r.Start, g.SeFEN())
	}
	for i, turn := range r.Turns {
		if side := g.Position().SideToAct(); side != turn.Side {
			t.Fatalf("game %d turn %d: recorded for %v, but %v is to act", r.Index, i+1, turn.Side, side)
		}
		if err := g.PlayToken(turn.Move, board.PerTurn); err != nil {
			t.Fatalf("game %d turn %d %q: %v", r.Index, i+1, turn.Move, err)
		}
	}
	if g.SeFEN() != r.Final {
		t.Errorf("game %d: final %q, replay gives %q", r.Index, r.Final, g.SeFEN())
	}
	res := g.Result()
	switch r.Termination {
	case TermRules:
		if !res.Over() || res.Outcome != r.Outcome || res.String() != r.Reason {
			t.Errorf("game %d: recorded %s %q, the rules say %v", r.Index, r.Score(), r.Reason, res)
		}
	case TermTurnLimit:
		if res.Over() || r.Outcome != board.Draw || len(r.Turns) != 30 {
			t.Errorf("game %d: turn-limit draw after %d turns, result %v", r.Index, len(r.Turns), res)
		}
	default:
		t.Errorf("game %d: %s (%s) between well-behaved engines", r.Index, r.Termination, r.Reason)
	}
}

// TestRoundRobin plays three well-behaved engines, one of them speaking
// UCI only, and checks every game against the rules and the totals
// against the records.
func TestRoundRobin(t *testing.T) {
	cfg := quick(fake("a", fakeengine.Random, 0, 0), fake("b", fakeengine.Random, 0, 0), fake("c", fakeengine.UCI, 0, 0))
	cfg.Rounds = 2
	cfg.Records = filepath.Join(t.TempDir(), "records.txt")
	progress := &syncBuffer{}
	cfg.Progress = progress
	s := run(t, cfg)
	const games = 3 * 2 * 2 // pairings × rounds × games
	if s.Done != games || s.Total != games {
		t.Fatalf("done %d of %d, want %d of %d", s.Done, s.Total, games, games)
	}
	recs := readRecords(t, cfg.Records)
	if len(recs) != games {
		t.Fatalf("%d records, want %d", len(recs), games)
	}
	seen := map[int]bool{}
	wins := map[string]int{}
	for _, r := range recs {
		if seen[r.Index] {
			t.Errorf("game %d recorded twice", r.Index)
		}
		seen[r.Index] = true
		replay(t, r, cfg.Rules)
		if w, ok := r.Winner(); ok {
			wins[map[board.Color]string{board.White: r.White, board.Black: r.Black}[w]]++
		}
	}
	sumW, sumL, sumD := 0, 0, 0
	for _, e := range s.Engines {
		if e.Games != 8 {
			t.Errorf("%s played %d games, want 8", e.Name, e.Games)
		}
		if e.W != wins[e.Name] {
			t.Errorf("%s: %d wins in the standings, %d in the records", e.Name, e.W, wins[e.Name])
		}
		sumW, sumL, sumD = sumW+e.W, sumL+e.L, sumD+e.D
	}
	if sumW != sumL || sumD%2 != 0 {
		t.Errorf("wins %d, losses %d, draws %d: every win is someone's loss", sumW, sumL, sumD)
	}
	if !strings.Contains(progress.String(), fmt.Sprintf("games %d/%d", games, games)) {
		t.Errorf("no final progress line in:\n%s", progress)
	}
}

// TestPairsShareOpenings checks that the two games of each pair start
// from the same generated opening with the colours swapped.
func TestPairsShareOpenings(t *testing.T) {
	cfg := quick(fake("a", fakeengine.Random, 0, 0), fake("b", fakeengine.Random, 0, 0))
	cfg.Games, cfg.MaxTurns = 4, 2
	cfg.Records = filepath.Join(t.TempDir(), "records.txt")
	run(t, cfg)
	byPair := map[int][]Record{}
	for _, r := range readRecords(t, cfg.Records) {
		byPair[r.Pair] = append(byPair[r.Pair], r)
	}
	if len(byPair) != 2 {
		t.Fatalf("%d pairs, want 2", len(byPair))
	}
	for p, rs := range byPair {
		if len(rs) != 2 || rs[0].Start != rs[1].Start || rs[0].White != rs[1].Black || rs[0].Black != rs[1].White {
			t.Errorf("pair %d: %+v", p, rs)
		}
		if rs[0].Start == board.StartSeFEN {
			t.Errorf("pair %d starts from the empty board; want a generated opening", p)
		}
	}
	if byPair[0][0].Start == byPair[1][0].Start {
		t.Errorf("both pairs have the opening %q", byPair[0][0].Start)
	}
}

// TestResume stops a tournament after some games, as a kill would, runs
// it again with the same records file, and gets every game exactly once
// and the same totals as the records.
func TestResume(t *testing.T) {
	dir := t.TempDir()
	cfg := quick(fake("a", fakeengine.Random, 0, 0), fake("b", fakeengine.Random, 0, 0))
	cfg.Games, cfg.Rounds = 2, 4
	cfg.MaxTurns = 300 // long enough for most games to be decided
	cfg.Records = filepath.Join(dir, "records.txt")
	const total, stopAfter = 8, 3

	first := cfg
	ctx, cancel := context.WithCancel(context.Background())
	first.Observer = &cancelAfter{n: stopAfter, cancel: cancel}
	tour, err := New(first)
	if err != nil {
		t.Fatal(err)
	}
	s, err := tour.Run(ctx)
	if err == nil {
		t.Fatalf("the cancelled run ended without an error")
	}
	if s.Done < stopAfter || s.Done >= total {
		t.Fatalf("first run did %d games, want %d to %d", s.Done, stopAfter, total-1)
	}
	if n := len(readRecords(t, cfg.Records)); n != s.Done {
		t.Fatalf("first run: %d records for %d games done", n, s.Done)
	}

	// A kill in the middle of a write leaves half a record: it is cut off.
	f, err := os.OpenFile(cfg.Records, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(f, "[Game \"%d\"]\n[White \"a\"]\n[Bla", total-1)
	f.Close()

	warnings := &syncBuffer{}
	second := cfg
	second.Progress = warnings
	s2 := run(t, second)
	if !strings.Contains(warnings.String(), fmt.Sprintf("an incomplete record of game %d", total)) || !strings.Contains(warnings.String(), "played again") {
		t.Errorf("the torn record was dropped without a word:\n%s", warnings)
	}
	if s2.Done != total {
		t.Fatalf("after the rerun %d games done, want %d", s2.Done, total)
	}
	recs := readRecords(t, cfg.Records)
	count := map[int]int{}
	var wdl [3]int
	for _, r := range recs {
		count[r.Index]++
		if r.White == "a" {
			wdl[map[board.Outcome]int{board.WhiteWins: 0, board.Draw: 1, board.BlackWins: 2}[r.Outcome]]++
		} else {
			wdl[map[board.Outcome]int{board.BlackWins: 0, board.Draw: 1, board.WhiteWins: 2}[r.Outcome]]++
		}
	}
	for i := range total {
		if count[i] != 1 {
			t.Errorf("game %d recorded %d times, want once", i, count[i])
		}
	}
	m := s2.Matches[0]
	if [3]int{m.W, m.D, m.L} != wdl || m.Penta.Pairs() != total/2 {
		t.Errorf("standings a vs b %d/%d/%d with %d pairs; records say %v and %d pairs", m.W, m.D, m.L, m.Penta.Pairs(), wdl, total/2)
	}

	// A third run has nothing left to play and changes nothing.
	s3 := run(t, cfg)
	if m3 := s3.Matches[0]; s3.Done != total || m3.W != m.W || m3.D != m.D || m3.L != m.L || m3.Penta != m.Penta {
		t.Errorf("third run: %d done, %+v; want %d and %+v", s3.Done, m3, total, m)
	}
}

// cancelAfter cancels the tournament once n games have ended.
type cancelAfter struct {
	mu     sync.Mutex
	n      int
	cancel context.CancelFunc
}

func (c *cancelAfter) Game(v GameView) {}

func (c *cancelAfter) Standings(s Standings) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if s.Done >= c.n {
		c.cancel()
	}
}

// TestResumeRefusesOtherTournament: a records file written for other
// engines is an error, not a silent mix.
func TestResumeRefusesOtherTournament(t *testing.T) {
	cfg := quick(fake("a", fakeengine.Random, 0, 0), fake("b", fakeengine.Random, 0, 0))
	cfg.MaxTurns = 2
	cfg.Records = filepath.Join(t.TempDir(), "records.txt")
	run(t, cfg)
	other := cfg
	other.Engines = []EngineSpec{fake("a", fakeengine.Random, 0, 0), fake("c", fakeengine.Random, 0, 0)}
	if _, err := New(other); err == nil || !strings.Contains(err.Error(), "another tournament") {
		t.Errorf("New with another engine's records: %v, want an error naming another tournament", err)
	}
	other = cfg
	other.TimeControl = TimeControl{MoveTime: 50 * time.Millisecond}
	if _, err := New(other); err == nil || !strings.Contains(err.Error(), "time control") {
		t.Errorf("New with another time control's records: %v, want an error naming the time control", err)
	}
}

// TestSPRTStops: against an engine that loses every game at once, the
// SPRT accepts H1 after about ten pairs (TestLLRExact in package stats)
// and the tournament stops early.
func TestSPRTStops(t *testing.T) {
	cfg := quick(fake("strong", fakeengine.Random, 0, 0), fake("weak", fakeengine.Illegal, 0, 0))
	cfg.Rounds = 200
	cfg.Concurrency = 1
	cfg.SPRT = &stats.SPRT{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05, Model: stats.Normalized}
	s := run(t, cfg)
	if s.SPRT == nil || s.SPRT.Decision != stats.AcceptH1 {
		t.Fatalf("SPRT %+v, want H1 accepted", s.SPRT)
	}
	if s.Done >= s.Total || !strings.Contains(s.Stopped, "SPRT") {
		t.Errorf("done %d of %d, stopped %q: want an early stop by the SPRT", s.Done, s.Total, s.Stopped)
	}
	if s.SPRT.LLR < s.SPRT.Upper {
		t.Errorf("LLR %.2f below the upper bound %.2f", s.SPRT.LLR, s.SPRT.Upper)
	}
	if !strings.Contains(s.Text(), "H1 accepted") {
		t.Errorf("standings text does not give the decision:\n%s", s.Text())
	}
}

// TestQueryDisagreement: an engine that misreports the result is noted,
// and the arbiter's result stands.
func TestQueryDisagreement(t *testing.T) {
	// One stone each, White's on the safe centre: no capture is possible,
	// and the game ends by the rules (quiet turns or repetition) in a
	// few turns. The liar then misreports the result.
	cfg := quick(fake("honest", fakeengine.Random, 0, 0), fake("liar", fakeengine.Liar, 0, 0))
	cfg.MaxTurns = 0
	cfg.Openings = []Opening{mustOpening(t, "fen 5/5/1bw2/5/5 w 0/0 - 0 25", cfg.Rules)}
	cfg.Records = filepath.Join(t.TempDir(), "records.txt")
	warnings := &syncBuffer{}
	cfg.Progress = warnings
	run(t, cfg)
	for _, r := range readRecords(t, cfg.Records) {
		if r.Termination != TermRules {
			t.Errorf("game %d: %s (%s), want an end by the rules", r.Index, r.Termination, r.Reason)
		}
		if len(r.Notes) != 1 || !strings.Contains(r.Notes[0], "liar says") {
			t.Errorf("game %d: notes %q, want one disagreement from liar", r.Index, r.Notes)
		}
	}
	if !strings.Contains(warnings.String(), "liar says the result is") {
		t.Errorf("no warning logged:\n%s", warnings)
	}
}

func mustOpening(t *testing.T, line string, r board.Rules) Opening {
	t.Helper()
	o, err := ParseOpening(line, r)
	if err != nil {
		t.Fatalf("ParseOpening(%q): %v", line, err)
	}
	return o
}

// TestEngineThatCannotStart: an engine that never answers the handshake,
// one that exits at once and one that is not there lose each of their
// games with the reason, and the others play on: the tournament ends
// with its standings, not an error.
func TestEngineThatCannotStart(t *testing.T) {
	cfg := quick(fake("a", fakeengine.Random, 0, 0), fake("b", fakeengine.Random, 0, 0),
		fake("mute", fakeengine.Mute, 0, 0),
		EngineSpec{Name: "quitter", Command: "exit 3"},
		EngineSpec{Name: "nothing", Command: "/nonexistent/engine"})
	cfg.Timeouts.Start = 400 * time.Millisecond
	cfg.MaxTurns = 6
	cfg.Records = filepath.Join(t.TempDir(), "records.txt")
	warnings := &syncBuffer{}
	cfg.Progress = warnings
	tour, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s, err := tour.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if s.Done != s.Total {
		t.Fatalf("%d of %d games played", s.Done, s.Total)
	}
	reasons := map[string]string{"mute": "neither ugi nor uci", "quitter": "exit", "nothing": "nothing"}
	var never []string
	for _, ns := range tour.NeverStarted() {
		never = append(never, ns.Name)
		if !strings.Contains(ns.Err.Error(), reasons[ns.Name]) {
			t.Errorf("NeverStarted: %s: %v, want %q", ns.Name, ns.Err, reasons[ns.Name])
		}
	}
	if strings.Join(never, " ") != "mute quitter nothing" {
		t.Errorf("NeverStarted: %v, want mute, quitter and nothing", never)
	}
	// Every game of an engine that never started is a forfeit of it,
	// counted as such in the standings.
	for _, e := range s.Engines {
		if _, broken := reasons[e.Name]; broken && (e.Forfeits[TermNoStart] != e.L || e.L == 0) {
			t.Errorf("%s: %d losses, forfeits %v; want every loss counted as never started", e.Name, e.L, e.Forfeits)
		}
	}
	if !strings.Contains(s.Text(), "forfeits of mute: ") || !strings.Contains(s.Text(), " never started") {
		t.Errorf("the standings do not list mute's forfeits:\n%s", s.Text())
	}
	for _, r := range readRecords(t, cfg.Records) {
		_, whiteBroken := reasons[r.White]
		_, blackBroken := reasons[r.Black]
		if whiteBroken && blackBroken {
			// Neither starts: White's forfeit is found first.
			if !strings.Contains(r.Reason, reasons[r.White]) || r.Score() != "0-1" {
				t.Errorf("game %d (%s vs %s): %s %q", r.Index, r.White, r.Black, r.Score(), r.Reason)
			}
			continue
		}
		for _, side := range []struct{ name, other string }{{r.White, r.Black}, {r.Black, r.White}} {
			want, broken := reasons[side.name]
			if !broken {
				continue
			}
			if r.Termination != TermNoStart || !strings.Contains(r.Reason, want) {
				t.Errorf("game %d (%s vs %s): %s, %q; want %s to lose with %q", r.Index, r.White, r.Black, r.Termination, r.Reason, side.name, want)
			}
			if _, otherBroken := reasons[side.other]; !otherBroken && r.Score() != map[bool]string{true: "0-1", false: "1-0"}[side.name == r.White] {
				t.Errorf("game %d: %s lost to %s? score %s", r.Index, side.other, side.name, r.Score())
			}
		}
		if _, ok := reasons[r.White]; !ok {
			if _, ok := reasons[r.Black]; !ok && (r.Termination == TermCrash || r.Termination == TermNoAnswer) {
				t.Errorf("game %d between working engines: %s (%s)", r.Index, r.Termination, r.Reason)
			}
		}
	}
	for name := range reasons {
		if !strings.Contains(warnings.String(), "engine "+name+" ") {
			t.Errorf("no warning names %s:\n%s", name, warnings)
		}
	}
}

// TestOptionRefused: an --option that an engine does not have, or whose
// value it rejects, stops the tournament before any game, naming the
// engine and the option; one it takes plays.
func TestOptionRefused(t *testing.T) {
	for _, tc := range []struct {
		opt  Option
		want string
	}{
		{Option{"Serch", "mcts"}, "announces no option"},
		{Option{"Hash", "abc"}, "not a whole number"},
	} {
		cfg := quick(fake("a", fakeengine.Random, 0, 0), fake("b", fakeengine.Random, 0, 0))
		cfg.Engines[1].Options = []Option{tc.opt}
		tour, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		s, err := tour.Run(context.Background())
		if err == nil || !strings.Contains(err.Error(), "engine b") || !strings.Contains(err.Error(), tc.opt.Name+"="+tc.opt.Value) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("--option b:%s=%s: Run: %v, want an error naming b, the option and %q", tc.opt.Name, tc.opt.Value, err, tc.want)
		}
		if s.Done != 0 {
			t.Errorf("--option b:%s=%s: %d games played", tc.opt.Name, tc.opt.Value, s.Done)
		}
	}
	cfg := quick(fake("a", fakeengine.Random, 0, 0), fake("b", fakeengine.Random, 0, 0))
	cfg.MaxTurns = 4
	cfg.Engines[1].Options = []Option{{"Hash", "64"}}
	if s := run(t, cfg); s.Done != s.Total {
		t.Errorf("with a good option, %d of %d games played", s.Done, s.Total)
	}
}
