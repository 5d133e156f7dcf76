package mcts

import "time"

// Every tunable of the MCTS searcher lives in this file (STYLE.md habit 9),
// each with its own comment, as KataGo's SearchParams does. Params holds the
// ones a match may want to vary per searcher; the constants below it are
// fixed bounds. The matches behind the defaults are in docs/strength.md
// and docs/strength-tried.md.

// Params tunes one MCTS searcher. The zero value is not useful: start from
// DefaultParams (or PlayoutParams, EvalParams) and change fields.
type Params struct {
	// Exploration is c in the PUCT rule Q + c·P·√N/(1+n), with Q a win
	// rate in [0,1]. Higher spreads the visits wider; lower trusts the
	// value estimates sooner. 0.5 was ahead of 1.0 (docs/strength-tried.md).
	Exploration float64

	// FPUReduction sets the first-play urgency: an unvisited child is
	// valued at its parent's win rate (for the side choosing) less this.
	// Larger values make the search try fewer new actions and go deeper
	// along the ones it likes.
	FPUReduction float64

	// VirtualLoss is how many lost visits a thread adds to every node on
	// its path while a playout is under way, so that other threads are
	// steered to other lines (tree-parallel search). It has no effect with
	// one thread.
	VirtualLoss int32

	// ExpandVisits is how many times a leaf must be visited before its
	// children are created. 1 expands a node on its first visit after its
	// own creation; higher values save pool space for lines that the
	// search returns to, and the priors' evaluations of every child (half
	// the time of a search at 1): 3 does 1.6× the playouts a second of
	// 1 and is level with it in play (docs/strength.md).
	ExpandVisits int32

	// PlayoutTurns caps a random playout from a leaf, in completed turns;
	// a playout that reaches the cap is scored by the evaluation, squashed
	// (see EvalScale). 0 turns playouts off: leaves are scored by the
	// evaluation alone. 16 was no better than 8 (docs/strength-tried.md).
	PlayoutTurns int

	// PlayoutCaptureBias is the chance that a playout step picks among the
	// capturing actions, when there are any, rather than among all legal
	// actions. 0 is a uniform random playout.
	PlayoutCaptureBias float64

	// EvalWeight mixes the two leaf values: EvalWeight·(squashed
	// evaluation of the leaf) + (1−EvalWeight)·(playout result). 1 is
	// evaluation only (no playout is run), 0 is playouts only. With
	// PlayoutTurns 0 the evaluation is used whatever the weight.
	EvalWeight float64

	// EvalScale is the logistic's scale in cp: a score of s cp is a win
	// rate of 1/(1+e^(−s/EvalScale)). The same scale turns the root's win
	// rate back into the cp score of info lines. 150 makes a stone ahead
	// (100 cp) about a 66% position.
	EvalScale float64

	// QuiescenceActions bounds, in actions, a capture-only alpha-beta
	// search from each leaf before it is evaluated (the evaluation part
	// of a leaf's value), so that an exchange or a chain under way is
	// played out first. 0 evaluates the leaf as it stands. At most
	// MaxQuiescenceActions. With evaluation-only leaves, 8 did not help
	// them catch up with playouts (sudanese and classic, 100 ms a turn).
	QuiescenceActions int

	// QuiescenceNodes bounds the positions of one leaf's capture search;
	// past it, positions are evaluated as they stand. It keeps a playout
	// short where chains branch wide.
	QuiescenceNodes int

	// PriorTemp is the softmax temperature, in cp, of the priors P: each
	// child is scored by the evaluation one action deep (from the mover's
	// side) when its parent is expanded. 0 gives uniform priors and saves
	// those evaluations.
	PriorTemp float64

	// Seed seeds the playouts' random numbers. Each search starts from it
	// again (thread i from Seed+i), so a one-thread search with a fixed
	// budget does the same playouts every time.
	Seed uint64
}

// DefaultParams are the parameters of the `mcts` searcher: each leaf is
// scored half by its evaluation and half by a short capture-biased random
// playout, with evaluation priors: level with pure playouts, ahead of
// evaluation-only leaves in every preset (docs/strength.md).
func DefaultParams() Params {
	return Params{
		Exploration:        0.5,
		FPUReduction:       0.1,
		VirtualLoss:        3,
		ExpandVisits:       3,
		PlayoutTurns:       8,
		PlayoutCaptureBias: 0.5,
		EvalWeight:         0.5,
		EvalScale:          150,
		QuiescenceActions:  0,
		QuiescenceNodes:    64,
		PriorTemp:          100,
		Seed:               1,
	}
}

// PlayoutParams score leaves by the playout alone (the classic MCTS; the
// evaluation still scores a playout that reaches its cap).
func PlayoutParams() Params {
	p := DefaultParams()
	p.EvalWeight = 0
	return p
}

// EvalParams score leaves by the evaluation alone, with no playout: the
// weakest of the three in every preset, kept for comparison.
func EvalParams() Params {
	p := DefaultParams()
	p.PlayoutTurns = 0
	p.EvalWeight = 1
	return p
}

// Fixed bounds.
const (
	// MaxPath bounds a selection path in actions, which sizes the
	// per-thread stacks. A leaf this deep is scored where it stands.
	MaxPath = 256
	// PlayoutMaxActions bounds a playout in actions, whatever
	// PlayoutTurns says, so that a long bonus chain cannot run away.
	PlayoutMaxActions = 512
	// PlayoutsPerDepth turns a depth limit into a playout budget: MCTS has
	// no iterations, so `go depth d` runs d·PlayoutsPerDepth playouts. It
	// keeps `go depth` finite and deterministic (the bench uses it).
	PlayoutsPerDepth = 1000
	// MaxQuiescenceActions caps Params.QuiescenceActions, which sizes the
	// per-thread buffers.
	MaxQuiescenceActions = 32
	// ForcedPlayouts is the budget of a search whose position has one
	// legal turn (unless it is infinite): the answer is known, and a few
	// playouts give the info line a score.
	ForcedPlayouts = 64
	// MaxReuseActions bounds how many actions back the previous search's
	// root may lie for its tree to be reused: the two turns played between
	// one's own searches, bonus chains included, are rarely longer.
	MaxReuseActions = 64
	// InfoInterval is how often a running search reports an info line;
	// one more comes when it ends.
	InfoInterval = time.Second
	// MaxHashMB caps the pool, so that a stray option value cannot ask the
	// machine for terabytes; DefaultHashMB is used for HashMB 0.
	MaxHashMB     = 1 << 16
	DefaultHashMB = 16
	// MaxThreads caps Threads.
	MaxThreads = 256
	// WinRateClamp keeps a win rate off 0 and 1 when it is turned into cp,
	// which bounds the reported score at about ±9·EvalScale.
	WinRateClamp = 1e-4
	// evalLimit is the cp score of a finished game for the priors: a won
	// game outweighs any evaluation (the evaluator clamps to ±10000).
	evalLimit = 10000
	// MaxChildren bounds the children of one node (the actions of one
	// position). The widest Seega position, 9×9 placement, has 80.
	MaxChildren = 1 << 12
)
