package web_test

import (
	"fmt"
	"slices"
	"strings"

	"seega/board"
)

// This file holds what the tests of the server and the page share: the
// state JSON of web/API.md, and its check against package board's own
// replay of the game. The server keeps its game in a board.Game too, so
// the check does not take the server's word for anything: it rebuilds
// the position from the rules, the start SeFEN and the moves the state
// lists, and compares every field that the position determines.

// apiState is the state of a game as GET /api/games/{id} gives it.
type apiState struct {
	ID         string            `json:"id"`
	Variant    string            `json:"variant"`
	Options    map[string]string `json:"options"`
	Size       int               `json:"size"`
	StartFen   string            `json:"startFen"`
	SeFEN      string            `json:"sefen"`
	Squares    []string          `json:"squares"`
	ToAct      string            `json:"toAct"`
	Human      string            `json:"human"`
	Phase      string            `json:"phase"`
	InHand     sides             `json:"inHand"`
	OnBoard    sides             `json:"onBoard"`
	Captured   sides             `json:"captured"`
	Quiet      int               `json:"quiet"`
	QuietLimit int               `json:"quietLimit"`
	TurnNumber int               `json:"turnNumber"`
	Moves      []string          `json:"moves"`
	Partial    []string          `json:"partial"`
	Chain      string            `json:"chain"`
	Legal      []string          `json:"legal"`
	Last       *struct {
		Actions  []string `json:"actions"`
		Captured []string `json:"captured"`
		By       string   `json:"by"`
		Text     string   `json:"text"`
	} `json:"last"`
	Ransom struct {
		On           bool   `json:"on"`
		Asked        bool   `json:"asked"`
		Accepted     bool   `json:"accepted"`
		Refusals     int    `json:"refusals"`
		RefusalsMax  int    `json:"refusalsMax"`
		Pending      string `json:"pending"`
		DeadlineLeft int    `json:"deadlineLeft"`
	} `json:"ransom"`
	Notice   string `json:"notice"`
	Thinking bool   `json:"thinking"`
	Over     bool   `json:"over"`
	Result   *struct {
		Winner string `json:"winner"`
		Reason string `json:"reason"`
		Points sides  `json:"points"`
	} `json:"result"`
	Level   int    `json:"level"`
	Version uint64 `json:"version"`
}

type sides struct {
	White int `json:"white"`
	Black int `json:"black"`
}

// colorName is the API's name of a side.
func colorName(c board.Color) string {
	if c == board.White {
		return "white"
	}
	return "black"
}

// humanToAct reports whether the person may act now.
func (st *apiState) humanToAct() bool {
	return !st.Over && !st.Thinking && st.ToAct == st.Human && len(st.Legal) > 0
}

// rules rebuilds the game's rules from its options: the variant's preset
// first (it sets every option), then the board size (other options'
// bounds depend on it), then every other option the state lists.
func (st *apiState) rules() (board.Rules, error) {
	r, err := board.Preset(st.Variant)
	if err != nil {
		return r, err
	}
	if err := r.Set("BoardSize", st.Options["BoardSize"]); err != nil {
		return r, fmt.Errorf("the state's option BoardSize=%s: %v", st.Options["BoardSize"], err)
	}
	for _, name := range board.OptionNames {
		v, ok := st.Options[name]
		if !ok {
			return r, fmt.Errorf("the state's options lack %s", name)
		}
		if name == "Variant" {
			continue
		}
		if err := r.Set(name, v); err != nil {
			return r, fmt.Errorf("the state's option %s=%s: %v", name, v, err)
		}
	}
	return r, nil
}

