package match

// job is one scheduled game.
type job struct {
	Index   int // place in the schedule, 0-based: the records' key
	Round   int // 0-based
	Pair    int // Index/2: the two games of a pair share an opening
	Opening int // opening number: generated number, or index in the file
	White   int // engine indexes into Config.Engines
	Black   int
}

// schedule lists every game of a round robin: for each round, for each
// pairing of engines i < j, `games` games, in pairs from one opening
// with colours swapped (i has White in the first of each pair). Rounds
// come first in the order, so a longer tournament (more rounds) keeps the
// indexes of a shorter one and can resume from its records. Every
// pairing of a round uses the same openings.
func schedule(engines, games, rounds, openings int) []job {
	total := rounds * engines * (engines - 1) / 2 * games
	out := make([]job, total)
	for i := range out {
		out[i] = jobAt(engines, games, openings, i)
	}
	return out
}

// jobAt is game index of schedule(engines, games, any rounds, openings);
// openings 0 numbers the openings without cycling (generated ones). It
// lets the records of a tournament be checked against its schedule
// without listing it.
func jobAt(engines, games, openings, index int) job {
	perRound := engines * (engines - 1) / 2 * games
	r, k := index/perRound, index%perRound
	pairing, g := k/games, k%games
	i := 0
	for n := engines - 1; pairing >= n; n-- {
		pairing -= n
		i++
	}
	jb := job{Index: index, Round: r, Pair: index / 2, Opening: r*(games/2) + g/2, White: i, Black: i + 1 + pairing}
	if openings > 0 {
		jb.Opening %= openings
	}
	if g%2 == 1 {
		jb.White, jb.Black = jb.Black, jb.White
	}
	return jb
}
