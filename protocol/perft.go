package protocol

import (
	"context"
	"sort"

	"seega/board"
)

// perftLeafDepth is the depth from which the stoppable perft hands the
// count to board.Perft whole. A count that small takes microseconds to a
// few milliseconds (the last turn is counted in bulk), so stop is obeyed
// within that, and almost all the work is the board package's own.
const perftLeafDepth = 2

// countTurns is board's Perft, but stoppable: it walks the turns down to
// perftLeafDepth itself and looks at ctx between them. ok is false if ctx
// ended the count, which is then incomplete.
func countTurns(ctx context.Context, g *board.Game, d int) (nodes uint64, ok bool) {
	if d <= perftLeafDepth {
		return g.Perft(d), true
	}
	ok = true
	g.ForEachTurn(func([]board.Action) bool {
		if ctx.Err() != nil {
			ok = false
			return false
		}
		n, done := countTurns(ctx, g, d-1)
		nodes += n
		ok = done
		return done
	})
	return nodes, ok && ctx.Err() == nil
}

// divideTurns is board's Divide, stoppable like countTurns: the count
// below each root turn, sorted by turn text.
func divideTurns(ctx context.Context, g *board.Game, d int) (entries []board.DivideEntry, ok bool) {
	if d < 1 {
		return nil, true
	}
	n := g.Position().Size()
	ok = true
	g.ForEachTurn(func(t []board.Action) bool {
		count, done := countTurns(ctx, g, d-1)
		if !done {
			ok = false
			return false
		}
		entries = append(entries, board.DivideEntry{Turn: board.TurnString(t, n), Nodes: count})
		return true
	})
	sort.Slice(entries, func(i, j int) bool { return entries[i].Turn < entries[j].Turn })
	return entries, ok
}

// runPerft is the perft command's job: it prints the divide lines, if
// asked, and `nodes <N>`, or, when stopped, a line saying that the count
// was left unfinished (no nodes line: a partial count is no perft count).
func runPerft(ctx context.Context, out *lineWriter, g *board.Game, d int, divide bool) {
	if !divide {
		nodes, ok := countTurns(ctx, g, d)
		if !ok {
			out.line("info string perft stopped: the count was not finished")
			return
		}
		out.printf("nodes %d", nodes)
		return
	}
	entries, ok := divideTurns(ctx, g, d)
	if !ok {
		out.line("info string perft stopped: the count was not finished")
		return
	}
	var total uint64
	for _, e := range entries {
		out.printf("%s: %d", e.Turn, e.Nodes)
		total += e.Nodes
	}
	if d == 0 {
		total = 1
	}
	out.printf("nodes %d", total)
}
