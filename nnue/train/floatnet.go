package train

import (
	"math"
	"math/rand/v2"

	"seega/nnue"
)

// FloatNet is the network in float32, as the trainer fits it: the same
// shape as nnue.Net, with the activation clipped to [0, 1].
type FloatNet struct {
	Hidden int
	W1     []float32 // feature by feature, as nnue.Net's
	B1     []float32
	W2     []float32 // the side to act's Hidden, then the other side's
	B2     float32
}

// newFloatNet is a net of hidden width h with random weights from rng:
// first-layer weights small enough that a position's two dozen features
// sum to an activation within the clip, output weights of either sign.
func newFloatNet(h int, rng *rand.Rand) *FloatNet {
	n := &FloatNet{Hidden: h, W1: make([]float32, nnue.NumFeatures*h), B1: make([]float32, h), W2: make([]float32, 2*h)}
	for i := range n.W1 {
		n.W1[i] = float32((rng.Float64()*2 - 1) * 0.1)
	}
	for i := range n.B1 {
		n.B1[i] = 0.5
	}
	a := 1 / math.Sqrt(float64(2*h))
	for i := range n.W2 {
		n.W2[i] = float32((rng.Float64()*2 - 1) * a)
	}
	return n
}

// forward fills acc (2·Hidden: the side to act's, then the other's)
// with the first layer's output for the features of one position, and
// returns the net's output before the sigmoid.
func (n *FloatNet) forward(feats *[2][]int16, acc []float32) float32 {
	h := n.Hidden
	for p := range 2 {
		a := acc[p*h : (p+1)*h]
		copy(a, n.B1)
		for _, f := range feats[p] {
			col := n.W1[int(f)*h : (int(f)+1)*h]
			for i := range a {
				a[i] += col[i]
			}
		}
	}
	out := n.B2
	for i, a := range acc[:2*h] {
		out += clip01(a) * n.W2[i]
	}
	return out
}

func clip01(x float32) float32 { return min(max(x, 0), 1) }

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }
