package match

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"seega/match/internal/fakeengine"
	"seega/match/stats"
)

func TestParseShard(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Shard
		err  string
	}{
		{"0/3", Shard{0, 3}, ""},
		{" 2 / 3 ", Shard{2, 3}, ""},
		{"0/1", Shard{0, 1}, ""},
		{"3/3", Shard{}, "want 0 to 2"},
		{"-1/3", Shard{}, "want 0 to 2"},
		{"1", Shard{}, "want K/N"},
		{"a/3", Shard{}, "not a number"},
		{"0/0", Shard{}, "not a positive number"},
	} {
		got, err := ParseShard(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseShard(%q): %v, want an error with %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, name := range []string{"shard-0-of-3.txt", "shard-12-of-40.txt"} {
		if !isShardFile(name) {
			t.Errorf("isShardFile(%q) is false", name)
		}
	}
	for _, name := range []string{"shard-0-of-3.txt~", "shard-00-of-3.txt", "shard-a-of-3.txt", "records.txt", "shard-0-of-3.txt.bak"} {
		if isShardFile(name) {
			t.Errorf("isShardFile(%q) is true", name)
		}
	}
}

// TestShardSlices: the shards of a schedule are disjoint, cover it, hold
// whole pairs, and position numbers each shard's games without gaps.
func TestShardSlices(t *testing.T) {
	jobs := schedule(3, 4, 5, 0)
	for _, n := range []int{1, 2, 3, 7} {
		owner := map[int]int{}
		for k := range n {
			sh := Shard{k, n}
			pos := 0
			for _, j := range jobs {
				if !sh.has(j) {
					continue
				}
				if prev, ok := owner[j.Index]; ok {
					t.Errorf("%d shards: game %d in shards %d and %d", n, j.Index, prev, k)
				}
				owner[j.Index] = k
				if p := sh.position(j.Index); p != pos {
					t.Errorf("shard %v: game %d at position %d, want %d", sh, j.Index, p, pos)
				}
				pos++
			}
		}
		for _, j := range jobs {
			if owner[j.Index] != owner[j.Pair*2] {
				t.Errorf("%d shards: game %d is not with its pair's other game", n, j.Index)
			}
		}
		if len(owner) != len(jobs) {
			t.Errorf("%d shards hold %d of %d games", n, len(owner), len(jobs))
		}
	}
}

// runChild starts cfg's tournament in a process of its own (TestMain's
// envTournament), the way each shard of a batch job runs.
func runChild(t *testing.T, cfg Config) (*exec.Cmd, *bytes.Buffer, *syncBuffer) {
	t.Helper()
	js, err := json.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), envTournament+"="+string(js))
	stdout, stderr := &bytes.Buffer{}, &syncBuffer{}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, stdout, stderr
}

// waitChild waits for a child tournament and returns what it reported.
func waitChild(t *testing.T, cmd *exec.Cmd, stdout *bytes.Buffer, stderr *syncBuffer) childResult {
	t.Helper()
	err := cmd.Wait()
	var res childResult
	if jerr := json.Unmarshal(stdout.Bytes(), &res); jerr != nil || err != nil {
		t.Fatalf("child tournament: %v (%v); stderr:\n%s", err, jerr, stderr)
	}
	return res
}

// replayable is a tournament whose games come out the same in any
// process: the fake engines play the same turn in the same position,
// and the margin is wide enough that no turn is lost on time on a
// loaded machine. Three engines, so that there are several pairings.
func replayable() Config {
	cfg := quick(fake("alpha", fakeengine.Random, 0, 0), fake("beta", fakeengine.Random, 0, 0), fake("gamma", fakeengine.Random, 0, 0))
	cfg.Rounds, cfg.Seed, cfg.MaxTurns = 3, 7, 120
	cfg.Margin = 3 * time.Second
	return cfg
}

// gameKey is what a game's place in the schedule fixes.
type gameKey struct {
	White, Black, Opening, Start string
	Round, Pair, OpeningNo       int
}

