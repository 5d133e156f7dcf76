package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"seega/board"
	"seega/tablebase"
)

func init() {
	register("tb", "endgame tables: generate them, probe a position", runTB)
}

const tbUsage = `usage: seega tb generate --stones K --dir DIR [--variant V] [--size N] [rule options] [--workers N]
       seega tb probe --dir DIR [--variant V] [rule options] --fen SeFEN

generate solves every movement position with at most K stones at the start of a turn,
for the rules given, into DIR/<rules>/; a stopped run, started again, reuses the tables made.
probe prints 'wdl win|draw|loss' and 'turns N' for the side to act, or why the position is not covered.
`

func runTB(args []string) int {
	if len(args) == 0 {
		fmt.Fprint(os.Stderr, tbUsage)
		return 2
	}
	switch args[0] {
	case "generate":
		return runTBGenerate(args[1:])
	case "probe":
		return runTBProbe(args[1:], os.Stdout)
	case "-h", "--help", "help":
		fmt.Fprint(os.Stderr, tbUsage)
		return 0
	}
	fmt.Fprintf(os.Stderr, "seega tb: unknown subcommand %q\n\n%s", args[0], tbUsage)
	return 2
}

func runTBGenerate(args []string) int {
	fs := newFlagSet("tb generate", tbUsage+"\n")
	rf := addRulesFlags(fs)
	stones := fs.Int("stones", 0, "the most stones on the board, both sides together (required)")
	dir := fs.String("dir", "", "directory to write the tables into (required)")
	workers := fs.Int("workers", runtime.NumCPU(), "goroutines that scan positions")
	if status, ok := parseOnlyFlags(fs, args); !ok {
		return status
	}
	switch {
	case *dir == "":
		return usageError(fs, "--dir is required")
	case *stones < 2:
		return usageError(fs, "--stones must be 2 or more (got %d)", *stones)
	case *workers < 1:
		return usageError(fs, "--workers must be 1 or more")
	}
	r, err := rf.rules()
	if err != nil {
		return usageError(fs, "%v", err)
	}
	if len(tablebase.Materials(r, *stones)) == 0 {
		return usageError(fs, "--stones %d: every position with so few stones has a side with LoseAt (%d) stones or fewer, so the game is over", *stones, r.LoseAt)
	}
	if most := 2 * r.Stones(); *stones > most {
		return usageError(fs, "--stones %d: the %d×%d board holds at most %d stones (%d a side)", *stones, r.BoardSize, r.BoardSize, most, r.Stones())
	}
	est, err := tablebase.EstimateGeneration(r, *stones)
	if err != nil {
		return usageError(fs, "%v", err)
	}
	if !est.Fits() {
		return usageError(fs, "--stones %d: the table %s would have %.3g states, more than the generator numbers (2^32): this generation cannot finish (%s)", *stones, est.Largest, est.LargestStates, est)
	}
	// The tables go into a directory of the rules' own, inside --dir.
	if err := checkOutputDir(filepath.Join(*dir, tablebase.DirName(r))); err != nil {
		return usageError(fs, "--dir %s: %v", *dir, err)
	}
	if mem, ok := machineMemory(); ok && est.PeakBytes > float64(mem) {
		fmt.Fprintf(os.Stderr, "seega tb generate: warning: --stones %d is expected to need about %s of memory at its peak, and this machine has %s: it may fail or swap (%s)\n",
			*stones, tablebase.Bytes(est.PeakBytes), tablebase.Bytes(float64(mem)), est)
	}
	bar := newProgressBar(os.Stderr, len(tablebase.Materials(r, *stones)))
	start := time.Now()
	var disk int64
	err = tablebase.Generate(r, tablebase.Options{
		Stones: *stones, Dir: *dir, Workers: *workers,
		Progress: bar.update,
		Done: func(s tablebase.Stats) {
			disk += s.Bytes
			bar.done(s)
		},
	})
	bar.finish()
	if err != nil {
		return fail("tb generate", 1, err)
	}
	fmt.Fprintf(os.Stderr, "%s: %d stones in %v, peak memory %d MiB, %.1f MiB on disk in %s\n",
		tablebase.DirName(r), *stones, time.Since(start).Round(time.Second), peakRSSMiB(), float64(disk)/(1<<20),
		strings.TrimSuffix(*dir, "/")+"/"+tablebase.DirName(r))
	return 0
}

