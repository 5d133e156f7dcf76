package eval

// Term names one tunable term of the evaluation. Every term contributes
// weight × feature / scale to the score, where the feature is a whole
// number the evaluation reads off the position (from White's view: a
// White count minus a Black one, or a count signed by whose it is) and
// the scale is 1 for plain counts and larger where the feature is a
// fraction written in whole numbers (a percentage, a ratio). That
// linearity is what the tuner (package tune) fits: it records the
// features of many positions (Evaluator.Trace) and moves the weights to
// predict the games' results better. The weights of each rule preset are
// in weights.go.
type Term int

// The terms, movement phase first. Signs: a term whose weight is a
// penalty records a negative feature for the side it hurts, so that
// every weight is positive when the term means what its name says.
const (
	// Material (material.go): the k-th stone above LoseAt is worth Stone
	// plus a scarcity bonus Scarce × (ScarceWindow−k+1)/ScarceWindow, so
	// a lead of one counts for more near LoseAt, where one more capture
	// ends the game.
	TermStone Term = iota
	TermScarce

	// Mobility (mobility.go, movement.go): each step a side has, up to
	// MobilityCap; each stone that can step at all; and, scaled by how
	// deadly being blocked is under the rules (the risk, a percentage),
	// penalties for no step, one step and two steps. A side to act that
	// must pass loses a tempo under Blocked=pass; a Black that must pass
	// under whiteopens makes White open a step for it, or lose.
	TermMobility
	TermMobileStone
	TermBlockedWaiting
	TermLowMobility1
	TermLowMobility2
	TermBlockedPassTempo
	TermBlackBlockedOpens

	// Captures (movement.go): the material the best capture of the side
	// to act would win, and of the side waiting (which the side to act
	// must answer), as percentages of the gain; and each enemy stone some
	// step could capture.
	TermMoverCapture
	TermWaiterCapture
	TermThreatened

	// Safety (safety.go): a stone with no open capture line, each open
	// line of a stone, and the uncapturable centre under CentreSafe.
	TermSafeStone
	TermExposedLine
	TermSafeCentre

	// The quiet-turn limit (quiet.go): the lead on stones, weighted by
	// the square of the quiet counter's progress to NoCaptureLimit.
	TermQuietLead

	// Having the move in the movement phase.
	TermTempo

	// Progress (progress.go), each weighted by the lead of the side
	// ahead: the trailing side's stones with no friend beside them; the
	// leading side's stones within IdleDistance steps of an enemy stone;
	// and how far the trailing side's steps fall short of MobilityCap.
	// Each is a reward, never a cost. A side ahead wins by
	// hunting down isolated stones, bringing every stone to the fight
	// and taking away the trailing side's moves until it must break up
	// its shelter; these give its search a way forward where no capture
	// is in sight.
	TermLeadIsolated
	TermLeadEngaged
	TermLeadConfined

	// Placement (placement.go): corners and edges; the safety of the
	// placed stones; gate stones (next to the centre); enemy gate stones
	// the MovementStarter's first step captures; a starter with no gate
	// stone (scaled by the risk and the enemy's share of the gates); and
	// the reply to the first step: the opponent blocked (scaled by its
	// risk), not yet blocked but with no stone next to the gate, or
	// capturing starter stones around the gate.
	TermPlaceCorner
	TermPlaceEdge
	TermPlaceSafeStone
	TermPlaceExposedLine
	TermGateStone
	TermFirstStepCapture
	TermStarterGateless
	TermReplyBlocked
	TermReplyOpen
	TermReplyCapture

	NumTerms
)

// termNames are the terms' names as weights.go and the tuner write them.
var termNames = [NumTerms]string{
	TermStone:             "Stone",
	TermScarce:            "Scarce",
	TermMobility:          "Mobility",
	TermMobileStone:       "MobileStone",
	TermBlockedWaiting:    "BlockedWaiting",
	TermLowMobility1:      "LowMobility1",
	TermLowMobility2:      "LowMobility2",
	TermBlockedPassTempo:  "BlockedPassTempo",
	TermBlackBlockedOpens: "BlackBlockedOpens",
	TermMoverCapture:      "MoverCapture",
	TermWaiterCapture:     "WaiterCapture",
	TermThreatened:        "Threatened",
	TermSafeStone:         "SafeStone",
	TermExposedLine:       "ExposedLine",
	TermSafeCentre:        "SafeCentre",
	TermQuietLead:         "QuietLead",
	TermTempo:             "Tempo",
	TermLeadIsolated:      "LeadIsolated",
	TermLeadEngaged:       "LeadEngaged",
	TermLeadConfined:      "LeadConfined",
	TermPlaceCorner:       "PlaceCorner",
	TermPlaceEdge:         "PlaceEdge",
	TermPlaceSafeStone:    "PlaceSafeStone",
	TermPlaceExposedLine:  "PlaceExposedLine",
	TermGateStone:         "GateStone",
	TermFirstStepCapture:  "FirstStepCapture",
	TermStarterGateless:   "StarterGateless",
	TermReplyBlocked:      "ReplyBlocked",
	TermReplyOpen:         "ReplyOpen",
	TermReplyCapture:      "ReplyCapture",
}

func (t Term) String() string {
	if t < 0 || t >= NumTerms {
		return "Term?"
	}
	return termNames[t]
}

// Placement reports whether t is a term of the placement phase.
func (t Term) Placement() bool { return t >= TermPlaceCorner }
