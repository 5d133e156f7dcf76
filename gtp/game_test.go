package gtp

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
	"testing"

	"seega/board"
	"seega/engine"
)

// client talks GTP to one engine through Serve, over pipes, as GoGui does.
type client struct {
	t   *testing.T
	in  *io.PipeWriter
	out *bufio.Reader
}

func startClient(t *testing.T, e *Engine) *client {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := e.Serve(context.Background(), inR, outW)
		outW.Close()
		done <- err
	}()
	t.Cleanup(func() {
		inW.Close()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return &client{t: t, in: inW, out: bufio.NewReader(outR)}
}

// send sends one command and returns its response text; a failure
// response fails the test.
func (c *client) send(format string, args ...any) string {
	c.t.Helper()
	text, ok := c.try(format, args...)
	if !ok {
		c.t.Fatalf("%s: ? %s", fmt.Sprintf(format, args...), text)
	}
	return text
}

// try sends one command and returns its response text and whether it
// succeeded.
func (c *client) try(format string, args ...any) (string, bool) {
	c.t.Helper()
	cmd := fmt.Sprintf(format, args...)
	if _, err := io.WriteString(c.in, cmd+"\n"); err != nil {
		c.t.Fatalf("%s: %v", cmd, err)
	}
	var lines []string
	for {
		l, err := c.out.ReadString('\n')
		if err != nil {
			c.t.Fatalf("%s: reading the response: %v", cmd, err)
		}
		l = strings.TrimSuffix(l, "\n")
		if l == "" {
			break
		}
		lines = append(lines, l)
	}
	if len(lines) == 0 || (lines[0][0] != '=' && lines[0][0] != '?') {
		c.t.Fatalf("%s: malformed response %q", cmd, lines)
	}
	ok := lines[0][0] == '='
	lines[0] = strings.TrimPrefix(lines[0][1:], " ")
	return strings.Join(lines, "\n"), ok
}

// referee keeps the game with the board package alone and works out, in
// its own simple way, what the GTP engines must answer.
type referee struct {
	g        *board.Game
	n        int
	partial  []string // the vertices of the action under way
	captured [2]int   // stones captured by each side, summed from the steps
	kinds    map[board.ActionKind]int

	// What the encodings depend on besides the position (doc.go): who
	// made the last action, and how the last step was played.
	moved       bool        // an action has been made
	lastSide    board.Color // the side that made it
	lastStepTo  board.Square
	lastWasStep bool
	stepReverse bool // the last step was played target first
}

func (r *referee) vertex(sq board.Square) string {
	return string("ABCDEFGHJ"[int(sq)%r.n]) + fmt.Sprint(int(sq)/r.n+1)
}

// targetFirst: the side to act made the last action too, and a turn
// begins (MovementStarter black, after the placement).
func (r *referee) targetFirst() bool {
	p := r.g.Position()
	return r.moved && !p.MidTurn() && p.PendingRansom() == board.NoSquare && r.lastSide == p.SideToAct()
}

// vertexSeqs lists the ways GTP may play a, as doc.go's table says.
func (r *referee) vertexSeqs(a board.Action) [][]string {
	p := r.g.Position()
	v := r.vertex
	stones := func(c board.Color) []string {
		var out []string
		for b := p.Stones(c); b.Any(); {
			out = append(out, v(b.Pop()))
		}
		return out
	}
	var seqs [][]string
	switch a.Kind {
	case board.ActPlace:
		return [][]string{{v(a.To)}}
	case board.ActStep:
		chainStone := board.NoSquare
		if p.Chain() >= 0 {
			chainStone = p.Chain()
		} else if p.Chain() == board.ChainAny && r.lastWasStep {
			chainStone = r.lastStepTo
		}
		switch {
		case r.targetFirst():
			return [][]string{{v(a.To), v(a.From)}}
		case a.From == chainStone && !r.stepReverse:
			return [][]string{{v(a.To)}}
		}
		return [][]string{{v(a.From), v(a.To)}}
	case board.ActPass:
		if p.Chain() == board.NoSquare {
			return [][]string{{"pass"}}
		}
		for _, s := range stones(p.SideToAct().Other()) {
			seqs = append(seqs, []string{s})
		}
	case board.ActRansom:
		for _, s := range stones(board.White) {
			seqs = append(seqs, []string{s, v(a.To)})
		}
	case board.ActRefuse:
		for _, s := range stones(board.Black) {
			seqs = append(seqs, []string{s})
		}
	case board.ActAccept:
		return [][]string{{v(a.From), v(a.To)}, {v(a.To), v(a.From)}}
	}
	return seqs
}

// expectedLegal is what gogui-rules_legal_moves must hold: the next vertex
// of every legal action that begins with the partial action, as a sorted
// set.
func (r *referee) expectedLegal() []string {
	set := map[string]bool{}
	for _, a := range r.g.LegalActions(nil) {
		for _, seq := range r.vertexSeqs(a) {
			if len(seq) > len(r.partial) && strings.Join(seq[:len(r.partial)], " ") == strings.Join(r.partial, " ") {
				set[seq[len(r.partial)]] = true
			}
		}
	}
	return sortedKeys(set)
}

// play applies one GTP move, making the action once it is complete.
func (r *referee) play(t *testing.T, vertex string) {
	t.Helper()
	r.partial = append(r.partial, vertex)
	prefix := false
	for _, a := range r.g.LegalActions(nil) {
		for _, seq := range r.vertexSeqs(a) {
			if strings.Join(seq, " ") == strings.Join(r.partial, " ") {
				if a.Kind == board.ActStep {
					r.captured[r.g.Position().SideToAct()] += a.CaptureCount()
				}
				r.moved, r.lastSide = true, r.g.Position().SideToAct()
				r.lastWasStep, r.lastStepTo = a.Kind == board.ActStep, a.To
				r.stepReverse = a.Kind == board.ActStep && len(seq) == 2 && seq[0] == r.vertex(a.To)
				r.g.Make(a)
				r.kinds[a.Kind]++
				r.partial = nil
				return
			}
			if len(seq) > len(r.partial) && strings.Join(seq[:len(r.partial)], " ") == strings.Join(r.partial, " ") {
				prefix = true
			}
		}
	}
	if !prefix {
		t.Fatalf("%v is no legal beginning of an action in %s", r.partial, r.g.SeFEN())
	}
}

// boardText is what gogui-rules_board must answer.
func (r *referee) boardText() string {
	p := r.g.Position()
	var sb strings.Builder
	for rank := r.n - 1; rank >= 0; rank-- {
		sb.WriteByte('\n')
		for f := 0; f < r.n; f++ {
			c, ok := p.At(board.Square(rank*r.n + f))
			switch {
			case !ok:
				sb.WriteByte('.')
			case c == board.White:
				sb.WriteByte('O')
			default:
				sb.WriteByte('X')
			}
		}
	}
	return sb.String()
}

func sortedKeys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func sortedFields(s string) []string {
	f := strings.Fields(s)
	sort.Strings(f)
	return f
}

// TestWholeGame plays whole games over GTP alone, engine against engine,
// with random players: each preset on 5×5 and egyptian on 7×7.
func TestWholeGame(t *testing.T) {
	// In the last classic game Black asks for a ransom whenever it may and
	// White refuses whenever it may, through the refusal limit.
	eager := [2][]board.ActionKind{board.White: {board.ActRefuse}, board.Black: {board.ActRansom}}
	cases := []struct {
		variant string
		size    int
		seed    uint64
		prefer  [2][]board.ActionKind
	}{
		{variant: "egyptian", size: 5, seed: 1},
		{variant: "sudanese", size: 5, seed: 2},
		{variant: "classic", size: 5, seed: 3},
		{variant: "classic", size: 5, seed: 4},
		{variant: "classic", size: 5, seed: 7},
		{variant: "classic", size: 5, seed: 8},
		{variant: "classic", size: 5, seed: 9},
		{variant: "classic", size: 5, seed: 10},
		{variant: "classic", size: 5, seed: 11, prefer: eager},
		{variant: "pro", size: 5, seed: 5},
		{variant: "egyptian", size: 7, seed: 6},
	}
	seen := map[board.ActionKind]int{}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%s-%d-seed%d", tc.variant, tc.size, tc.seed), func(t *testing.T) {
			var players [2]Player
			for c := range players {
				players[c] = NewRandomPlayer(tc.seed*2 + uint64(c))
				if tc.prefer[c] != nil {
					players[c] = &preferPlayer{kinds: tc.prefer[c], rnd: NewRandomPlayer(tc.seed)}
				}
			}
			for k, n := range playWholeGame(t, sizedPreset(t, tc.variant, tc.size), players) {
				seen[k] += n
			}
		})
	}
	// The games must have gone through every kind of action.
	for k := board.ActPlace; k <= board.ActAccept; k++ {
		if seen[k] == 0 {
			t.Errorf("no action of kind %d was played in any game; change the seeds", k)
		}
	}
}

