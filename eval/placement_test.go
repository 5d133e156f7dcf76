package eval

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"seega/board"
	"seega/internal/testgame"
)

// square parses a square on an n×n board, or fails the test.
func square(t *testing.T, s string, n int) board.Square {
	t.Helper()
	sq, err := board.ParseSquare(s, n)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

// TestPlacementScoreOrdering checks PlacementScore's preferences for the
// side to act, one idea at a time, with the hand weights: it checks what
// the terms mean, and a preset's fit may trade some of them away (pro's
// and classic's fits score a corner below an edge).
func TestPlacementScoreOrdering(t *testing.T) {
	tests := []struct {
		name          string
		pos           pos
		better, worse string
	}{
		{"a gate beats a corner", pos{"pro", "", board.StartSeFEN}, "c2", "a1"},
		{"a corner beats an edge", pos{"pro", "", board.StartSeFEN}, "a1", "b1"},
		{"an edge beats an inner square", pos{"pro", "", board.StartSeFEN}, "b1", "b2"},
		{"sudanese: a diagonal gate beats a corner", pos{"sudanese", "", board.StartSeFEN}, "b2", "a1"},
		{"7×7: a gate beats a corner", pos{"pro", "", "7/7/7/7/7/7/7 w 24/24 - 0 1"}, "d3", "a1"},
		{
			"the second mover covers the starter's gate",
			pos{"pro", "", "5/5/5/2w2/4w b 10/12 - 0 2"}, "b2", "d4",
		},
		{
			"the starter backs an enemy gate stone",
			pos{"pro", "", "4w/2b2/5/5/w3b w 10/10 - 0 3"}, "c5", "a5",
		},
		{
			"the second mover keeps out of a gate the starter backs",
			pos{"pro", "", "2w2/5/5/5/w4 b 10/12 - 0 2"}, "b3", "c4",
		},
		{
			"a friend on the edge shields",
			pos{"pro", "", "b3w/5/5/5/1w2b w 10/10 - 0 3"}, "c1", "c5",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := rulesFor(t, tc.pos.variant)
			g := gameAt(t, r, tc.pos.fen)
			e := NewWithWeights(r, HandWeights())
			n := g.Position().Size()
			b := e.PlacementScore(g, square(t, tc.better, n))
			w := e.PlacementScore(g, square(t, tc.worse, n))
			if b <= w {
				t.Errorf("PlacementScore(%s) = %d <= PlacementScore(%s) = %d\n%s", tc.better, b, tc.worse, w, g.Position().Draw())
			}
		})
	}
}

// TestPlacementBest checks that the square a position calls for scores
// highest of all.
func TestPlacementBest(t *testing.T) {
	tests := []struct {
		name string
		pos  pos
		want string
	}{
		// Black holds three gates: White must take the fourth or lose at
		// its first step.
		{"pro: the last gate", pos{"pro", "", "w3w/2b2/1b1b1/5/ww2b w 8/8 - 0 5"}, "c2"},
		{"whiteopens: the last gate", pos{"classic", "", "w3w/2b2/1b1b1/5/ww2b w 8/8 - 0 5"}, "c2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := rulesFor(t, tc.pos.variant)
			g := gameAt(t, r, tc.pos.fen)
			e := New(r)
			p := g.Position()
			want := square(t, tc.want, p.Size())
			best := e.PlacementScore(g, want)
			for sq := board.Square(0); int(sq) < p.Size()*p.Size(); sq++ {
				if sq != want && p.Empty().Has(sq) && sq != p.Centre() {
					if s := e.PlacementScore(g, sq); s >= best {
						t.Errorf("%s scores %d, not below %s's %d", board.SquareName(sq, p.Size()), s, tc.want, best)
					}
				}
			}
		})
	}
}

// TestLastGateByBlockedRule checks that the last free gate decides the
// game where a blocked starter loses, and only a little where it passes:
// White left it free, and Black, to place, takes it.
func TestLastGateByBlockedRule(t *testing.T) {
	const fen = "w3w/2b2/1b1b1/4w/ww1wb b 6/8 - 0 6"
	tests := []struct {
		variant string
		want    verdict
	}{
		{"pro", won},
		{"classic", won},
		{"egyptian", open},
	}
	for _, tc := range tests {
		t.Run(tc.variant, func(t *testing.T) {
			s, g := pos{tc.variant, "", fen}.score(t)
			if !tc.want.holds(s) {
				t.Errorf("Black's score %d, want %v\n%s", s, tc.want, g.Position().Draw())
			}
			mid := pos{tc.variant, "", "w3w/2b1b/1b1b1/4w/ww1wb b 6/7 - 0 6"}
			if s, _ := mid.score(t); !tc.want.holds(s) {
				t.Errorf("with one Black stone left to place: score %d, want %v", s, tc.want)
			}
		})
	}
}

