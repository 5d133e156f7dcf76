package tablebase

import (
	"fmt"
	"strings"

	"seega/board"
)

// checker is the independent solver the tables are checked against: an
// exhaustive game-tree search by board's rules that shares nothing with
// the generator but board itself. It knows positions only as SeFEN
// strings, reads each one into a fresh board.Game (so that each has a
// repetition history of its own, as the tables' values assume), and walks
// turns with Game.ForEachTurn and ends with Game.Result. It uses no table
// index, no symmetry, no board.TurnStart and no retrograde analysis:
//
//   - Under a quiet-turn limit every quiet turn raises the count in the
//     SeFEN and every other turn captures, so the positions reachable from
//     one form no cycle, and the checker is plain minimax with a memo:
//     the quickest win, else a draw, else the longest loss.
//   - Without one it explores the positions reachable from the query and
//     computes, for n = 1, 2, …, which of them have a result forced within
//     n turns (exhaustive search to depth n, all positions at once), until
//     a round adds nothing. A result first forced at depth n takes n turns;
//     a position never forced is a draw: the endless play that RULES.md's
//     repetition rule ends in a draw.
type checker struct {
	r board.Rules
	// memo holds solved values by position key.
	memo map[string]Value
	// The graph explored so far, for rules without a quiet limit: node
	// numbers by key, and each node's key and children.
	ids      map[string]int32
	keys     []string
	children [][]int32
}

func newChecker(r board.Rules) *checker {
	return &checker{r: r, memo: map[string]Value{}, ids: map[string]int32{}}
}

// key is a SeFEN without the counters no rule reads: the turn number,
// the quiet-turn count where there is no quiet-turn limit, and Black's
// turns once a ransom has been accepted (the deadline needs no request).
func (c *checker) key(fen string) string {
	f := strings.Fields(fen)
	f[5] = "1"
	if c.r.NoCaptureLimit == 0 {
		f[4] = "0"
	}
	out := f[:6]
	for _, kv := range f[6:] {
		if !strings.HasPrefix(kv, "bturns=") || !strings.Contains(fen, "accepted=1") {
			out = append(out, kv)
		}
	}
	return strings.Join(out, " ")
}

func (c *checker) game(fen string) *board.Game {
	g, err := board.NewGameFromSeFEN(c.r, fen)
	if err != nil {
		panic(fmt.Sprintf("checker: %s: %v", fen, err))
	}
	return g
}

// resultValue is a finished game's value for the side to act.
func resultValue(g *board.Game) Value {
	res := g.Result()
	w, ok := res.Winner()
	switch {
	case !ok:
		return Value{}
	case w == g.Position().SideToAct():
		return Value{Win, 0}
	}
	return Value{Loss, 0}
}

// childKeys lists the distinct positions the legal turns from g reach. A
// turn that ends the game is judged there, on the game, and keyed by its
// result ("#win", "#draw", "#loss" for the side then to act): a SeFEN
// cannot say everything a finished game was (two passes in a row write
// as passed=1), so it is not read back.
func (c *checker) childKeys(g *board.Game) []string {
	seen := map[string]bool{}
	var out []string
	g.ForEachTurn(func([]board.Action) bool {
		var k string
		if g.Result().Over() {
			k = "#" + resultValue(g).WDL.String()
		} else {
			k = c.key(g.SeFEN())
		}
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
		return true
	})
	return out
}

// combine is a position's value from its children's values (each for its
// own side to act, the other side).
func combine(children []Value) Value {
	best := Value{WDL: Loss, Turns: -1}
	for _, ch := range children {
		mine := Value{WDL: -ch.WDL, Turns: ch.Turns + 1}
		if mine.WDL == Draw {
			mine.Turns = 0
		}
		if best.Turns < 0 || better(mine, best) {
			best = mine
		}
	}
	return best
}

