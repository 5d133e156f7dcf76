package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/pflag"

	"seega/match"
	"seega/match/live"
	"seega/match/stats"
	"seega/openings"
)

func init() {
	register("match", "play a tournament between UGI engines, with SPRT, records and a live view", runMatch)
}

const matchUsage = `usage: seega match --engine NAME=COMMAND --engine NAME=COMMAND [options]
       seega match merge FILE|DIR...

Plays a round robin between engines that speak UGI (or UCI), keeps every
game with the rules of docs/rules.md, and judges it: an illegal or
unparsable move, a crash, no answer, or a turn over its time loses, with
the reason recorded. Games come in pairs: one opening, played twice with
colours swapped. Progress goes to stderr after each game; the standings
go to stdout at the end.

Standings on demand: send SIGUSR1 (kill -USR1 <pid>), or press Enter when
stdin is a terminal. Ctrl-C stops: games under way are abandoned, the
standings are printed, and a rerun with the same --records resumes.

Many machines: --shard K/N plays the K-th (from 0) of N disjoint slices
of the schedule, so that N runs of one command line play between them
exactly the games of one run; --shard-count N --shard-index-env VAR
takes K from the environment (JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID).
With --records-dir on a file system the shards share, each shard reads
the others' records between games, and with --sprt all stop once the
SPRT of all their games decides. 'seega match merge' prints the
standings of the whole from the shards' records; docs/distributed.md
has recipes for Kubernetes, Slurm and GNU parallel.

Forfeits (games lost on time, by a crash or silence, by an illegal move,
or by an engine that never started) count as losses, and the standings
count them apart, per engine and reason; a WARNING says when leaving
them out would change who leads a pairing.

A rerun with --records replays every recorded game through the rules,
and refuses a damaged record with its line. With --serve, the live view
shows the final standings after the end until interrupted (or for
--serve-linger).

Exit status: 0 when the tournament was played; 1 on an error, or when
an engine never started (after the standings); 2 for a mistake on the
command line, an output path that cannot be written, or records that
cannot be resumed; 130 when interrupted.

Examples:
  seega match --engine new=./bin/seega --engine old='./bin/seega-old' \
      --tc movetime=100 --rounds 200 --concurrency 2 --records new-old.txt
  seega match --engine a=./bin/seega --engine b=./bin/seega --option b:Search=mcts \
      --variant classic --tc turn=60s --serve 127.0.0.1:8080
  seega match --engine new=./new --engine base=./base --sprt elo0=0,elo1=10 \
      --tc clock=10000+100 --records sprt.txt
  seega match --engine full=./bin/seega --engine quarter=./bin/seega --variant sudanese \
      --tc nodes=2000 --engine-tc quarter:nodes=500 --rounds 200
  seega match --engine new=./new --engine base=./base --sprt elo0=0,elo1=5 \
      --shard-count 8 --shard-index-env JOB_COMPLETION_INDEX --records-dir /shared/new-base
  seega match merge /shared/new-base

Options:
`

// matchSetup is what the command line asks for.
type matchSetup struct {
	cfg   match.Config
	serve string
	log   string
	// linger is how long the live view outlives the tournament: nil
	// for until the process is interrupted.
	linger *time.Duration
}

