package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"seega/match"
)

const mergeUsage = `usage: seega match merge FILE|DIR...

Reads the records files of a tournament played in shards (seega match
--shard with --records or --records-dir; a directory stands for the
shard-K-of-N.txt files in it) and prints the standings of the whole
tournament on stdout: W/D/L, Elo, the pentanomial SPRT and the points
ledger, exactly as one run of the tournament prints them. What it found
in each file goes to stderr.

Files of another tournament (other engines or engine options, rules,
time control, seed, openings, games per pairing, turn limit or SPRT), a
file given twice and a game found twice are refused, with exit status 1.

Example:
  seega match merge records/            # every shard file in records/
  seega match merge shard-*-of-8.txt
`

// runMatchMerge is `seega match merge`.
func runMatchMerge(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("match merge", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, mergeUsage)
		fs.PrintDefaults()
	}
	err := fs.Parse(args)
	if errors.Is(err, pflag.ErrHelp) {
		return 0
	}
	if err == nil && fs.NArg() == 0 {
		err = errors.New("give the shards' records files, or the directory that holds them")
	}
	if err != nil {
		fmt.Fprintln(stderr, "seega match merge:", err)
		fs.Usage()
		return 2
	}
	s, notes, err := match.Merge(fs.Args())
	if err != nil {
		fmt.Fprintln(stderr, "seega match merge:", err)
		return 1
	}
	for _, n := range notes {
		fmt.Fprintln(stderr, n)
	}
	fmt.Fprint(stdout, s.Text())
	return 0
}