// peakRSSMiB is the process's peak resident memory, where the system
// reports it.
func peakRSSMiB() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Maxrss / 1024 // kilobytes on Linux
}

// progressBar draws the generation's progress on one line of w, redrawn
// at most a few times a second, and a line per finished table.
type progressBar struct {
	w        io.Writer
	tables   int
	finished int
	last     time.Time
	start    time.Time
	drawn    bool
}

func newProgressBar(w io.Writer, tables int) *progressBar {
	return &progressBar{w: w, tables: tables, start: time.Now()}
}

const barWidth = 30

func (b *progressBar) update(m tablebase.Material, done, total uint64) {
	if time.Since(b.last) < 200*time.Millisecond && done < total {
		return
	}
	b.last = time.Now()
	filled := int(uint64(barWidth) * done / max(total, 1))
	fmt.Fprintf(b.w, "\r[%s%s] table %d/%d %s %3d%% %v ", strings.Repeat("#", filled), strings.Repeat(".", barWidth-filled),
		b.finished+1, b.tables, m, 100*done/max(total, 1), time.Since(b.start).Round(time.Second))
	b.drawn = true
}

func (b *progressBar) done(s tablebase.Stats) {
	b.finished++
	if b.drawn {
		fmt.Fprint(b.w, "\r"+strings.Repeat(" ", barWidth+40)+"\r")
		b.drawn = false
	}
	how := fmt.Sprintf("made in %v", s.Elapsed.Round(time.Millisecond))
	if s.Reused {
		how = "already there"
	} else if s.Remade != "" {
		how += " (the file there was unusable: " + s.Remade + ")"
	}
	fmt.Fprintf(b.w, "%s: %d entries, %d wins, %d draws, %d losses, %d bytes, %s\n",
		s.Material, s.Entries, s.Wins, s.Draws, s.Losses, s.Bytes, how)
}

func (b *progressBar) finish() {
	if b.drawn {
		fmt.Fprintln(b.w)
	}
}

func runTBProbe(args []string, out io.Writer) int {
	fs := newFlagSet("tb probe", tbUsage+"\n")
	rf := addRulesFlags(fs)
	dir := fs.String("dir", "", "directory the tables were generated into (required)")
	fen := fs.String("fen", "", "the position, as SeFEN (required)")
	if status, ok := parseOnlyFlags(fs, args); !ok {
		return status
	}
	switch {
	case *dir == "":
		return usageError(fs, "--dir is required")
	case *fen == "":
		return usageError(fs, "--fen is required")
	}
	r, err := rf.rules()
	if err != nil {
		return usageError(fs, "%v", err)
	}
	g, err := board.NewGameFromSeFEN(r, *fen)
	if err != nil {
		return usageError(fs, "--fen: %v", err)
	}
	tabs, err := tablebase.Open(*dir, *g.Rules())
	if err != nil {
		return fail("tb probe", 1, err)
	}
	if res := g.Result(); res.Over() {
		fmt.Fprintln(os.Stderr, "seega tb probe: not covered: the game is over:", res)
		return 1
	}
	v, ok := tabs.Probe(g)
	if !ok {
		fmt.Fprintln(os.Stderr, "seega tb probe: not covered:", tabs.WhyNot(g))
		return 1
	}
	fmt.Fprintf(out, "wdl %s\nturns %d\n", v.WDL, v.Turns)
	if best, bv, ok := tabs.BestTurn(g); ok && len(best) > 0 {
		fmt.Fprintf(out, "best %s (%s)\n", board.TurnString(best, g.Position().Size()), bv)
	}
	return 0
}