func keyOf(r Record) gameKey {
	return gameKey{r.White, r.Black, r.OpeningLine, r.Start, r.Round, r.Pair, r.Opening}
}

// TestShardsMergeToTheSingleRun plays a tournament as 3 shards in
// parallel processes and once whole, and checks that the shards played
// exactly the single run's games (each game's opening, colours and
// engines), that the merge prints the single run's standings, that the
// merged totals are the sums of the shards', and that a file merged
// twice, a copy of it, or a file of another tournament is refused.
func TestShardsMergeToTheSingleRun(t *testing.T) {
	dir := t.TempDir()
	const n = 3
	single := replayable()
	single.Records = filepath.Join(dir, "single.txt")

	var files []string
	type proc struct {
		cmd    *exec.Cmd
		stdout *bytes.Buffer
		stderr *syncBuffer
	}
	var procs []proc
	for k := range n {
		cfg := replayable()
		cfg.Shard = Shard{k, n}
		cfg.Records = filepath.Join(dir, fmt.Sprintf("part%d.txt", k))
		files = append(files, cfg.Records)
		cmd, out, errOut := runChild(t, cfg)
		procs = append(procs, proc{cmd, out, errOut})
	}
	want := run(t, single)
	for k, p := range procs {
		res := waitChild(t, p.cmd, p.stdout, p.stderr)
		if res.Err != "" || !strings.Contains(res.Text, fmt.Sprintf("Standings of shard %d/%d", k, n)) {
			t.Errorf("shard %d: %q\n%s", k, res.Err, res.Text)
		}
	}

	// The schedule played.
	byIndex := map[int]Record{}
	for _, r := range readRecords(t, single.Records) {
		byIndex[r.Index] = r
	}
	if len(byIndex) != want.Total {
		t.Fatalf("single run: %d records of %d games", len(byIndex), want.Total)
	}
	played := map[int]int{}
	for k, f := range files {
		for _, r := range readRecords(t, f) {
			played[r.Index]++
			if r.Shard != (Shard{k, n}).String() || (r.Index/2)%n != k {
				t.Errorf("%s: game %d, tagged shard %q", f, r.Index, r.Shard)
			}
			if w := byIndex[r.Index]; keyOf(w) != keyOf(r) {
				t.Errorf("game %d: the shard played %+v, the single run %+v", r.Index, keyOf(r), keyOf(w))
			}
		}
	}
	for i := range want.Total {
		if played[i] != 1 {
			t.Errorf("game %d played %d times by the shards, want once", i, played[i])
		}
	}

	// The merge prints what the single run printed.
	got, notes, err := Merge(files)
	if err != nil {
		t.Fatal(err)
	}
	if got.Text() != want.Text() {
		t.Errorf("merged standings:\n%s\nthe single run's:\n%s", got.Text(), want.Text())
	}
	if len(notes) != n || !strings.Contains(notes[0], "part0.txt: ") {
		t.Errorf("notes %q, want one per file", notes)
	}

	// Merged totals are the shards' sums.
	sum := map[string][4]int{}
	var penta [3][5]int
	done := 0
	for _, f := range files {
		s, _, err := Merge([]string{f})
		if err != nil {
			t.Fatal(err)
		}
		done += s.Done
		for _, e := range s.Engines {
			v := sum[e.Name]
			sum[e.Name] = [4]int{v[0] + e.Games, v[1] + e.W, v[2] + e.D, v[3] + e.L}
		}
		for m, ms := range s.Matches {
			for c, x := range ms.Penta.Counts() {
				penta[m][c] += x
			}
		}
	}
	if done != got.Done {
		t.Errorf("merged %d games, the shards %d", got.Done, done)
	}
	for _, e := range got.Engines {
		if v := sum[e.Name]; v != [4]int{e.Games, e.W, e.D, e.L} {
			t.Errorf("%s: merged games/W/D/L %d/%d/%d/%d, the shards' sum %v", e.Name, e.Games, e.W, e.D, e.L, v)
		}
	}
	for m, ms := range got.Matches {
		if ms.Penta.Counts() != penta[m] {
			t.Errorf("%s vs %s: merged pentanomial %v, the shards' sum %v", ms.A, ms.B, ms.Penta.Counts(), penta[m])
		}
	}

	// What is refused.
	copied := filepath.Join(dir, "copy.txt")
	data, _ := os.ReadFile(files[1])
	os.WriteFile(copied, data, 0o644)
	foreign := quick(fake("alpha", fakeengine.Random, 0, 0), fake("beta", fakeengine.Random, 0, 0), fake("gamma", fakeengine.Random, 0, 0))
	foreign.Rounds, foreign.Seed, foreign.MaxTurns, foreign.Records = 1, 8, 120, filepath.Join(dir, "foreign.txt")
	run(t, foreign)
	old := filepath.Join(dir, "old.txt")
	os.WriteFile(old, stripTournamentTags(t, data), 0o644)
	for _, tt := range []struct {
		name  string
		files []string
		want  []string
	}{
		{"a file twice", []string{files[0], files[1], files[0]}, []string{"given twice"}},
		{"a file twice under another path", []string{files[0], dir + "/./part0.txt"}, []string{"given twice"}},
		{"a copy", []string{files[0], files[1], copied}, []string{"is in both", files[1], copied}},
		{"another tournament", append(slices.Clone(files), foreign.Records), []string{"foreign.txt", "another tournament", "seed", `"8"`, `"7"`}},
		{"records without tags", []string{files[0], old}, []string{"old.txt", "does not say which tournament"}},
		{"no files", nil, []string{"no records files"}},
	} {
		if _, _, err := Merge(tt.files); err == nil {
			t.Errorf("%s: merged", tt.name)
		} else {
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%s: %v; want %q in the message", tt.name, err, w)
				}
			}
		}
	}
}

