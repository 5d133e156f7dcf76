// Command stoplatency measures how long the engine takes to answer stop:
// the time from writing "stop" to its pipe to reading "bestmove" back, over
// many searches stopped at random moments, as a GUI sees it. It prints the
// median, the 90th and 99th percentiles and the worst.
//
//	go run ./internal/stoplatency --engine bin/seega --threads 2 --samples 300
//
// The figures depend on the machine's load more than on the engine: take
// them under `flock /work/heavy.lock`, and with --busy N to add N
// CPU-bound processes of the same priority as the engine, as on a busy
// machine.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/spf13/pflag"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	fs := pflag.NewFlagSet("stoplatency", pflag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: stoplatency --engine PATH [--threads N] [--samples N] [--search NAME] [--busy N]")
		fmt.Fprintln(os.Stderr, "\nMeasures the time from stop to bestmove over many searches stopped at random moments.")
		fs.PrintDefaults()
	}
	engine := fs.String("engine", "bin/seega", "the engine binary")
	threads := fs.Int("threads", 2, "the Threads option")
	samples := fs.Int("samples", 200, "searches to stop")
	search := fs.String("search", "alphabeta", "the Search option")
	busy := fs.Int("busy", 0, "CPU-bound processes to run beside the engine")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return 0
		}
		return usageError(fs, "%v", err)
	}
	switch {
	case fs.NArg() > 0:
		return usageError(fs, "unexpected argument %q", fs.Arg(0))
	case *threads < 1:
		return usageError(fs, "--threads %d: must be 1 or more", *threads)
	case *samples < 1:
		return usageError(fs, "--samples %d: must be 1 or more", *samples)
	case *busy < 0:
		return usageError(fs, "--busy %d: must be 0 or more", *busy)
	}
	for range *busy {
		hog := exec.Command("sh", "-c", "while :; do :; done")
		if err := hog.Start(); err != nil {
			fmt.Fprintln(os.Stderr, "stoplatency: --busy:", err)
			return 1
		}
		defer hog.Process.Kill()
	}
	lat, err := measure(*engine, *threads, *samples, *search)
	if err != nil {
		fmt.Fprintln(os.Stderr, "stoplatency:", err)
		return 1
	}
	slices.Sort(lat)
	q := func(p float64) time.Duration { return lat[int(p*float64(len(lat)-1)+0.5)].Round(10 * time.Microsecond) }
	fmt.Printf("threads %d, search %s, %d samples, %d busy: p50 %v  p90 %v  p99 %v  max %v\n",
		*threads, *search, len(lat), *busy, q(0.5), q(0.9), q(0.99), q(1))
	return 0
}

func usageError(fs *pflag.FlagSet, format string, args ...any) int {
	fmt.Fprintf(os.Stderr, "stoplatency: %s\n\n", fmt.Sprintf(format, args...))
	fs.Usage()
	return 2
}

// measure runs the engine and stops samples searches, each after a
// random 30 to 200 ms, on two positions in turn (the 7×7 start, and a
// 7×7 movement position).
func measure(path string, threads, samples int, search string) ([]time.Duration, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	defer cmd.Wait()
	defer in.Close()
	lines := make(chan string, 1024)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	send := func(s string) { io.WriteString(in, s+"\n") }
	wait := func(prefix string) (time.Time, error) {
		for l := range lines {
			if strings.HasPrefix(l, "info string error") {
				return time.Time{}, fmt.Errorf("the engine says %q", l)
			}
			if strings.HasPrefix(l, prefix) {
				return time.Now(), nil
			}
		}
		return time.Time{}, fmt.Errorf("the engine ended before %q", prefix)
	}
	for _, c := range []string{"ugi", fmt.Sprintf("setoption name Threads value %d", threads),
		"setoption name Search value " + search, "setoption name BoardSize value 7", "isready"} {
		send(c)
	}
	if _, err := wait("readyok"); err != nil {
		return nil, err
	}
	positions := []string{"position startpos", "position fen wbbbbww/bbwbwww/wwwbbww/b1w1wwb/bbwww1w/b3wbb/wbww1bw b 0/0 - 0 30"}
	rng := rand.New(rand.NewPCG(1, 2))
	var lat []time.Duration
	for i := range samples {
		send(positions[i%len(positions)])
		send("go infinite")
		time.Sleep(time.Duration(30+rng.IntN(170)) * time.Millisecond)
		start := time.Now()
		send("stop")
		end, err := wait("bestmove")
		if err != nil {
			return nil, err
		}
		lat = append(lat, end.Sub(start))
	}
	send("quit")
	return lat, nil
}
