package train

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"time"

	"seega/board"
	"seega/engine"
	"seega/nnue"
)

// Config says how Train fits a net.
type Config struct {
	Rules  board.Rules
	Seed   uint64
	Hidden int
	Epochs int
	Batch  int
	// Rate is Adam's step size in the first epoch; FinalRate is its
	// size in the last, the epochs between decaying geometrically from
	// one to the other (0: Rate throughout). A step that shrinks lets
	// the last epochs settle instead of jumping about the minimum.
	Rate, FinalRate float64
	// Lambda blends the targets: Lambda × the game's result + (1 −
	// Lambda) × sigmoid(search score / ScaleCP); a position without a
	// score takes its result alone.
	Lambda float64
	// ScaleCP is the cp that one unit of the net's output is worth: the
	// output o predicts a result of sigmoid(o).
	ScaleCP int
	// HeldOut is the share of the samples kept out of the fit, on which
	// the loss is reported.
	HeldOut float64
	// Base, if set, makes the net residual: trained as a correction to
	// Base's evaluation (the linear one, which the engine then adds it
	// to), rather than as the whole evaluation.
	Base engine.Evaluator
	// Command is written into the net file: how to make it again.
	Command  string
	Progress io.Writer
}

// DefaultConfig is Train's configuration for rules r.
func DefaultConfig(r board.Rules) Config {
	return Config{Rules: r, Seed: 1, Hidden: 32, Epochs: 30, Batch: 256, Rate: 0.002, Lambda: 0.5, ScaleCP: 300, HeldOut: 0.1}
}

// Report is what a training run measured.
type Report struct {
	Train, HeldOut int // positions in each part
	// TrainLoss and HeldOutLoss are the mean squared errors of the float
	// net's predictions, per epoch (index 0: before the first).
	TrainLoss, HeldOutLoss []float64
	// QuantLoss is the quantized net's held-out loss; QuantMeanCP and
	// QuantMaxCP are the mean and largest |float − quantized| in cp over
	// the held-out positions.
	QuantLoss, QuantMeanCP float64
	QuantMaxCP             int
	Took                   time.Duration
}

// example is one position as the trainer sees it: the features of the
// side to act and of the other side, and the target.
type example struct {
	feats  [2][]int16
	sets   [2]nnue.FeatureSet // by colour, for the quantized net
	stm    board.Color
	target float32
	// base is what a residual net adds to, in the net's output units
	// (the base evaluation in cp over ScaleCP); 0 for a plain net.
	base float32
}

// predict is the float net's prediction for e, before the sigmoid.
func predict(net *FloatNet, e *example, acc []float32) float32 {
	return net.forward(&e.feats, acc) + e.base
}

// Train fits a net to samples and returns it quantized, with the
// report. The split, the start and the order are drawn from cfg.Seed,
// so that the same data and configuration give the same net.
func Train(cfg Config, samples []Sample) (*nnue.Net, *FloatNet, Report, error) {
	var rep Report
	start := time.Now()
	if cfg.Hidden < 1 || cfg.Hidden > nnue.MaxHidden || cfg.Epochs < 1 || cfg.Batch < 1 || cfg.ScaleCP < 1 || cfg.Rate <= 0 {
		return nil, nil, rep, fmt.Errorf("want hidden 1 to %d, and epochs, batch, scale and rate above 0", nnue.MaxHidden)
	}
	if cfg.Lambda < 0 || cfg.Lambda > 1 || cfg.HeldOut < 0 || cfg.HeldOut >= 1 {
		return nil, nil, rep, fmt.Errorf("want lambda in [0, 1] and a held-out share in [0, 1)")
	}
	if cfg.FinalRate < 0 || cfg.FinalRate > cfg.Rate {
		return nil, nil, rep, fmt.Errorf("want a final rate from 0 to the rate (%g)", cfg.Rate)
	}
	data, err := examples(cfg, samples)
	if err != nil {
		return nil, nil, rep, err
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x6e6e7565))
	rng.Shuffle(len(data), func(i, j int) { data[i], data[j] = data[j], data[i] })
	nHeld := int(float64(len(data)) * cfg.HeldOut)
	if cfg.HeldOut > 0 && nHeld == 0 {
		nHeld = 1
	}
	held, fit := data[:nHeld], data[nHeld:]
	if len(fit) == 0 {
		return nil, nil, rep, fmt.Errorf("no positions left to fit (%d in all)", len(data))
	}
	rep.Train, rep.HeldOut = len(fit), len(held)
	net := newFloatNet(cfg.Hidden, rng)
	opt := newAdam(net, cfg.Rate)
	g := newGrads(net)
	acc := make([]float32, 2*cfg.Hidden)
	clip1 := firstLayerClip(cfg.Rules)
	report := func(epoch int) {
		tl, hl := meanLoss(net, fit, acc), meanLoss(net, held, acc)
		rep.TrainLoss = append(rep.TrainLoss, tl)
		rep.HeldOutLoss = append(rep.HeldOutLoss, hl)
		if cfg.Progress != nil {
			fmt.Fprintf(cfg.Progress, "nnue train: epoch %d: train loss %.6f, held-out loss %.6f\n", epoch, tl, hl)
		}
	}
	report(0)
	for epoch := 1; epoch <= cfg.Epochs; epoch++ {
		opt.rate = cfg.rateAt(epoch)
		rng.Shuffle(len(fit), func(i, j int) { fit[i], fit[j] = fit[j], fit[i] })
		for lo := 0; lo < len(fit); lo += cfg.Batch {
			batch := fit[lo:min(lo+cfg.Batch, len(fit))]
			g.zero()
			for k := range batch {
				g.add(net, &batch[k], acc)
			}
			opt.step(net, g, float32(len(batch)), clip1)
		}
		report(epoch)
	}
	q := Quantize(net, cfg.Rules, cfg.ScaleCP, cfg.Command)
	q.Residual = cfg.Base != nil
	rep.QuantLoss, rep.QuantMeanCP, rep.QuantMaxCP = quantError(net, q, held, acc, cfg.ScaleCP)
	rep.Took = time.Since(start)
	return q, net, rep, nil
}