// value is the checker's value of the position fen.
func (c *checker) value(fen string) Value {
	k := c.key(fen)
	if v, ok := c.memo[k]; ok {
		return v
	}
	if c.r.NoCaptureLimit > 0 {
		return c.minimax(k)
	}
	c.iterate(k)
	return c.memo[k]
}

// terminal is the value of a childKeys key of a finished game.
func terminal(k string) (Value, bool) {
	switch k {
	case "#win":
		return Value{Win, 0}, true
	case "#loss":
		return Value{Loss, 0}, true
	case "#draw":
		return Value{}, true
	}
	return Value{}, false
}

// minimax solves a position under a quiet-turn limit.
func (c *checker) minimax(k string) Value {
	if v, ok := c.memo[k]; ok {
		return v
	}
	if v, ok := terminal(k); ok {
		return v
	}
	g := c.game(k)
	var v Value
	if g.Result().Over() {
		v = resultValue(g)
	} else {
		var vals []Value
		for _, ch := range c.childKeys(g) {
			vals = append(vals, c.minimax(ch))
		}
		v = combine(vals)
	}
	c.memo[k] = v
	return v
}

// node returns the graph node of position k.
func (c *checker) node(k string) int32 {
	if id, ok := c.ids[k]; ok {
		return id
	}
	id := int32(len(c.keys))
	c.ids[k] = id
	c.keys = append(c.keys, k)
	c.children = append(c.children, nil)
	return id
}

// iterate solves, without a quiet-turn limit, every position reachable
// from k that no earlier query solved.
func (c *checker) iterate(k string) {
	// Explore: the new nodes, with the values of those where the game is
	// over (0 turns).
	known := map[int32]Value{}
	var fresh []int32
	inFresh := map[int32]bool{}
	stack := []string{k}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		id := c.node(x)
		if _, ok := c.memo[x]; ok || inFresh[id] {
			continue
		}
		inFresh[id] = true
		fresh = append(fresh, id)
		if v, ok := terminal(x); ok {
			known[id] = v
			continue
		}
		g := c.game(x)
		if g.Result().Over() {
			known[id] = resultValue(g)
			continue
		}
		for _, ch := range c.childKeys(g) {
			c.children[id] = append(c.children[id], c.node(ch))
			stack = append(stack, ch)
		}
	}
	// A child solved by an earlier query counts from the depth its own
	// value needs; until the deepest such has counted, a round that adds
	// nothing does not end the search.
	deepest := 0
	for _, id := range fresh {
		for _, ch := range c.children[id] {
			if v, ok := c.memo[c.keys[ch]]; ok {
				deepest = max(deepest, v.Turns)
			}
		}
	}
	// forcedBy is the value of a child if its result is forced within n-1
	// turns.
	forcedBy := func(ch int32, n int) (Value, bool) {
		v, ok := known[ch]
		if !ok {
			v, ok = c.memo[c.keys[ch]]
		}
		return v, ok && v.WDL != Draw && v.Turns <= n-1
	}
	for n := 1; ; n++ {
		var add []int32
		for _, id := range fresh {
			if _, ok := known[id]; ok {
				continue
			}
			win, allWin := false, true
			for _, ch := range c.children[id] {
				v, ok := forcedBy(ch, n)
				win = win || ok && v.WDL == Loss
				allWin = allWin && ok && v.WDL == Win
			}
			if win || allWin {
				add = append(add, id)
			}
		}
		for _, id := range add {
			// Recomputed against the previous rounds only: a node added in
			// this round is not yet known to its parents.
			win := false
			for _, ch := range c.children[id] {
				if v, ok := forcedBy(ch, n); ok && v.WDL == Loss {
					win = true
				}
			}
			if win {
				known[id] = Value{Win, n}
			} else {
				known[id] = Value{Loss, n}
			}
		}
		if len(add) == 0 && n > deepest {
			break
		}
	}
	for _, id := range fresh {
		c.memo[c.keys[id]] = known[id] // a draw where never forced
	}
}
