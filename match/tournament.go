package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"

	"seega/match/stats"
)

// Tournament is a round robin between engines. New sets it up (and
// reads the records of an earlier run); Run plays what is left.
type Tournament struct {
	cfg     Config
	id      Identity
	names   []string
	jobs    []job // the whole schedule, by index
	mine    []job // what this run plays: the shard's slice, or every game
	arbiter *arbiter
	log     *protoLog
	// With a records directory shared by the shards: every shard's
	// games (the records this run writes too), and the other shards'
	// files, read between games.
	whole *union
	peers *peers

	openMu   sync.Mutex
	openings map[int]Opening // generated openings, by number

	// unstartable holds, for each engine that did not start at the
	// preflight, why: it loses its games with that reason, without being
	// launched again for each. Written before the games begin.
	unstartable map[int]error

	mu      sync.Mutex // guards what follows
	tally   *tally
	done    map[int]bool
	records *os.File
	stopped string
	err     error
}

// New checks the configuration, builds the schedule, and reads the
// records file if there is one: the games it holds count and are not
// played again. A records file made for another tournament (other
// engines in a game's place, other rules, time control or opening) is
// an error rather than a silent mix. With a records directory, the
// other shards' files are read too, and the same holds of them.
func New(cfg Config) (*Tournament, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	if cfg.Progress != nil {
		// Progress lines and warnings come from several goroutines.
		cfg.Progress = &lockedWriter{w: cfg.Progress}
	}
	t := &Tournament{cfg: cfg, openings: map[int]Opening{}, done: map[int]bool{}, log: newProtoLog(cfg.Log)}
	for _, e := range cfg.Engines {
		t.names = append(t.names, e.Name)
	}
	t.jobs = schedule(len(cfg.Engines), cfg.Games, cfg.Rounds, len(cfg.Openings))
	for _, j := range t.jobs {
		if cfg.Shard.has(j) {
			t.mine = append(t.mine, j)
		}
	}
	t.id = identityOf(cfg)
	t.tally = newTally(t.names)
	t.arbiter = &arbiter{
		rules: cfg.Rules, tcOf: cfg.timeControlOf, tcLabel: cfg.TimeControlLabel(), margin: cfg.Margin, timeouts: cfg.Timeouts,
		maxTurns: cfg.MaxTurns, observer: cfg.Observer, warn: warnTo(cfg.Progress),
	}
	if cfg.RecordsDir != "" {
		if err := os.MkdirAll(cfg.RecordsDir, 0o755); err != nil {
			return nil, fmt.Errorf("records directory: %v", err)
		}
		t.cfg.Records = filepath.Join(cfg.RecordsDir, cfg.Shard.FileName())
		ref := t.tag(&Record{Index: -1, Rules: cfg.Rules.String(), TimeControl: cfg.TimeControlLabel()})
		if t.whole, err = newUnion(ref, "this run"); err != nil {
			return nil, err
		}
		t.peers = &peers{dir: cfg.RecordsDir, own: cfg.Shard.FileName(), count: max(cfg.Shard.Count, 1), read: map[string]int64{}}
	}
	if t.cfg.Records != "" {
		if err := t.resume(); err != nil {
			return nil, err
		}
	}
	if t.peers != nil {
		if err := t.peers.poll(t.whole); err != nil {
			t.records.Close()
			return nil, err
		}
	}
	return t, nil
}

// tag marks a record with the tournament it belongs to.
func (t *Tournament) tag(r *Record) *Record {
	r.Tournament, r.Rounds, r.Shard = t.id, t.cfg.Rounds, t.cfg.Shard.String()
	return r
}

// opening returns opening number k.
func (t *Tournament) opening(k int) (Opening, error) {
	if t.cfg.Openings != nil {
		return t.cfg.Openings[k], nil
	}
	t.openMu.Lock()
	defer t.openMu.Unlock()
	if o, ok := t.openings[k]; ok {
		return o, nil
	}
	o, err := GenerateOpening(t.cfg.Rules, t.cfg.Seed, k, t.cfg.OpeningTurns)
	if err == nil {
		t.openings[k] = o
	}
	return o, err
}

