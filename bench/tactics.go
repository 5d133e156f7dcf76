package bench

// The tactics suite: positions with a known forced win that the searcher
// must solve at modest depth. It measures what the bench signature does
// not, that the search finds what it should (TestTactics).

// Tactic is a position with a forced win for the side to act.
type Tactic struct {
	Name    string
	Variant string
	Options []string // rule options after the preset, Name=value
	SeFEN   string
	// Best lists the winning turns; the engine must choose one of them.
	// A turn that ends in ":" matches any turn starting with it. Empty:
	// any turn will do that meets Mate.
	Best []string
	// Depth is the search depth, in turns, at which the win must be found.
	Depth int
	// Mate, when positive, is the most own turns the win may take; with 1,
	// the chosen turn must end the game in the mover's favour.
	Mate int
}

// Tactics is the suite. Each position is drawn in its comment, top rank
// first, W White, B Black, . empty.
var Tactics = []Tactic{
	{
		// . . B W .   c1c2 takes b2 (a2 behind it), then the same stone
		// . W . . .   takes b3 by c2c3 (a3 behind) or c2b2 (b4 behind):
		// W B . . .   Black is left with one stone, LoseAt under pro.
		// W B . . .
		// . . W . .
		Name: "chain combination (pro samecapture)", Variant: "pro",
		SeFEN: "2bw1/1w3/wb3/wb3/2w2 w 0/0 - 0 30",
		Best:  []string{"c1c2,c2c3", "c1c2,c2b2"}, Depth: 3, Mate: 1,
	},
	{
		// . . . . W   egyptian bonus chain: c1c2 takes b2 (a2 behind), and
		// . . . W .   the bonus step c2d2 takes d3 (d4 behind); or the same
		// . . . B .   in the other order: Black has no stone left (LoseAt 0).
		// W B . . .
		// . . W . W
		Name: "bonus chain takes every stone (egyptian)", Variant: "egyptian",
		SeFEN: "4w/3w1/3b1/wb3/2w1w w 0/0 - 0 30",
		Depth: 3, Mate: 1,
	},
	{
		// B W B W .   pro: e4e5 leaves e4 among White stones; Black has
		// B B B W W   no step and loses. d5e5 would free d5 beside c5.
		// W W B B W
		// B W W B B
		// W B W B W
		Name: "blockade win (pro)", Variant: "pro",
		SeFEN: "bwbw1/bbbww/wwbbw/bwwbb/wbwbw w 0/0 - 0 30",
		Best:  []string{"e4e5"}, Depth: 2, Mate: 1,
	},
	{
		// B B B W .   classic (whiteopens): e4e5 blocks Black, who must
		// B B W W W   pass (or ask a ransom, which White refuses); then no
		// B B B W W   White turn can free a square beside a Black stone, so
		// B B B B W   the blockade stands and Black loses.
		// W W W W W
		Name: "whiteopens squeeze (classic)", Variant: "classic",
		SeFEN: "bbbw1/bbwww/bbbww/bbbbw/wwwww w 0/0 - 0 30",
		Best:  []string{"e4e5"}, Depth: 4, Mate: 3,
	},
	{
		// Black has 31 movement turns and has never asked: a 32nd turn
		// without a request loses at the deadline, so Black must ask.
		Name: "ransom before the deadline (classic)", Variant: "classic",
		SeFEN: "w1b1w/1bw2/b1w1b/2b1w/w1b1w b 0/0 - 0 70 bturns=31",
		Best:  []string{"ransom:"}, Depth: 2,
	},
	{
		// B . . . .   sudanese (8 directions, LoseAt 2): c4c3 takes b2
		// . . W . B   on the diagonal (a1 behind it); Black is left with
		// . . . . .   two stones and loses.
		// . B . . .
		// W . . . W
		Name: "diagonal capture (sudanese)", Variant: "sudanese",
		SeFEN: "b4/2w1b/5/1b3/w3w w 0/0 - 0 30",
		Best:  []string{"c4c3"}, Depth: 2, Mate: 1,
	},
}
