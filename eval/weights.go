package eval

// Every weight of the evaluation lives in this file: the tunable weights
// of each rule preset (what each term means is in terms.go), and below
// them the fixed constants that shape the terms. Scores are in cp,
// hundredths of a stone.

import (
	"fmt"

	"seega/board"
)

// Weights holds one weight per term.
type Weights [NumTerms]int

// handWeights are the hand-set starting points, chosen so that no
// positional term outweighs a stone: every preset played them before
// the tuner, and a rule set the tuner has not fitted still does.
var handWeights = Weights{
	TermStone:             100,
	TermScarce:            100,
	TermMobility:          3,
	TermMobileStone:       2,
	TermBlockedWaiting:    300,
	TermLowMobility1:      120,
	TermLowMobility2:      45,
	TermBlockedPassTempo:  15,
	TermBlackBlockedOpens: 120,
	TermMoverCapture:      60,
	TermWaiterCapture:     25,
	TermThreatened:        8,
	TermSafeStone:         10,
	TermExposedLine:       5,
	TermSafeCentre:        20,
	TermQuietLead:         500,
	TermTempo:             8,
	TermLeadIsolated:      10,
	TermLeadEngaged:       3,
	TermLeadConfined:      6,
	TermPlaceCorner:       12,
	TermPlaceEdge:         4,
	TermPlaceSafeStone:    10,
	TermPlaceExposedLine:  5,
	TermGateStone:         25,
	TermFirstStepCapture:  60,
	TermStarterGateless:   250,
	TermReplyBlocked:      900,
	TermReplyOpen:         40,
	TermReplyCapture:      45,
}

// presetWeights are the fitted weights of a rule preset, keyed by
// WeightsKey: the preset's name for its own 5×5 board, the name and the
// size for another board ("egyptian-7"). Each was fitted on games under
// exactly those rules, and an evaluator plays it only there
// (WeightsFor): with an option changed, or on a board with no fit of its
// own, the balance of the terms is not what the games measured, and the
// hand weights play.
//
// seega tune writes the entries between the markers (see package tune
// and docs/strength.md for the data and the fit).
var presetWeights = map[string]*Weights{
	// BEGIN FITTED WEIGHTS
	// classic: fitted by 'seega tune fit --variant classic' on 191061 positions of 2000 self-play games at 5,000 nodes a turn by the engine of d17af89 (seega bench 716023; 'seega tune generate --variant classic --games 2000 --seed 21'); loss 0.086888 -> 0.086294, K 0.4218
	"classic": {
		TermStone:             66,
		TermScarce:            119,
		TermMobility:          17,
		TermMobileStone:       -6,
		TermBlockedWaiting:    300,
		TermLowMobility1:      127,
		TermLowMobility2:      34,
		TermBlockedPassTempo:  15,
		TermBlackBlockedOpens: 125,
		TermMoverCapture:      108,
		TermWaiterCapture:     19,
		TermThreatened:        69,
		TermSafeStone:         -1,
		TermExposedLine:       5,
		TermSafeCentre:        20,
		TermQuietLead:         500,
		TermTempo:             11,
		TermLeadIsolated:      10,
		TermLeadEngaged:       3,
		TermLeadConfined:      6,
		TermPlaceCorner:       -7,
		TermPlaceEdge:         46,
		TermPlaceSafeStone:    12,
		TermPlaceExposedLine:  -3,
		TermGateStone:         33,
		TermFirstStepCapture:  100,
		TermStarterGateless:   250,
		TermReplyBlocked:      896,
		TermReplyOpen:         57,
		TermReplyCapture:      41,
	},
	// egyptian: fitted by 'seega tune fit --variant egyptian' on 29261 positions, 800 self-play games at 5,000 nodes a turn by the engine before issue 11 (seega bench 1618045; docs/strength.md); loss 0.087556 -> 0.065550, K 2.6507; the progress terms, off under a quiet-turn limit, keep their hand values
	"egyptian": {
		TermStone:             131,
		TermScarce:            100,
		TermMobility:          0,
		TermMobileStone:       6,
		TermBlockedWaiting:    297,
		TermLowMobility1:      128,
		TermLowMobility2:      45,
		TermBlockedPassTempo:  12,
		TermBlackBlockedOpens: 120,
		TermMoverCapture:      91,
		TermWaiterCapture:     -2,
		TermThreatened:        18,
		TermSafeStone:         -2,
		TermExposedLine:       -12,
		TermSafeCentre:        24,
		TermQuietLead:         500,
		TermTempo:             -3,
		TermLeadIsolated:      10,
		TermLeadEngaged:       3,
		TermLeadConfined:      6,
		TermPlaceCorner:       2,
		TermPlaceEdge:         23,
		TermPlaceSafeStone:    8,
		TermPlaceExposedLine:  -14,
		TermGateStone:         24,
		TermFirstStepCapture:  101,
		TermStarterGateless:   248,
		TermReplyBlocked:      901,
		TermReplyOpen:         51,
		TermReplyCapture:      24,
	},
	// pro: fitted by 'seega tune fit --variant pro' on 122145 positions of 2000 self-play games at 5,000 nodes a turn by the engine of ebca906 (seega bench 746332; 'seega tune generate --variant pro --games 2000 --seed 21'); loss 0.080914 -> 0.072566, K 0.5259
	"pro": {
		TermStone:             78,
		TermScarce:            105,
		TermMobility:          7,
		TermMobileStone:       7,
		TermBlockedWaiting:    301,
		TermLowMobility1:      127,
		TermLowMobility2:      45,
		TermBlockedPassTempo:  15,
		TermBlackBlockedOpens: 120,
		TermMoverCapture:      94,
		TermWaiterCapture:     14,
		TermThreatened:        41,
		TermSafeStone:         -7,
		TermExposedLine:       13,
		TermSafeCentre:        20,
		TermQuietLead:         500,
		TermTempo:             12,
		TermLeadIsolated:      10,
		TermLeadEngaged:       3,
		TermLeadConfined:      6,
		TermPlaceCorner:       -14,
		TermPlaceEdge:         32,
		TermPlaceSafeStone:    33,
		TermPlaceExposedLine:  -35,
		TermGateStone:         88,
		TermFirstStepCapture:  101,
		TermStarterGateless:   248,
		TermReplyBlocked:      900,
		TermReplyOpen:         79,
		TermReplyCapture:      34,
	},
	// sudanese: fitted by 'seega tune fit --variant sudanese' on 108291 positions of 2000 self-play games at 5,000 nodes a turn ('seega tune generate --variant sudanese --games 2000 --seed 21', by the engine of about 663a36d, 2026-12-01); loss 0.108276 -> 0.105175, K 0.7338
	"sudanese": {
		TermStone:             68,
		TermScarce:            171,
		TermMobility:          17,
		TermMobileStone:       -18,
		TermBlockedWaiting:    300,
		TermLowMobility1:      120,
		TermLowMobility2:      44,
		TermBlockedPassTempo:  15,
		TermBlackBlockedOpens: 120,
		TermMoverCapture:      96,
		TermWaiterCapture:     2,
		TermThreatened:        75,
		TermSafeStone:         37,
		TermExposedLine:       -17,
		TermSafeCentre:        20,
		TermQuietLead:         500,
		TermTempo:             10,
		TermLeadIsolated:      10,
		TermLeadEngaged:       3,
		TermLeadConfined:      6,
		TermPlaceCorner:       74,
		TermPlaceEdge:         48,
		TermPlaceSafeStone:    57,
		TermPlaceExposedLine:  -2,
		TermGateStone:         -19,
		TermFirstStepCapture:  112,
		TermStarterGateless:   250,
		TermReplyBlocked:      900,
		TermReplyOpen:         46,
		TermReplyCapture:      33,
	},
	// END FITTED WEIGHTS
}

