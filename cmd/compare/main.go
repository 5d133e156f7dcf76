// Command compare measures the engine's speed against a base revision: it
// builds the base (from `git archive`, in a temporary directory) beside
// the working tree, then takes every figure of the README's speed table
// for both in one run, alternating the two binaries sample by sample so
// that a change in the machine's load falls on both alike, and prints
// each figure for both with the ratio new/base. `make compare BASE=<rev>`
// runs it; hold /work/heavy.lock (or whatever keeps the machine idle)
// while it runs, since the figures are only as good as the quiet.
//
// The figures:
//   - random playouts (board's BenchmarkRandomPlayout5/7/9: random games
//     from the start of pro, in turns/s, played by Game.RandomPlayout
//     where the tree has it, else, as at c9e18e9, by RandomAction and
//     Make), from each tree's board test binary;
//   - the same games played with RandomAction and Make an action at a
//     time (BenchmarkRandomAction5/7/9; a tree without those, such as
//     c9e18e9, plays them so in BenchmarkRandomPlayout5/7/9);
//   - perft from the movement positions of board's BenchmarkPerft5/7/9
//     (`seega perft`, turns/s), whose counts must agree;
//   - `seega bench` and `seega bench --search mcts` (nodes/s), whose
//     signatures are printed: equal ones show the search unchanged;
//   - Lazy SMP: the bench positions searched through UGI with Threads 1
//     and 2, as nodes/s and as time to the same depth, for each binary;
//   - with --suite, every position of an opening suite (a file of
//     `seega openings`, under the rules its header names) searched
//     through UGI to --suite-nodes nodes, as nodes/s: the bench's
//     positions are few and mostly of the presets, and a change that
//     speeds up one kind of position (a no-limit conversion, say) shows
//     there. The node counts must agree, as the bench's signature.
//
// Each tree is built as its `make build` builds it (--goamd64 auto): a
// tree with cmd/goamd64 for this machine's x86-64 level, one without it,
// such as c9e18e9, at Go's default, v1. --goamd64 v3 (or another level)
// builds both at that level instead, for a like-for-like figure of the
// code alone. The header says which level each was built at.
//
// Each figure is the median of its samples, or with --stat best the best
// one, which a busy machine disturbs least.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"
)

// tree is one side of the comparison: where its sources are and what was
// built from them.
type tree struct {
	name   string // "base" or "new"
	src    string // source directory
	seega  string // the engine binary
	board  string // board's test binary
	level  string // the GOAMD64 level it was built at
	origin string // why that level: "its Makefile's", "Go's default", "--goamd64"
}

