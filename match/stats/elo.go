package stats

import "math"

// z95 is the two-sided 95% quantile of the standard normal distribution.
const z95 = 1.959963984540054

// eloPerNormalized converts normalized Elo: nElo = (score−½)/σ · 800/ln 10.
var eloPerNormalized = 800 / math.Ln10

// EloFromScore is the logistic Elo difference that gives an expected
// score s (0 < s < 1): −400·log10(1/s − 1). It is ±Inf at 1 and 0.
func EloFromScore(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}

// ScoreFromElo is the expected score of a player Elo points stronger.
func ScoreFromElo(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// Estimate is an Elo difference measured from games, with its 95%
// confidence interval. Lo and Hi are the Elo of the interval's ends;
// Err is half its width, the "±" people quote. NElo is the normalized
// Elo (the score's distance from ½ in standard deviations, scaled), which
// does not depend on the draw rate. Where every sample scored the same,
// Lo, Hi, Err and NElo are NaN: there is no spread to measure.
type Estimate struct {
	Score       float64 // mean score per game, 0 to 1
	Elo, Lo, Hi float64
	Err         float64
	NElo        float64
	N           int // games, or pairs for a pentanomial estimate
}

// estimate turns a mean score and the variance of one sample (a game or
// a pair) over n samples into an Estimate. perGameVar converts the
// sample variance to that of one game for nElo: a pair's mean of two
// games has half a game's variance, so a pair sample needs ×2.
func estimate(mean, variance float64, n int, perGame float64) Estimate {
	e := Estimate{Score: mean, Elo: EloFromScore(mean), N: n}
	if n == 0 {
		e.Elo, e.Lo, e.Hi, e.Err = 0, 0, 0, 0
		return e
	}
	if variance <= 0 {
		// Every sample alike: the data give no spread, so no interval,
		// and nElo (a distance in standard deviations) is undefined.
		e.Lo, e.Hi, e.Err, e.NElo = math.NaN(), math.NaN(), math.NaN(), math.NaN()
		return e
	}
	se := math.Sqrt(variance / float64(n))
	e.Lo = EloFromScore(mean - z95*se)
	e.Hi = EloFromScore(mean + z95*se)
	e.Err = (e.Hi - e.Lo) / 2
	e.NElo = (mean - 0.5) / math.Sqrt(variance*perGame) * eloPerNormalized
	return e
}

// WDL measures an Elo difference from W wins, D draws and L losses,
// each game its own sample (the trinomial model): the score's variance
// is that of the per-game results 1, ½ and 0.
func WDL(w, d, l int) Estimate {
	n := w + d + l
	if n == 0 {
		return estimate(0.5, 0, 0, 1)
	}
	fw, fd, fl := float64(w)/float64(n), float64(d)/float64(n), float64(l)/float64(n)
	mean := fw + fd/2
	variance := fw*sq(1-mean) + fd*sq(0.5-mean) + fl*sq(0-mean)
	return estimate(mean, variance, n, 1)
}

func sq(x float64) float64 { return x * x }
