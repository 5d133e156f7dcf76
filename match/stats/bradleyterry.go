package stats

import (
	"fmt"
	"math"
)

// Pairing is the games between players A and B (indexes into a list of
// players), from A's side: W wins, D draws and L losses.
type Pairing struct {
	A, B    int
	W, D, L int
}

// Ratings are the players' Elo from a Bradley–Terry fit, and the
// covariance of the estimates, from which error bars come.
type Ratings struct {
	Elo []float64
	// Cov is the covariance of the Elo estimates (Elo²); the anchor's
	// row and column are 0.
	Cov [][]float64
}

// Err95 is the half-width of player i's 95% confidence interval.
func (r Ratings) Err95(i int) float64 { return z95 * math.Sqrt(max(r.Cov[i][i], 0)) }

// DiffErr95 is the half-width of the 95% confidence interval of
// Elo[i] − Elo[j], which accounts for their covariance: two neighbours
// measured against each other are known apart more closely than their
// own error bars say.
func (r Ratings) DiffErr95(i, j int) float64 {
	v := r.Cov[i][i] + r.Cov[j][j] - 2*r.Cov[i][j]
	return z95 * math.Sqrt(max(v, 0))
}

// eloScale converts Elo to the logistic model's natural units.
var eloScale = math.Ln10 / 400

// BradleyTerry fits the logistic Elo of n players to the pairings'
// games by maximum likelihood, a draw counting as half a win and half a
// loss: P(A beats B) = 1/(1+10^((Elo_B−Elo_A)/400)). The anchor's Elo is
// fixed at 0. Each pairing counts prior extra draws (e.g. 1): without
// them a pairing one side won every game of would push the ratings
// apart without bound. The covariance is the inverse of the observed
// information (the negated Hessian of the log-likelihood) at the
// optimum. It fails when the pairings do not connect every player to the
// anchor.
func BradleyTerry(n, anchor int, games []Pairing, prior float64) (Ratings, error) {
	if anchor < 0 || anchor >= n {
		return Ratings{}, fmt.Errorf("anchor %d: want 0 to %d", anchor, n-1)
	}
	if err := connected(n, anchor, games); err != nil {
		return Ratings{}, err
	}
	free := make([]int, 0, n-1) // the players whose Elo is fitted, in order
	pos := make([]int, n)       // player -> index into free, -1 for the anchor
	for i := range n {
		pos[i] = -1
		if i != anchor {
			pos[i] = len(free)
			free = append(free, i)
		}
	}
	x := make([]float64, n) // ratings in natural units
	m := len(free)
	var info [][]float64
	for iter := 0; ; iter++ {
		grad := make([]float64, m)
		info = make([][]float64, m)
		for i := range info {
			info[i] = make([]float64, m)
		}
		for _, g := range games {
			total := float64(g.W+g.D+g.L) + prior
			if total == 0 {
				continue
			}
			score := float64(g.W) + (float64(g.D)+prior)/2
			p := 1 / (1 + math.Exp(x[g.B]-x[g.A]))
			d := score - total*p // ∂logL/∂x_A; −d for B
			h := total * p * (1 - p)
			a, b := pos[g.A], pos[g.B]
			if a >= 0 {
				grad[a] += d
				info[a][a] += h
			}
			if b >= 0 {
				grad[b] -= d
				info[b][b] += h
			}
			if a >= 0 && b >= 0 {
				info[a][b] -= h
				info[b][a] -= h
			}
		}
		step, err := solve(info, grad)
		if err != nil {
			return Ratings{}, err
		}
		biggest := 0.0
		for k, i := range free {
			// Newton's step, kept within 1 natural unit (174 Elo) so
			// that a far start cannot overshoot.
			s := max(min(step[k], 1), -1)
			x[i] += s
			biggest = max(biggest, math.Abs(s))
		}
		if biggest < 1e-9 {
			break
		}
		if iter == 500 {
			return Ratings{}, fmt.Errorf("the fit did not converge")
		}
	}
	r := Ratings{Elo: make([]float64, n), Cov: make([][]float64, n)}
	for i := range n {
		r.Elo[i] = x[i] / eloScale
		r.Cov[i] = make([]float64, n)
	}
	inv, err := inverse(info)
	if err != nil {
		return Ratings{}, err
	}
	for a, i := range free {
		for b, j := range free {
			r.Cov[i][j] = inv[a][b] / (eloScale * eloScale)
		}
	}
	return r, nil
}

// connected fails unless every player has games linking it to the
// anchor.
func connected(n, anchor int, games []Pairing) error {
	adj := make([][]int, n)
	for _, g := range games {
		if g.A < 0 || g.A >= n || g.B < 0 || g.B >= n || g.A == g.B {
			return fmt.Errorf("pairing %d-%d: players are 0 to %d, and two different ones", g.A, g.B, n-1)
		}
		if g.W+g.D+g.L > 0 {
			adj[g.A] = append(adj[g.A], g.B)
			adj[g.B] = append(adj[g.B], g.A)
		}
	}
	seen := make([]bool, n)
	seen[anchor] = true
	stack := []int{anchor}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, q := range adj[p] {
			if !seen[q] {
				seen[q] = true
				stack = append(stack, q)
			}
		}
	}
	for i, ok := range seen {
		if !ok {
			return fmt.Errorf("player %d has no games linking it to the anchor", i)
		}
	}
	return nil
}

// solve returns x with a·x = b, by Gaussian elimination with partial
// pivoting; a and b are left as they were.
func solve(a [][]float64, b []float64) ([]float64, error) {
	n := len(b)
	m := make([][]float64, n)
	for i := range m {
		m[i] = append(append(make([]float64, 0, n+1), a[i]...), b[i])
	}
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
				p = r
			}
		}
		if math.Abs(m[p][c]) < 1e-12 {
			return nil, fmt.Errorf("the games do not determine the ratings (singular information matrix)")
		}
		m[c], m[p] = m[p], m[c]
		for r := c + 1; r < n; r++ {
			f := m[r][c] / m[c][c]
			for k := c; k <= n; k++ {
				m[r][k] -= f * m[c][k]
			}
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := m[r][n]
		for k := r + 1; k < n; k++ {
			s -= m[r][k] * x[k]
		}
		x[r] = s / m[r][r]
	}
	return x, nil
}

// inverse is a's inverse, column by column.
func inverse(a [][]float64) ([][]float64, error) {
	n := len(a)
	inv := make([][]float64, n)
	for i := range inv {
		inv[i] = make([]float64, n)
	}
	for c := range n {
		e := make([]float64, n)
		e[c] = 1
		col, err := solve(a, e)
		if err != nil {
			return nil, err
		}
		for r := range n {
			inv[r][c] = col[r]
		}
	}
	return inv, nil
}