// stripTournamentTags turns records into those of a runner from before
// the tournament tags.
func stripTournamentTags(t *testing.T, data []byte) []byte {
	t.Helper()
	var id Identity
	drop := map[string]bool{"Rounds": true, "Shard": true}
	for _, it := range id.tags() {
		drop[it.tag] = true
	}
	var out []string
	for _, line := range strings.SplitAfter(string(data), "\n") {
		if key, _, ok := strings.Cut(strings.TrimPrefix(line, "["), " "); ok && strings.HasPrefix(line, "[") && drop[key] {
			continue
		}
		out = append(out, line)
	}
	return []byte(strings.Join(out, ""))
}

// TestShardKilledAndRestarted kills a shard's process (SIGKILL, as a
// lost node or an evicted pod) after a few games, starts it again on the
// same records, and checks that it plays the rest of its own slice and
// nothing else, keeping every game it had recorded.
func TestShardKilledAndRestarted(t *testing.T) {
	cfg := quick(fake("alpha", fakeengine.Random, 0, 10*time.Millisecond), fake("beta", fakeengine.Random, 0, 10*time.Millisecond))
	cfg.Rounds, cfg.Concurrency, cfg.MaxTurns = 8, 1, 20
	cfg.Shard = Shard{1, 2}
	cfg.Records = filepath.Join(t.TempDir(), "shard.txt")
	const mine, killAfter = 8, 2

	cmd, _, stderr := runChild(t, cfg)
	deadline := time.Now().Add(time.Minute)
	for {
		if recs, _, _ := readRecordsFile(cfg.Records); len(recs) >= killAfter {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no %d records after a minute; stderr:\n%s", killAfter, stderr)
		}
		time.Sleep(20 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	before, _, _ := readRecordsFile(cfg.Records)
	if len(before) >= mine {
		t.Fatalf("the shard finished (%d games) before it was killed", len(before))
	}

	cmd, stdout, stderr := runChild(t, cfg)
	res := waitChild(t, cmd, stdout, stderr)
	if res.Err != "" || res.Done != mine {
		t.Fatalf("restarted shard: %d games done, error %q; want %d", res.Done, res.Err, mine)
	}
	if !strings.Contains(stderr.String(), fmt.Sprintf("resumed: shard 1/2: games %d/%d", len(before), mine)) {
		t.Errorf("the restart did not resume from %d games:\n%s", len(before), stderr)
	}
	after := readRecords(t, cfg.Records)
	if !reflect.DeepEqual(after[:len(before)], before) {
		t.Errorf("the games recorded before the kill changed")
	}
	count := map[int]int{}
	for _, r := range after {
		count[r.Index]++
	}
	for _, j := range schedule(2, 2, cfg.Rounds, 0) {
		want := 0
		if cfg.Shard.has(j) {
			want = 1
		}
		if count[j.Index] != want {
			t.Errorf("game %d recorded %d times, want %d", j.Index, count[j.Index], want)
		}
	}
}

// TestRecordsFileInUse: a second run on a records file that a run holds
// is refused, rather than two writers interleaving.
func TestRecordsFileInUse(t *testing.T) {
	cfg := quick(fake("a", fakeengine.Random, 0, 0), fake("b", fakeengine.Random, 0, 0))
	cfg.Records = filepath.Join(t.TempDir(), "records.txt")
	first, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer first.records.Close()
	if _, err := New(cfg); err == nil || !strings.Contains(err.Error(), "another run is writing") {
		t.Errorf("a second New on the same records: %v, want it refused", err)
	}
}

// stopWatch is a shard's observer in TestEarlyStopAcrossShards: when each
// of its games started, and when each was booked (after its record was
// written and the other shards' files read).
type stopWatch struct {
	mu     sync.Mutex
	starts []time.Time
	ends   map[int]time.Time // by game index
	last   int               // the game that ended last
}

func (w *stopWatch) Game(v GameView) {
	w.mu.Lock()
	defer w.mu.Unlock()
	switch {
	case v.Over:
		w.last = v.Index
	case v.Turns == 0:
		w.starts = append(w.starts, time.Now())
	}
}

func (w *stopWatch) Standings(s Standings) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.last >= 0 {
		w.ends[w.last] = time.Now()
		w.last = -1
	}
}

// TestEarlyStopAcrossShards runs 3 shards with an SPRT and a records
// directory they share, against an engine that loses every game: once
// the games of all shards together make the SPRT decide, every shard
// starts at most one more game, and says why it stopped.
func TestEarlyStopAcrossShards(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "records")
	const n = 3
	test := &stats.SPRT{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05, Model: stats.Normalized}
	config := func(k int) Config {
		// Games of 6 turns or so at 15 ms a turn: long enough that the
		// shards overlap, short enough for a quick test.
		cfg := quick(fake("strong", fakeengine.Random, 0, 15*time.Millisecond), fake("weak", fakeengine.Illegal, 3, 15*time.Millisecond))
		cfg.Rounds, cfg.Concurrency, cfg.SPRT = 200, 1, test
		cfg.Shard, cfg.RecordsDir = Shard{k, n}, dir
		return cfg
	}
	watches := make([]*stopWatch, n)
	results := make([]Standings, n)
	var wg sync.WaitGroup
	for k := range n {
		watches[k] = &stopWatch{ends: map[int]time.Time{}, last: -1}
		cfg := config(k)
		cfg.Observer = watches[k]
		tour, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		wg.Go(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			s, err := tour.Run(ctx)
			if err != nil {
				t.Errorf("shard %d: %v", k, err)
			}
			results[k] = s
		})
	}
	wg.Wait()

	// Book the games in the order they were booked, and find the one
	// after which the SPRT of all shards first decided.
	type booked struct {
		at  time.Time
		rec Record
	}
	var all []booked
	for k := range n {
		for _, r := range readRecords(t, filepath.Join(dir, (Shard{k, n}).FileName())) {
			at, ok := watches[k].ends[r.Index]
			if !ok {
				t.Fatalf("shard %d: no booking time for game %d", k, r.Index)
			}
			all = append(all, booked{at, r})
		}
	}
	slices.SortFunc(all, func(a, b booked) int { return a.at.Compare(b.at) })
	ref := all[0].rec
	u, err := newUnion(&ref, "the first game")
	if err != nil {
		t.Fatal(err)
	}
	var decidedAt time.Time
	for _, b := range all {
		if err := u.add(&b.rec, "shard file"); err != nil {
			t.Fatal(err)
		}
		if u.decision() == stats.AcceptH1 {
			decidedAt = b.at
			break
		}
	}
	if decidedAt.IsZero() {
		t.Fatalf("the SPRT never decided on %d games", len(all))
	}
	for k, w := range watches {
		late := 0
		for _, s := range w.starts {
			if s.After(decidedAt) {
				late++
			}
		}
		if late > 1 {
			t.Errorf("shard %d started %d games after the SPRT of all shards decided, want at most 1", k, late)
		}
		if want := "the SPRT of all shards decided: H1 accepted"; results[k].Stopped != want {
			t.Errorf("shard %d stopped: %q, want %q", k, results[k].Stopped, want)
		}
		if results[k].SPRT != nil {
			t.Errorf("shard %d's own standings have an SPRT: it is the whole tournament's", k)
		}
	}
	if len(all) >= 2*40 {
		t.Errorf("%d games played: the SPRT decides after about 10 pairs", len(all))
	}

	// The merge of the directory says so too; a shard started again
	// stops at once.
	s, _, err := Merge([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if s.SPRT == nil || s.SPRT.Decision != stats.AcceptH1 || s.Done != len(all) || !strings.Contains(s.Text(), "(the SPRT decided: H1 accepted)") {
		t.Errorf("merged: %d games, SPRT %+v:\n%s", s.Done, s.SPRT, s.Text())
	}
	again := run(t, config(0))
	if again.Done != results[0].Done || again.Stopped != "the SPRT of all shards had already decided: H1 accepted" {
		t.Errorf("shard 0 started again: %d games (had %d), stopped %q", again.Done, results[0].Done, again.Stopped)
	}
}

// TestRecordsDirRefusesForeignFiles: a shard whose directory holds
// another tournament's shard file refuses to start, naming it.
func TestRecordsDirRefusesForeignFiles(t *testing.T) {
	dir := t.TempDir()
	cfg := quick(fake("a", fakeengine.Random, 0, 0), fake("b", fakeengine.Random, 0, 0))
	cfg.MaxTurns, cfg.Rounds, cfg.RecordsDir, cfg.Shard = 2, 2, dir, Shard{0, 2}
	run(t, cfg)
	other := cfg
	other.Shard = Shard{1, 2}
	other.TimeControl = TimeControl{MoveTime: 30 * time.Millisecond}
	_, err := New(other)
	if err == nil || !strings.Contains(err.Error(), "shard-0-of-2.txt") || !strings.Contains(err.Error(), "time control") {
		t.Errorf("New beside another tournament's shard: %v", err)
	}
	// The same tournament sharded otherwise would overlap the first.
	other = cfg
	other.Shard = Shard{0, 3}
	if _, err := New(other); err == nil || !strings.Contains(err.Error(), "shard count") {
		t.Errorf("New beside a shard of another count: %v", err)
	}
}

// TestResumeRefusesOtherIdentity: a records file resumes only under the
// tournament its tags name, down to the engine options; the engines'
// commands may differ (another path on another machine).
func TestResumeRefusesOtherIdentity(t *testing.T) {
	cfg := quick(fake("a", fakeengine.Random, 0, 0), fake("b", fakeengine.Random, 0, 0))
	cfg.MaxTurns = 2
	cfg.Records = filepath.Join(t.TempDir(), "records.txt")
	run(t, cfg)
	other := cfg
	other.Engines = slices.Clone(cfg.Engines)
	other.Engines[1].Options = []Option{{"Hash", "64"}}
	if _, err := New(other); err == nil || !strings.Contains(err.Error(), "engine options") {
		t.Errorf("New with other engine options: %v, want them named", err)
	}
	other.Engines[1].Options = nil
	other.Engines[1].Command = "true; " + other.Engines[1].Command
	other.Rounds = 2
	if s := run(t, other); s.Done != 4 {
		t.Errorf("another command and more rounds: %d games done, want 4", s.Done)
	}
}