// TestPlacementScoreIsTheEvaluationsChange checks that PlacementScore is
// exactly the change a stone makes to the placement evaluation, so the
// move ordering and the leaves agree.
func TestPlacementScoreIsTheEvaluationsChange(t *testing.T) {
	optionSets := []struct{ variant, opts string }{
		{"egyptian", ""}, {"sudanese", ""}, {"classic", ""}, {"pro", ""},
		{"pro", "LineCapture=on"}, {"egyptian", "LineCapture=on BoardSize=7"},
		{"classic", "MovementStarter=black"}, {"sudanese", "BoardSize=7 Blocked=lose"},
	}
	for _, set := range optionSets {
		t.Run(set.variant+" "+set.opts, func(t *testing.T) {
			r := rulesFor(t, set.variant, strings.Fields(set.opts)...)
			e := New(r)
			for _, fen := range randomPositions(r, 5, 200) {
				g := gameAt(t, r, fen)
				p := g.Position()
				if !p.Placement() {
					continue
				}
				gm := e.geomFor(p)
				c := p.SideToAct()
				before := placementStones(e, gm, p.Stones(board.White), p.Stones(board.Black))
				for e2 := p.Empty().AndNot(board.SquareBit(p.Centre())); e2.Any(); {
					sq := e2.Pop()
					stones := [2]board.Bitboard{p.Stones(board.White), p.Stones(board.Black)}
					stones[c] = stones[c].Or(board.SquareBit(sq))
					want := sign(c) * (placementStones(e, gm, stones[0], stones[1]) - before)
					if got := e.PlacementScore(g, sq); got != want {
						t.Fatalf("PlacementScore(%s) = %d, but the evaluation changes by %d\n%s",
							board.SquareName(sq, p.Size()), got, want, p.Draw())
					}
				}
			}
		})
	}
}

// TestPlacementScoreOutOfPlace checks that squares where no stone can go,
// and positions past the placement phase, score 0 without a panic.
func TestPlacementScoreOutOfPlace(t *testing.T) {
	r := rulesFor(t, "pro")
	e := New(r)
	start := gameAt(t, r, board.StartSeFEN)
	moving := gameAt(t, r, "w3b/5/1w1b1/5/b3w w 0/0 - 3 40")
	placed := gameAt(t, r, "5/5/5/5/w4 w 11/12 - 0 1")
	tests := []struct {
		name string
		g    *board.Game
		sq   board.Square
	}{
		{"no square", start, board.NoSquare},
		{"chain marker", start, board.ChainAny},
		{"off a 5×5 board", start, 25},
		{"past the widest board", start, 100},
		{"the centre", start, 12},
		{"an occupied square", placed, 0},
		{"the movement phase", moving, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if s := e.PlacementScore(tc.g, tc.sq); s != 0 {
				t.Errorf("PlacementScore(%d) = %d, want 0", tc.sq, s)
			}
		})
	}
}

// placementStones is the placement evaluation of the stones W and B
// alone, without the lockout that depends on who is to place.
func placementStones(e *Evaluator, gm *geom, W, B board.Bitboard) int {
	a := acc{e: e}
	e.addPlaced(&a, gm, W, board.White)
	e.addPlaced(&a, gm, B, board.Black)
	e.addOpening(&a, gm, W, B)
	return a.score
}

// allSquares is the set of an n×n board's squares.
func allSquares(n int) board.Bitboard { return squaresAbove(n, -1) }

// squaresAbove is the set of an n×n board's squares above sq.
func squaresAbove(n int, sq board.Square) board.Bitboard {
	var b board.Bitboard
	for x := sq + 1; int(x) < n*n; x++ {
		b = b.Or(board.SquareBit(x))
	}
	return b
}

