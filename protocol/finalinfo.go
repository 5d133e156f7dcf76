package protocol

import (
	"time"

	"seega/board"
	"seega/engine"
)

// shownInfo remembers the info lines a search printed, so that the job
// can tell whether they already describe the search as it ended.
type shownInfo struct {
	any   bool
	last  infoLine // the last line printed, of any MultiPV index
	first infoLine // the last line printed for the first MultiPV line
}

func (s *shownInfo) add(i infoLine) {
	s.any = true
	s.last = i
	if i.MultiPV <= 1 {
		s.first = i
	}
}

// final is the info line to print just before bestmove, if one is due. A
// GUI takes the last info before bestmove as the search's summary, and a
// search's own lines may not be: the time can run out in an iteration that
// never reported (its best turn is then one no pv showed), and a search
// that ran on past its last report did more nodes in more time than that
// report says. So unless the last line printed already has the turn
// played at the head of its pv, as the first MultiPV line, with the
// search's whole node count, a final line follows: the turn played at the
// head of its pv, the nodes and time of the whole search, and the score
// the search returned.
func (s *shownInfo) final(g *board.Game, res engine.Result, move string, gran board.Granularity, took time.Duration) (infoLine, bool) {
	played := playedTurn(g, res.Best, move, gran)
	heads := func(pv []string) bool { return len(pv) > 0 && pv[0] == played }
	if s.any && s.last.MultiPV <= 1 && heads(s.last.pv) && s.last.Nodes == res.Nodes {
		return infoLine{}, false
	}
	out := infoLine{Info: engine.Info{
		Depth:    max(res.Depth, 1),
		Score:    res.Score,
		Mate:     res.Mate,
		Nodes:    res.Nodes,
		NPS:      nps(res.Nodes, took),
		HashFull: s.first.HashFull,
		Time:     took,
		MultiPV:  1,
	}, pv: []string{played}}
	out.SelDepth = out.Depth
	if s.any && heads(s.first.pv) {
		// The line still stands: only the counts have grown.
		out.Depth, out.SelDepth = s.first.Depth, max(s.first.SelDepth, s.first.Depth)
		out.Score, out.Mate = s.first.Score, s.first.Mate
		out.pv = s.first.pv
	}
	return out, true
}

// playedTurn is the turn the move played belongs to, as pv text: the
// search's best turn when the move is it (under board.PerAction, its first
// action), else the move itself, which BestMove chose in its place.
func playedTurn(g *board.Game, best []board.Action, move string, gran board.Granularity) string {
	n := g.Position().Size()
	if len(best) > 0 {
		text := board.TurnString(best, n)
		if text == move || (gran == board.PerAction && board.ActionString(best[0], n) == move) {
			return text
		}
	}
	return move
}

func nps(nodes uint64, d time.Duration) uint64 {
	if d <= 0 {
		return 0
	}
	return uint64(float64(nodes) / d.Seconds())
}
