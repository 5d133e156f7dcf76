package match

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"seega/match/stats"
)

// union is the games of one tournament gathered from several records
// files (the shards'), checked as they come in: each of the same
// tournament as the first (tournamentDiff), in its place in the
// schedule, and none twice. Its tally is the whole tournament's, as one
// run would have it.
type union struct {
	ref     Record // the tournament's tags
	refFrom string // where ref came from, for messages
	names   []string
	games   int         // per pairing in each round
	sprt    *stats.SPRT // nil: none
	rounds  int         // the most rounds any game was played under
	last    int         // the highest game index seen
	tally   *tally
	from    map[int]string // the file each game came from
}

// newUnion starts a union of the tournament ref names (ref's rules, time
// control and Tournament), which came from refFrom.
func newUnion(ref *Record, refFrom string) (*union, error) {
	id := &ref.Tournament
	if !id.Known() {
		return nil, errUnknownTournament(ref, refFrom)
	}
	names := strings.Fields(id.Engines)
	games, err := strconv.Atoi(id.Games)
	if err != nil || games < 2 || games%2 != 0 || len(names) < 2 {
		return nil, fmt.Errorf("%s: game %d: engines %q and games per pairing %q make no tournament", refFrom, ref.Index, id.Engines, id.Games)
	}
	u := &union{
		ref: Record{Rules: ref.Rules, TimeControl: ref.TimeControl, Tournament: *id}, refFrom: refFrom,
		names: names, games: games, last: -1, tally: newTally(names), from: map[int]string{},
	}
	if id.SPRT != "" {
		test, err := stats.ParseSPRT(id.SPRT)
		if err != nil {
			return nil, fmt.Errorf("%s: game %d: SPRT %q: %v", refFrom, ref.Index, id.SPRT, err)
		}
		u.sprt = &test
	}
	return u, nil
}

var errRecordsInUse = errors.New("another run is writing to this records file (is the same shard running twice?)")

func errUnknownTournament(r *Record, from string) error {
	return fmt.Errorf("%s: game %d does not say which tournament it belongs to: it was written before records carried the tournament's tags (Engines, Seed, Openings, …), so it cannot be checked against other files; it still resumes with the command that wrote it", from, r.Index)
}

// gamesPerRound is how many games one round of the tournament has.
func (u *union) gamesPerRound() int {
	n := len(u.names)
	return n * (n - 1) / 2 * u.games
}

// add checks game r, read from file from, and counts it.
func (u *union) add(r *Record, from string) error {
	if !r.Tournament.Known() {
		return errUnknownTournament(r, from)
	}
	if what, want, got := tournamentDiff(&u.ref, r); what != "" {
		return fmt.Errorf("%s: game %d is from another tournament than %s: its %s is %q, not %q", from, r.Index, u.refFrom, what, got, want)
	}
	if r.Index < 0 {
		return fmt.Errorf("%s: game %d: no such game", from, r.Index)
	}
	if r.Rounds > 0 && r.Index >= r.Rounds*u.gamesPerRound() {
		return fmt.Errorf("%s: game %d is past the end of its tournament of %d rounds", from, r.Index, r.Rounds)
	}
	j := jobAt(len(u.names), u.games, 0, r.Index)
	if r.White != u.names[j.White] || r.Black != u.names[j.Black] || r.Round != j.Round || r.Pair != j.Pair {
		return fmt.Errorf("%s: game %d is %s against %s in round %d, but the schedule has %s against %s in round %d there",
			from, r.Index, r.White, r.Black, r.Round+1, u.names[j.White], u.names[j.Black], j.Round+1)
	}
	if first, ok := u.from[r.Index]; ok {
		if first == from {
			return fmt.Errorf("%s holds game %d twice", from, r.Index)
		}
		return fmt.Errorf("game %d is in both %s and %s: a game may be counted once only (was a file given twice, or did two shards run with the same index?)", r.Index, first, from)
	}
	u.from[r.Index] = from
	u.rounds = max(u.rounds, r.Rounds)
	u.last = max(u.last, r.Index)
	u.tally.add(newOutcome(r.Index, j, r))
	return nil
}

// total is the number of games of the whole tournament: its rounds as
// the records give them (the most, where a tournament was lengthened).
func (u *union) total() int {
	per := u.gamesPerRound()
	rounds := max(u.rounds, (u.last+per)/per)
	return rounds * per
}

// decision is the SPRT's on the games so far; Continue without one.
func (u *union) decision() stats.Decision {
	if u.sprt == nil {
		return stats.Continue
	}
	var p stats.Penta
	if m := u.tally.matches[[2]int{0, 1}]; m != nil {
		p = m.penta
	}
	return u.sprt.Decide(u.sprt.LLR(p))
}

// standings are the whole tournament's, as a single run prints them.
func (u *union) standings() Standings {
	s := u.tally.standings(u.total(), u.sprt)
	s.Openings = u.ref.Tournament.openingsLabel()
	s.TimeControl = u.ref.TimeControl
	if s.SPRT != nil && s.SPRT.Decision != stats.Continue {
		s.Stopped = "the SPRT decided: " + s.SPRT.Decision.String()
	}
	return s
}