func parseMatchArgs(args []string, stderr io.Writer) (*matchSetup, error) {
	fs := pflag.NewFlagSet("match", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.SortFlags = false
	fs.Usage = func() {
		fmt.Fprint(stderr, matchUsage)
		fs.PrintDefaults()
	}
	engines := fs.StringArray("engine", nil, "an engine, `NAME=COMMAND`: its name in the results, and the shell command that starts it (twice or more)")
	options := fs.StringArray("option", nil, "an engine option, `ENGINE:OPT=VALUE`, e.g. new:Hash=64, or *:OPT=VALUE for every engine (repeatable; the rule flags set the rules for both engines)")
	games := fs.Int("games", 2, "games per pairing in each round; even: each opening is played twice, colours swapped")
	rounds := fs.Int("rounds", 0, "rounds (default 1; 100000 with --sprt, which stops the match when it decides)")
	concurrency := fs.Int("concurrency", 1, "games played at once")
	tc := fs.String("tc", "movetime=100", "time control `SPEC`: movetime=MS, clock=MS+INC, nodes=N (a node budget a turn: the same strength on a loaded machine), or turn=60s (the [AR] rule: a turn over 60 s loses); parts combine with commas, e.g. clock=300000+0,turn=60s")
	engineTCs := fs.StringArray("engine-tc", nil, "an engine's own time control, `ENGINE:SPEC`, for time odds: e.g. --tc nodes=2000 --engine-tc quarter:nodes=500 (repeatable; the same parts as --tc, other amounts)")
	margin := fs.Int("margin", int(match.DefaultMargin/time.Millisecond), "ms allowed over movetime or the clock for pipes and scheduling (the turn= limit gets none)")
	openingsFile := fs.String("openings", "", "openings `FILE`: one a line, a SeFEN, \"startpos moves …\" or \"fen <SeFEN> moves …\" (a suite file of 'seega openings'); \"random\" for random placements of --opening-turns turns; default: the suite shipped for the rules, else random placements")
	openingTurns := fs.Int("opening-turns", match.DefaultOpeningTurns, "placement turns in a random opening (even keeps White to act; 0 starts every game from the start position); giving it plays random openings")
	seed := fs.Uint64("seed", 1, "seed of the generated openings (a rerun needs the same one to resume)")
	sprt := fs.String("sprt", "", "stop when the SPRT decides; `SPEC` is elo0=A,elo1=B[,alpha=0.05][,beta=0.05][,model=normalized|logistic]; tests the first engine against the second, pentanomially, as fastchess does")
	records := fs.String("records", "", "records `FILE`: each game appended as it ends; a rerun with the same file resumes")
	recordsDir := fs.String("records-dir", "", "keep the records in `DIR` instead, as shard-K-of-N.txt: on a file system the shards share, each reads the others' records between games, and --sprt stops them all once it decides")
	shard := fs.String("shard", "", "play only shard `K/N`: the K-th (0 to N-1) of N disjoint slices of the schedule; N runs play exactly one run's games")
	shardCount := fs.Int("shard-count", 0, "the N of --shard, when K comes from --shard-index-env")
	shardEnv := fs.String("shard-index-env", "", "read the shard index K from environment variable `VAR` (e.g. JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID), so one command line serves every shard")
	serve := fs.String("serve", "", "serve a live view at `ADDR` (e.g. 127.0.0.1:8080; port 0 picks one); after the end it shows the final standings until interrupted")
	serveLinger := fs.Duration("serve-linger", 0, "with --serve: after the end, keep serving the final standings this long, then exit (default: until interrupted)")
	maxTurns := fs.Int("max-turns", 500, "a game is drawn after this many engine turns (0: no limit)")
	logFile := fs.String("log", "", "write every protocol line to and from the engines to `FILE`")
	grace := fs.Duration("grace", match.DefaultTimeouts.Grace, "how long past its time the runner waits for a bestmove, to tell slow (loses on time) from hung (loses for no answer, restarted)")
	startTimeout := fs.Duration("start-timeout", match.DefaultTimeouts.Start, "time an engine has to start and answer ugi")
	rf := addRulesFlags(fs)
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q (engines are given with --engine NAME=COMMAND)", fs.Arg(0))
	}
	rules, err := rf.rules()
	if err != nil {
		return nil, err
	}
	cfg := match.Config{
		Rules: rules, Games: *games, Rounds: *rounds, Concurrency: *concurrency,
		Margin: time.Duration(*margin) * time.Millisecond, OpeningTurns: *openingTurns, Seed: *seed,
		Records: *records, RecordsDir: *recordsDir, MaxTurns: *maxTurns,
		Timeouts: match.Timeouts{Start: *startTimeout, Grace: *grace},
	}
	if len(*engines) < 2 {
		return nil, fmt.Errorf("give at least two engines: --engine NAME=COMMAND --engine NAME=COMMAND")
	}
	for _, s := range *engines {
		spec, err := match.ParseEngineSpec(s)
		if err != nil {
			return nil, fmt.Errorf("--engine: %v", err)
		}
		cfg.Engines = append(cfg.Engines, spec)
	}
	for _, s := range *options {
		name, opt, err := match.ParseEngineOption(s)
		if err != nil {
			return nil, fmt.Errorf("--option: %v", err)
		}
		named := enginesNamed(cfg.Engines, name)
		if len(named) == 0 {
			return nil, fmt.Errorf("--option %s: no engine is named %q", s, name)
		}
		for _, e := range named {
			e.Options = append(e.Options, opt)
		}
	}
	if cfg.TimeControl, err = match.ParseTimeControl(*tc); err != nil {
		return nil, fmt.Errorf("--tc: %v", err)
	}
	for _, s := range *engineTCs {
		name, etc, err := match.ParseEngineTimeControl(s)
		if err != nil {
			return nil, fmt.Errorf("--engine-tc: %v", err)
		}
		if name == match.EveryEngine {
			return nil, fmt.Errorf("--engine-tc %s: a time control for every engine is --tc", s)
		}
		named := enginesNamed(cfg.Engines, name)
		if len(named) == 0 {
			return nil, fmt.Errorf("--engine-tc %s: no engine is named %q", s, name)
		}
		for _, e := range named {
			if e.TimeControl != (match.TimeControl{}) {
				return nil, fmt.Errorf("--engine-tc %s: engine %q has a time control already", s, name)
			}
			e.TimeControl = etc
		}
	}
	if *margin < 0 {
		return nil, fmt.Errorf("--margin %d: must not be negative", *margin)
	}
	if *games <= 0 || *games%2 != 0 {
		return nil, fmt.Errorf("--games %d: must be even and positive: each opening is played twice, colours swapped", *games)
	}
	if *rounds < 0 || *concurrency <= 0 || *maxTurns < 0 {
		return nil, fmt.Errorf("--rounds, --concurrency and --max-turns must not be negative (and --concurrency at least 1)")
	}
	// --rounds left out means one round (or the SPRT's many); given, it
	// must ask for some: 0 would otherwise silently play one.
	if fs.Changed("rounds") && *rounds < 1 {
		return nil, fmt.Errorf("--rounds %d: want at least 1 round", *rounds)
	}
	if *grace < 0 {
		return nil, fmt.Errorf("--grace %v: must not be negative", *grace)
	}
	if *startTimeout <= 0 {
		return nil, fmt.Errorf("--start-timeout %v: must be positive", *startTimeout)
	}
	if *serveLinger < 0 {
		return nil, fmt.Errorf("--serve-linger %v: must not be negative", *serveLinger)
	}
	if fs.Changed("serve-linger") && *serve == "" {
		return nil, fmt.Errorf("--serve-linger needs --serve ADDR: there is no live view to keep serving")
	}
	if *records != "" && *recordsDir != "" {
		return nil, fmt.Errorf("--records and --records-dir: give one (a shard's file in --records-dir is named for it)")
	}
	if cfg.Shard, err = parseShardFlags(*shard, *shardCount, *shardEnv); err != nil {
		return nil, err
	}
	if *sprt != "" {
		test, err := stats.ParseSPRT(*sprt)
		if err != nil {
			return nil, fmt.Errorf("--sprt: %v", err)
		}
		cfg.SPRT = &test
		if cfg.Shard.Sharded() && *recordsDir == "" && *rounds == 0 {
			return nil, fmt.Errorf("--sprt with --shard needs --records-dir DIR on a file system the shards share, so that they stop together when the SPRT decides; without one, give --rounds: the shards then play their slices whole, and 'seega match merge' gives the SPRT")
		}
		if *rounds == 0 {
			cfg.Rounds = 100000
		}
	}
	if err := chooseOpenings(&cfg, *openingsFile, fs.Changed("opening-turns"), stderr); err != nil {
		return nil, err
	}
	setup := &matchSetup{cfg: cfg, serve: *serve, log: *logFile}
	if fs.Changed("serve-linger") {
		setup.linger = serveLinger
	}
	return setup, nil
}

