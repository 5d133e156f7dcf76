package board

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
// Layout (24 bytes on the default build):
//
//	Captures  Bitboard  enemy stones a step removes; empty for other kinds
//	From      Square    step origin; first stone of an accept
//	To        Square    placement, step target, ransom stone, second accepted stone
//	Kind      ActionKind
//
// A step carries its captures, so Make and Unmake are XORs and Unmake
// needs no search of the board.
type Action struct {
	Captures Bitboard
	From, To Square
	Kind     ActionKind
}

// Same reports whether a and b are the same action, ignoring captures,
// which follow from the position.
func (a Action) Same(b Action) bool { return a.Kind == b.Kind && a.From == b.From && a.To == b.To }

// Captured reports whether the action is a step that captures.
func (a Action) Captured() bool { return a.Kind == ActStep && a.Captures.Any() }

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
