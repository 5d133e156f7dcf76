package stats

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Model says in which Elo the SPRT's hypotheses are written.
type Model string

const (
	// Normalized Elo (fastchess's default): elo0 and elo1 are in nElo,
	// whose scale follows the measured variance, so the same bounds mean
	// the same effort whatever the draw rate.
	Normalized Model = "normalized"
	// Logistic Elo: the classic Elo, where a score s is −400·log10(1/s−1).
	Logistic Model = "logistic"
)

// SPRT tests H0: the Elo difference is Elo0 against H1: it is Elo1,
// with false-positive rate Alpha and false-negative rate Beta.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
	Model       Model
}

// Decision is what an SPRT says after some games.
type Decision int

const (
	Continue Decision = iota // neither bound reached: play on
	AcceptH0                 // LLR at or below the lower bound: the change is not an Elo1 gain
	AcceptH1                 // LLR at or above the upper bound: the change gains Elo1
)

func (d Decision) String() string {
	switch d {
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "continue"
}

// ParseSPRT reads "elo0=A,elo1=B[,alpha=X][,beta=Y][,model=normalized|logistic]".
// Alpha and beta default to 0.05, the model to normalized.
func ParseSPRT(spec string) (SPRT, error) {
	s := SPRT{Alpha: 0.05, Beta: 0.05, Model: Normalized}
	seen := map[string]bool{}
	for _, field := range strings.Split(spec, ",") {
		key, val, ok := strings.Cut(strings.TrimSpace(field), "=")
		key = strings.ToLower(strings.TrimSpace(key))
		if !ok || key == "" {
			return s, fmt.Errorf("%q: want key=value (elo0, elo1, alpha, beta, model)", field)
		}
		if seen[key] {
			return s, fmt.Errorf("%s given twice", key)
		}
		seen[key] = true
		if key == "model" {
			switch m := Model(strings.ToLower(val)); m {
			case Normalized, Logistic:
				s.Model = m
			default:
				return s, fmt.Errorf("model %q: want normalized or logistic", val)
			}
			continue
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return s, fmt.Errorf("%s=%q: not a number", key, val)
		}
		switch key {
		case "elo0":
			s.Elo0 = f
		case "elo1":
			s.Elo1 = f
		case "alpha":
			s.Alpha = f
		case "beta":
			s.Beta = f
		default:
			return s, fmt.Errorf("unknown key %q: want elo0, elo1, alpha, beta or model", key)
		}
	}
	if !seen["elo0"] || !seen["elo1"] {
		return s, fmt.Errorf("elo0 and elo1 are required")
	}
	return s, s.Validate()
}

// Validate reports bounds that make no test.
func (s SPRT) Validate() error {
	switch {
	case s.Elo0 >= s.Elo1:
		return fmt.Errorf("elo0 (%g) must be less than elo1 (%g)", s.Elo0, s.Elo1)
	case s.Alpha <= 0 || s.Alpha >= 1:
		return fmt.Errorf("alpha (%g) must be between 0 and 1", s.Alpha)
	case s.Beta <= 0 || s.Beta >= 1:
		return fmt.Errorf("beta (%g) must be between 0 and 1", s.Beta)
	case s.Alpha+s.Beta >= 1:
		return fmt.Errorf("alpha + beta (%g) must be less than 1", s.Alpha+s.Beta)
	case s.Model != Normalized && s.Model != Logistic:
		return fmt.Errorf("model %q: want normalized or logistic", s.Model)
	}
	return nil
}

// Bounds are Wald's stopping bounds on the LLR: ln(β/(1−α)) below and
// ln((1−β)/α) above.
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// LLR is the log-likelihood ratio of H1 against H0 after the pairs in p,
// computed exactly: each hypothesis's most likely distribution over the
// five pair scores (mle.go), as fastchess computes its pentanomial LLR.
// Under the normalized model, H0 and H1 fix the normalized score
// (μ−½)/σ of a pair at nElo·√2/(800/ln 10) (a pair's score has half a
// game's variance, hence the √2); under the logistic model they fix the
// mean score at 1/(1+10^(−Elo/400)). With no pairs yet the LLR is 0.
func (s SPRT) LLR(p Penta) float64 {
	if p.Pairs() == 0 {
		return 0
	}
	ph, n := regularized(p)
	var p0, p1 [5]float64
	if s.Model == Logistic {
		p0, p1 = mleLogistic(ph, ScoreFromElo(s.Elo0)), mleLogistic(ph, ScoreFromElo(s.Elo1))
	} else {
		k := math.Sqrt2 / eloPerNormalized
		p0, p1 = mleNormalized(ph, s.Elo0*k), mleNormalized(ph, s.Elo1*k)
	}
	return llrExact(n, ph, p0, p1)
}

// LLRApprox is the normal approximation of the generalized SPRT's LLR
// that fastchess used before its exact one, and that fishtest calls
// the "GSPRT" approximation:
//
//	LLR ≈ (s1 − s0)·(2ŝ − s0 − s1) / (2·σ²/N)
//
// where ŝ is the mean pair score, σ² the variance of one pair's score,
// N the number of pairs (empty classes counting 1e-3, as in LLR), and
// s0, s1 the scores H0 and H1 predict: under the normalized model
// s = ½ + nElo·√(2σ²)/(800/ln 10), under the logistic model
// s = 1/(1+10^(−Elo/400)). It agrees with LLR on ordinary samples and
// can be checked by hand; on a handful of one-sided pairs its σ² is
// near zero and it overshoots wildly, which is why LLR is exact.
func (s SPRT) LLRApprox(p Penta) float64 {
	if p.Pairs() == 0 {
		return 0
	}
	ph, n := regularized(p)
	mean, variance := moments(ph)
	var s0, s1 float64
	if s.Model == Logistic {
		s0, s1 = ScoreFromElo(s.Elo0), ScoreFromElo(s.Elo1)
	} else {
		k := math.Sqrt(2*variance) / eloPerNormalized
		s0, s1 = 0.5+s.Elo0*k, 0.5+s.Elo1*k
	}
	return (s1 - s0) * (2*mean - s0 - s1) / (2 * variance / n)
}

// Decide compares an LLR with the bounds.
func (s SPRT) Decide(llr float64) Decision {
	lower, upper := s.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Continue
}

// String writes the test back in ParseSPRT's form.
func (s SPRT) String() string {
	return fmt.Sprintf("elo0=%g,elo1=%g,alpha=%g,beta=%g,model=%s", s.Elo0, s.Elo1, s.Alpha, s.Beta, s.Model)
}