func main() {
	fs := pflag.NewFlagSet("compare", pflag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: compare --base REV [--rounds N] [--only LIST] [--threads-depth D] [--suite FILE]... [--suite-nodes N] [--goamd64 auto|v1|v2|v3|v4]")
		fmt.Fprintln(os.Stderr, "\nBuilds REV beside the working tree and prints every speed figure for both, with the ratio new/base.")
		fs.PrintDefaults()
	}
	base := fs.String("base", "", "the base revision (a commit, branch or tag)")
	rounds := fs.Int("rounds", 3, "samples of each figure per binary, alternating base and new")
	only := fs.String("only", "", "comma-separated figure groups to run: playout, perft, bench, mcts, threads, suite (default all)")
	threadsDepth := fs.Int("threads-depth", 5, "depth of the Threads 1/2 searches of the bench positions")
	suiteFiles := fs.StringArray("suite", nil, "an opening suite FILE whose positions to search, under the rules of its header (repeatable; the suite group)")
	suiteNodes := fs.Int("suite-nodes", 1000000, "nodes of each search of a --suite position")
	keep := fs.Bool("keep", false, "keep the temporary directory with the builds (its path is printed)")
	stat := fs.String("stat", "median", "which sample stands for a figure: median, or best (least disturbed by a busy machine)")
	level := fs.String("goamd64", "auto", "x86-64 level to build at: auto (each tree as its make build builds it), or v1 to v4 for both")
	if err := fs.Parse(os.Args[1:]); err != nil {
		if err == pflag.ErrHelp {
			os.Exit(0)
		}
		os.Exit(2)
	}
	if *base == "" || fs.NArg() > 0 || *rounds < 1 || *threadsDepth < 1 || *suiteNodes < 1 || (*stat != "median" && *stat != "best") {
		fmt.Fprintln(os.Stderr, "compare: want --base REV, rounds, threads-depth and suite-nodes of at least 1, --stat median or best, and no arguments")
		fs.Usage()
		os.Exit(2)
	}
	switch *level {
	case "auto", "v1", "v2", "v3", "v4":
	default:
		fmt.Fprintf(os.Stderr, "compare: --goamd64: unknown level %q (want auto, v1, v2, v3 or v4)\n", *level)
		os.Exit(2)
	}
	groups := map[string]bool{}
	for _, g := range strings.Split(*only, ",") {
		if g = strings.TrimSpace(g); g != "" {
			switch g {
			case "playout", "perft", "bench", "mcts", "threads", "suite":
				groups[g] = true
			default:
				fmt.Fprintf(os.Stderr, "compare: --only: unknown group %q\n", g)
				os.Exit(2)
			}
		}
	}
	want := func(g string) bool { return len(groups) == 0 || groups[g] }
	if groups["suite"] && len(*suiteFiles) == 0 {
		fmt.Fprintln(os.Stderr, "compare: --only suite needs a --suite FILE")
		os.Exit(2)
	}
	var suites []suiteRun
	for _, f := range *suiteFiles {
		sr, err := readSuite(f, *suiteNodes)
		if err != nil {
			fmt.Fprintln(os.Stderr, "compare: --suite:", err)
			os.Exit(2)
		}
		suites = append(suites, sr)
	}

	if err := run(*base, *rounds, *threadsDepth, *stat == "best", want, *keep, *level, suites); err != nil {
		fmt.Fprintln(os.Stderr, "compare:", err)
		os.Exit(1)
	}
}

