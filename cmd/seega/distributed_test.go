package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"seega/board"
	"seega/match"
)

// The recipes of docs/distributed.md, run here on one machine as far as
// it allows (the doc's last section says how). Each run is made short
// by flags appended to, or substituted in, the recipe: a fast time
// control, a turn limit, few rounds, and a base engine that plays at
// random.
const (
	quickFlags = "--tc movetime=5 --max-turns 20 --option base:Search=random"
	docPath    = "../../docs/distributed.md"
)

// recipe is the code block that follows `<!-- recipe: NAME -->` in
// docs/distributed.md.
func recipe(t *testing.T, name string) string {
	t.Helper()
	doc, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile("(?s)<!-- recipe: " + regexp.QuoteMeta(name) + " -->\n```[a-z]*\n(.*?)```\n")
	m := re.FindSubmatch(doc)
	if m == nil {
		t.Fatalf("%s: no recipe %q", docPath, name)
	}
	return string(m[1])
}

// substitute replaces old by new in a recipe, and fails the test if the
// recipe no longer has old: the test must follow the doc.
func substitute(t *testing.T, s, old, new string) string {
	t.Helper()
	if !strings.Contains(s, old) {
		t.Fatalf("the recipe no longer has %q:\n%s", old, s)
	}
	return strings.ReplaceAll(s, old, new)
}

var buildOnce struct {
	sync.Once
	dir string
	err error
}

// seegaBinary builds seega once for these tests and returns its path.
func seegaBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		buildOnce.dir, buildOnce.err = os.MkdirTemp("", "seega-recipes-")
		if buildOnce.err != nil {
			return
		}
		out, err := exec.Command("go", "build", "-o", filepath.Join(buildOnce.dir, "seega"), ".").CombinedOutput()
		if err != nil {
			buildOnce.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildOnce.err != nil {
		t.Fatal(buildOnce.err)
	}
	return filepath.Join(buildOnce.dir, "seega")
}