// resume reads the records file, counts its games, cuts off a record
// left half written, and opens the file for appending.
func (t *Tournament) resume() error {
	f, err := os.OpenFile(t.cfg.Records, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	if err := lockRecords(f); err != nil {
		f.Close()
		return fmt.Errorf("%s: %v", t.cfg.Records, err)
	}
	recs, good, err := ReadRecords(f)
	if err != nil {
		f.Close()
		return fmt.Errorf("%s: %v", t.cfg.Records, err)
	}
	for i := range recs {
		if err := t.check(&recs[i]); err != nil {
			f.Close()
			return fmt.Errorf("%s: %v; use another --records file for another tournament", t.cfg.Records, err)
		}
		if err := t.replay(&recs[i]); err != nil {
			f.Close()
			return err
		}
		t.done[recs[i].Index] = true
		t.tally.add(t.outcomeOf(&recs[i]))
		if t.whole != nil {
			if err := t.whole.add(&recs[i], t.cfg.Records); err != nil {
				f.Close()
				return err
			}
		}
	}
	if torn, err := tornTail(f, good); err != nil {
		f.Close()
		return err
	} else if torn != "" {
		t.arbiter.warn("%s ends in %s, left half written when a run was stopped: it is dropped, and that game is played again", t.cfg.Records, torn)
	}
	if err := f.Truncate(good); err != nil {
		f.Close()
		return err
	}
	if _, err := f.Seek(good, 0); err != nil {
		f.Close()
		return err
	}
	t.records = f
	return nil
}

// tornTail describes what follows the last complete record of the
// records file f (good bytes long): "" if nothing does, else the torn
// record, by its game number where its first line gives one.
func tornTail(f *os.File, good int64) (string, error) {
	fi, err := f.Stat()
	if err != nil || fi.Size() <= good {
		return "", err
	}
	buf := make([]byte, min(fi.Size()-good, 256))
	if _, err := f.ReadAt(buf, good); err != nil && err != io.EOF {
		return "", err
	}
	what := fmt.Sprintf("an incomplete record (%d bytes)", fi.Size()-good)
	if m := gameTag.FindSubmatch(buf); m != nil {
		n, _ := strconv.Atoi(string(m[1]))
		what = fmt.Sprintf("an incomplete record of game %d (%d bytes)", n+1, fi.Size()-good)
	}
	return what, nil
}

// gameTag finds a record's game number, which is its Index.
var gameTag = regexp.MustCompile(`\[Game "(\d+)"\]`)

// check matches a record from an earlier run against this schedule.
func (t *Tournament) check(r *Record) error {
	if r.Index < 0 || r.Index >= len(t.jobs) {
		return fmt.Errorf("it holds game %d, but this tournament has games 0 to %d", r.Index, len(t.jobs)-1)
	}
	if t.done[r.Index] {
		return fmt.Errorf("it holds game %d twice", r.Index)
	}
	j := t.jobs[r.Index]
	if !t.cfg.Shard.has(j) {
		return fmt.Errorf("it holds game %d, which is not in the slice of shard %s: it is another shard's file, or one of a run with another shard count", r.Index, t.cfg.Shard)
	}
	if r.Tournament.Known() {
		if what, want, got := tournamentDiff(t.tag(&Record{Rules: t.cfg.Rules.String(), TimeControl: t.cfg.TimeControlLabel()}), r); what != "" {
			return fmt.Errorf("game %d has %s %q, but this tournament has %q", r.Index, what, got, want)
		}
	}
	o, err := t.opening(j.Opening)
	if err != nil {
		return err
	}
	want := []struct{ what, got, want string }{
		{"White", r.White, t.names[j.White]},
		{"Black", r.Black, t.names[j.Black]},
		{"rules", r.Rules, t.cfg.Rules.String()},
		{"time control", r.TimeControl, t.cfg.TimeControlLabel()},
		{"opening", r.OpeningLine, o.String()},
	}
	for _, w := range want {
		if w.got != w.want {
			return fmt.Errorf("game %d has %s %q, but this tournament schedules %q", r.Index, w.what, w.got, w.want)
		}
	}
	return nil
}

// replay plays a record from an earlier run again (Record.Replay), from
// its opening as this tournament sets it up, so that a damaged record is
// refused, with its line, rather than counted.
func (t *Tournament) replay(r *Record) error {
	o, err := t.opening(t.jobs[r.Index].Opening)
	if err != nil {
		return err
	}
	g, err := o.Game(t.cfg.Rules)
	if err != nil {
		return fmt.Errorf("opening %d (%s): %v", t.jobs[r.Index].Opening, o, err)
	}
	err = r.Replay(g, t.cfg.MaxTurns)
	var re *ReplayError
	if errors.As(err, &re) {
		return fmt.Errorf("%s:%d: %s: the record is damaged, and is not resumed from; remove the game's record (from its [Game] tag to its score line) to play it again", t.cfg.Records, re.Line, re.Msg)
	}
	return err
}

func (t *Tournament) outcomeOf(r *Record) outcome {
	return newOutcome(t.cfg.Shard.position(r.Index), t.jobs[r.Index], r)
}

// Standings is the state of the tournament now; safe to call at any
// time, from any goroutine (for standings on demand).
func (t *Tournament) Standings() Standings {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.standingsLocked()
}

// standingsLocked are this run's standings. A shard's are of its own
// games and have no SPRT: the SPRT is of the whole tournament (Whole,
// or Merge afterwards).
func (t *Tournament) standingsLocked() Standings {
	sprt := t.cfg.SPRT
	if t.cfg.Shard.Sharded() {
		sprt = nil
	}
	s := t.tally.standings(len(t.mine), sprt)
	if t.cfg.Shard.Sharded() {
		s.Shard = t.cfg.Shard.String()
	}
	s.Stopped = t.stopped
	s.Openings = t.id.openingsLabel()
	s.TimeControl = t.cfg.TimeControlLabel()
	return s
}

// Whole is the standings of every shard's games that the records
// directory holds, as they were at this run's last look; false without
// a records directory.
func (t *Tournament) Whole() (Standings, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.whole == nil {
		return Standings{}, false
	}
	return t.whole.standings(), true
}

// verdictLocked is the SPRT that stops this run, and what it decided:
// a whole run's own, or a shard's of all shards' games where it can see
// them; Continue where there is none or it has not decided.
func (t *Tournament) verdictLocked(s Standings) (string, stats.Decision) {
	switch {
	case !t.cfg.Shard.Sharded() && s.SPRT != nil:
		return "the SPRT", s.SPRT.Decision
	case t.cfg.Shard.Sharded() && t.whole != nil && t.whole.sprt != nil:
		return "the SPRT of all shards", t.whole.decision()
	}
	return "", stats.Continue
}

// Run plays every game not yet recorded, Concurrency at a time, and
// returns the final standings. It stops early when the SPRT decides, or
// when ctx is done: then the games under way are abandoned (not
// recorded), and Run returns ctx's error with the standings so far. A
// rerun with the same records file plays what is left. The standings it
// returns, and the last the Observer gets, are marked Final.
func (t *Tournament) Run(ctx context.Context) (Standings, error) {
	s, err := t.run(ctx)
	s.Final = true
	if t.cfg.Observer != nil {
		// However the run ended: a live view then shows the end, not
		// the last game's standings as if more were to come.
		t.cfg.Observer.Standings(s)
	}
	return s, err
}

func (t *Tournament) run(ctx context.Context) (Standings, error) {
	defer func() {
		if t.records != nil {
			t.records.Close()
		}
	}()
	start := t.Standings()
	if t.cfg.Observer != nil {
		t.cfg.Observer.Standings(start)
	}
	if start.Done > 0 && t.cfg.Progress != nil {
		fmt.Fprintf(t.cfg.Progress, "resumed: %s\n", start.Progress())
	}
	t.mu.Lock()
	who, verdict := t.verdictLocked(start)
	if verdict != stats.Continue {
		t.stopped = who + " had already decided: " + verdict.String()
	}
	t.mu.Unlock()
	if verdict != stats.Continue {
		return t.Standings(), nil
	}
	if start.Done == len(t.mine) {
		return start, nil
	}
	if err := t.preflight(ctx); err != nil {
		return t.Standings(), err
	}

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan job)
	go func() {
		defer close(jobs)
		for _, j := range t.mine {
			if t.isDone(j.Index) {
				continue
			}
			select {
			case jobs <- j:
			case <-runCtx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for slot := range t.cfg.Concurrency {
		wg.Go(func() {
			w := &worker{t: t, slot: slot, engines: make([]*engine, len(t.cfg.Engines))}
			defer w.close()
			for j := range jobs {
				rec, err := w.play(runCtx, j)
				if err != nil {
					if !errors.Is(err, errAbandoned) {
						t.fail(err, cancel)
					}
					continue
				}
				t.finish(rec, cancel)
			}
		})
	}
	wg.Wait()

	t.mu.Lock()
	err := t.err
	if err == nil && ctx.Err() != nil && t.stopped == "" {
		t.stopped = "stopped before the end"
		err = ctx.Err()
	}
	s := t.standingsLocked()
	t.mu.Unlock()
	return s, err
}

// NotStarted is an engine that never started, and why.
type NotStarted struct {
	Name string
	Err  error
}

// NeverStarted lists the engines that did not start when Run tried them,
// in the order of the command line; none before Run, or where Run found
// nothing left to play. Such an engine loses all its games, and a run
// with one is no tournament a script should take for played.
func (t *Tournament) NeverStarted() []NotStarted {
	var out []NotStarted
	for i, e := range t.cfg.Engines {
		if err := t.unstartable[i]; err != nil {
			out = append(out, NotStarted{Name: e.Name, Err: err})
		}
	}
	return out
}

func (t *Tournament) isDone(i int) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.done[i]
}

// preflight starts each engine once. An engine that rejects one of its
// --option settings stops the tournament before any game: its games would
// be played on settings nobody asked for. One that cannot start (it exits
// at once, or never finishes the handshake) loses each of its games with
// that reason, as an engine that crashes mid-game loses its game, and
// the others play on; it is not launched again for each game, which for
// a silent engine would cost the start timeout every time. It also warns
// about engines that do not announce every rule option.
func (t *Tournament) preflight(ctx context.Context) error {
	t.unstartable = map[int]error{}
	for i, spec := range t.cfg.Engines {
		e, err := startEngine(ctx, spec, t.cfg.Rules, t.cfg.Timeouts, t.log)
		var optErr *OptionError
		switch {
		case errors.As(err, &optErr):
			return err
		case ctx.Err() != nil:
			return ctx.Err()
		case err != nil:
			t.unstartable[i] = err
			t.arbiter.warn("engine %s (%s) did not start: %v; it loses its games", spec.Name, spec.Command, err)
			continue
		}
		if miss := e.missingRuleOptions(); len(miss) > 0 {
			t.arbiter.warn("engine %s does not announce the rule options %v: it may not play these rules; the arbiter applies them all the same", spec.Name, miss)
		}
		e.quit()
	}
	return nil
}

// finish books a finished game: the record first, then the tally, the
// other shards' new games, the progress line, and the SPRT.
func (t *Tournament) finish(rec *Record, cancel context.CancelFunc) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.done[rec.Index] {
		return
	}
	t.tag(rec)
	if t.records != nil {
		if _, err := t.records.Write(rec.Format()); err != nil {
			t.failLocked(fmt.Errorf("writing %s: %v", t.cfg.Records, err), cancel)
			return
		}
		if err := t.records.Sync(); err != nil {
			t.failLocked(fmt.Errorf("writing %s: %v", t.cfg.Records, err), cancel)
			return
		}
	}
	t.done[rec.Index] = true
	t.tally.add(t.outcomeOf(rec))
	if t.whole != nil {
		err := t.whole.add(rec, t.cfg.Records)
		if err == nil {
			err = t.peers.poll(t.whole)
		}
		if err != nil {
			t.failLocked(err, cancel)
			return
		}
	}
	s := t.standingsLocked()
	if t.cfg.Progress != nil {
		fmt.Fprintf(t.cfg.Progress, "game %d: %s vs %s %s (%s: %s)\n%s\n",
			rec.Index+1, rec.White, rec.Black, rec.Score(), rec.Termination, rec.Reason, s.Progress())
		if t.whole != nil && t.cfg.Shard.Sharded() {
			fmt.Fprintf(t.cfg.Progress, "all shards: %s\n", t.whole.standings().Progress())
		}
	}
	if who, verdict := t.verdictLocked(s); verdict != stats.Continue && t.stopped == "" {
		t.stopped = who + " decided: " + verdict.String()
		s.Stopped = t.stopped
		cancel()
	}
	if t.cfg.Observer != nil {
		t.cfg.Observer.Standings(s)
	}
}

func (t *Tournament) fail(err error, cancel context.CancelFunc) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.failLocked(err, cancel)
}

