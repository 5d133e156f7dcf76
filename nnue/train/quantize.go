package train

import (
	"math"

	"seega/board"
	"seega/nnue"
)

// Quantize turns the float net into the engine's integer net for the
// rules r: the first layer times QA, the output weights times QB and
// the output bias times QA·QB, each rounded to the nearest.
func Quantize(f *FloatNet, r board.Rules, scaleCP int, command string) *nnue.Net {
	n := &nnue.Net{Rules: r, Hidden: f.Hidden, ScaleCP: int32(scaleCP), Command: command,
		W1: make([]int16, len(f.W1)), B1: make([]int16, len(f.B1)), W2: make([]int16, len(f.W2))}
	for i, w := range f.W1 {
		n.W1[i] = int16(math.Round(float64(w) * nnue.QA))
	}
	for i, w := range f.B1 {
		n.B1[i] = int16(math.Round(float64(w) * nnue.QA))
	}
	for i, w := range f.W2 {
		n.W2[i] = int16(math.Round(float64(w) * nnue.QB))
	}
	n.B2 = int32(math.Round(float64(f.B2) * nnue.QA * nnue.QB))
	return n
}

// quantError compares the quantized net q with the float net f over
// data: q's loss, and the mean and largest |f − q| in cp.
func quantError(f *FloatNet, q *nnue.Net, data []example, acc []float32, scaleCP int) (loss, meanCP float64, maxCP int) {
	if len(data) == 0 {
		return math.NaN(), math.NaN(), 0
	}
	for k := range data {
		e := &data[k]
		qcp := q.EvaluateFeatures(&e.sets, e.stm)
		fcp := float64(f.forward(&e.feats, acc)) * float64(scaleCP)
		fcp = min(max(fcp, -nnue.Limit), nnue.Limit)
		d := math.Abs(fcp - float64(qcp))
		meanCP += d
		maxCP = max(maxCP, int(math.Ceil(d)))
		p := sigmoid(float64(qcp)/float64(scaleCP)+float64(e.base)) - float64(e.target)
		loss += p * p
	}
	n := float64(len(data))
	return loss / n, meanCP / n, maxCP
}

// QuantTolerance is the largest |float − quantized| evaluation, in cp,
// that the tests allow. Each first-layer weight rounds by at most
// 1/(2·QA) and each output weight by 1/(2·QB); over a position's few
// dozen features and the hidden units that comes to 5–8 cp on average
// at ScaleCP 300, and 25–27 cp at most over the held-out positions of
// the egyptian 5×5 nets of docs/strength.md.
const QuantTolerance = 40