// replay plays the state's moves and partial turn through board from its
// start SeFEN: the game as board has it.
func (st *apiState) replay() (*board.Game, error) {
	r, err := st.rules()
	if err != nil {
		return nil, err
	}
	g, err := board.NewGameFromSeFEN(r, st.StartFen)
	if err != nil {
		return nil, fmt.Errorf("startFen: %v", err)
	}
	for i, tok := range st.Moves {
		if err := g.PlayToken(tok, board.PerTurn); err != nil {
			return nil, fmt.Errorf("move %d %q of %q: %v", i+1, tok, st.Moves, err)
		}
	}
	for _, a := range st.Partial {
		if err := g.PlayToken(a, board.PerAction); err != nil {
			return nil, fmt.Errorf("partial action %q of %q after %q: %v", a, st.Partial, st.Moves, err)
		}
	}
	return g, nil
}

// legalTexts is board's legal actions now, as text, sorted.
func legalTexts(g *board.Game) []string {
	n := g.Position().Size()
	var out []string
	for _, a := range g.LegalActions(nil) {
		out = append(out, board.ActionString(a, n))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// checkState compares the state with board's replay of its moves, field
// by field; it returns the replayed game, and every difference found.
func checkState(st *apiState) (*board.Game, []string) {
	g, err := st.replay()
	if err != nil {
		return nil, []string{err.Error()}
	}
	var bad []string
	differ := func(what string, got, want any) {
		if fmt.Sprint(got) != fmt.Sprint(want) {
			bad = append(bad, fmt.Sprintf("%s: the server says %v, board says %v", what, got, want))
		}
	}
	p := g.Position()
	n := p.Size()
	differ("size", st.Size, n)
	differ("sefen", st.SeFEN, g.SeFEN())
	if len(st.Squares) != n*n {
		bad = append(bad, fmt.Sprintf("squares: %d of them on a %d×%d board", len(st.Squares), n, n))
	} else {
		for sq := range n * n {
			want := ""
			if c, ok := p.At(board.Square(sq)); ok {
				want = colorName(c)[:1]
			}
			differ("square "+board.SquareName(board.Square(sq), n), st.Squares[sq], want)
		}
	}
	res := g.Result()
	ended := st.Over && !res.Over() // a resignation or a flag: the board plays on
	if !ended {
		differ("toAct", st.ToAct, colorName(p.SideToAct()))
	}
	phase := "movement"
	if p.Placement() {
		phase = "placement"
	}
	differ("phase", st.Phase, phase)
	differ("inHand", st.InHand, sides{p.Hand(board.White), p.Hand(board.Black)})
	differ("onBoard", st.OnBoard, sides{p.Stones(board.White).Count(), p.Stones(board.Black).Count()})
	differ("quiet", st.Quiet, p.QuietTurns())
	differ("turnNumber", st.TurnNumber, p.TurnNumber())
	chain := ""
	if sq := p.Chain(); sq >= 0 {
		chain = board.SquareName(sq, n)
	}
	if st.Chain != "" || (chain != "" && len(st.Partial) > 0) {
		differ("chain", st.Chain, chain)
	}
	pending := ""
	if sq := p.PendingRansom(); sq >= 0 {
		pending = board.SquareName(sq, n)
	}
	differ("ransom.pending", st.Ransom.Pending, pending)
	if g.Rules().Ransom {
		differ("ransom.asked", st.Ransom.Asked, p.RansomAsked())
		differ("ransom.accepted", st.Ransom.Accepted, p.RansomAccepted())
		differ("ransom.refusals", st.Ransom.Refusals, p.RefusalsUsed())
	}
	if res.Over() {
		differ("over", st.Over, true)
	}
	if st.Over {
		if st.Result == nil {
			bad = append(bad, "over, but no result")
		}
		differ("legal when over", len(st.Legal), 0)
	} else if st.ToAct == st.Human && !st.Thinking {
		differ("legal", strings.Join(sortedCopy(st.Legal), " "), strings.Join(legalTexts(g), " "))
	} else {
		differ("legal when the engine is to act", len(st.Legal), 0)
	}
	return g, bad
}

func sortedCopy(s []string) []string {
	c := slices.Clone(s)
	slices.Sort(c)
	return c
}
