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
	var out []job
	perRound := games / 2
	for r := range rounds {
		for i := 0; i < engines; i++ {
			for j := i + 1; j < engines; j++ {
				for g := range games {
					k := r*perRound + g/2
					if openings > 0 {
						k %= openings
					}
					jb := job{Index: len(out), Round: r, Opening: k, White: i, Black: j}
					if g%2 == 1 {
						jb.White, jb.Black = j, i
					}
					jb.Pair = jb.Index / 2
					out = append(out, jb)
				}
			}
		}
	}
	return out
}
