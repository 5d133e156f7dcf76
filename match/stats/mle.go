package stats

import "math"

// This file computes the generalized SPRT's log-likelihood ratio
// exactly, as fastchess now does, following M. Van den Bergh, "Comments
// on Normalized Elo" (section 4.1, and proposition 1.1 for logistic
// Elo): for each hypothesis, find the distribution over the five pair
// scores that is most likely to have produced the observed frequencies
// among those the hypothesis allows; the LLR is the log of the ratio of
// the two likelihoods. Unlike the normal approximation (LLRApprox), it
// stays sane on small or one-sided samples, where the measured variance
// is near zero and the approximation would decide after a pair or two.

// mleNormalized is the most likely distribution p over pairScores, given
// the empirical frequencies ph, whose normalized score (μ−½)/σ is tStar.
// It iterates the fixed point of equation 4.9 from a uniform start.
func mleNormalized(ph [5]float64, tStar float64) [5]float64 {
	var p [5]float64
	for i := range p {
		p[i] = 1.0 / 5
	}
	for range 1000 {
		mu, variance := moments(p)
		sigma := math.Sqrt(variance)
		var phi [5]float64
		for i, a := range pairScores {
			z := (a - mu) / sigma
			phi[i] = a - 0.5 - 0.5*tStar*sigma*(1+z*z)
		}
		theta, ok := solveTheta(ph, phi)
		if !ok {
			return ph
		}
		diff := 0.0
		for i := range p {
			q := ph[i] / (1 + theta*phi[i])
			diff = max(diff, math.Abs(q-p[i]))
			p[i] = q
		}
		if diff < 1e-10 {
			break
		}
	}
	return p
}

// mleLogistic is the most likely distribution p over pairScores, given
// the empirical frequencies ph, whose mean is s (equations 1.2 and 1.3).
func mleLogistic(ph [5]float64, s float64) [5]float64 {
	var phi [5]float64
	for i, a := range pairScores {
		phi[i] = a - s
	}
	theta, ok := solveTheta(ph, phi)
	if !ok {
		return ph
	}
	var p [5]float64
	for i := range p {
		p[i] = ph[i] / (1 + theta*phi[i])
	}
	return p
}

// solveTheta finds θ with Σ ph_i·φ_i/(1+θ·φ_i) = 0 on the interval where
// every 1+θ·φ_i is positive, (−1/max φ, −1/min φ). The sum falls
// strictly over it, from +∞ to −∞, so bisection finds the one root.
// ok is false when φ does not take both signs: no distribution on these
// scores meets the hypothesis.
func solveTheta(ph, phi [5]float64) (float64, bool) {
	u, v := phi[0], phi[0]
	for _, f := range phi {
		u, v = min(u, f), max(v, f)
	}
	if u >= 0 || v <= 0 {
		return 0, false
	}
	lo, hi := -1/v, -1/u
	for range 200 {
		mid := (lo + hi) / 2
		if mid == lo || mid == hi {
			break
		}
		sum := 0.0
		for i := range ph {
			sum += ph[i] * phi[i] / (1 + mid*phi[i])
		}
		if sum > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2, true
}

// regularized is the pair counts as weights, an empty class counting
// 1e-3 pairs (as fastchess does): the likelihoods need every class
// possible. It returns the weights' frequencies and their total.
func regularized(p Penta) ([5]float64, float64) {
	var c [5]float64
	n := 0.0
	for i, k := range p.Counts() {
		c[i] = float64(k)
		if k == 0 {
			c[i] = 1e-3
		}
		n += c[i]
	}
	for i := range c {
		c[i] /= n
	}
	return c, n
}

// llrExact is N·Σ ph_i·ln(p1_i/p0_i).
func llrExact(n float64, ph, p0, p1 [5]float64) float64 {
	sum := 0.0
	for i := range ph {
		sum += ph[i] * (math.Log(p1[i]) - math.Log(p0[i]))
	}
	return n * sum
}