// chooseOpenings sets where the games start: the --openings file; random
// placements where --openings random or --opening-turns asks for them;
// else the shipped suite for the tournament's rules (package openings),
// or random placements, said on stderr, where no suite was built for
// these rules.
func chooseOpenings(cfg *match.Config, file string, turnsGiven bool, stderr io.Writer) error {
	switch {
	case file == "random" || (file == "" && turnsGiven):
		if cfg.OpeningTurns == 0 {
			// No random turns: every game starts from the start position.
			cfg.Openings = []match.Opening{{}}
		}
		return nil
	case file != "":
		data, err := os.ReadFile(file)
		if err != nil {
			return fmt.Errorf("--openings: %v", err)
		}
		if cfg.Openings, err = match.ReadOpenings(bytes.NewReader(data), cfg.Rules); err != nil {
			return fmt.Errorf("--openings %s: %v", file, err)
		}
		noteSuiteFile(cfg, data, file, stderr)
		return nil
	}
	suite, ok, err := openings.ForRules(cfg.Rules)
	if err != nil {
		return fmt.Errorf("the shipped opening suites: %v", err)
	}
	if !ok {
		fmt.Fprintf(stderr, "seega match: no opening suite is shipped for these rules; the games start from random placements of %d turns (--openings FILE plays a suite built with 'seega openings')\n", cfg.OpeningTurns)
		return nil
	}
	for i, line := range suite.Lines {
		o, err := match.ParseOpening(line, cfg.Rules)
		if err != nil {
			return fmt.Errorf("the shipped suite %s, position %d: %v", suite.Name, i+1, err)
		}
		cfg.Openings = append(cfg.Openings, o)
	}
	cfg.Suite = suite.Name
	return nil
}

