package board

import "math/bits"

// ActionKind says what an action does.
type ActionKind uint8

const (
	ActNone   ActionKind = iota
	ActPlace             // place one stone from the hand on To
	ActStep              // move the stone on From to the adjacent To
	ActPass              // 0000: a blocked pass at the start of a turn, or the stop of an optional chain
	ActRansom            // Black requests a ransom naming its stone on To
	ActRefuse            // White refuses the pending request
	ActAccept            // White accepts, giving up its stones on From and To (From < To)
)

// Action is one action of RULES.md section 5: what one player does before
// the rules ask again. A turn is one or more actions.
//
// Layout (8 bytes on every board size):
//
//	From    Square      step origin; first stone of an accept
//	To      Square      placement, step target, ransom stone, second accepted stone
//	Kind    ActionKind
//	ncaps   uint8       stones a step captures
//	runs    captureRuns the captured stones, as a run length per direction from To
//
// A step carries its captures, so Make removes them without a search of
// the board. They are kept as run lengths from the target rather than as
// a Bitboard: a 9×9 Bitboard is two words, and an Action holding one was
// 24 bytes on every board, so that the 5×5 board paid for 9×9's width in
// every list, copy and comparison of actions. Position.CaptureSet turns
// them back into the set.
type Action struct {
	From, To Square
	Kind     ActionKind
	ncaps    uint8
	runs     captureRuns
}

// captureRuns holds, for each of the 8 directions d, the number of enemy
// stones a step captures in a straight line from its target: 3 bits at
// bit 3d (a run is at most 7 long on 9×9, with the target and the closing
// friend on the same line). Without LineCapture each run is 0 or 1.
//
//	bits  0–2  North    3–5  East    6–8  South   9–11 West
//	     12–14 NorthEast 15–17 SouthEast 18–20 SouthWest 21–23 NorthWest
type captureRuns uint32

// runBits is the width of one direction's run.
const runBits = 3

// Same reports whether a and b are the same action, ignoring captures,
// which follow from the position.
func (a Action) Same(b Action) bool { return a.Kind == b.Kind && a.From == b.From && a.To == b.To }

// Captured reports whether the action is a step that captures.
func (a Action) Captured() bool { return a.ncaps != 0 }

// CaptureCount is the number of stones the action captures: 0 but for a
// step that captures.
func (a Action) CaptureCount() int { return int(a.ncaps) }

// Place, Step, Pass, Ransom, Refuse and Accept build actions without
// captures; Game.Legalize fills them in from the position.
func Place(sq Square) Action         { return Action{Kind: ActPlace, From: NoSquare, To: sq} }
func Step(from, to Square) Action    { return Action{Kind: ActStep, From: from, To: to} }
func Pass() Action                   { return Action{Kind: ActPass, From: NoSquare, To: NoSquare} }
func RansomRequest(sq Square) Action { return Action{Kind: ActRansom, From: NoSquare, To: sq} }
func Refuse() Action                 { return Action{Kind: ActRefuse, From: NoSquare, To: NoSquare} }

// Accept names White's two stones, in square order whatever order they come in.
func Accept(a, b Square) Action {
	if b < a {
		a, b = b, a
	}
	return Action{Kind: ActAccept, From: a, To: b}
}

// CaptureSet is the set of stones the step a captures, a having been
// generated in p (or in a position with the same board size and
// directions): the runs of a read out along the board's lines.
func (p *Position) CaptureSet(a Action) Bitboard {
	var b Bitboard
	p.geo.forCaptured(a, func(sq Square) { b = b.Or(SquareBit(sq)) })
	return b
}

// forCaptured calls fn with each stone a captures, in direction order.
func (g *geometry) forCaptured(a Action, fn func(Square)) {
	for r := a.runs & runMask; r != 0; {
		d := uint(bits.TrailingZeros32(uint32(r))) / runBits
		n := int(r>>(d*runBits)) & (1<<runBits - 1)
		r &^= (1<<runBits - 1) << (d * runBits)
		for sq := a.To; n > 0; n-- {
			sq = g.next[sq][d]
			if sq != g.centre || a.runs&keepCentre == 0 {
				fn(sq)
			}
		}
	}
}