// WeightsFor returns the weights an evaluator for r plays: the fitted
// weights of r's key (WeightsKey) where there are any, else the hand
// weights.
func WeightsFor(r board.Rules) Weights {
	if key, ok := WeightsKey(r); ok {
		if fitted, ok := presetWeights[key]; ok {
			return *fitted
		}
	}
	return handWeights
}

// WeightsKey is the name a fit for rules r goes by: the preset's name
// ("egyptian") where r is the preset, its name and board size
// ("egyptian-7") where r is the preset on another board (RULES.md:
// setting BoardSize keeps the other options). ok is false for any other
// rules, which no fit is for. The side that starts the movement may
// differ: that only swaps the colours' names, and the evaluator of a
// colour-swapped position must give the same score.
func WeightsKey(r board.Rules) (key string, ok bool) {
	preset, err := board.Preset(r.Variant)
	if err != nil {
		return "", false
	}
	size := preset.BoardSize
	preset.BoardSize, preset.MovementStarter = r.BoardSize, r.MovementStarter
	if r != preset {
		return "", false
	}
	if r.BoardSize == size {
		return r.Variant, true
	}
	return fmt.Sprintf("%s-%d", r.Variant, r.BoardSize), true
}

// Fixed constants: they shape the terms and are not tuned.
const (
	// ScarceWindow is how many stones above LoseAt carry a scarcity bonus.
	ScarceWindow = 4
	// LostMaterial is the material of a side at or below LoseAt, used when
	// the evaluation weighs a capture or a ransom that would end the game.
	LostMaterial = -2500
	// MobilityCap bounds the steps that count: past it, more freedom
	// changes nothing that matters.
	MobilityCap = 16
	// LeadCap bounds the lead, in stones, that the progress terms weigh.
	LeadCap = 4
	// LeadPastCap is the extra worth, in cp, of each stone of lead past
	// LeadCap, where the progress terms no longer reward a capture
	// (progress.go). Without it, removing one of the trailing side's
	// stones lowered the leading side's score in up to 5% of positions
	// led by more than LeadCap (random games under the presets and the
	// no-limit rules); with it, in under 1%.
	LeadPastCap = 100
	// IdleDistance: a stone farther than this many steps from every enemy
	// stone is idle (TermLeadEngaged).
	IdleDistance = 2
	// Lockout is the starter's loss when every gate is taken by the
	// opponent and being blocked is fatal (risk 100%): it loses at its
	// first turn, whatever happens before.
	Lockout = 6000
)

// Blocking risk, in percent: how deadly having no step is for a side
// under the Blocked rule in play. The mobility and placement penalties
// for being blocked are scaled by it.
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

// Ransom and its deadline (ransom.go), under Ransom. Not tuned: the
// ransom is a matter of one turn in a whole game, too rare in the data
// to fit.
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

// HandWeights returns the hand-set weights, for a fit that starts from
// them.
func HandWeights() Weights { return handWeights }
