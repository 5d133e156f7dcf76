package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"seega/match/stats"
)

// Tournament is a round robin between engines. New sets it up (and
// reads the records of an earlier run); Run plays what is left.
type Tournament struct {
	cfg     Config
	names   []string
	jobs    []job
	arbiter *arbiter
	log     *protoLog

	openMu   sync.Mutex
	openings map[int]Opening // generated openings, by number

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
// an error rather than a silent mix.
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
	t.tally = newTally(t.names)
	t.arbiter = &arbiter{
		rules: cfg.Rules, tc: cfg.TimeControl, margin: cfg.Margin, timeouts: cfg.Timeouts,
		maxTurns: cfg.MaxTurns, observer: cfg.Observer, warn: warnTo(cfg.Progress),
	}
	if cfg.Records != "" {
		if err := t.resume(); err != nil {
			return nil, err
		}
	}
	return t, nil
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
		t.done[recs[i].Index] = true
		t.tally.add(t.outcomeOf(&recs[i]))
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

// check matches a record from an earlier run against this schedule.
func (t *Tournament) check(r *Record) error {
	if r.Index < 0 || r.Index >= len(t.jobs) {
		return fmt.Errorf("it holds game %d, but this tournament has games 0 to %d", r.Index, len(t.jobs)-1)
	}
	if t.done[r.Index] {
		return fmt.Errorf("it holds game %d twice", r.Index)
	}
	j := t.jobs[r.Index]
	o, err := t.opening(j.Opening)
	if err != nil {
		return err
	}
	want := []struct{ what, got, want string }{
		{"White", r.White, t.names[j.White]},
		{"Black", r.Black, t.names[j.Black]},
		{"rules", r.Rules, t.cfg.Rules.String()},
		{"time control", r.TimeControl, t.cfg.TimeControl.String()},
		{"opening", r.OpeningLine, o.String()},
	}
	for _, w := range want {
		if w.got != w.want {
			return fmt.Errorf("game %d has %s %q, but this tournament schedules %q", r.Index, w.what, w.got, w.want)
		}
	}
	return nil
}

func (t *Tournament) outcomeOf(r *Record) outcome {
	j := t.jobs[r.Index]
	return outcome{index: r.Index, pair: j.Pair, white: j.White, black: j.Black, result: r.Outcome, captured: r.Captured}
}

// Standings is the state of the tournament now; safe to call at any
// time, from any goroutine (for standings on demand).
func (t *Tournament) Standings() Standings {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.standingsLocked()
}

func (t *Tournament) standingsLocked() Standings {
	s := t.tally.standings(len(t.jobs), t.cfg.SPRT)
	s.Stopped = t.stopped
	return s
}

// decided reports the SPRT's decision, if it has reached one.
func (t *Tournament) decided(s Standings) bool {
	return s.SPRT != nil && s.SPRT.Decision != stats.Continue
}

// Run plays every game not yet recorded, Concurrency at a time, and
// returns the final standings. It stops early when the SPRT decides, or
// when ctx is done: then the games under way are abandoned (not
// recorded), and Run returns ctx's error with the standings so far. A
// rerun with the same records file plays what is left.
func (t *Tournament) Run(ctx context.Context) (Standings, error) {
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
	if t.decided(start) {
		t.stopped = "the SPRT had already decided: " + start.SPRT.Decision.String()
		return t.Standings(), nil
	}
	if start.Done == len(t.jobs) {
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
		for _, j := range t.jobs {
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
	if t.cfg.Observer != nil {
		t.cfg.Observer.Standings(s)
	}
	return s, err
}

func (t *Tournament) isDone(i int) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.done[i]
}

// preflight starts each engine once, so that an engine that cannot start
// at all is a clear error at once, not a forfeit in every game; and
// warns about engines that do not announce every rule option.
func (t *Tournament) preflight(ctx context.Context) error {
	for _, spec := range t.cfg.Engines {
		e, err := startEngine(ctx, spec, t.cfg.Rules, t.cfg.Timeouts, t.log)
		if err != nil {
			return fmt.Errorf("engine %s (%s): %v", spec.Name, spec.Command, err)
		}
		if miss := e.missingRuleOptions(); len(miss) > 0 {
			t.arbiter.warn("engine %s does not announce the rule options %v: it may not play these rules; the arbiter applies them all the same", spec.Name, miss)
		}
		e.quit()
	}
	return nil
}

// finish books a finished game: the record first, then the tally, the
// progress line, and the SPRT.
func (t *Tournament) finish(rec *Record, cancel context.CancelFunc) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.done[rec.Index] {
		return
	}
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
	s := t.standingsLocked()
	if t.cfg.Progress != nil {
		fmt.Fprintf(t.cfg.Progress, "game %d: %s vs %s %s (%s: %s)\n%s\n",
			rec.Index+1, rec.White, rec.Black, rec.Score(), rec.Termination, rec.Reason, s.Progress())
	}
	if t.decided(s) && t.stopped == "" {
		t.stopped = "the SPRT decided: " + s.SPRT.Decision.String()
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
func (w *worker) engine(ctx context.Context, i int) (*engine, error) {
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
