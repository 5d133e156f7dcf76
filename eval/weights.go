package eval

// Every tunable weight of the evaluation lives in this file. Scores are
// in cp, hundredths of a stone: a plain stone far from LoseAt is worth
// StoneValue. The weights are hand-set starting points, chosen so that no
// positional term outweighs a stone; a match runner tunes them later.
//
// Rule-dependent factors are percentages (100 = the full weight), so that
// a rule set changes how much a term counts without changing its sign.

// Material (material.go).
const (
	// StoneValue is what one stone is worth while a side has plenty.
	StoneValue = 100
	// ScarceStone is the extra worth of the last stone above LoseAt: the
	// closer a side is to LoseAt, the more each stone decides the game.
	// The k-th stone above LoseAt gets ScarceStone*(ScarceWindow-k+1)/
	// ScarceWindow extra, so 3 stones against 2 above LoseAt is a bigger
	// lead than 12 against 11.
	ScarceStone = 100
	// ScarceWindow is how many stones above LoseAt carry a scarcity bonus.
	ScarceWindow = 4
	// LostMaterial is the material of a side at or below LoseAt, used when
	// the evaluation weighs a capture or a ransom that would end the game.
	LostMaterial = -2500
)

// Mobility and blocked pieces (movement.go). A step is one stone to one
// empty neighbour. Under Blocked=lose a side with no step loses; under
// pass it only passes, so the low-mobility penalties are scaled by the
// blocking risk below.
const (
	// MobilityStep is the worth of each legal step, up to MobilityCap.
	MobilityStep = 3
	// MobilityCap bounds the steps that count: past it, more freedom
	// changes nothing that matters.
	MobilityCap = 16
	// MobileStone is the worth of each stone that can step at all; a
	// stone walled in by others cannot take part in the fight.
	MobileStone = 2
	// BlockedWaiting is the penalty (at 100% risk) for a side with no step
	// while the other side acts: under lose it dies unless the other side's
	// turn frees it.
	BlockedWaiting = 300
	// LowMobility1 and LowMobility2 are the penalties (at 100% risk) for a
	// side with only one or two steps: one more blocking step kills it.
	LowMobility1 = 120
	LowMobility2 = 45
	// BlockedPassTempo is what a side to act that must pass loses under
	// Blocked=pass: a tempo, nothing more.
	BlockedPassTempo = 15
	// BlackBlockedOpens is Black's penalty when it must pass under
	// whiteopens: White must then open a step for it, and if White
	// cannot, the blockade stands and Black loses.
	BlackBlockedOpens = 120
	// Tempo is the worth of having the move in the movement phase.
	Tempo = 8
)

// Blocking risk, in percent: how deadly having no step is for a side
// under the Blocked rule in play.
const (
	// RiskLose: Blocked=lose, a blocked side loses at once.
	RiskLose = 100
	// RiskWhiteOpensWhite: under whiteopens a blocked White loses.
	RiskWhiteOpensWhite = 100
	// RiskWhiteOpensBlack: under whiteopens a blocked Black passes and
	// White must open, but Black loses if White cannot.
	RiskWhiteOpensBlack = 50
	// RiskPass: Blocked=pass, a blocked side only passes.
	RiskPass = 10
)

// Safety (safety.go). A capture line of a stone is a pair of opposite
// neighbours, both on the board, that enemy stones could fill. A line is
// shielded when a friendly stone stands on one end (with LineCapture:
// when the friendly run through the stone reaches the edge).
const (
	// SafeStone is the worth of a stone with no open capture line: on a
	// corner, on the centre under CentreSafe, or fully shielded.
	SafeStone = 10
	// ExposedLine is the penalty for each open capture line of a stone.
	ExposedLine = 5
	// SafeCentreStone is the extra worth of holding the centre under
	// CentreSafe: an uncapturable stone that still captures.
	SafeCentreStone = 20
)

// Capture threats (movement.go), as a percentage of the material the
// best capture would win, measured with the material table.
const (
	// MoverCapturePct: the side to act can make its best capture now.
	MoverCapturePct = 60
	// WaiterCapturePct: the waiting side's best capture, which the side to
	// act must answer (it can usually save one stone, not always).
	WaiterCapturePct = 25
	// ThreatenedStone is the worth of each distinct enemy stone that some
	// step could capture; several threats are hard to parry at once.
	ThreatenedStone = 8
)

// Quiet turns (quiet.go).
const (
	// QuietLeadWin is what the lead on stones is worth when the quiet-turn
	// counter reaches NoCaptureLimit, at which point the side ahead wins.
	// It grows with the square of the counter's progress.
	QuietLeadWin = 500
)

// Ransom and its deadline (ransom.go), under Ransom.
const (
	// RansomNowPct is the share of the trade's material gain (one Black
	// stone for two White ones) that Black's option is worth when White
	// has no refusal left; White still chooses which two stones go.
	RansomNowPct = 85
	// RansomPerRefusalPct is what each refusal White has left takes off:
	// Black must ask on that many more turns before White has to accept.
	RansomPerRefusalPct = 7
	// RansomMinPct is the least the option is worth while not accepted.
	RansomMinPct = 25
	// DeadlinePressure is Black's penalty, at the last turn, for not
	// having asked yet: Black loses when its RansomDeadline-th turn ends
	// without a request.
	DeadlinePressure = 400
	// DeadlineWindow is how many turns before the deadline the pressure
	// starts; it grows linearly to DeadlinePressure.
	DeadlineWindow = 6
)

// Placement (placement.go). The search cannot see past the placement
// phase, so these judge the board the movement phase will start from.
// A gate is a square next to the centre: the first step must come from
// one.
const (
	// PlaceCorner and PlaceEdge are the static worth of a stone on a
	// corner (never capturable) and on an edge (one capture line).
	PlaceCorner = 12
	PlaceEdge   = 4
	// GateStone is the worth of each stone on a gate: gates decide who can
	// step first and where the first captures happen.
	GateStone = 25
	// StarterGateless is the penalty (at 100% risk, scaled by the share of
	// gates the opponent holds) for a MovementStarter without a gate stone:
	// it will be blocked at its first turn.
	StarterGateless = 250
	// Lockout is the starter's loss when every gate is taken by the
	// opponent and being blocked is fatal (risk 100%): it loses at its
	// first turn, whatever happens before.
	Lockout = 6000
	// FirstStepCapture is the worth, to the starter, of each enemy gate
	// stone with a starter stone behind it: stepping into the centre
	// captures it.
	FirstStepCapture = 60
	// ReplyCapture is the starter's penalty for each starter stone the
	// opponent captures by stepping into the gate the starter vacated
	// (the starter picks its least bad gate).
	ReplyCapture = 45
	// ReplyBlocked is the opponent's penalty (at 100% risk) when the
	// starter has a gate whose other neighbours hold no opponent stone and
	// no empty square: after the first step the opponent has no step.
	ReplyBlocked = 900
	// ReplyOpen is the opponent's penalty when such a gate still has
	// empty neighbours: the danger is real but not yet settled.
	ReplyOpen = 40
)
