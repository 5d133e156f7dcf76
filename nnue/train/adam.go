package train

import "math"

// grads are the gradients of a batch, laid out as the net's parameters.
type grads struct {
	W1, B1, W2 []float32
	B2         float32
	// touched marks the features some example of the batch had on: only
	// their first-layer columns have a gradient.
	touched []bool
}

func newGrads(n *FloatNet) *grads {
	return &grads{W1: make([]float32, len(n.W1)), B1: make([]float32, len(n.B1)), W2: make([]float32, len(n.W2)),
		touched: make([]bool, len(n.W1)/n.Hidden)}
}

func (g *grads) zero() {
	clear(g.W1)
	clear(g.B1)
	clear(g.W2)
	g.B2 = 0
	clear(g.touched)
}

// add adds the gradient of one example's squared error.
func (g *grads) add(n *FloatNet, e *example, acc []float32) {
	h := n.Hidden
	out := predict(n, e, acc)
	p := float32(sigmoid(float64(out)))
	d := 2 * (p - e.target) * p * (1 - p)
	g.B2 += d
	for p := range 2 {
		a := acc[p*h : (p+1)*h]
		w2 := n.W2[p*h : (p+1)*h]
		gw2 := g.W2[p*h : (p+1)*h]
		for i, v := range a {
			gw2[i] += d * clip01(v)
			if v <= 0 || v >= 1 {
				a[i] = 0 // no gradient through the clip
				continue
			}
			a[i] = d * w2[i] // reuse acc for the gradient of the accumulator
		}
		for i, v := range a {
			g.B1[i] += v
		}
		for _, f := range e.feats[p] {
			g.touched[f] = true
			col := g.W1[int(f)*h : (int(f)+1)*h]
			for i, v := range a {
				col[i] += v
			}
		}
	}
}

// adam is the Adam optimizer's state.
type adam struct {
	rate               float64
	beta1, beta2, eps  float64
	t                  int
	mW1, vW1, mB1, vB1 []float32
	mW2, vW2           []float32
	mB2, vB2           []float32 // one element each
}

func newAdam(n *FloatNet, rate float64) *adam {
	return &adam{rate: rate, beta1: 0.9, beta2: 0.999, eps: 1e-8,
		mW1: make([]float32, len(n.W1)), vW1: make([]float32, len(n.W1)),
		mB1: make([]float32, len(n.B1)), vB1: make([]float32, len(n.B1)),
		mW2: make([]float32, len(n.W2)), vW2: make([]float32, len(n.W2)),
		mB2: make([]float32, 1), vB2: make([]float32, 1)}
}

// step applies the mean gradient over a batch of size count, then
// clips the first layer to ±clip1 and the output layer to ±outputClip.
// First-layer columns of features the batch never saw are left alone
// (lazy Adam), which also keeps the step cheap.
func (o *adam) step(n *FloatNet, g *grads, count float32, clip1 float32) {
	o.t++
	c1 := float32(1 - math.Pow(o.beta1, float64(o.t)))
	c2 := float32(1 - math.Pow(o.beta2, float64(o.t)))
	upd := func(w, gr, m, v []float32, lim float32) {
		b1, b2 := float32(o.beta1), float32(o.beta2)
		for i := range w {
			gi := gr[i] / count
			m[i] = b1*m[i] + (1-b1)*gi
			v[i] = b2*v[i] + (1-b2)*gi*gi
			w[i] -= float32(o.rate) * (m[i] / c1) / (float32(math.Sqrt(float64(v[i]/c2))) + float32(o.eps))
			w[i] = min(max(w[i], -lim), lim)
		}
	}
	h := n.Hidden
	for f, on := range g.touched {
		if on {
			s := f * h
			upd(n.W1[s:s+h], g.W1[s:s+h], o.mW1[s:s+h], o.vW1[s:s+h], clip1)
		}
	}
	upd(n.B1, g.B1, o.mB1, o.vB1, clip1)
	upd(n.W2, g.W2, o.mW2, o.vW2, outputClip)
	b2 := []float32{n.B2}
	upd(b2, []float32{g.B2}, o.mB2, o.vB2, 1e9)
	n.B2 = b2[0]
}