// noteSuiteFile names the tournament's openings after the suite in data,
// where file is a suite file of 'seega openings' (it has a rules line), and
// says on stderr when that suite was built for other rules than the
// tournament's: its positions were judged level under those rules only.
func noteSuiteFile(cfg *match.Config, data []byte, file string, stderr io.Writer) {
	name := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	suite, err := openings.Parse(name, bytes.NewReader(data))
	if err != nil {
		return // a plain openings file: no rules line to compare
	}
	cfg.Suite = suite.Name
	if !openings.SameRules(suite.Rules, cfg.Rules) {
		fmt.Fprintf(stderr, "seega match: warning: --openings %s was built for %s, and the tournament plays %s; its positions were judged level under their own rules only\n",
			file, suite.Rules, cfg.Rules)
	}
}

// parseShardFlags reads --shard K/N, or --shard-count N with the index
// from the environment variable --shard-index-env names.
func parseShardFlags(shard string, count int, env string) (match.Shard, error) {
	switch {
	case shard != "" && (count != 0 || env != ""):
		return match.Shard{}, fmt.Errorf("--shard %s: give either --shard K/N, or --shard-count N with --shard-index-env VAR, not both", shard)
	case shard != "":
		sh, err := match.ParseShard(shard)
		if err != nil {
			return sh, fmt.Errorf("--shard: %v", err)
		}
		return sh, nil
	case env != "" && count < 1:
		return match.Shard{}, fmt.Errorf("--shard-index-env %s: give the number of shards with --shard-count N", env)
	case count != 0 && env == "":
		return match.Shard{}, fmt.Errorf("--shard-count %d: say where the index comes from with --shard-index-env VAR (or write --shard K/%d)", count, count)
	case env == "":
		return match.Shard{}, nil
	}
	v, ok := os.LookupEnv(env)
	if !ok || strings.TrimSpace(v) == "" {
		return match.Shard{}, fmt.Errorf("--shard-index-env %s: the environment variable %s is not set", env, env)
	}
	sh, err := match.ParseShardIndex(v, count)
	if err != nil {
		return sh, fmt.Errorf("--shard-index-env %s (= %q): %v", env, v, err)
	}
	return sh, nil
}

