package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"seega/match"
)

// The Slurm recipe of docs/distributed.md submitted to a real Slurm
// cluster: scripts/slurm/cluster.sh starts a one-machine cluster and runs
// these tests against it (`make test-slurm`). Elsewhere they skip.

// needSlurmCluster skips the test unless it runs inside cluster.sh,
// which sets SEEGA_TEST_SLURM and SLURM_CONF. Inside it, a missing Slurm
// client is a failure, not a skip.
func needSlurmCluster(t *testing.T) {
	t.Helper()
	if os.Getenv("SEEGA_TEST_SLURM") == "" {
		t.Skip("no Slurm cluster: make test-slurm starts one and runs this test in it")
	}
	if testing.Short() {
		t.Fatal("SEEGA_TEST_SLURM is set but -short too: the cluster tests take a minute, run them without -short")
	}
	for _, tool := range []string{"sbatch", "squeue", "scancel", "scontrol"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("SEEGA_TEST_SLURM is set but %s is not installed: %v", tool, err)
		}
	}
}

// slurmArrayTasks is the recipe's #SBATCH --array=0-N: the number of
// array tasks, hence of shards, a submission of the recipe runs.
func slurmArrayTasks(t *testing.T, script string) int {
	t.Helper()
	m := regexp.MustCompile(`(?m)^#SBATCH --array=0-(\d+)$`).FindStringSubmatch(script)
	if m == nil {
		t.Fatalf("the recipe has no #SBATCH --array=0-N line:\n%s", script)
	}
	n, _ := strconv.Atoi(m[1])
	return n + 1
}

// slurmRun prepares dir as the recipe says (the shipped files and the
// script, as written) and returns the script's text and the node-local
// directory the tasks are given as TMPDIR.
func slurmRun(t *testing.T) (dir, script, tmp string) {
	t.Helper()
	dir = t.TempDir()
	shipTo(t, dir)
	script = recipe(t, "slurm")
	if err := os.WriteFile(filepath.Join(dir, "seega-match.sbatch"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	tmp = filepath.Join(t.TempDir(), "node")
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir, script, tmp
}

// slurm runs a Slurm command and returns its stdout.
func slurm(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, exitStderr(err))
	}
	return string(out)
}

// sbatch submits the recipe's script from dir, as the doc says (`sbatch
// seega-match.sbatch [more seega match flags]`), with TMPDIR set to tmp in
// the environment the tasks inherit, and returns the array's job ID.
func sbatch(t *testing.T, dir, tmp string, flags string) string {
	t.Helper()
	out := slurm(t, dir, []string{"TMPDIR=" + tmp}, "sbatch", append([]string{"--parsable", "seega-match.sbatch"}, strings.Fields(flags)...)...)
	id, _, _ := strings.Cut(strings.TrimSpace(out), ";")
	if _, err := strconv.Atoi(id); err != nil {
		t.Fatalf("sbatch --parsable printed %q, not a job ID", out)
	}
	return id
}

// slurmTask is one array task as `scontrol show job` describes it.
type slurmTask struct {
	State    string // JobState: PENDING, RUNNING, COMPLETED, CANCELLED, …
	ExitCode string // "0:0": the status and the signal
	Restarts int
}

// arrayTasks reads the state of every task of array job id, by index.
// Tasks not yet started are listed by Slurm under one record (an
// ArrayTaskId such as 2-7); they come back as PENDING each.
func arrayTasks(t *testing.T, id string) map[int]slurmTask {
	t.Helper()
	out := slurm(t, "", nil, "scontrol", "-o", "show", "job", id)
	tasks := map[int]slurmTask{}
	field := func(line, name string) string {
		m := regexp.MustCompile(`(?:^| )` + name + `=(\S*)`).FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("scontrol show job %s: no %s in %q", id, name, line)
		}
		return m[1]
	}
	for line := range strings.Lines(out) {
		if strings.TrimSpace(line) == "" {
			continue
		}
		restarts, _ := strconv.Atoi(field(line, "Restarts"))
		task := slurmTask{State: field(line, "JobState"), ExitCode: field(line, "ExitCode"), Restarts: restarts}
		ids := field(line, "ArrayTaskId")
		ids, _, _ = strings.Cut(ids, "%") // 2-7%4: at most 4 at once
		for _, part := range strings.Split(ids, ",") {
			lo, hi, isRange := strings.Cut(part, "-")
			a, err1 := strconv.Atoi(lo)
			b, err2 := a, error(nil)
			if isRange {
				b, err2 = strconv.Atoi(hi)
			}
			if err1 != nil || err2 != nil {
				t.Fatalf("scontrol show job %s: ArrayTaskId=%s is not a list of tasks", id, field(line, "ArrayTaskId"))
			}
			for k := a; k <= b; k++ {
				tasks[k] = task
			}
		}
	}
	return tasks
}