// Merge reads the records files of a tournament played in shards (a
// directory stands for the shard files in it) and returns the standings
// of the whole, the same as one run of the tournament would print, with
// notes for people: the games found in each file, shards with none, and
// records cut short. It refuses files of different tournaments, a file
// given twice, and a game found twice.
func Merge(paths []string) (Standings, []string, error) {
	files, err := expandRecordsPaths(paths)
	if err != nil {
		return Standings{}, nil, err
	}
	var (
		u      *union
		notes  []string
		shards = map[string]bool{}
	)
	for _, path := range files {
		recs, torn, err := readRecordsFile(path)
		if err != nil {
			return Standings{}, nil, err
		}
		note := fmt.Sprintf("%s: %d games", path, len(recs))
		if torn {
			note += "; the last record is cut short (its run was stopped while writing it) and is left out"
		}
		notes = append(notes, note)
		for i := range recs {
			r := &recs[i]
			if u == nil {
				if u, err = newUnion(r, path); err != nil {
					return Standings{}, nil, err
				}
			}
			if err := u.add(r, path); err != nil {
				return Standings{}, nil, err
			}
			shards[r.Shard] = true
		}
	}
	if u == nil {
		return Standings{}, nil, fmt.Errorf("no games in %s", strings.Join(files, ", "))
	}
	return u.standings(), append(notes, missingShards(shards)...), nil
}

// missingShards notes the shards of which no game was found, where the
// games found name their shards alike (K/N, one N).
func missingShards(seen map[string]bool) []string {
	count := -1
	for s := range seen {
		sh, err := ParseShard(s)
		if err != nil || (count >= 0 && sh.Count != count) {
			return nil
		}
		count = sh.Count
	}
	var missing []string
	for k := range count {
		if s := (Shard{Index: k, Count: count}).String(); !seen[s] {
			missing = append(missing, s)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("no games from shard %s (not started, or nothing finished yet?)", strings.Join(missing, ", "))}
}

// expandRecordsPaths lists the files to merge: each file given, and the
// shard files in each directory given. A file named twice (under any
// path) is refused.
func expandRecordsPaths(paths []string) ([]string, error) {
	if len(paths) == 0 {
		return nil, errors.New("no records files given")
	}
	var files []string
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !fi.IsDir() {
			files = append(files, p)
			continue
		}
		ents, err := os.ReadDir(p)
		if err != nil {
			return nil, err
		}
		n := len(files)
		for _, e := range ents {
			if isShardFile(e.Name()) && e.Type().IsRegular() {
				files = append(files, filepath.Join(p, e.Name()))
			}
		}
		if len(files) == n {
			return nil, fmt.Errorf("%s: no shard records files (shard-K-of-N.txt) in the directory", p)
		}
	}
	var infos []os.FileInfo
	for _, f := range files {
		fi, err := os.Stat(f)
		if err != nil {
			return nil, err
		}
		for i, prev := range infos {
			if os.SameFile(prev, fi) {
				return nil, fmt.Errorf("%s is given twice (as %s too): each file may be merged once only", f, files[i])
			}
		}
		infos = append(infos, fi)
	}
	return files, nil
}

// readRecordsFile reads a whole records file; torn says its end is a
// record cut short.
func readRecordsFile(path string) (recs []Record, torn bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	recs, good, err := ReadRecords(f)
	if err != nil {
		return nil, false, fmt.Errorf("%s: %v", path, err)
	}
	fi, err := f.Stat()
	if err != nil {
		return nil, false, err
	}
	return recs, fi.Size() > good, nil
}

// peers follows the other shards' records files in a records directory
// they share, reading what each has added since the last look, so that
// a shard can stop once the SPRT of all their games decides.
type peers struct {
	dir, own string
	count    int              // the shard count: every file in the directory must be of it
	read     map[string]int64 // bytes of each file counted so far
}

// poll adds to u what the other shards have written since the last poll.
// Each file is opened afresh, which on NFS is what makes another
// client's writes visible (close-to-open consistency). A record being
// written is left for the next poll.
func (p *peers) poll(u *union) error {
	ents, err := os.ReadDir(p.dir)
	if err != nil {
		return fmt.Errorf("records directory: %v", err)
	}
	names := make([]string, 0, len(ents))
	for _, e := range ents {
		if e.Name() != p.own && isShardFile(e.Name()) {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names)
	for _, name := range names {
		if err := p.pollFile(u, name); err != nil {
			return err
		}
	}
	return nil
}

func (p *peers) pollFile(u *union, name string) error {
	path := filepath.Join(p.dir, name)
	var k, n int
	fmt.Sscanf(name, "shard-%d-of-%d", &k, &n)
	if n != p.count {
		return fmt.Errorf("%s is a shard of %d, but this run is a shard of %d: the slices of two shard counts overlap; give each shard count a records directory of its own", path, n, p.count)
	}
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil // gone between the listing and now: look again next time
		}
		return err
	}
	defer f.Close()
	off := p.read[name]
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if fi.Size() < off {
		return fmt.Errorf("%s is shorter than the %d bytes of it already counted: it was replaced or cut, and the games counted from it may no longer be there", path, off)
	}
	if fi.Size() == off {
		return nil
	}
	if _, err := f.Seek(off, 0); err != nil {
		return err
	}
	recs, good, err := ReadRecords(f)
	if err != nil {
		return fmt.Errorf("%s, after byte %d: %v", path, off, err)
	}
	for i := range recs {
		if err := u.add(&recs[i], path); err != nil {
			return err
		}
	}
	p.read[name] = off + good
	return nil
}
