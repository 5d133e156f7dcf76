package match

import (
	"seega/board"
)

// Observer watches a tournament: the live view is one. Its methods are
// called from the games' goroutines, several at once, and must return
// quickly; the values are copies it may keep.
type Observer interface {
	// Game is called when a game starts, after each turn, and when it ends.
	Game(v GameView)
	// Standings is called at the start and after each game.
	Standings(s Standings)
}

// GameView is a game as spectators see it at one moment.
type GameView struct {
	Slot        int    `json:"slot"` // which of the concurrent games (0 … concurrency−1)
	Index       int    `json:"index"`
	Round       int    `json:"round"`
	White       string `json:"white"`
	Black       string `json:"black"`
	TimeControl string `json:"tc"`
	Size        int    `json:"size"`
	// Board is the position's rows from the top: 'w', 'b', or '.'.
	Board  []string `json:"board"`
	Centre string   `json:"centre"`
	SeFEN  string   `json:"sefen"`
	ToAct  string   `json:"toAct"` // "w" or "b"
	Phase  string   `json:"phase"` // "placement" or "movement"
	Turns  int      `json:"turns"` // turns played by the engines
	// The last turn, who played it, and the squares it touched.
	LastMove    string   `json:"lastMove,omitempty"`
	LastSide    string   `json:"lastSide,omitempty"`
	LastSquares []string `json:"lastSquares,omitempty"`
	Captured    [2]int   `json:"captured"` // by White, by Black
	Stones      [2]int   `json:"stones"`   // on the board
	// Clock is each side's time left in ms under a clock, else -1;
	// Used is the time each has used.
	Clock [2]int64 `json:"clock"`
	Used  [2]int64 `json:"used"`
	Info  [2]Info  `json:"info"`
	// Set when the game is over.
	Over   bool   `json:"over"`
	Score  string `json:"score,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// view builds the spectators' picture of g.
func (a *arbiter) view(st *gameState) GameView {
	p := st.g.Position()
	n := p.Size()
	v := GameView{
		Slot: st.slot, Index: st.job.Index, Round: st.job.Round,
		White: st.names[0], Black: st.names[1], TimeControl: a.tcLabel,
		Size: n, Centre: board.SquareName(p.Centre(), n), SeFEN: p.SeFEN(),
		ToAct: sideLetter(p.SideToAct()), Turns: len(st.rec.Turns),
		Captured: st.rec.Captured,
		Stones:   [2]int{p.Stones(board.White).Count(), p.Stones(board.Black).Count()},
		Clock:    [2]int64{-1, -1},
		Info:     st.info,
		Phase:    "movement",
	}
	if p.Placement() {
		v.Phase = "placement"
	}
	for r := n - 1; r >= 0; r-- {
		row := make([]byte, n)
		for f := range n {
			row[f] = '.'
			if c, ok := p.At(board.Square(r*n + f)); ok {
				row[f] = sideLetter(c)[0]
			}
		}
		v.Board = append(v.Board, string(row))
	}
	if st.tc[0].Clock > 0 {
		v.Clock = [2]int64{st.left[0].Milliseconds(), st.left[1].Milliseconds()}
	}
	for _, t := range st.rec.Turns {
		v.Used[t.Side] += t.Time.Milliseconds()
	}
	if k := len(st.rec.Turns); k > 0 {
		last := st.rec.Turns[k-1]
		v.LastMove, v.LastSide = last.Move, sideLetter(last.Side)
		v.LastSquares = touched(last.Move, n)
	}
	if st.over {
		v.Over, v.Score, v.Reason = true, st.rec.Score(), st.rec.Reason
	}
	return v
}

// touched lists the squares a turn's actions name, for highlighting.
func touched(move string, n int) []string {
	acts, err := board.ParseTurn(move, n)
	if err != nil {
		return nil
	}
	var out []string
	for _, a := range acts {
		switch a.Kind {
		case board.ActStep, board.ActAccept:
			out = append(out, board.SquareName(a.From, n), board.SquareName(a.To, n))
		case board.ActPlace, board.ActRansom:
			out = append(out, board.SquareName(a.To, n))
		}
	}
	return out
}