// finished reports whether a task in state s is over: it runs no more
// and will not start again unless it is requeued.
func finished(s string) bool {
	switch s {
	case "PENDING", "RUNNING", "COMPLETING", "CONFIGURING", "REQUEUED", "REQUEUE_HOLD", "REQUEUE_FED", "RESIZING", "SUSPENDED", "STAGE_OUT", "SIGNALING", "STOPPED":
		return false
	}
	return true
}

// awaitTasks polls array job id until done says its tasks are where the
// test wants them, and fails the test after limit.
func awaitTasks(t *testing.T, id string, limit time.Duration, what string, done func(map[int]slurmTask) bool) map[int]slurmTask {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		tasks := arrayTasks(t, id)
		if done(tasks) {
			return tasks
		}
		if time.Now().After(deadline) {
			t.Fatalf("job %s: after %v, still waiting for %s; its tasks: %v", id, limit, what, tasks)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// awaitArray waits until every one of the n tasks of array job id is over.
func awaitArray(t *testing.T, id string, n int, limit time.Duration) map[int]slurmTask {
	t.Helper()
	return awaitTasks(t, id, limit, "the array to end", func(tasks map[int]slurmTask) bool {
		if len(tasks) != n {
			return false
		}
		for _, task := range tasks {
			if !finished(task.State) {
				return false
			}
		}
		return true
	})
}

// checkCompleted fails the test unless every task completed with status 0,
// and shows the log of each that did not.
func checkCompleted(t *testing.T, dir, id string, tasks map[int]slurmTask) {
	t.Helper()
	for k, task := range tasks {
		if task.State != "COMPLETED" || task.ExitCode != "0:0" {
			log, _ := os.ReadFile(filepath.Join(dir, fmt.Sprintf("seega-match-%s-%d.log", id, k)))
			t.Errorf("task %d: %s, exit code %s; its log:\n%s", k, task.State, task.ExitCode, log)
		}
	}
}

// shardGames reads the records a submission wrote, and returns how many
// times each game index was found, in all shards' files, and in each
// shard's own (by shard index). It fails the test for a game lost by an
// engine's crash: in these runs only a stop, such as scancel, which
// signals every process of the task, engines too, kills an engine, and
// the game it cuts short must be replayed on resume, not lost.
func shardGames(t *testing.T, records string, shards int) (all map[int]int, byShard map[int][]int) {
	t.Helper()
	all, byShard = map[int]int{}, map[int][]int{}
	for k := range shards {
		name := filepath.Join(records, match.Shard{Index: k, Count: shards}.FileName())
		f, err := os.Open(name)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		recs, _, err := match.ReadRecords(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, r := range recs {
			if r.Termination == match.TermCrash {
				t.Errorf("%s: game %d was lost by a crash: %s", name, r.Index, r.Reason)
			}
			all[r.Index]++
			byShard[k] = append(byShard[k], r.Index)
		}
	}
	return all, byShard
}

// checkEachGameOnce fails the test unless the records hold games 0 to
// total−1, each exactly once.
func checkEachGameOnce(t *testing.T, all map[int]int, total int) {
	t.Helper()
	var missing, twice []int
	for g := range total {
		switch n := all[g]; {
		case n == 0:
			missing = append(missing, g)
		case n > 1:
			twice = append(twice, g)
		}
	}
	for g := range all {
		if g < 0 || g >= total {
			t.Errorf("game %d is not in a tournament of %d games", g, total)
		}
	}
	if len(missing) > 0 || len(twice) > 0 {
		t.Errorf("of the %d games, not played: %v; played more than once: %v", total, missing, twice)
	}
}

// checkNodeDirs fails the test if a task left its node-local copy behind.
func checkNodeDirs(t *testing.T, tmp string) {
	t.Helper()
	if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Errorf("tasks left their node directories in TMPDIR: %v", names)
	}
}

// TestSlurmClusterRecipe submits the recipe, as written, to the cluster:
// its #SBATCH --array runs one shard a task, as many at once as the node
// has CPUs. Flags after the script's name make the games short. Once
// the array is over, every task must have completed, written its log
// and removed its node directory, and the merge must hold every game of
// the tournament once (or the games played before the SPRT decided).
func TestSlurmClusterRecipe(t *testing.T) {
	needSlurmCluster(t)
	dir, script, tmp := slurmRun(t)
	shards := slurmArrayTasks(t, script)
	start := time.Now()
	id := sbatch(t, dir, tmp, quickFlags+" --rounds 8")
	tasks := awaitArray(t, id, shards, 5*time.Minute)
	t.Logf("job %s: %d tasks over in %v", id, shards, time.Since(start).Round(time.Millisecond))
	checkCompleted(t, dir, id, tasks)
	for k := range shards {
		if _, err := os.Stat(filepath.Join(dir, fmt.Sprintf("seega-match-%s-%d.log", id, k))); err != nil {
			t.Errorf("task %d wrote no log where #SBATCH --output says: %v", k, err)
		}
	}
	checkNodeDirs(t, tmp)
	out := runShell(t, dir, "./seega match merge records")
	checkMerged(t, out, 16)
	all, _ := shardGames(t, filepath.Join(dir, "records"), shards)
	if strings.Contains(out, "Standings after 16 of 16 games\n") {
		checkEachGameOnce(t, all, 16)
	}
}

// TestSlurmClusterRequeue submits the recipe, cancels one task with
// scancel while its shard is playing, requeues it with scontrol requeue,
// and checks that the requeued task resumed its slice from its records:
// after the merge, every game of the tournament was played exactly once.
// Both engines are the engine itself (no random player), so that the
// recipe's SPRT cannot decide in so few games and stop the tournament
// short of its end.
func TestSlurmClusterRequeue(t *testing.T) {
	needSlurmCluster(t)
	dir, script, tmp := slurmRun(t)
	shards := slurmArrayTasks(t, script)
	const rounds = 48 // 12 games a shard, of a few tenths of a second each
	total := 2 * rounds
	perShard := total / shards
	start := time.Now()
	id := sbatch(t, dir, tmp, fmt.Sprintf("--tc movetime=20 --max-turns 40 --rounds %d", rounds))
	const victim = 0
	records := filepath.Join(dir, "records")

	// Wait for the victim to be running with a game or more recorded.
	awaitTasks(t, id, 3*time.Minute, fmt.Sprintf("task %d to record a game", victim), func(tasks map[int]slurmTask) bool {
		if task := tasks[victim]; task.State != "RUNNING" {
			if finished(task.State) {
				t.Fatalf("task %d ended (%s) before it could be cancelled: give its shard more games", victim, task.State)
			}
			return false
		}
		_, byShard := shardGames(t, records, shards)
		return len(byShard[victim]) > 0
	})
	slurm(t, "", nil, "scancel", fmt.Sprintf("%s_%d", id, victim))
	tasks := awaitTasks(t, id, time.Minute, fmt.Sprintf("task %d to be cancelled", victim), func(tasks map[int]slurmTask) bool {
		return finished(tasks[victim].State)
	})
	if s := tasks[victim].State; s != "CANCELLED" {
		t.Fatalf("task %d is %s after scancel, not CANCELLED", victim, s)
	}
	_, byShard := shardGames(t, records, shards)
	cut := len(byShard[victim])
	if cut >= perShard {
		t.Fatalf("task %d had played its whole slice (%d games) when scancel stopped it: give its shard more games", victim, cut)
	}
	t.Logf("task %d cancelled after %d of its %d games (%v after the submission)", victim, cut, perShard, time.Since(start).Round(time.Millisecond))

	// A task that is requeued again starts the same script, with the same
	// array task ID and count: it resumes its shard from its records.
	requeue := time.Now()
	slurm(t, "", nil, "scontrol", "requeue", fmt.Sprintf("%s_%d", id, victim))
	tasks = awaitArray(t, id, shards, 5*time.Minute)
	t.Logf("job %s: requeued task and the array over %v after the requeue, %v after the submission", id, time.Since(requeue).Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
	checkCompleted(t, dir, id, tasks)
	if r := tasks[victim].Restarts; r != 1 {
		t.Errorf("task %d restarted %d times, want 1 (the requeue)", victim, r)
	}
	checkNodeDirs(t, tmp)
	// Slurm appends a requeued task's output to its log: the log tells
	// of the cancel (from Slurm, then from seega, which stopped on the
	// SIGTERM and said how it resumes), then of the resumed run.
	logName := filepath.Join(dir, fmt.Sprintf("seega-match-%s-%d.log", id, victim))
	log, err := os.ReadFile(logName)
	if err != nil {
		t.Fatal(err)
	}
	cancelled := strings.Index(string(log), "CANCELLED AT")
	stopped := strings.Index(string(log), "seega match: stopped. Run the same command again to resume")
	if cancelled < 0 || stopped < 0 || !strings.Contains(string(log)[stopped:], fmt.Sprintf("Standings of shard %d/%d after %d of its %d games\n", victim, shards, perShard, perShard)) {
		t.Errorf("%s does not show the task cancelled, stopping, then resumed to its slice's end:\n%s", logName, log)
	}

	all, byShard := shardGames(t, records, shards)
	checkEachGameOnce(t, all, total)
	for k := range shards {
		if got := byShard[k]; len(got) != perShard || !slices.IsSorted(got) {
			t.Errorf("shard %d's records hold games %v: want its %d games, in schedule order", k, got, perShard)
		}
	}
	out := runShell(t, dir, "./seega match merge records")
	if want := fmt.Sprintf("Standings after %d of %d games\n", total, total); !strings.Contains(out, want) {
		t.Errorf("the merge does not count the whole tournament (%q):\n%s", want, out)
	}
}