func (t *Tournament) failLocked(err error, cancel context.CancelFunc) {
	if t.err == nil {
		t.err = err
		t.stopped = "stopped by an error"
	}
	cancel()
}

// worker plays games one after another, keeping one process per engine
// between games and restarting an engine that broke.
type worker struct {
	t       *Tournament
	slot    int
	engines []*engine
}

// engine returns engine i ready for a game, restarting it if it broke.
// An engine that did not start at the preflight is not tried again: the
// error is the preflight's.
func (w *worker) engine(ctx context.Context, i int) (*engine, error) {
	if err := w.t.unstartable[i]; err != nil {
		return nil, err
	}
	if e := w.engines[i]; e != nil && !e.broken {
		return e, nil
	}
	if e := w.engines[i]; e != nil {
		e.kill()
		w.engines[i] = nil
	}
	e, err := startEngine(ctx, w.t.cfg.Engines[i], w.t.cfg.Rules, w.t.cfg.Timeouts, w.t.log)
	if err != nil {
		return nil, err
	}
	w.engines[i] = e
	return e, nil
}

func (w *worker) play(ctx context.Context, j job) (*Record, error) {
	if ctx.Err() != nil {
		return nil, errAbandoned
	}
	o, err := w.t.opening(j.Opening)
	if err != nil {
		return nil, err
	}
	g, err := o.Game(w.t.cfg.Rules)
	if err != nil {
		return nil, fmt.Errorf("opening %d (%s): %v", j.Opening, o, err)
	}
	var engines [2]*engine
	var startErr [2]error
	for side, idx := range []int{j.White, j.Black} {
		engines[side], startErr[side] = w.engine(ctx, idx)
	}
	if ctx.Err() != nil {
		return nil, errAbandoned
	}
	st := &gameState{job: j, slot: w.slot, names: [2]string{w.t.names[j.White], w.t.names[j.Black]}, opening: o, g: g}
	rec, err := w.t.arbiter.play(ctx, st, engines, startErr)
	if errors.Is(err, errAbandoned) {
		// The engines may be mid-search: start afresh next time.
		for _, e := range engines {
			if e != nil {
				e.broken = true
			}
		}
	}
	return rec, err
}

func (w *worker) close() {
	for _, e := range w.engines {
		if e != nil {
			e.quit()
		}
	}
}

// lockedWriter serializes writes from the tournament's goroutines.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
