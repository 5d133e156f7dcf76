package tablebase

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"time"

	"seega/board"
)

// Materials lists the materials of a rule set's tables with at most k
// stones in all, fewest stones first: the order they are generated in,
// since a capture only ever leads to fewer stones.
func Materials(r board.Rules, k int) []Material {
	lo := r.LoseAt + 1
	var out []Material
	for w := lo; w <= r.Stones(); w++ {
		for b := lo; b <= r.Stones() && w+b <= k; b++ {
			out = append(out, Material{w, b})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Total() < out[j].Total() })
	return out
}

// Options steer a generation.
type Options struct {
	Stones  int    // K: the most stones on the board, both sides together
	Dir     string // the tables go into Dir/DirName(rules)
	Workers int    // scan goroutines; 0 means 1
	// Progress, if not nil, is called as the scan of each material goes on.
	Progress Progress
	// Done, if not nil, is called once per material when its table is
	// written or, where a whole one was there already, reused.
	Done func(Stats)
}

// Stats describe one material's table.
type Stats struct {
	Material            Material
	Entries             uint64        // values stored (states × quiet counts)
	Bytes               int64         // the file's size
	Elapsed             time.Duration // generation time; 0 when reused
	Reused              bool          // a whole table was there already
	Remade              string        // why a file that was there could not be used
	Wins, Draws, Losses uint64
}

// Generate writes the tables of rules r with up to opt.Stones stones. A
// table already in place and whole (its checksum holds) is read back, not
// made again, so a stopped run picks up where it left off; a damaged one
// is made again.
func Generate(r board.Rules, opt Options) error {
	lay, err := newLayout(r)
	if err != nil {
		return err
	}
	if opt.Stones < 2 {
		return fmt.Errorf("stones: %d; want at least 2", opt.Stones)
	}
	dir := filepath.Join(opt.Dir, DirName(r))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	ms := Materials(r, opt.Stones)
	if len(ms) == 0 {
		return fmt.Errorf("stones: with %d stones at most, one side always has LoseAt (%d) or fewer: every such game is over", opt.Stones, r.LoseAt)
	}
	s := newSolver(lay, opt.Workers, opt.Progress)
	for _, m := range ms {
		idx := newClassIndex(s.sym, m)
		t, err := readTable(dir, lay, idx)
		if err == nil {
			s.solved[m] = t
			if opt.Done != nil {
				st := t.stats()
				st.Bytes, st.Reused = fileSize(filepath.Join(dir, FileName(m))), true
				opt.Done(st)
			}
			continue
		}
		remade := ""
		if !errors.Is(err, fs.ErrNotExist) {
			remade = err.Error() // a damaged or foreign file: made again
		}
		start := time.Now()
		t, err = s.solve(m)
		if err != nil {
			return fmt.Errorf("%s: %v", m, err)
		}
		n, err := t.write(dir)
		if err != nil {
			return fmt.Errorf("%s: writing: %v", m, err)
		}
		s.solved[m] = t
		if opt.Done != nil {
			st := t.stats()
			st.Bytes, st.Elapsed, st.Remade = n, time.Since(start), remade
			opt.Done(st)
		}
	}
	return nil
}

func fileSize(path string) int64 {
	st, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return st.Size()
}

// stats counts a table's entries by result.
func (t *table) stats() Stats {
	st := Stats{Material: t.idx.mat, Entries: uint64(t.entries())}
	for i := range uint64(t.entries()) {
		c := t.at(i)
		switch {
		case c == 0:
			st.Draws++
		case c&1 == 1:
			st.Wins++
		default:
			st.Losses++
		}
	}
	return st
}
