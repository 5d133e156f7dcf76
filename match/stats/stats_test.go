package stats

import (
	"math"
	"testing"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.6f, want %.6f (±%g)", what, got, want, tol)
	}
}

func TestEloFromScore(t *testing.T) {
	tests := []struct {
		name  string
		score float64
		want  float64
	}{
		// ½ is an even match.
		{"even", 0.5, 0},
		// 10/11: 1/s − 1 = 0.1, log10 0.1 = −1, so +400.
		{"ten to one", 10.0 / 11, 400},
		// 1/11: 1/s − 1 = 10, log10 10 = 1, so −400.
		{"one to ten", 1.0 / 11, -400},
		// 0.75: 1/s − 1 = 1/3, −400·log10(1/3) = 400·0.477121 = 190.85.
		{"three quarters", 0.75, 190.848502},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			near(t, "EloFromScore", EloFromScore(tt.score), tt.want, 1e-5)
			near(t, "ScoreFromElo∘EloFromScore", ScoreFromElo(EloFromScore(tt.score)), tt.score, 1e-12)
		})
	}
	if !math.IsInf(EloFromScore(1), 1) || !math.IsInf(EloFromScore(0), -1) {
		t.Errorf("a perfect score should be ±Inf Elo, got %v and %v", EloFromScore(1), EloFromScore(0))
	}
}

// TestWDL checks the trinomial estimate against a case worked by hand.
//
// 6 wins, 2 draws, 2 losses, 10 games:
//
//	score  s  = (6 + 2/2)/10 = 0.7
//	Elo       = −400·log10(1/0.7 − 1) = −400·log10(0.428571) = 147.19
//	variance  = 0.6·(1−0.7)² + 0.2·(0.5−0.7)² + 0.2·(0−0.7)²
//	          = 0.054 + 0.008 + 0.098 = 0.16
//	std error = √(0.16/10) = 0.126491
//	95%       = 0.7 ± 1.959964·0.126491 = 0.7 ± 0.247918 → [0.452082, 0.947918]
//	Elo ends  = −400·log10(1/0.452082 − 1) = −33.40 and
//	            −400·log10(1/0.947918 − 1) = 504.03
//	±         = (504.03 + 33.40)/2 = 268.72
//	nElo      = (0.7 − 0.5)/√0.16 · 800/ln 10 = 0.5 · 347.436 = 173.72
func TestWDL(t *testing.T) {
	e := WDL(6, 2, 2)
	near(t, "score", e.Score, 0.7, 1e-12)
	near(t, "Elo", e.Elo, 147.19, 0.01)
	near(t, "Lo", e.Lo, -33.40, 0.01)
	near(t, "Hi", e.Hi, 504.03, 0.01)
	near(t, "Err", e.Err, 268.72, 0.01)
	near(t, "nElo", e.NElo, 173.72, 0.01)
	if e.N != 10 {
		t.Errorf("N = %d, want 10", e.N)
	}
}

func TestWDLNoGames(t *testing.T) {
	e := WDL(0, 0, 0)
	if e.Elo != 0 || e.Err != 0 || e.N != 0 {
		t.Errorf("no games: got %+v, want zero Elo and error", e)
	}
}

func TestPentaAdd(t *testing.T) {
	tests := []struct {
		name string
		a, b int // half points of the two games
		want Penta
	}{
		{"two losses", 0, 0, Penta{LL: 1}},
		{"loss and draw", 0, 1, Penta{LD: 1}},
		{"draw and loss", 1, 0, Penta{LD: 1}},
		{"two draws", 1, 1, Penta{DD: 1}},
		{"win and loss", 2, 0, Penta{WL: 1}},
		{"loss and win", 0, 2, Penta{WL: 1}},
		{"win and draw", 2, 1, Penta{WD: 1}},
		{"two wins", 2, 2, Penta{WW: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p Penta
			p.Add(tt.a, tt.b)
			if p != tt.want {
				t.Errorf("Add(%d, %d) = %+v, want %+v", tt.a, tt.b, p, tt.want)
			}
		})
	}
}

// sample is the pentanomial case worked by hand below:
// [LL, LD, DD+WL, WD, WW] = [1, 2, 3+1, 4, 2], N = 13 pairs.
var sample = Penta{LL: 1, LD: 2, DD: 3, WL: 1, WD: 4, WW: 2}

