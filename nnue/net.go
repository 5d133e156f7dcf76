// Package nnue is a learned evaluation: a small network whose first
// layer is kept as an accumulator that changes by a few columns a move,
// as Stockfish's NNUE does, with integer (quantized) weights, in pure Go.
//
// The net reads a position through two perspectives, White's and
// Black's (features.go): each sees its own stones, the enemy's, the
// stones in hand and the counters the rules read. Both share the first
// layer's weights; the accumulator of each is that layer's output, kept
// up to date by adding the columns of features that came on and
// subtracting those that went off (accumulator.go). The output layer
// reads the clipped accumulators, the side to act's first, so that a
// change of side is a swap.
//
// A net is trained for one rule set (package nnue/train) and stored in a
// file with its shape, its rules and a checksum (file.go); the engine
// embeds the nets it ships (embed.go) and plays the linear evaluation
// (package eval) under any rules no net was trained for.
package nnue

import "seega/board"

// Quantization: the first layer's weights and biases are the float ones
// times QA in int16, so that an accumulator clipped to [0, QA] is the
// float activation clipped to [0, 1]; the output weights are times QB,
// and the output bias times QA·QB.
const (
	QA = 255
	QB = 64
)

// MaxHidden bounds a net's hidden layer, so that an accumulator is an
// array and the evaluation needs no allocation.
const MaxHidden = 256

// Net is a quantized network for one rule set.
type Net struct {
	// Rules are the rules the net was trained for.
	Rules board.Rules
	// Hidden is the width of each perspective's accumulator.
	Hidden int
	// ScaleCP turns the float output into centipawns: the output o
	// predicts a result of sigmoid(o), and the evaluation is o·ScaleCP.
	ScaleCP int32
	// Residual says that the net was trained as a correction to the
	// linear evaluation (package eval): its output in cp is added to
	// that evaluation, held within ±BaseLimit. Such a net starts from
	// what the hand-chosen terms know and learns what they miss.
	Residual bool
	// Command is the training command that made the net, for its file.
	Command string
	// W1 holds the first layer feature by feature: the column of
	// feature f is W1[f*Hidden : (f+1)*Hidden].
	W1 []int16
	B1 []int16
	// W2 reads the side to act's clipped accumulator (the first Hidden)
	// and then the other side's.
	W2 []int16
	B2 int32
}

// column is feature f's first-layer column.
func (n *Net) column(f int) []int16 { return n.W1[f*n.Hidden : (f+1)*n.Hidden] }

// output is the net's raw output for the accumulators of the side to
// act (us) and of the other side (them): QA·QB times the float output.
func (n *Net) output(us, them []int16) int32 {
	h := n.Hidden
	us, them = us[:h], them[:h]
	w2us, w2them := n.W2[:h], n.W2[h:2*h]
	return n.B2 + clippedDot(us, w2us) + clippedDot(them, w2them)
}

// BaseLimit bounds the linear evaluation that a residual net adds to,
// in training and in play alike: beyond it the position is won or lost
// by material, and the net's correction only has to say by how much.
const BaseLimit = 2000

// ClampBase is the linear evaluation v as a residual net adds to it.
func ClampBase(v int) int { return min(max(v, -BaseLimit), BaseLimit) }

// crelu is the clipped ReLU of an accumulator entry: its value in
// [0, QA].
func crelu(a int16) int16 { return min(max(a, 0), QA) }

// centipawns turns a raw output into the evaluation in cp.
func (n *Net) centipawns(raw int32) int {
	return int(int64(raw) * int64(n.ScaleCP) / (QA * QB))
}
