package tune

import (
	"fmt"
	"io"
	"math"
	"slices"

	"seega/board"
	"seega/eval"
)

// FitConfig says how to fit.
type FitConfig struct {
	Rules board.Rules
	// Start is where the weights start from; Free lists the terms the fit
	// may move (nil: every term the data shows at all, but Kept).
	Start eval.Weights
	Free  []eval.Term
	// Kept lists terms the fit leaves at their start where Free is nil:
	// by default the progress terms, whose worth is not in predicting a
	// position's result but in giving the search a way forward when it
	// is ahead; the conversion suites measure them instead.
	Kept []eval.Term
	// Rounds of the fit: each round traces every position with the
	// weights so far (some features, the capture gains, are measured in
	// the material the weights give) and then runs Steps steps of
	// gradient descent (Adam, full batch) on them.
	Rounds, Steps int
	// Rate is Adam's step size, in cp.
	Rate float64
	// Ridge pulls each weight towards its start, per cp² of distance,
	// against the loss: terms the data says little about stay near their
	// hand-set values instead of running off.
	Ridge    float64
	Progress io.Writer
}

// DefaultFitConfig is Fit's configuration for rules r, from the weights
// r's evaluator plays now.
func DefaultFitConfig(r board.Rules) FitConfig {
	return FitConfig{
		Rules: r, Start: eval.WeightsFor(r), Rounds: 3, Steps: 600, Rate: 2, Ridge: 1e-7,
		Kept: []eval.Term{eval.TermLeadIsolated, eval.TermLeadEngaged, eval.TermLeadConfined},
	}
}

// FitResult is what Fit found.
type FitResult struct {
	Weights eval.Weights
	// K scales the evaluation into a win probability:
	// P(White wins) = 1 / (1 + 10^(−K·eval/400)), eval in cp from White.
	K float64
	// LossBefore and LossAfter are the mean squared errors of those
	// probabilities against the results, with the start and the fitted
	// weights.
	LossBefore, LossAfter float64
	// Positions is the number of positions fitted: those the evaluation
	// does not score as decided.
	Positions int
}

// traced is one position as the fit sees it: its features as fractions
// (feature / scale), the part of its score that no weight scales, and
// its result.
type traced struct {
	f      [eval.NumTerms]float64
	fixed  float64
	result float64
}

// Fit fits weights to samples.
func Fit(cfg FitConfig, samples []Sample) (FitResult, error) {
	if cfg.Rounds < 1 || cfg.Steps < 1 {
		return FitResult{}, fmt.Errorf("want at least one round and one step")
	}
	w := cfg.Start
	data, err := trace(cfg.Rules, w, samples)
	if err != nil {
		return FitResult{}, err
	}
	if len(data) == 0 {
		return FitResult{}, fmt.Errorf("no positions to fit: every one is decided")
	}
	free := cfg.Free
	if free == nil {
		free = shownTerms(data)
		free = slices.DeleteFunc(free, func(t eval.Term) bool { return slices.Contains(cfg.Kept, t) })
	}
	res := FitResult{Positions: len(data)}
	res.K = fitK(data, w)
	res.LossBefore = loss(data, w, res.K)
	if cfg.Progress != nil {
		fmt.Fprintf(cfg.Progress, "tune: %d positions, K %.3f, loss %.6f with the start weights; fitting %d terms\n", len(data), res.K, res.LossBefore, len(free))
	}
	wf := toFloat(w)
	start := wf
	for round := 0; round < cfg.Rounds; round++ {
		if round > 0 {
			if data, err = trace(cfg.Rules, toInt(wf), samples); err != nil {
				return FitResult{}, err
			}
		}
		wf = adam(data, wf, start, free, res.K, cfg)
		if cfg.Progress != nil {
			fmt.Fprintf(cfg.Progress, "tune: round %d: loss %.6f\n", round+1, lossF(data, wf, res.K))
		}
	}
	res.Weights = toInt(wf)
	// The loss after is measured as the engine will play the weights:
	// rounded, and traced with them.
	if data, err = trace(cfg.Rules, res.Weights, samples); err != nil {
		return FitResult{}, err
	}
	res.LossAfter = loss(data, res.Weights, res.K)
	return res, nil
}