// TestPentaElo checks the pentanomial estimate by hand.
//
//	mean  = (1·0 + 2·¼ + 4·½ + 4·¾ + 2·1)/13 = 7.5/13 = 0.576923
//	var   = [1·(0.576923)² + 2·(0.326923)² + 4·(0.076923)²
//	         + 4·(0.173077)² + 2·(0.423077)²]/13
//	      = [0.332840 + 0.213757 + 0.023669 + 0.119822 + 0.357988]/13
//	      = 1.048077/13 = 0.080621
//	se    = √(0.080621/13) = 0.078750
//	Elo   = −400·log10(1/0.576923 − 1) = 53.88
//	95%   = 0.576923 ± 1.959964·0.078750 = [0.422577, 0.731269]
//	      → Elo −54.24 and 173.91, ± 114.07
//	nElo  = (0.576923 − ½)/√(2·0.080621) · 347.436 = 66.56
func TestPentaElo(t *testing.T) {
	if got := sample.Counts(); got != [5]int{1, 2, 4, 4, 2} {
		t.Fatalf("Counts = %v, want [1 2 4 4 2]", got)
	}
	e := sample.Elo()
	near(t, "score", e.Score, 7.5/13, 1e-12)
	near(t, "Elo", e.Elo, 53.88, 0.01)
	near(t, "Lo", e.Lo, -54.24, 0.01)
	near(t, "Hi", e.Hi, 173.91, 0.01)
	near(t, "Err", e.Err, 114.07, 0.01)
	near(t, "nElo", e.NElo, 66.56, 0.01)
	if e.N != 13 {
		t.Errorf("N = %d pairs, want 13", e.N)
	}
}

func scale(p Penta, k int) Penta {
	return Penta{p.LL * k, p.LD * k, p.DD * k, p.WL * k, p.WD * k, p.WW * k}
}

// mirror swaps the players: what one won the other lost.
func mirror(p Penta) Penta {
	return Penta{LL: p.WW, LD: p.WD, DD: p.DD, WL: p.WL, WD: p.LD, WW: p.LL}
}

// TestSPRTApprox checks the approximate LLR and the decision against
// cases worked by hand
// from the sample's mean 0.576923 and variance 0.080621 (13 pairs).
//
// Bounds for α = β = 0.05: ln(0.05/0.95) = −2.944439 and +2.944439.
//
// Normalized, elo0 = 0, elo1 = 10:
//
//	k   = √(2·0.080621)/347.436 = 0.401547/347.436 = 0.00115575
//	s0  = ½,  s1 = ½ + 10·k = 0.511558
//	LLR = (0.011558)·(2·0.576923 − 0.5 − 0.511558)/(2·0.080621/13)
//	    = 0.011558 · 0.142288 / 0.012403 = 0.1326
//
// Logistic, elo0 = 0, elo1 = 10: s1 = 1/(1 + 10^(−10/400)) = 0.514387,
//
//	LLR = 0.014387 · (1.153846 − 1.014387)/0.012403 = 0.1618
//
// The same frequencies over 30 times the pairs give 30 times the LLR:
// 3.978 ≥ 2.944, H1. The mirrored sample (mean 0.423077, same variance)
// gives 0.011558 · (0.846154 − 1.011558)/0.012403 = −0.1541 per 13
// pairs, and −4.624 at 30 times: H0.
//
// Empty classes count 1e-3 pairs (fastchess's regularization), so that
// one-sided results still decide. Four pairs all won: weights
// [.001, .001, .001, .001, 4], N = 4.004,
//
//	mean = (.00025 + .0005 + .00075 + 4)/4.004 = 0.999376
//	var  = [.001·(0.999376² + 0.749376² + 0.499376² + 0.249376²)
//	        + 4·(0.000624)²]/4.004 = 0.000467892
//	k    = √(2·0.000467892)/347.436 = 0.0000880448, s1 = ½ + 10k
//	LLR  = 0.000880448 · (1.998751 − 1.000880)/(2·0.000467892/4.004) = 3.759: H1
//
// Forty pairs all drawn: mean ½ (the weights are symmetric), var =
// 1.56234e-5, k = 0.0000160889, and LLR = 0.000160889 · (1 − 1.000161)
// /(2·1.56234e-5/40.004) = −0.0331: a draw-only match drifts towards H0.
func TestSPRTApprox(t *testing.T) {
	norm := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05, Model: Normalized}
	logi := norm
	logi.Model = Logistic
	lower, upper := norm.Bounds()
	near(t, "lower bound", lower, -2.944439, 1e-6)
	near(t, "upper bound", upper, 2.944439, 1e-6)

	tests := []struct {
		name string
		test SPRT
		p    Penta
		llr  float64
		want Decision
	}{
		{"normalized 13 pairs", norm, sample, 0.1326, Continue},
		{"logistic 13 pairs", logi, sample, 0.1618, Continue},
		{"normalized 390 pairs", norm, scale(sample, 30), 3.978, AcceptH1},
		{"mirrored 13 pairs", norm, mirror(sample), -0.1541, Continue},
		{"mirrored 390 pairs", norm, scale(mirror(sample), 30), -4.624, AcceptH0},
		{"no pairs", norm, Penta{}, 0, Continue},
		{"only draws", norm, Penta{DD: 40}, -0.0331, Continue},
		{"won every pair", norm, Penta{WW: 4}, 3.759, AcceptH1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			llr := tt.test.LLRApprox(tt.p)
			near(t, "LLRApprox", llr, tt.llr, 0.001)
			if got := tt.test.Decide(llr); got != tt.want {
				t.Errorf("Decide(%.4f) = %v, want %v", llr, got, tt.want)
			}
		})
	}
}

