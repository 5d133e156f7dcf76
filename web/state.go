package web

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"seega/board"
)

// stateJSON is a game as the page draws it (API.md, the state).
type stateJSON struct {
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
	MovesBy    []string          `json:"movesBy"`
	Partial    []string          `json:"partial"`
	Chain      string            `json:"chain"`
	Legal      []string          `json:"legal"`
	Last       *lastJSON         `json:"last"`
	Ransom     ransomJSON        `json:"ransom"`
	Notice     string            `json:"notice"`
	Thinking   bool              `json:"thinking"`
	Analysis   json.RawMessage   `json:"analysis"`
	Clock      clockJSON         `json:"clock"`
	Over       bool              `json:"over"`
	Result     *resultJSON       `json:"result"`
	Level      int               `json:"level"`
	ThinkMs    int               `json:"thinkMs"`
	Version    uint64            `json:"version"`
}

// sides is a count for each side.
type sides struct {
	White int `json:"white"`
	Black int `json:"black"`
}

type lastJSON struct {
	Actions  []string `json:"actions"`
	Captured []string `json:"captured"`
	By       string   `json:"by"`
	Text     string   `json:"text"`
}

type ransomJSON struct {
	On           bool   `json:"on"`
	Asked        bool   `json:"asked"`
	Accepted     bool   `json:"accepted"`
	Refusals     int    `json:"refusals"`
	RefusalsMax  int    `json:"refusalsMax"`
	Pending      string `json:"pending"`
	DeadlineLeft int    `json:"deadlineLeft"`
}

type clockJSON struct {
	Kind    string `json:"kind"`
	WhiteMs int64  `json:"whiteMs"`
	BlackMs int64  `json:"blackMs"`
	TurnMs  int64  `json:"turnMs"`
	IncMs   int64  `json:"incMs"`
	Running string `json:"running"`
}

type resultJSON struct {
	Winner string `json:"winner"`
	Reason string `json:"reason"`
	Points sides  `json:"points"`
}

// deadlineWarning is how many turns before the ransom deadline the page
// warns Black, as the engine's info string does (RULES.md 3.5).
const deadlineWarning = 7

// stateLocked is the game's state now.
func (gm *game) stateLocked(now time.Time) stateJSON {
	pos := gm.g.Position()
	r := gm.g.Rules()
	n := pos.Size()
	st := stateJSON{
		ID: gm.id, Variant: r.Variant, Options: map[string]string{}, Size: n,
		StartFen: gm.startFen, SeFEN: gm.g.SeFEN(),
		ToAct: pos.SideToAct().String(), Human: gm.human.String(), Phase: "movement",
		InHand:     sides{pos.Hand(board.White), pos.Hand(board.Black)},
		OnBoard:    sides{pos.Stones(board.White).Count(), pos.Stones(board.Black).Count()},
		Quiet:      pos.QuietTurns(),
		QuietLimit: r.NoCaptureLimit,
		TurnNumber: pos.TurnNumber(),
		Moves:      []string{}, MovesBy: []string{}, Partial: []string{}, Legal: []string{},
		Analysis: json.RawMessage("null"),
		Thinking: gm.thinking, Level: gm.level, ThinkMs: gm.thinkMs, Version: gm.version,
	}
	for _, name := range board.OptionNames {
		v, _ := r.Get(name)
		st.Options[name] = v
	}
	if pos.Placement() {
		st.Phase = "placement"
	}
	st.Squares = make([]string, n*n)
	for sq := board.Square(0); int(sq) < n*n; sq++ {
		if c, ok := pos.At(sq); ok {
			st.Squares[sq] = c.String()[:1]
		}
	}
	var lost [2]int // stones each side lost to captures
	for _, t := range gm.turns {
		st.Moves = append(st.Moves, t.text)
		st.MovesBy = append(st.MovesBy, t.by.String())
		for _, p := range t.actions {
			lost[t.by.Other()] += len(p.captured)
		}
	}
	for _, p := range gm.partial {
		st.Partial = append(st.Partial, p.text)
		lost[pos.SideToAct().Other()] += len(p.captured)
	}
	st.Captured = sides{lost[board.White], lost[board.Black]}
	if ch := pos.Chain(); ch >= 0 {
		st.Chain = board.SquareName(ch, n)
	}
	if gm.humanToActLocked() {
		for _, a := range gm.g.LegalActions(nil) {
			st.Legal = append(st.Legal, board.ActionString(a, n))
		}
	}
	st.Last = gm.lastLocked(n)
	st.Ransom = ransomJSON{On: r.Ransom, Asked: pos.RansomAsked(), Accepted: pos.RansomAccepted(),
		Refusals: pos.RefusalsUsed(), RefusalsMax: r.RansomRefusals, DeadlineLeft: -1}
	if sq := pos.PendingRansom(); sq != board.NoSquare {
		st.Ransom.Pending = board.SquareName(sq, n)
	}
	if r.Ransom && r.RansomDeadline > 0 && !pos.RansomAsked() {
		st.Ransom.DeadlineLeft = max(r.RansomDeadline-pos.BlackTurns(), 0)
	}
	if gm.analysis != nil {
		st.Analysis = gm.analysis
	}
	st.Clock = gm.clockLocked(now)
	res := gm.g.Result()
	switch {
	case gm.ended != nil:
		st.Over = true
		st.Result = &resultJSON{Winner: gm.ended.winner.String(), Reason: gm.ended.reason}
	case res.Over():
		st.Over = true
		st.Result = &resultJSON{Reason: res.String()}
		if c, ok := res.Winner(); ok {
			st.Result.Winner = c.String()
		}
	}
	if st.Result != nil {
		// The app rules' points: the stones each side captured.
		st.Result.Points = sides{White: lost[board.Black], Black: lost[board.White]}
	}
	st.Notice = gm.noticeLocked(st)
	return st
}

