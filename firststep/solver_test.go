package firststep

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"seega/board"
	"seega/internal/testgame"
)

// variants are rule sets the solver takes, each changing what a gateless
// starter means or who starts.
func variants(t *testing.T) map[string]board.Rules {
	t.Helper()
	out := map[string]board.Rules{}
	for _, size := range []int{5, 7} {
		r := testgame.NoLimitRules(t, size)
		out[fmt.Sprintf("no-limit-%d", size)] = r
		lose := r
		lose.Blocked = board.BlockedLose
		out[fmt.Sprintf("blocked-lose-%d", size)] = lose
	}
	r := testgame.NoLimitRules(t, 5)
	r.Blocked = board.BlockedWhiteOpens
	out["whiteopens"] = r
	safe := testgame.NoLimitRules(t, 5)
	safe.CentreSafe = true
	out["centre-safe"] = safe
	black := testgame.NoLimitRules(t, 5)
	black.MovementStarter = board.Black
	out["black-starts"] = black
	blackLose := black
	blackLose.Blocked = board.BlockedLose
	out["black-starts-lose"] = blackLose
	return out
}

// randomPlacement plays placement stones at random until left stones
// are still to place, and returns the stones placed.
func randomPlacement(t *testing.T, r board.Rules, rng *rand.Rand, left int) (*board.Game, []board.Square) {
	t.Helper()
	g, err := board.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	var placed []board.Square
	for {
		p := g.Position()
		if p.Hand(board.White)+p.Hand(board.Black) <= left {
			return g, placed
		}
		a, ok := g.RandomAction(rng)
		if !ok || a.Kind != board.ActPlace {
			t.Fatalf("no placement at %d stones left", p.Hand(board.White)+p.Hand(board.Black))
		}
		g.Make(a)
		placed = append(placed, a.To)
	}
}

// firstStep is the starter's first step, played for real on a full
// board: the most enemy stones one of its turns takes, or Blockaded
// where the game is over with the starter lost.
func firstStep(t *testing.T, g *board.Game) int {
	t.Helper()
	if res := g.Result(); res.Over() {
		if w, ok := res.Winner(); ok && w != g.Rules().MovementStarter {
			return Blockaded
		}
		t.Fatalf("the game is over after placement: %v", res)
	}
	starter := g.Position().SideToAct()
	if starter != g.Rules().MovementStarter {
		t.Fatalf("%v acts first, the rules say %v", starter, g.Rules().MovementStarter)
	}
	before := g.Position().Stones(starter ^ 1).Count()
	best, any := 0, false
	g.ForEachTurn(func([]board.Action) bool {
		any = true
		best = max(best, before-g.Position().Stones(starter^1).Count())
		return true
	})
	if !any {
		t.Fatal("the starter has no turn and the game is not over")
	}
	return best
}

func TestTerminalMatchesTheMoveGenerator(t *testing.T) {
	for name, r := range variants(t) {
		s, err := New(r)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, uint64(len(name))))
		for i := range 300 {
			g, _ := randomPlacement(t, r, rng, 0)
			want := firstStep(t, g)
			got, ok := s.Value(g.Position())
			if !ok || got != want {
				t.Fatalf("%s, board %d: solver %d (ok %v), the move generator %d\n%v", name, i, got, ok, want, g.SeFEN())
			}
		}
	}
}

// bruteForce is the value of g by plain minimax over the real placement
// actions, then the real first step.
func bruteForce(t *testing.T, g *board.Game) int {
	p := g.Position()
	if !p.Placement() {
		return firstStep(t, g)
	}
	maximise := p.SideToAct() == g.Rules().MovementStarter
	best, first := 0, true
	for _, a := range g.Actions(nil) {
		g.Make(a)
		v := bruteForce(t, g)
		g.Unmake()
		if first || (maximise && v > best) || (!maximise && v < best) {
			best, first = v, false
		}
	}
	return best
}

func TestSolverMatchesBruteForce(t *testing.T) {
	for name, r := range variants(t) {
		if r.BoardSize != 5 {
			continue
		}
		s, err := New(r)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(2, uint64(len(name))))
		for i := range 60 {
			left := 3 + i%4 // three to six stones still to place
			g, _ := randomPlacement(t, r, rng, left)
			want := bruteForce(t, g)
			got, ok := s.Value(g.Position())
			if !ok || got != want {
				t.Fatalf("%s, position %d (%d left): solver %d, brute force %d\n%v", name, i, left, got, want, g.SeFEN())
			}
		}
	}
}