func runMatch(args []string) int {
	if len(args) > 0 && args[0] == "merge" {
		return runMatchMerge(args[1:], os.Stdout, os.Stderr)
	}
	setup, err := parseMatchArgs(args, os.Stderr)
	if errors.Is(err, pflag.ErrHelp) {
		return 0
	}
	if err != nil {
		// The usage line, not the whole page of options: the mistake
		// stays in sight.
		usageLine, _, _ := strings.Cut(matchUsage, "\n")
		fmt.Fprintf(os.Stderr, "seega match: %v\n\n%s\nRun 'seega match --help' for the options.\n", err, usageLine)
		return 2
	}
	if err := checkMatchOutputs(setup); err != nil {
		usageLine, _, _ := strings.Cut(matchUsage, "\n")
		fmt.Fprintf(os.Stderr, "seega match: %v\n\n%s\n", err, usageLine)
		return 2
	}
	cfg := setup.cfg
	cfg.Progress = os.Stderr
	if setup.log != "" {
		f, err := os.Create(setup.log)
		if err != nil {
			return fail("match", 2, fmt.Sprintf("--log %s: %v", setup.log, err))
		}
		defer f.Close()
		cfg.Log = f
	}
	var names []string
	for _, e := range cfg.Engines {
		names = append(names, e.Name)
	}
	var srv *live.Server
	var liveURL string
	if setup.serve != "" {
		title := fmt.Sprintf("%s — %s %d×%d, %s", strings.Join(names, " vs "), cfg.Rules.Variant, cfg.Rules.BoardSize, cfg.Rules.BoardSize, cfg.TimeControlLabel())
		srv = live.New(title)
		url, shutdown, err := live.Serve(setup.serve, srv)
		if err != nil {
			fmt.Fprintln(os.Stderr, "seega match: --serve:", err)
			return 2
		}
		defer shutdown()
		cfg.Observer = srv
		liveURL = url
		fmt.Fprintln(os.Stderr, "live view at", url)
	}
	tour, err := match.New(cfg)
	if err != nil {
		return fail("match", 2, err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		// After the first Ctrl-C stops the match, a second one kills at once.
		<-ctx.Done()
		stop()
	}()
	showStandings(ctx, tour)

	s, err := tour.Run(ctx)
	if s.Done > 0 || err == nil {
		fmt.Print(s.Text())
	}
	// Said on stderr too, where a script or a person watching the
	// progress sees it, and not only in the table.
	for _, w := range s.ForfeitWarnings() {
		fmt.Fprintf(os.Stderr, "seega match: warning: %s\n", w)
	}
	if whole, ok := tour.Whole(); ok && cfg.Shard.Sharded() && whole.Done > 0 {
		fmt.Printf("\nAll shards, from the records in %s:\n%s", cfg.RecordsDir, whole.Text())
	}
	for _, ns := range tour.NeverStarted() {
		fmt.Fprintf(os.Stderr, "seega match: engine %s never started: %v\n", ns.Name, ns.Err)
	}
	// Decided before lingering: a Ctrl-C that ends the lingering does
	// not make a finished tournament a stopped one.
	interrupted := err != nil && ctx.Err() != nil
	if srv != nil && ctx.Err() == nil {
		lingerServing(ctx, liveURL, setup.linger, os.Stderr)
	}
	switch {
	case interrupted:
		records := cfg.Records
		if cfg.RecordsDir != "" {
			records = filepath.Join(cfg.RecordsDir, cfg.Shard.FileName())
		}
		fmt.Fprintln(os.Stderr, "seega match: stopped.", resumeHint(records))
		return 130
	case err != nil:
		fmt.Fprintln(os.Stderr, "seega match:", err)
		var optErr *match.OptionError
		if errors.As(err, &optErr) {
			return 2 // a mistake on the command line
		}
		return 1
	case len(tour.NeverStarted()) > 0:
		// The standings are written, but a script must not take them
		// for a tournament that was played.
		return 1
	}
	return 0
}

// checkMatchOutputs checks, before any game, that the files and the
// directory the match writes can be written: a records file found
// unusable after the games would lose them all.
func checkMatchOutputs(setup *matchSetup) error {
	if p := setup.cfg.Records; p != "" {
		if err := checkOutputFile(p); err != nil {
			return fmt.Errorf("--records %s: %v", p, err)
		}
	}
	if d := setup.cfg.RecordsDir; d != "" {
		if err := checkOutputDir(d); err != nil {
			return fmt.Errorf("--records-dir %s: %v", d, err)
		}
	}
	if p := setup.log; p != "" {
		if err := checkOutputFile(p); err != nil {
			return fmt.Errorf("--log %s: %v", p, err)
		}
	}
	return nil
}

// lingerServing keeps the process, and so the live view at url, alive
// after the tournament's end, so that spectators see the final standings
// rather than a page that lost its server: until ctx ends (an interrupt)
// where linger is nil, else for *linger at most.
func lingerServing(ctx context.Context, url string, linger *time.Duration, stderr io.Writer) {
	if linger == nil {
		fmt.Fprintf(stderr, "seega match: the live view at %s shows the final standings until interrupted (Ctrl-C; --serve-linger DURATION to stop by itself)\n", url)
		<-ctx.Done()
		return
	}
	if *linger <= 0 {
		return
	}
	fmt.Fprintf(stderr, "seega match: the live view at %s shows the final standings for %v\n", url, *linger)
	select {
	case <-ctx.Done():
	case <-time.After(*linger):
	}
}

func resumeHint(records string) string {
	if records == "" {
		return "Without --records the games played are not kept."
	}
	return fmt.Sprintf("Run the same command again to resume from %s.", records)
}

// showStandings prints the standings to stderr on SIGUSR1, and on Enter
// when stdin is a terminal, until ctx ends.
func showStandings(ctx context.Context, tour *match.Tournament) {
	usr1 := make(chan os.Signal, 1)
	signal.Notify(usr1, syscall.SIGUSR1)
	enter := make(chan struct{})
	if fi, err := os.Stdin.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
		go func() {
			sc := bufio.NewScanner(os.Stdin)
			for sc.Scan() {
				select {
				case enter <- struct{}{}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer signal.Stop(usr1)
		for {
			select {
			case <-usr1:
			case <-enter:
			case <-ctx.Done():
				return
			}
			fmt.Fprint(os.Stderr, "\n"+tour.Standings().Text()+"\n")
		}
	}()
}

// enginesNamed returns the engines of the command line called name, for
// the flags that address an engine by name (--option, --engine-tc), or
// all of them for match.EveryEngine. Names must be unique, which the
// match checks; until then every engine of that name gets the setting.
func enginesNamed(engines []match.EngineSpec, name string) []*match.EngineSpec {
	var named []*match.EngineSpec
	for i := range engines {
		if name == match.EveryEngine || engines[i].Name == name {
			named = append(named, &engines[i])
		}
	}
	return named
}