func TestParseSPRT(t *testing.T) {
	tests := []struct {
		name    string
		spec    string
		want    SPRT
		wantErr bool
	}{
		{"defaults", "elo0=0,elo1=5", SPRT{0, 5, 0.05, 0.05, Normalized}, false},
		{"everything", "elo0=-1.5, elo1=3.5, alpha=0.1, beta=0.2, model=logistic", SPRT{-1.5, 3.5, 0.1, 0.2, Logistic}, false},
		{"missing elo1", "elo0=0", SPRT{}, true},
		{"elo0 not below elo1", "elo0=5,elo1=5", SPRT{}, true},
		{"alpha out of range", "elo0=0,elo1=5,alpha=1", SPRT{}, true},
		{"alpha plus beta", "elo0=0,elo1=5,alpha=0.5,beta=0.5", SPRT{}, true},
		{"unknown key", "elo0=0,elo1=5,gamma=1", SPRT{}, true},
		{"not a number", "elo0=zero,elo1=5", SPRT{}, true},
		{"twice", "elo0=0,elo1=5,elo1=6", SPRT{}, true},
		{"bad model", "elo0=0,elo1=5,model=bayes", SPRT{}, true},
		{"no equals", "elo0", SPRT{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseSPRT(tt.spec)
			if tt.wantErr {
				if err == nil {
					t.Errorf("ParseSPRT(%q) = %+v, want an error", tt.spec, got)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("ParseSPRT(%q) = %+v, %v; want %+v", tt.spec, got, err, tt.want)
			}
			back, err := ParseSPRT(got.String())
			if err != nil || back != got {
				t.Errorf("ParseSPRT(String()) = %+v, %v; want %+v", back, err, got)
			}
		})
	}
}

// TestLLRExact checks the exact LLR. Its numbers cannot be worked by
// hand (each needs an iterated maximum-likelihood fit), so the test
// checks what must hold: it agrees with the hand-checked approximation
// on ordinary samples, it is antisymmetric under swapping the players,
// and on a few one-sided pairs it stays small where the approximation
// overshoots. The expected values come from a separate transcription of
// Van den Bergh's equations in Python, run while writing this test.
func TestLLRExact(t *testing.T) {
	norm := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05, Model: Normalized}
	logi := norm
	logi.Model = Logistic
	wide := norm
	wide.Elo1 = 50
	wider := norm
	wider.Elo1 = 100
	tests := []struct {
		name   string
		test   SPRT
		p      Penta
		exact  float64
		approx float64 // from TestSPRTApprox, worked by hand
		want   Decision
	}{
		{"sample", norm, sample, 0.1260, 0.1326, Continue},
		{"sample, logistic", logi, sample, 0.1482, 0.1618, Continue},
		{"sample ×30", norm, scale(sample, 30), 3.7804, 3.978, AcceptH1},
		{"mirrored ×30", norm, scale(mirror(sample), 30), -4.4136, -4.624, AcceptH0},
		{"two WD pairs", wide, Penta{WD: 2}, 0.2469, 4.6629, Continue},
		{"four WW pairs", norm, Penta{WW: 4}, 0.1595, 3.7593, Continue},
		{"ten WW pairs, elo1 = 100", wider, Penta{WW: 10}, 3.1991, 147.84, AcceptH1},
		{"forty draws", norm, Penta{DD: 40}, -0.0619, -0.0331, Continue},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			llr := tt.test.LLR(tt.p)
			near(t, "LLR", llr, tt.exact, 0.002)
			near(t, "LLRApprox", tt.test.LLRApprox(tt.p), tt.approx, 0.01)
			if got := tt.test.Decide(llr); got != tt.want {
				t.Errorf("Decide(%.4f) = %v, want %v", llr, got, tt.want)
			}
		})
	}
	// Swapping the players mirrors the hypotheses: the LLR of (e0, e1)
	// on the mirrored pairs is minus that of (−e1, −e0) on the pairs.
	for _, p := range []Penta{sample, {WD: 3, LL: 1}, {WW: 5, DD: 1}} {
		neg := SPRT{Elo0: -norm.Elo1, Elo1: -norm.Elo0, Alpha: 0.05, Beta: 0.05, Model: Normalized}
		near(t, "mirrored LLR", norm.LLR(mirror(p)), -neg.LLR(p), 1e-6)
	}
}

// TestMLEConstraints: the fitted distributions are distributions, and
// meet their hypothesis.
func TestMLEConstraints(t *testing.T) {
	ph, _ := regularized(sample)
	for _, tStar := range []float64{-0.2, 0, 0.05, 0.3} {
		p := mleNormalized(ph, tStar)
		sum := 0.0
		for _, x := range p {
			sum += x
		}
		mu, v := moments(p)
		near(t, "Σp", sum, 1, 1e-9)
		near(t, "(μ−½)/σ", (mu-0.5)/math.Sqrt(v), tStar, 1e-7)
	}
	for _, s := range []float64{0.3, 0.5, 0.55} {
		p := mleLogistic(ph, s)
		sum := 0.0
		for _, x := range p {
			sum += x
		}
		mu, _ := moments(p)
		near(t, "Σp", sum, 1, 1e-9)
		near(t, "μ", mu, s, 1e-9)
	}
}
