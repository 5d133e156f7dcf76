package match

import (
	"fmt"
	"strconv"
	"strings"
)

// Shard is one of Count disjoint slices of a tournament's schedule, so
// that Count processes, on as many machines, play between them exactly
// the games one run would: the same pairings, openings and colours,
// under the same game indexes. Index runs from 0 to Count−1, as a
// Kubernetes Indexed Job's JOB_COMPLETION_INDEX does. The zero Shard is
// the whole tournament.
//
// A shard holds whole pairs (the two games of an opening), so that its
// own records have complete pairs, and takes every Count-th pair of the
// schedule, so that the shards move through the schedule side by side
// and the games played so far, by all of them, are close to the prefix
// a single run would have played.
type Shard struct {
	Index, Count int
}

// ParseShard reads "K/N", as --shard takes it.
func ParseShard(s string) (Shard, error) {
	k, n, ok := strings.Cut(s, "/")
	if !ok {
		return Shard{}, fmt.Errorf("shard %q: want K/N, e.g. 0/8 for the first of 8", s)
	}
	count, err := strconv.Atoi(strings.TrimSpace(n))
	if err != nil || count < 1 {
		return Shard{}, fmt.Errorf("shard %q: the count %q is not a positive number", s, n)
	}
	return ParseShardIndex(k, count)
}

// ParseShardIndex reads the K of shard K of count, from --shard or from
// the environment variable --shard-index-env names.
func ParseShardIndex(k string, count int) (Shard, error) {
	index, err := strconv.Atoi(strings.TrimSpace(k))
	if err != nil {
		return Shard{}, fmt.Errorf("shard index %q is not a number", k)
	}
	sh := Shard{Index: index, Count: count}
	return sh, sh.Validate()
}

// Validate refuses an index outside 0 … Count−1.
func (s Shard) Validate() error {
	if s == (Shard{}) {
		return nil
	}
	if s.Count < 1 {
		return fmt.Errorf("shard count %d: must be at least 1", s.Count)
	}
	if s.Index < 0 || s.Index >= s.Count {
		return fmt.Errorf("shard index %d of %d: want 0 to %d (the index counts from 0)", s.Index, s.Count, s.Count-1)
	}
	return nil
}

// Sharded reports whether s is a part of the tournament, not the whole.
func (s Shard) Sharded() bool { return s.Count > 1 }

// String writes the shard as --shard takes it; "" for the whole.
func (s Shard) String() string {
	if s.Count == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

// Has reports whether game j is in this shard's slice.
func (s Shard) has(j job) bool {
	return s.Count <= 1 || j.Pair%s.Count == s.Index
}

// position is game index's place in the shard's slice: the slice has
// pairs Index, Index+Count, Index+2·Count, … of the schedule.
func (s Shard) position(index int) int {
	if s.Count <= 1 {
		return index
	}
	return index/2/s.Count*2 + index%2
}

// FileName is the shard's records file in a records directory shared by
// the shards (Config.RecordsDir).
func (s Shard) FileName() string {
	c := max(s.Count, 1)
	return fmt.Sprintf("shard-%d-of-%d.txt", s.Index, c)
}

// isShardFile reports whether name is a shard's records file.
func isShardFile(name string) bool {
	var k, n int
	var rest string
	c, _ := fmt.Sscanf(name, "shard-%d-of-%d%s", &k, &n, &rest)
	return c == 3 && rest == ".txt" && name == Shard{Index: k, Count: n}.FileName()
}