// TestPlacementScoresMatchesPlacementScore checks the batch form square
// by square against PlacementScore, which works out the opening before
// and after the stone in full and walks the safety stone by stone: on
// every preset and size and the option mixes of ruleSets and more, along
// random placement phases, and that it is all zeros outside placement.
func TestPlacementScoresMatchesPlacementScore(t *testing.T) {
	checked := 0
	sets := append(ruleSets(),
		struct{ variant, opts string }{"pro", "Directions=8 BoardSize=7"},
		struct{ variant, opts string }{"sudanese", "Directions=4 BoardSize=9 MovementStarter=black"},
		struct{ variant, opts string }{"egyptian", "CentreSafe=off Blocked=lose BoardSize=9"},
		struct{ variant, opts string }{"classic", "Directions=8 CentreSafe=on BoardSize=5"},
	)
	for i, set := range sets {
		t.Run(set.variant+" "+set.opts, func(t *testing.T) {
			r := testgame.Rules(t, set.variant, strings.Fields(set.opts)...)
			n := r.BoardSize
			e := New(r)
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			for game := 0; game < 4; game++ {
				g, err := board.NewGame(r)
				if err != nil {
					t.Fatal(err)
				}
				for ply := 0; ply < 3*n*n; ply++ {
					var out, part [board.MaxSquares]int32
					e.PlacementScores(g, allSquares(n), &out)
					// A part of the board: the squares above a random one,
					// as the search asks for a turn's second stone.
					above := board.Square(rng.IntN(n * n))
					e.PlacementScores(g, squaresAbove(n, above), &part)
					for sq := 0; sq < n*n; sq++ {
						if want := e.PlacementScore(g, board.Square(sq)); int(out[sq]) != want {
							t.Fatalf("%s: PlacementScores[%s] = %d, PlacementScore %d", g.SeFEN(), board.SquareName(board.Square(sq), n), out[sq], want)
						}
						want := out[sq]
						if board.Square(sq) <= above {
							want = 0 // not asked for
						}
						if part[sq] != want {
							t.Fatalf("%s: PlacementScores above %s gives %d on %s, the whole board's %d", g.SeFEN(), board.SquareName(above, n), part[sq], board.SquareName(board.Square(sq), n), want)
						}
						checked++
					}
					a, ok := g.RandomAction(rng)
					if !ok {
						break
					}
					g.Make(a)
				}
			}
		})
	}
	t.Logf("%d squares checked", checked)
}

// TestPlacementScoreFirstFriendOnly checks the shortcut of placementScore
// without LineCapture, which looks at the first friend of each run from
// the new stone only, against the walk of every friend of the run: the
// friends further along cannot have their shields changed.
func TestPlacementScoreFirstFriendOnly(t *testing.T) {
	checked := 0
	for _, v := range board.Variants {
		for _, n := range []int{5, 7, 9} {
			r := testgame.Rules(t, v, fmt.Sprintf("BoardSize=%d", n))
			e := New(r)
			safety := func(gm *geom, x board.Square, own board.Bitboard) int {
				return e.stoneSafety(gm, x, own, TermPlaceSafeStone, TermPlaceExposedLine)
			}
			rng := rand.New(rand.NewPCG(uint64(n), 11))
			g, err := board.NewGame(r)
			if err != nil {
				t.Fatal(err)
			}
			for g.Position().Placement() {
				p := g.Position()
				gm := e.geomFor(p)
				own := p.Stones(p.SideToAct())
				for b := p.Empty().AndNot(board.SquareBit(gm.centre)); b.Any(); {
					sq := b.Pop()
					after := own.Or(board.SquareBit(sq))
					walk, first := 0, 0
					for d := range board.Direction(gm.dirs) {
						for x := gm.geo.Next(sq, d); x != board.NoSquare && own.Has(x); x = gm.geo.Next(x, d) {
							walk += safety(gm, x, after) - safety(gm, x, own)
						}
						if x := gm.geo.Next(sq, d); x != board.NoSquare && own.Has(x) {
							first += safety(gm, x, after) - safety(gm, x, own)
						}
					}
					if walk != first {
						t.Fatalf("%s: at %s the runs change safety by %d, their first friends by %d", g.SeFEN(), board.SquareName(sq, n), walk, first)
					}
					checked++
				}
				a, ok := g.RandomAction(rng)
				if !ok {
					break
				}
				g.Make(a)
			}
		}
	}
	t.Logf("%d squares checked", checked)
}