// lastLocked is the last completed token, or the turn under way so far.
func (gm *game) lastLocked(n int) *lastJSON {
	var by board.Color
	var acts []played
	var text string
	switch {
	case len(gm.partial) > 0:
		by, acts = gm.g.Position().SideToAct(), gm.partial
		parts := make([]string, len(acts))
		for i, p := range acts {
			parts[i] = p.text
		}
		text = strings.Join(parts, ",")
	case len(gm.turns) > 0:
		t := gm.turns[len(gm.turns)-1]
		by, acts, text = t.by, t.actions, t.text
	default:
		return nil
	}
	l := &lastJSON{By: by.String(), Text: text, Actions: []string{}, Captured: []string{}}
	for _, p := range acts {
		l.Actions = append(l.Actions, p.text)
		l.Captured = append(l.Captured, p.captured...)
	}
	return l
}

// clockLocked is the clocks as of now.
func (gm *game) clockLocked(now time.Time) clockJSON {
	c := &gm.clock
	cj := clockJSON{Kind: c.kind, TurnMs: c.turn.Milliseconds(), IncMs: c.inc.Milliseconds()}
	if c.kind == "" {
		cj.Kind = clockNone
	}
	if !c.timed() {
		return cj
	}
	cj.WhiteMs = max(c.remaining(board.White, now), 0).Milliseconds()
	cj.BlackMs = max(c.remaining(board.Black, now), 0).Milliseconds()
	if c.on {
		cj.Running = c.running.String()
		if c.kind == clockTurn {
			// Only the side to act has a turn under way.
			if c.running == board.White {
				cj.BlackMs = cj.TurnMs
			} else {
				cj.WhiteMs = cj.TurnMs
			}
		}
	}
	return cj
}

// noticeLocked is what the page should say now: the last change's note,
// a pending ransom, a deadline coming.
func (gm *game) noticeLocked(st stateJSON) string {
	var parts []string
	if gm.notice != "" {
		parts = append(parts, gm.notice)
	}
	if st.Over {
		return strings.Join(parts, " ")
	}
	if st.Ransom.Pending != "" {
		parts = append(parts, fmt.Sprintf("Black requests a ransom for its stone on %s: White refuses (%d of %d refusals used) or gives two stones.",
			st.Ransom.Pending, st.Ransom.Refusals, st.Ransom.RefusalsMax))
	}
	left := st.Ransom.DeadlineLeft
	if left > 0 && left <= deadlineWarning && st.Phase == "movement" && st.ToAct == "black" && len(st.Partial) == 0 && st.Ransom.Pending == "" {
		parts = append(parts, fmt.Sprintf("Black must request a ransom within %d turn%s, this one included, or lose.", left, plural(left)))
	}
	return strings.Join(parts, " ")
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