func run(base string, rounds, threadsDepth int, best bool, want func(string) bool, keep bool, level string, suites []suiteRun) error {
	top, err := output("", "git", "rev-parse", "--show-toplevel")
	if err != nil {
		return err
	}
	top = strings.TrimSpace(top)
	rev, err := output(top, "git", "rev-parse", "--short", base+"^{commit}")
	if err != nil {
		return fmt.Errorf("base %q: %v", base, err)
	}
	rev = strings.TrimSpace(rev)
	tmp, err := os.MkdirTemp("", "seega-compare-")
	if err != nil {
		return err
	}
	if keep {
		fmt.Println("builds in", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	baseSrc := filepath.Join(tmp, "base-src")
	if err := os.Mkdir(baseSrc, 0o755); err != nil {
		return err
	}
	archive := fmt.Sprintf("git -C %q archive --format=tar %q | tar -x -C %q", top, rev, baseSrc)
	if _, err := output("", "sh", "-c", archive); err != nil {
		return fmt.Errorf("extracting %s: %v", rev, err)
	}
	trees := []*tree{{name: "base", src: baseSrc}, {name: "new", src: top}}
	for _, t := range trees {
		dir := filepath.Join(tmp, t.name)
		t.seega, t.board = filepath.Join(dir, "seega"), filepath.Join(dir, "board.test")
		if t.level, t.origin, err = buildLevel(t.src, level); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "building %s (%s) at GOAMD64=%s\n", t.name, t.src, t.level)
		env := "GOAMD64=" + t.level
		if _, err := outputEnv(t.src, env, "nice", "-n", "19", "go", "build", "-o", t.seega, "./cmd/seega"); err != nil {
			return err
		}
		if _, err := outputEnv(t.src, env, "nice", "-n", "19", "go", "test", "-c", "-o", t.board, "./board"); err != nil {
			return err
		}
	}
	desc, _ := output(top, "git", "describe", "--always", "--dirty")
	stat := "medians"
	if best {
		stat = "best samples"
	}
	fmt.Printf("base %s, new %s (working tree), %d samples each, %s\n", rev, strings.TrimSpace(desc), rounds, stat)
	fmt.Printf("built at GOAMD64 %s (base, %s) and %s (new, %s)\n\n", trees[0].level, trees[0].origin, trees[1].level, trees[1].origin)

	c := &comparison{trees: trees, rounds: rounds, best: best}
	if want("playout") {
		for _, n := range []int{5, 7, 9} {
			c.figure(fmt.Sprintf("random playouts %d×%d (turns/s)", n, n), func(t *tree) (float64, string, error) {
				return benchmark(t, fmt.Sprintf("RandomPlayout%d", n), "turns/s")
			})
		}
		for _, n := range []int{5, 7, 9} {
			c.figure(fmt.Sprintf("RandomAction + Make %d×%d (turns/s)", n, n), func(t *tree) (float64, string, error) {
				v, note, err := benchmark(t, fmt.Sprintf("RandomAction%d", n), "turns/s")
				if errors.Is(err, errNoMetric) { // a tree from before RandomPlayout
					return benchmark(t, fmt.Sprintf("RandomPlayout%d", n), "turns/s")
				}
				return v, note, err
			})
		}
	}
	if want("perft") {
		for _, p := range perftPositions {
			c.figure(fmt.Sprintf("perft %d×%d depth %d (turns/s)", p.size, p.size, p.depth), func(t *tree) (float64, string, error) {
				return perft(t, p)
			})
		}
	}
	if want("bench") {
		c.figure("seega bench (nodes/s)", func(t *tree) (float64, string, error) { return bench(t) })
	}
	if want("mcts") {
		c.figure("seega bench --search mcts (nodes/s)", func(t *tree) (float64, string, error) { return bench(t, "--search", "mcts") })
	}
	if want("threads") {
		c.threads(threadsDepth)
	}
	if want("suite") {
		for _, sr := range suites {
			c.figure(sr.title, func(t *tree) (float64, string, error) {
				nodes, took, err := timedSearches(t, sr.cmds)
				if err != nil {
					return 0, "", err
				}
				return float64(nodes) / took.Seconds(), fmt.Sprintf("nodes %d", nodes), nil
			})
		}
	}
	return c.err
}

// comparison collects the figures as they are taken and prints each one
// when it is done.
type comparison struct {
	trees  []*tree
	rounds int
	best   bool // the best sample stands for a figure, else the median
	err    error
	header bool
}

// rate is the figure of samples of a rate (higher is better): the median,
// or with best the highest, which a busy machine disturbs least.
func (c *comparison) rate(xs []float64) float64 {
	if c.best {
		return slices.Max(xs)
	}
	return median(xs)
}

// time is rate for samples of a time (lower is better).
func (c *comparison) time(xs []float64) float64 {
	if c.best {
		return slices.Min(xs)
	}
	return median(xs)
}

// figure takes rounds samples of measure for each tree, alternating, and
// prints the medians, the ratio and the checks (which must agree between
// the trees: perft counts and bench signatures).
func (c *comparison) figure(name string, measure func(*tree) (float64, string, error)) {
	if c.err != nil {
		return
	}
	samples := make([][]float64, len(c.trees))
	checks := make([]string, len(c.trees))
	for r := 0; r < c.rounds; r++ {
		for i, t := range c.trees {
			v, check, err := measure(t)
			if err != nil {
				c.err = fmt.Errorf("%s, %s: %v", name, t.name, err)
				return
			}
			samples[i] = append(samples[i], v)
			checks[i] = check
		}
	}
	note := ""
	if checks[0] != "" || checks[1] != "" {
		if checks[0] == checks[1] {
			note = checks[0] + " (same)"
		} else {
			note = fmt.Sprintf("DIFFER: base %s, new %s", checks[0], checks[1])
		}
	}
	b, n := c.rate(samples[0]), c.rate(samples[1])
	c.print(name, human(b), human(n), n/b, note)
}

// print writes one row of the table; ratio is how many times faster new
// is.
func (c *comparison) print(name, base, new string, ratio float64, note string) {
	if !c.header {
		fmt.Printf("| %-46s | %10s | %10s | %6s | %s\n", "what", "base", "new", "ratio", "check")
		fmt.Printf("|%s|%s|%s|%s|---\n", strings.Repeat("-", 48), strings.Repeat("-", 12), strings.Repeat("-", 12), strings.Repeat("-", 8))
		c.header = true
	}
	fmt.Printf("| %-46s | %10s | %10s | %5.2f× | %s\n", name, base, new, ratio, note)
}

// threads searches the bench positions to depth through UGI with Threads
// 1 and 2, for each tree, alternating, and prints nodes/s and the time to
// the depth with each thread count and the scaling 2 against 1.
func (c *comparison) threads(depth int) {
	if c.err != nil {
		return
	}
	cmds, err := output("", c.trees[1].seega, "bench", "--commands")
	if err != nil {
		c.err = err
		return
	}
	type sample struct{ nps, secs []float64 }
	res := make([][2]sample, len(c.trees))
	for r := 0; r < c.rounds; r++ {
		for i, t := range c.trees {
			for th := 1; th <= 2; th++ {
				nodes, took, err := threadSearch(t, cmds, th, depth)
				if err != nil {
					c.err = fmt.Errorf("Threads %d, %s: %v", th, t.name, err)
					return
				}
				s := &res[i][th-1]
				s.nps = append(s.nps, float64(nodes)/took.Seconds())
				s.secs = append(s.secs, took.Seconds())
			}
		}
	}
	for th := 1; th <= 2; th++ {
		b, n := c.rate(res[0][th-1].nps), c.rate(res[1][th-1].nps)
		c.print(fmt.Sprintf("Threads %d, bench positions, depth %d (nodes/s)", th, depth), human(b), human(n), n/b, "")
	}
	for th := 1; th <= 2; th++ {
		// The ratio of times is base/new, so that above 1 is faster here too.
		b, n := c.time(res[0][th-1].secs), c.time(res[1][th-1].secs)
		c.print(fmt.Sprintf("Threads %d, time to depth %d (s)", th, depth),
			fmt.Sprintf("%.3f", b), fmt.Sprintf("%.3f", n), b/n, "")
	}
	// The scaling of each binary: Threads 2 against Threads 1.
	var npsScale, timeScale [2]float64
	for i := range c.trees {
		npsScale[i] = c.rate(res[i][1].nps) / c.rate(res[i][0].nps)
		timeScale[i] = c.time(res[i][0].secs) / c.time(res[i][1].secs)
	}
	c.print("Threads 2 / Threads 1, nodes/s", fmt.Sprintf("%.2f×", npsScale[0]), fmt.Sprintf("%.2f×", npsScale[1]),
		npsScale[1]/npsScale[0], "")
	c.print(fmt.Sprintf("Threads 2 / Threads 1, time to depth %d", depth), fmt.Sprintf("%.2f×", timeScale[0]),
		fmt.Sprintf("%.2f×", timeScale[1]), timeScale[1]/timeScale[0], "")
}

// perftPosition is a movement position of board's perft benchmarks, at a
// depth that takes the new engine a tenth of a second or more: 9×9 goes
// to depth 7 (46.7M nodes), since at depth 6 its run was over in 80 ms
// and the process's start-up and the machine's noise moved the ratio
// by a tenth.
type perftPosition struct {
	size, depth int
	fen         string
}

var perftPositions = []perftPosition{
	{5, 8, "bbbww/bwbww/w2w1/1wbww/bbwbb w 0/0 - 4 19"},
	{7, 7, "bbwwbbb/bwwwwwb/w1wwbbb/www1bbw/b1bbwwb/wbw1bbw/wbwbwwb w 0/0 - 3 31"},
	{9, 7, "bbbbwbbwb/wbwbbbbww/wwbwwwbbb/bwwwwwwbb/bwbbww1wb/bbb1b2bb/bwwbb3w/wbbb1b1bb/wwwwbbwww w 0/0 - 0 47"},
}

// perft runs `seega perft` and returns its rate and node count.
func perft(t *tree, p perftPosition) (float64, string, error) {
	cmd := exec.Command(t.seega, "perft", "--variant", "pro", "--size", strconv.Itoa(p.size),
		"--fen", p.fen, "--depth", strconv.Itoa(p.depth))
	start := time.Now()
	out, err := cmd.Output()
	took := time.Since(start)
	if err != nil {
		return 0, "", fmt.Errorf("%v: %s", err, out)
	}
	nodes, err := parsePerft(string(out))
	if err != nil {
		return 0, "", err
	}
	return float64(nodes) / took.Seconds(), fmt.Sprintf("nodes %d", nodes), nil
}

// parsePerft reads the node count of `seega perft`'s output.
func parsePerft(out string) (uint64, error) {
	m := regexp.MustCompile(`(?m)^nodes (\d+)$`).FindStringSubmatch(out)
	if m == nil {
		return 0, fmt.Errorf("no node count in %q", out)
	}
	return strconv.ParseUint(m[1], 10, 64)
}

// benchmark runs one of board's benchmarks for a second and returns the
// metric it reports under unit.
func benchmark(t *tree, name, unit string) (float64, string, error) {
	out, err := output("", t.board, "-test.run", "^$", "-test.bench", "^Benchmark"+name+"$", "-test.benchtime", "1s")
	if err != nil {
		return 0, "", err
	}
	v, err := parseMetric(out, unit)
	return v, "", err
}

// errNoMetric is parseMetric's error for output without the unit, as a
// benchmark that the tree does not have gives.
var errNoMetric = errors.New("no such figure")

// parseMetric reads the figure a benchmark reports under unit.
func parseMetric(out, unit string) (float64, error) {
	m := regexp.MustCompile(`([0-9.e+]+) ` + regexp.QuoteMeta(unit) + `(\s|$)`).FindStringSubmatch(out)
	if m == nil {
		return 0, fmt.Errorf("%w: no %s in %q", errNoMetric, unit, out)
	}
	return strconv.ParseFloat(m[1], 64)
}

// bench runs `seega bench` and returns its nodes/s and signature.
func bench(t *tree, args ...string) (float64, string, error) {
	out, err := output("", t.seega, append([]string{"bench"}, args...)...)
	if err != nil {
		return 0, "", err
	}
	nodes, nps, err := parseBench(out)
	if err != nil {
		return 0, "", err
	}
	return float64(nps), fmt.Sprintf("signature %d", nodes), nil
}

// parseBench reads the last line of `seega bench`: `<N> nodes <M> nps`.
func parseBench(out string) (nodes, nps uint64, err error) {
	m := regexp.MustCompile(`(\d+) nodes (\d+) nps\s*$`).FindStringSubmatch(out)
	if m == nil {
		return 0, 0, fmt.Errorf("no signature line in %q", out)
	}
	nodes, _ = strconv.ParseUint(m[1], 10, 64)
	nps, _ = strconv.ParseUint(m[2], 10, 64)
	return nodes, nps, nil
}

var goDepth = regexp.MustCompile(`^go depth \d+$`)

// threadSearch plays the bench's command list to the engine over UGI with
// the given Threads and every `go` at depth, and returns the nodes of the
// searches and the time they took (timedSearches).
func threadSearch(t *tree, cmds string, threads, depth int) (uint64, time.Duration, error) {
	var list []string
	for _, c := range strings.Split(strings.TrimSpace(cmds), "\n") {
		switch {
		case strings.HasPrefix(c, "setoption name Threads "):
			c = "setoption name Threads value " + strconv.Itoa(threads)
		case goDepth.MatchString(c):
			c = "go depth " + strconv.Itoa(depth)
		}
		list = append(list, c)
	}
	return timedSearches(t, list)
}

// timedSearches plays cmds to the engine over UGI and returns the nodes
// of its searches (from each one's last info line) and the time from
// each `go` to its bestmove, summed. Each go is preceded by isready, so
// that clearing the table for uginewgame, or setting up the rules, is
// not counted.
func timedSearches(t *tree, cmds []string) (uint64, time.Duration, error) {
	cmd := exec.Command(t.seega)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return 0, 0, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return 0, 0, err
	}
	if err := cmd.Start(); err != nil {
		return 0, 0, err
	}
	defer cmd.Wait()
	defer stdin.Close()
	lines := bufio.NewScanner(stdout)
	lines.Buffer(make([]byte, 1<<20), 1<<20)
	// await reads lines up to one starting with prefix, and returns the
	// last node count seen on the way.
	await := func(prefix string) (uint64, error) {
		var nodes uint64
		for lines.Scan() {
			l := lines.Text()
			if f := strings.Fields(l); len(f) > 0 && f[0] == "info" {
				for i := 0; i+1 < len(f); i++ {
					if f[i] == "nodes" {
						nodes, _ = strconv.ParseUint(f[i+1], 10, 64)
					}
				}
			}
			if strings.HasPrefix(l, prefix) {
				return nodes, nil
			}
		}
		if err := lines.Err(); err != nil {
			return 0, err
		}
		return 0, io.ErrUnexpectedEOF
	}
	send := func(s string) error { _, err := io.WriteString(stdin, s+"\n"); return err }
	var total uint64
	var took time.Duration
	for _, c := range cmds {
		if !strings.HasPrefix(c, "go ") {
			if err := send(c); err != nil {
				return 0, 0, err
			}
			continue
		}
		if err := send("isready"); err != nil {
			return 0, 0, err
		}
		if _, err := await("readyok"); err != nil {
			return 0, 0, err
		}
		start := time.Now()
		if err := send(c); err != nil {
			return 0, 0, err
		}
		n, err := await("bestmove")
		if err != nil {
			return 0, 0, err
		}
		took += time.Since(start)
		total += n
	}
	return total, took, send("quit")
}