// shipTo puts in dir what every recipe ships: seega, seega-base and
// openings.txt.
func shipTo(t *testing.T, dir string) {
	t.Helper()
	exe, err := os.ReadFile(seegaBinary(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"seega", "seega-base"} {
		if err := os.WriteFile(filepath.Join(dir, name), exe, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var openings strings.Builder
	for k := range 5 {
		o, err := match.GenerateOpening(board.DefaultRules(), 99, k, 4)
		if err != nil {
			t.Fatal(err)
		}
		openings.WriteString(o.String() + "\n")
	}
	if err := os.WriteFile(filepath.Join(dir, "openings.txt"), []byte(openings.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// checkMerged checks a merge's standings: every game of the tournament,
// or as many as were played before the SPRT decided.
func checkMerged(t *testing.T, out string, total int) {
	t.Helper()
	complete := strings.Contains(out, fmt.Sprintf("Standings after %d of %d games\n", total, total))
	if !complete && !strings.Contains(out, "(the SPRT decided:") {
		t.Errorf("merged standings are neither complete (%d games) nor stopped by the SPRT:\n%s", total, out)
	}
	if !strings.Contains(out, "SPRT new vs base (elo0=0,elo1=5") {
		t.Errorf("no SPRT in the merged standings:\n%s", out)
	}
}

// runShell runs a shell script in dir and returns its stdout.
func runShell(t *testing.T, dir, script string, env ...string) string {
	t.Helper()
	cmd := exec.Command("bash", "-euo", "pipefail", "-c", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\nscript:\n%s\nstdout:\n%s\nstderr:\n%s", err, script, stdout.String(), stderr.String())
	}
	return stdout.String()
}

func needParallel(t *testing.T) {
	if _, err := exec.LookPath("parallel"); err != nil {
		t.Skip("GNU parallel is not installed (apt-get install parallel; .ci/run does)")
	}
}

// TestRecipeParallelShared runs the GNU parallel line with a shared
// records directory, 8 shards at once, and its merge.
func TestRecipeParallelShared(t *testing.T) {
	needParallel(t)
	dir := t.TempDir()
	shipTo(t, dir)
	script := substitute(t, recipe(t, "parallel-shared"), "--tc movetime=100", quickFlags+" --rounds 8")
	out := runShell(t, dir, script)
	checkMerged(t, out, 16)
}

// TestRecipeParallelSSH runs the GNU parallel line for machines that
// share nothing, with `:` (this machine) as the only host.
func TestRecipeParallelSSH(t *testing.T) {
	needParallel(t)
	dir := t.TempDir()
	shipTo(t, dir)
	if err := os.WriteFile(filepath.Join(dir, "hosts"), []byte(":\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	script := substitute(t, recipe(t, "parallel-ssh"), "--rounds 4000", "--rounds 8")
	script = substitute(t, script, "--tc movetime=100", quickFlags)
	out := runShell(t, dir, script)
	if !strings.Contains(out, "Standings after 16 of 16 games") {
		t.Errorf("the fixed-length tournament was not played whole:\n%s", out)
	}
	checkMerged(t, out, 16)
}

// TestRecipeSlurm checks the job array script with bash -n, then runs
// it as Slurm would run a 3-task array (the environment faked, every
// task at once), and merges.
func TestRecipeSlurm(t *testing.T) {
	dir := t.TempDir()
	shipTo(t, dir)
	script := filepath.Join(dir, "seega-match.sbatch")
	if err := os.WriteFile(script, []byte(recipe(t, "slurm")), 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("bash", "-n", script).CombinedOutput(); err != nil {
		t.Fatalf("bash -n: %v\n%s", err, out)
	}
	const tasks = 3
	var wg sync.WaitGroup
	for k := range tasks {
		wg.Go(func() {
			node := filepath.Join(t.TempDir(), "node")
			os.MkdirAll(node, 0o755)
			cmd := exec.Command("bash", append([]string{script}, strings.Fields(quickFlags+" --rounds 6")...)...)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "SLURM_SUBMIT_DIR="+dir, "SLURM_ARRAY_JOB_ID=4242",
				fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", k), fmt.Sprintf("SLURM_ARRAY_TASK_COUNT=%d", tasks), "TMPDIR="+node)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("task %d: %v\n%s", k, err, out)
			}
			if ents, _ := os.ReadDir(node); len(ents) != 0 {
				t.Errorf("task %d left its node directory behind: %v", k, ents)
			}
		})
	}
	wg.Wait()
	out := runShell(t, dir, "./seega match merge records")
	checkMerged(t, out, 12)
}

// yamlDocs parses a YAML stream with Python's PyYAML, into JSON values.
func yamlDocs(t *testing.T, text string) []map[string]any {
	t.Helper()
	cmd := exec.Command("python3", "-c", "import sys, json, yaml; json.dump(list(yaml.safe_load_all(sys.stdin)), sys.stdout)")
	cmd.Stdin = strings.NewReader(text)
	out, err := cmd.Output()
	if err != nil {
		if _, lookErr := exec.LookPath("python3"); lookErr != nil || strings.Contains(string(exitStderr(err)), "No module named 'yaml'") {
			t.Skip("python3 with PyYAML is not installed: the manifests cannot be parsed")
		}
		t.Fatalf("the manifest is not valid YAML: %v\n%s", err, exitStderr(err))
	}
	var docs []map[string]any
	if err := json.Unmarshal(out, &docs); err != nil {
		t.Fatal(err)
	}
	return docs
}

func exitStderr(err error) []byte {
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.Stderr
	}
	return nil
}

// field walks a parsed manifest: field(doc, "spec", "template", 0, …).
func field(t *testing.T, v any, path ...any) any {
	t.Helper()
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, ok := v.(map[string]any)
			if !ok {
				t.Fatalf("manifest: no %q at %v", k, path)
			}
			v = m[k]
		case int:
			l, ok := v.([]any)
			if !ok || k >= len(l) {
				t.Fatalf("manifest: no item %d at %v", k, path)
			}
			v = l[k]
		}
	}
	return v
}

func stringList(t *testing.T, v any) []string {
	t.Helper()
	l, ok := v.([]any)
	if !ok {
		t.Fatalf("manifest: %v is not a list", v)
	}
	var out []string
	for _, x := range l {
		s, ok := x.(string)
		if !ok {
			t.Fatalf("manifest: %v is not a string (quote numbers in command lines)", x)
		}
		out = append(out, s)
	}
	return out
}

// flagValue is the word after flag in a command line.
func flagValue(t *testing.T, args []string, flag string) string {
	t.Helper()
	i := slices.Index(args, flag)
	if i < 0 || i+1 >= len(args) {
		t.Fatalf("the command has no %s VALUE: %q", flag, args)
	}
	return args[i+1]
}

// TestRecipeKubernetes parses the Job and merge manifests, checks what
// the recipe relies on, then runs the Job's container command once per
// completion index (as the Job controller would start the pods, at
// once) on local directories, and the merge pod's command after them.
func TestRecipeKubernetes(t *testing.T) {
	docs := yamlDocs(t, recipe(t, "kubernetes"))
	merge := yamlDocs(t, recipe(t, "kubernetes-merge"))
	var pvc, job map[string]any
	for _, d := range docs {
		switch d["kind"] {
		case "PersistentVolumeClaim":
			pvc = d
		case "Job":
			job = d
		}
	}
	if pvc == nil || job == nil || job["apiVersion"] != "batch/v1" || len(merge) != 1 || merge[0]["kind"] != "Pod" {
		t.Fatalf("want a PersistentVolumeClaim and a batch/v1 Job, and a merge Pod; got %v and %v", docs, merge)
	}
	if modes := stringList(t, field(t, pvc, "spec", "accessModes")); !slices.Contains(modes, "ReadWriteMany") {
		t.Errorf("the records claim is %v: the pods on many nodes need ReadWriteMany", modes)
	}
	if m := field(t, job, "spec", "completionMode"); m != "Indexed" {
		t.Errorf("completionMode %v, want Indexed (JOB_COMPLETION_INDEX)", m)
	}
	completions := int(field(t, job, "spec", "completions").(float64))
	pod := field(t, job, "spec", "template", "spec")
	if r := field(t, pod, "restartPolicy"); r != "Never" {
		t.Errorf("restartPolicy %v: backoffLimitPerIndex needs Never", r)
	}
	args := stringList(t, field(t, pod, "containers", 0, "command"))
	if n := flagValue(t, args, "--shard-count"); n != fmt.Sprint(completions) {
		t.Errorf("--shard-count %s, but the Job has %d completions", n, completions)
	}
	if env := flagValue(t, args, "--shard-index-env"); env != "JOB_COMPLETION_INDEX" {
		t.Errorf("--shard-index-env %s, want JOB_COMPLETION_INDEX", env)
	}
	recordsDir := flagValue(t, args, "--records-dir")
	mount := field(t, pod, "containers", 0, "volumeMounts", 0)
	mountPath := field(t, mount, "mountPath").(string)
	vol := field(t, pod, "volumes", 0)
	if !strings.HasPrefix(recordsDir, mountPath+"/") || field(t, vol, "name") != field(t, mount, "name") ||
		field(t, vol, "persistentVolumeClaim", "claimName") != field(t, pvc, "metadata", "name") {
		t.Errorf("--records-dir %s is not on the records claim's volume (mounted at %s)", recordsDir, mountPath)
	}
	mergeArgs := stringList(t, field(t, merge[0], "spec", "containers", 0, "command"))
	if mergeArgs[len(mergeArgs)-1] != recordsDir {
		t.Errorf("the merge pod merges %q, the Job writes %q", mergeArgs[len(mergeArgs)-1], recordsDir)
	}

	// The image's /opt/seega and the volume's /records, here.
	dir := t.TempDir()
	opt, records := filepath.Join(dir, "opt"), filepath.Join(dir, "records")
	shipTo(t, opt)
	local := func(args []string) []string {
		var out []string
		for _, a := range args {
			a = strings.ReplaceAll(a, "/opt/seega", opt)
			out = append(out, strings.ReplaceAll(a, mountPath, records))
		}
		return out
	}
	args = append(local(args), strings.Fields(quickFlags+" --rounds 8")...)
	var wg sync.WaitGroup
	for k := range completions {
		wg.Go(func() {
			cmd := exec.Command(args[0], args[1:]...)
			cmd.Env = append(os.Environ(), fmt.Sprintf("JOB_COMPLETION_INDEX=%d", k))
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("pod %d: %v\n%s", k, err, out)
			}
		})
	}
	wg.Wait()
	mergeArgs = local(mergeArgs)
	out, err := exec.Command(mergeArgs[0], mergeArgs[1:]...).Output()
	if err != nil {
		t.Fatalf("merge pod: %v\n%s", err, exitStderr(err))
	}
	checkMerged(t, string(out), 16)
}