func sizedPreset(t *testing.T, variant string, size int) board.Rules {
	t.Helper()
	r, err := board.Preset(variant)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Set("BoardSize", fmt.Sprint(size)); err != nil {
		t.Fatal(err)
	}
	return r
}

// playWholeGame plays one game over GTP alone, engine against engine: one
// engine plays White with players[White] and another Black, and each GTP
// move of one is played into the other, as GoGui's twogtp would. Before
// every GTP move both engines are asked for gogui-rules_legal_moves, which
// must match the board package's legal actions as the referee reads them.
// The board, the side to move and the captures are checked after every
// move, and the result at the end. It returns the actions played, by kind.
func playWholeGame(t *testing.T, r board.Rules, players [2]Player) map[board.ActionKind]int {
	t.Helper()
	var clients [2]*client
	for c := range clients {
		e, err := New(r, players[c], Options{})
		if err != nil {
			t.Fatal(err)
		}
		clients[c] = startClient(t, e)
	}
	g, err := board.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	ref := &referee{g: g, n: r.BoardSize, kinds: map[board.ActionKind]int{}}
	const maxMoves = 20000
	moves := 0
	for ; moves < maxMoves; moves++ {
		want := ref.expectedLegal()
		for c, p := range clients {
			if got := sortedFields(p.send("gogui-rules_legal_moves")); strings.Join(got, " ") != strings.Join(want, " ") {
				t.Fatalf("move %d, engine %d: legal moves %v, want %v (%s, partial %v)", moves, c, got, want, ref.g.SeFEN(), ref.partial)
			}
		}
		if len(want) == 0 {
			break
		}
		side := ref.g.Position().SideToAct()
		for c, p := range clients {
			if got := p.send("gogui-rules_side_to_move"); got != side.String() {
				t.Fatalf("move %d, engine %d: side to move %q, want %q", moves, c, got, side)
			}
		}
		mover, other := clients[side], clients[side.Other()]
		v := mover.send("genmove %s", side)
		other.send("play %s %s", side, v)
		ref.play(t, v)
		for c, p := range clients {
			if got := p.send("gogui-rules_board"); got != ref.boardText() {
				t.Fatalf("move %d, engine %d: board\n%s\nwant\n%s", moves, c, got, ref.boardText())
			}
			want := fmt.Sprintf("%d %d", ref.captured[board.Black], ref.captured[board.White])
			if got := p.send("gogui-rules_captured_count"); got != want {
				t.Fatalf("move %d, engine %d: captured %q, want %q", moves, c, got, want)
			}
		}
	}
	res := ref.g.Result()
	if !res.Over() {
		t.Logf("no result after %d GTP moves", maxMoves)
		return ref.kinds
	}
	for c, p := range clients {
		if got := p.send("gogui-rules_final_result"); got != res.String() {
			t.Errorf("engine %d: final result %q, want %q", c, got, res.String())
		}
	}
	t.Logf("%d GTP moves, actions by kind %v: %s", moves, ref.kinds, res.String())
	return ref.kinds
}

// preferPlayer plays an action of one of its kinds whenever one is legal,
// and random turns otherwise.
type preferPlayer struct {
	kinds []board.ActionKind
	rnd   *RandomPlayer
}

func (p *preferPlayer) Turn(ctx context.Context, g *board.Game, clk engine.TimeControl, first []board.Action) []board.Action {
	legal := first
	if legal == nil {
		legal = g.LegalActions(nil)
	}
	for _, a := range legal {
		for _, k := range p.kinds {
			if a.Kind == k {
				return []board.Action{a}
			}
		}
	}
	return p.rnd.Turn(ctx, g, clk, first)
}

func (p *preferPlayer) NewGame() {}
