package main

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/pflag"

	"seega/bench"
)

// firstFlags are the flags of `seega bench --first`.
type firstFlags struct {
	first     *bool
	processes *int
	searches  *int
	movetime  *int
	hash      *int
	engines   *[]string
}

// addFirstFlags adds the flags of bench --first to fs.
func addFirstFlags(fs *pflag.FlagSet) firstFlags {
	return firstFlags{
		first:     fs.Bool("first", false, "measure fresh processes instead: the nodes/s of their first searches against their later ones (docs/speed.md)"),
		processes: fs.Int("processes", 10, "with --first: fresh processes an engine, started in turn"),
		searches:  fs.Int("searches", 10, "with --first: searches in each process"),
		movetime:  fs.Int("movetime", 100, "with --first: each search's movetime, ms"),
		hash:      fs.Int("hash", 16, "with --first: the Hash option, MiB"),
		engines:   fs.StringArray("engine", nil, "with --first: an engine to measure, NAME=PROGRAM (repeatable; default this binary); the engines' processes alternate"),
	}
}

// changed reports whether a flag of --first other than --first itself was
// given, which without --first is a mistake.
func (f firstFlags) changed(fs *pflag.FlagSet) (string, bool) {
	for _, name := range []string{"processes", "searches", "movetime", "hash", "engine"} {
		if fs.Changed(name) {
			return name, true
		}
	}
	return "", false
}

// warmEngine is one engine of bench --first.
type warmEngine struct {
	name    string
	command []string
}

// runBenchFirst is `seega bench --first`: fresh processes of each engine,
// alternating so that the machine's load falls on all alike, each given
// the searches of a bench.WarmUp; it prints the median over the processes
// of each engine's isready time and the nodes/s of its first, second and
// last search.
func runBenchFirst(fs *pflag.FlagSet, f firstFlags, searcher string) int {
	switch {
	case *f.processes < 1:
		return usageError(fs, "--processes %d: must be 1 or more", *f.processes)
	case *f.searches < 1 || *f.searches > 1000:
		return usageError(fs, "--searches %d: must be from 1 to 1000", *f.searches)
	case *f.movetime < 1:
		return usageError(fs, "--movetime %d: must be positive", *f.movetime)
	case *f.hash < 1:
		return usageError(fs, "--hash %d: must be 1 or more", *f.hash)
	}
	var engines []warmEngine
	for _, spec := range *f.engines {
		name, program, ok := strings.Cut(spec, "=")
		if !ok || name == "" || strings.TrimSpace(program) == "" {
			return usageError(fs, "--engine %q: want NAME=PROGRAM", spec)
		}
		engines = append(engines, warmEngine{name, strings.Fields(program)})
	}
	if len(engines) == 0 {
		self, err := os.Executable()
		if err != nil {
			return fail("bench", 1, "cannot find this binary:", err)
		}
		engines = []warmEngine{{"this", []string{self}}}
	}
	// The start position is in the placement book: with OwnBook on, the
	// engines would answer from it without searching. An engine without
	// the option ignores the line.
	setup := []string{fmt.Sprintf("setoption name Hash value %d", *f.hash), "setoption name OwnBook value false"}
	if searcher != "" {
		setup = append(setup, "setoption name Search value "+searcher)
	}
	w := bench.WarmUp{Setup: setup, Position: "position startpos", Searches: *f.searches,
		MoveTime: time.Duration(*f.movetime) * time.Millisecond}
	fmt.Printf("%d fresh processes an engine, in turn; in each: ugi, %s, uginewgame, isready, then %d × (%s, go movetime %d)\n",
		*f.processes, strings.Join(setup, ", "), *f.searches, w.Position, *f.movetime)
	results := make([][]bench.WarmUpResult, len(engines))
	for p := range *f.processes {
		for i, e := range engines {
			w.Command = e.command
			res, err := w.Run(context.Background())
			if err != nil {
				return fail("bench", 1, e.name+":", err)
			}
			results[i] = append(results[i], res)
			fmt.Fprintf(os.Stderr, "process %d/%d of %s: first %.0f nodes/s, last %.0f\n", p+1, *f.processes, e.name, res.NPS[0], res.NPS[len(res.NPS)-1])
		}
	}
	printWarmUp(engines, results, *f.searches)
	return 0
}

// printWarmUp prints the medians over the processes, an engine a row.
func printWarmUp(engines []warmEngine, results [][]bench.WarmUpResult, searches int) {
	cols := []int{0}
	if searches > 2 {
		cols = append(cols, 1)
	}
	if searches > 1 {
		cols = append(cols, searches-1)
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "engine\tisready ms\t")
	for _, c := range cols {
		fmt.Fprintf(tw, "search %d nodes/s\t", c+1)
	}
	fmt.Fprintln(tw)
	for i, e := range engines {
		fmt.Fprintf(tw, "%s\t%.1f\t", e.name, median(results[i], func(r bench.WarmUpResult) float64 { return r.Ready.Seconds() * 1000 }))
		for _, c := range cols {
			fmt.Fprintf(tw, "%.0f\t", median(results[i], func(r bench.WarmUpResult) float64 { return r.NPS[c] }))
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	fmt.Println("(medians over the processes)")
}

// median is the median of f over rs.
func median(rs []bench.WarmUpResult, f func(bench.WarmUpResult) float64) float64 {
	v := make([]float64, len(rs))
	for i, r := range rs {
		v[i] = f(r)
	}
	slices.Sort(v)
	n := len(v)
	if n%2 == 1 {
		return v[n/2]
	}
	return (v[n/2-1] + v[n/2]) / 2
}