// rateAt is Adam's step size in epoch (1 to Epochs): Rate in the
// first, FinalRate in the last, geometrically between.
func (cfg *Config) rateAt(epoch int) float64 {
	if cfg.FinalRate == 0 || cfg.Epochs == 1 {
		return cfg.Rate
	}
	f := float64(epoch-1) / float64(cfg.Epochs-1)
	return cfg.Rate * math.Pow(cfg.FinalRate/cfg.Rate, f)
}

// examples turns samples into the trainer's examples, with each
// target seen from the side to act.
func examples(cfg Config, samples []Sample) ([]example, error) {
	out := make([]example, 0, len(samples))
	var buf []int
	for i, s := range samples {
		g, err := board.NewGameFromSeFEN(cfg.Rules, s.SeFEN)
		if err != nil {
			return nil, fmt.Errorf("position %d: %v", i+1, err)
		}
		p := g.Position()
		if p.Size() != cfg.Rules.BoardSize {
			return nil, fmt.Errorf("position %d: a %d×%d board, the rules' is %d×%d", i+1, p.Size(), p.Size(), cfg.Rules.BoardSize, cfg.Rules.BoardSize)
		}
		var e example
		e.stm = p.SideToAct()
		if cfg.Base != nil {
			e.base = float32(nnue.ClampBase(cfg.Base.Evaluate(g))) / float32(cfg.ScaleCP)
		}
		for c := range 2 {
			e.sets[c] = nnue.Features(p, g.Rules(), board.Color(c))
		}
		for k, c := range []board.Color{e.stm, e.stm.Other()} {
			buf = e.sets[c].Append(buf[:0])
			e.feats[k] = make([]int16, len(buf))
			for j, f := range buf {
				e.feats[k][j] = int16(f)
			}
		}
		result := s.Result
		if e.stm == board.Black {
			result = 1 - result
		}
		t := result
		if s.HasScore {
			score := float64(s.Score)
			if e.stm == board.Black {
				score = -score
			}
			t = cfg.Lambda*result + (1-cfg.Lambda)*sigmoid(score/float64(cfg.ScaleCP))
		}
		e.target = float32(t)
		out = append(out, e)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no positions")
	}
	return out, nil
}

// meanLoss is the mean squared error of net's predictions over data.
func meanLoss(net *FloatNet, data []example, acc []float32) float64 {
	if len(data) == 0 {
		return math.NaN()
	}
	sum := 0.0
	for k := range data {
		d := sigmoid(float64(predict(net, &data[k], acc))) - float64(data[k].target)
		sum += d * d
	}
	return sum / float64(len(data))
}

// firstLayerClip bounds the first layer's weights and biases so that
// no accumulator of the quantized net can overflow int16: a position
// has at most N² + 8 features on (the stones, two hand counts and the
// counters' buckets), plus the bias.
func firstLayerClip(r board.Rules) float32 {
	active := r.BoardSize*r.BoardSize + 8 + 1
	return float32(min(2, 32000.0/nnue.QA/float64(active)))
}

// outputClip bounds the output weights: QB times it fits int16 with
// room, and the output sum stays far inside int32.
const outputClip = 16