// buildLevel is the GOAMD64 level to build the tree in src at, and why:
// the level asked for, or for "auto" the one its make build uses (the
// level its cmd/goamd64 prints, or Go's default v1 for a tree without it).
func buildLevel(src, asked string) (level, origin string, err error) {
	if asked != "auto" {
		return asked, "--goamd64", nil
	}
	if _, err := os.Stat(filepath.Join(src, "cmd", "goamd64")); err != nil {
		return "v1", "Go's default", nil
	}
	out, err := output(src, "go", "run", "./cmd/goamd64")
	if err != nil {
		return "", "", err
	}
	return strings.TrimSpace(out), "its Makefile's", nil
}

// output runs a command in dir and returns its standard output; an error
// carries its standard error.
func output(dir, name string, args ...string) (string, error) {
	return outputEnv(dir, "", name, args...)
}

// outputEnv is output with one more environment variable, "KEY=value",
// set over the inherited environment (none if env is empty).
func outputEnv(dir, env, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if env != "" {
		cmd.Env = append(os.Environ(), env)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return string(out), fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, stderr.String())
	}
	return string(out), nil
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// human writes a figure with an SI suffix.
func human(v float64) string {
	switch {
	case v >= 1e6:
		return fmt.Sprintf("%.2fM", v/1e6)
	case v >= 1e3:
		return fmt.Sprintf("%.1fk", v/1e3)
	}
	return fmt.Sprintf("%.3f", v)
}
