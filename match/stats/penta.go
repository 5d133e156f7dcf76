package stats

// Penta counts game pairs (the same opening played twice with colours
// swapped) by what the first player scored in the two games together.
// Counting pairs rather than games takes out the noise the opening puts
// in, so the same match gives a narrower interval and a faster SPRT.
type Penta struct {
	LL int // lost both
	LD int // a loss and a draw
	DD int // two draws
	WL int // a win and a loss
	WD int // a win and a draw
	WW int // won both
}

// Add counts one pair from the first player's two game scores, each in
// half points: 0 for a loss, 1 for a draw, 2 for a win.
func (p *Penta) Add(a, b int) {
	switch {
	case a+b == 0:
		p.LL++
	case a+b == 1:
		p.LD++
	case a+b == 2 && a == 1:
		p.DD++
	case a+b == 2:
		p.WL++
	case a+b == 3:
		p.WD++
	default:
		p.WW++
	}
}

// Pairs is the number of pairs counted.
func (p Penta) Pairs() int { return p.LL + p.LD + p.DD + p.WL + p.WD + p.WW }

// Counts lists the five classes as fastchess prints them, [LL, LD,
// DD+WL, WD, WW]: a win and a loss score the same as two draws.
func (p Penta) Counts() [5]int {
	return [5]int{p.LL, p.LD, p.DD + p.WL, p.WD, p.WW}
}

// pairScores is what each class of Counts scores, per game.
var pairScores = [5]float64{0, 0.25, 0.5, 0.75, 1}

// moments returns the mean pair score and the variance of one pair's
// score, from counts (or weights) of the five classes of Counts.
func moments(c [5]float64) (mean, variance float64) {
	n := 0.0
	for _, k := range c {
		n += k
	}
	for i, k := range c {
		mean += k / n * pairScores[i]
	}
	for i, k := range c {
		variance += k / n * sq(pairScores[i]-mean)
	}
	return mean, variance
}

func (p Penta) moments() (mean, variance float64) {
	var c [5]float64
	for i, k := range p.Counts() {
		c[i] = float64(k)
	}
	return moments(c)
}

// Elo measures the first player's Elo difference from the pairs: each
// pair is one sample, so the interval reflects the variance between
// pairs, not between games.
func (p Penta) Elo() Estimate {
	n := p.Pairs()
	if n == 0 {
		return estimate(0.5, 0, 0, 2)
	}
	mean, variance := p.moments()
	return estimate(mean, variance, n, 2)
}