// trace reads every sample's features under weights w, leaving out the
// positions the evaluation scores as decided.
func trace(r board.Rules, w eval.Weights, samples []Sample) ([]traced, error) {
	e := eval.NewWithWeights(r, w)
	out := make([]traced, 0, len(samples))
	for i, s := range samples {
		g, err := board.NewGameFromSeFEN(r, s.SeFEN)
		if err != nil {
			return nil, fmt.Errorf("sample %d: %v", i+1, err)
		}
		_, tr := e.Trace(g)
		if tr.Decided || tr.Fixed > eval.Win || tr.Fixed < -eval.Win {
			continue
		}
		var t traced
		for k := range t.f {
			t.f[k] = float64(tr.Features[k]) / float64(tr.Scale[k])
		}
		t.fixed = float64(tr.Fixed)
		t.result = s.Result
		out = append(out, t)
	}
	return out, nil
}

// shownTerms are the terms whose feature is not zero in every position.
func shownTerms(data []traced) []eval.Term {
	var out []eval.Term
	for t := eval.Term(0); t < eval.NumTerms; t++ {
		for i := range data {
			if data[i].f[t] != 0 {
				out = append(out, t)
				break
			}
		}
	}
	return out
}

func toFloat(w eval.Weights) (f [eval.NumTerms]float64) {
	for i, v := range w {
		f[i] = float64(v)
	}
	return f
}

func toInt(f [eval.NumTerms]float64) (w eval.Weights) {
	for i, v := range f {
		w[i] = int(math.Round(v))
	}
	return w
}

// score is the position's White-view evaluation under weights w, clamped
// as the evaluator clamps it.
func (t *traced) score(w *[eval.NumTerms]float64) float64 {
	s := t.fixed
	for k, f := range t.f {
		s += w[k] * f
	}
	return math.Max(-eval.Limit, math.Min(eval.Limit, s))
}

// sigmoid turns a White-view score into White's expected result.
func sigmoid(score, k float64) float64 { return 1 / (1 + math.Pow(10, -k*score/400)) }

func lossF(data []traced, w [eval.NumTerms]float64, k float64) float64 {
	sum := 0.0
	for i := range data {
		d := data[i].result - sigmoid(data[i].score(&w), k)
		sum += d * d
	}
	return sum / float64(len(data))
}

func loss(data []traced, w eval.Weights, k float64) float64 { return lossF(data, toFloat(w), k) }

// fitK finds the K that makes the weights w predict best, by golden
// section search: K only scales the evaluation into a probability, and
// fitting it first keeps the weights in cp instead of letting them all
// grow or shrink together.
func fitK(data []traced, w eval.Weights) float64 {
	wf := toFloat(w)
	lo, hi := 0.01, 10.0
	const phi = 0.6180339887498949
	a, b := hi-phi*(hi-lo), lo+phi*(hi-lo)
	fa, fb := lossF(data, wf, a), lossF(data, wf, b)
	for hi-lo > 1e-4 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - phi*(hi-lo)
			fa = lossF(data, wf, a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + phi*(hi-lo)
			fb = lossF(data, wf, b)
		}
	}
	return (lo + hi) / 2
}

// adam runs cfg.Steps steps of Adam on the free weights from w, with a
// ridge towards start.
func adam(data []traced, w, start [eval.NumTerms]float64, free []eval.Term, k float64, cfg FitConfig) [eval.NumTerms]float64 {
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	var m, v [eval.NumTerms]float64
	ln10 := math.Ln10
	for step := 1; step <= cfg.Steps; step++ {
		var grad [eval.NumTerms]float64
		for i := range data {
			t := &data[i]
			s := t.score(&w)
			p := sigmoid(s, k)
			// d/dw of (result − p)² = −2 (result − p) p (1 − p) ln10 k/400 · feature
			g := -2 * (t.result - p) * p * (1 - p) * ln10 * k / 400
			if s <= -eval.Limit || s >= eval.Limit {
				continue // clamped: the weights do not move it
			}
			for _, term := range free {
				grad[term] += g * t.f[term]
			}
		}
		n := float64(len(data))
		for _, term := range free {
			gr := grad[term]/n + 2*cfg.Ridge*(w[term]-start[term])
			m[term] = beta1*m[term] + (1-beta1)*gr
			v[term] = beta2*v[term] + (1-beta2)*gr*gr
			mh := m[term] / (1 - math.Pow(beta1, float64(step)))
			vh := v[term] / (1 - math.Pow(beta2, float64(step)))
			w[term] -= cfg.Rate * mh / (math.Sqrt(vh) + eps)
		}
	}
	return w
}
