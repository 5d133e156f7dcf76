package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Two players: the fit is the Elo of the score, the prior draws
// counted in, and its error bar the trinomial one's width near enough.
func TestBradleyTerryTwoPlayers(t *testing.T) {
	r, err := BradleyTerry(2, 0, []Pairing{{A: 1, B: 0, W: 60, D: 20, L: 20}}, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := EloFromScore(0.7)
	if math.Abs(r.Elo[1]-want) > 1e-6 || r.Elo[0] != 0 {
		t.Errorf("Elo %v, want [0 %.3f]", r.Elo, want)
	}
	// The binomial model's interval is a little wider than the
	// trinomial's, which knows the draws have less spread.
	if e, tri := r.Err95(1), WDL(60, 20, 20).Err; e < tri || e > 1.3*tri {
		t.Errorf("±%.1f, trinomial ±%.1f", e, tri)
	}
}

// Games drawn from known ratings give them back, within the error bars,
// along a ladder connected only through neighbours and the anchor.
func TestBradleyTerryRecoversLadder(t *testing.T) {
	truth := []float64{0, 100, 180, 300, 420}
	rng := rand.New(rand.NewPCG(1, 2))
	var games []Pairing
	play := func(a, b, n int) {
		p := ScoreFromElo(truth[a] - truth[b])
		g := Pairing{A: a, B: b}
		for range n {
			// A tenth of the games drawn, the score still p.
			switch u := rng.Float64(); {
			case u < p-0.05:
				g.W++
			case u < p+0.05:
				g.D++
			default:
				g.L++
			}
		}
		games = append(games, g)
	}
	for i := 1; i < len(truth); i++ {
		play(i, i-1, 400)
		play(i, 0, 200)
	}
	r, err := BradleyTerry(len(truth), 0, games, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range truth {
		if d := math.Abs(r.Elo[i] - want); d > r.Err95(i)+1e-9 && i > 0 {
			t.Errorf("player %d: %.1f ± %.1f, truth %.0f", i, r.Elo[i], r.Err95(i), want)
		}
	}
	if d := r.DiffErr95(2, 1); !(d > 0 && d < r.Err95(1)+r.Err95(2)) {
		t.Errorf("neighbours' difference ±%.1f, each ±%.1f and ±%.1f", d, r.Err95(1), r.Err95(2))
	}
}

// A player that won every game stays finite thanks to the prior, and a
// player with no games is an error.
func TestBradleyTerryEdges(t *testing.T) {
	r, err := BradleyTerry(2, 0, []Pairing{{A: 1, B: 0, W: 50}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if e := r.Elo[1]; math.IsInf(e, 0) || math.IsNaN(e) || e < 500 || e > 1000 {
		t.Errorf("a clean sweep of 50 games: Elo %.1f", e)
	}
	if _, err := BradleyTerry(3, 0, []Pairing{{A: 1, B: 0, W: 5}}, 1); err == nil {
		t.Error("player 2 has no games, and the fit did not say so")
	}
	if _, err := BradleyTerry(2, 0, []Pairing{{A: 1, B: 1, W: 5}}, 1); err == nil {
		t.Error("a player against itself was accepted")
	}
}