func TestValueHoldsUnderTheSymmetries(t *testing.T) {
	r := testgame.NoLimitRules(t, 5)
	s, err := New(r)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 3))
	for i := range 40 {
		g, placed := randomPlacement(t, r, rng, 4+2*(i%6))
		want, _ := s.Value(g.Position())
		for sym := 1; sym < 8; sym++ {
			h, err := board.NewGame(r)
			if err != nil {
				t.Fatal(err)
			}
			for _, sq := range placed {
				h.Make(board.Place(board.TransformSquare(sq, 5, sym)))
			}
			if got, _ := s.Value(h.Position()); got != want {
				t.Fatalf("position %d, symmetry %d: %d, untransformed %d", i, sym, got, want)
			}
		}
	}
}

func TestBestKeepsTheValue(t *testing.T) {
	r := testgame.NoLimitRules(t, 5)
	s, err := New(r)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(4, 4))
	restricted := 0
	for i := range 40 {
		g, _ := randomPlacement(t, r, rng, 2+2*(i%11))
		c, ok := s.Best(g)
		if !ok || len(c.Turns) == 0 {
			t.Fatalf("position %d: no best turn (ok %v)", i, ok)
		}
		if c.Restricts() {
			restricted++
		}
		maximise := g.Position().SideToAct() == r.MovementStarter
		g.ForEachTurn(func(turn []board.Action) bool {
			v, _ := s.Value(g.Position())
			if (maximise && v > c.Value) || (!maximise && v < c.Value) {
				t.Fatalf("position %d: turn %s reaches %d, better than the value %d", i, board.TurnString(turn, 5), v, c.Value)
			}
			return true
		})
		for _, turn := range c.Turns {
			for _, a := range turn {
				g.Make(a)
			}
			v, _ := s.Value(g.Position())
			for range turn {
				g.Unmake()
			}
			if v != c.Value {
				t.Fatalf("position %d: best turn %s reaches %d, not %d", i, board.TurnString(turn, 5), v, c.Value)
			}
		}
	}
	if restricted == 0 {
		t.Error("no position of 40 ruled out a turn: the test shows nothing")
	}
}

// TestNoLimitFromTheEmptyBoard pins the analysis docs/strength.md
// reports: under issue 44's rules Black cannot keep its stones through
// White's first step, and best play takes two.
func TestNoLimitFromTheEmptyBoard(t *testing.T) {
	r := testgame.NoLimitRules(t, 5)
	s, err := New(r)
	if err != nil {
		t.Fatal(err)
	}
	g, err := board.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := s.Value(g.Position()); !ok || v != 2 {
		t.Fatalf("value from the empty board %d (ok %v), want 2", v, ok)
	}
}

func TestAppliesNamesTheRule(t *testing.T) {
	for _, variant := range board.Variants {
		r, err := board.Preset(variant)
		if err != nil {
			t.Fatal(err)
		}
		if err := Applies(r); !errors.Is(err, ErrRules) {
			t.Errorf("%s: Applies = %v, want ErrRules (every preset chains or has eight directions)", variant, err)
		}
	}
	r := testgame.NoLimitRules(t, 5)
	if err := Applies(r); err != nil {
		t.Errorf("no-limit 5×5: %v", err)
	}
	r.BoardSize = 9
	if err := Applies(r); err == nil {
		t.Error("9×9 taken, its table is not kept")
	}
	r = testgame.NoLimitRules(t, 5)
	r.LineCapture = true
	if _, err := New(r); !errors.Is(err, ErrRules) {
		t.Errorf("LineCapture on: New = %v", err)
	}
}

func TestValueRefusesOtherPositions(t *testing.T) {
	s, err := New(testgame.NoLimitRules(t, 5))
	if err != nil {
		t.Fatal(err)
	}
	g, err := board.NewGame(testgame.NoLimitRules(t, 7))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Value(g.Position()); ok {
		t.Error("a 7×7 position valued by the 5×5 solver")
	}
	if _, ok := s.Best(g); ok {
		t.Error("Best on a 7×7 position")
	}
}

func BenchmarkSolveAll(b *testing.B) {
	for _, size := range []int{5, 7} {
		r := testgame.NoLimitRules(b, size)
		b.Run(fmt.Sprint(size), func(b *testing.B) {
			for b.Loop() {
				s, err := New(r)
				if err != nil {
					b.Fatal(err)
				}
				s.SolveAll()
			}
		})
	}
}
