package web

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"seega/board"
	"seega/engine"
)

// fakeSearcher plays the first legal turn at once, or, when block is
// set, only once its context is done: a search that needs stopping.
type fakeSearcher struct {
	block    bool
	searches *atomic.Int64
}

func (f *fakeSearcher) Search(ctx context.Context, g *board.Game, lim engine.Limits, info func(engine.Info)) engine.Result {
	if f.searches != nil {
		f.searches.Add(1)
	}
	var best []board.Action
	g.ForEachTurn(func(t []board.Action) bool {
		best = append(best, t...)
		return false
	})
	if info != nil {
		info(engine.Info{Depth: 1, Score: 12, Nodes: 1, PV: [][]board.Action{best}})
	}
	if f.block {
		<-ctx.Done()
	}
	return engine.Result{Best: best, Depth: 1}
}
func (f *fakeSearcher) NewGame()                    {}
func (f *fakeSearcher) SetOptions(o engine.Options) {}

// testGrace is the test servers' StreamGrace.
const testGrace = 100 * time.Millisecond

// newTestServer serves a Server whose engine is a fakeSearcher.
func newTestServer(t *testing.T, block bool, maxGames int) (*Server, *httptest.Server, *atomic.Int64) {
	t.Helper()
	var n atomic.Int64
	s := New(Config{MaxGames: maxGames, StreamGrace: testGrace, NewSearcher: func(board.Rules, engine.Options) engine.Searcher {
		return &fakeSearcher{block: block, searches: &n}
	}})
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() { s.Close(); ts.Close() })
	return s, ts, &n
}

// call makes a request and decodes the JSON answer into out (if not nil),
// returning the status.
func call(t *testing.T, ts *httptest.Server, method, path, body string, out any) int {
	t.Helper()
	req, err := http.NewRequest(method, ts.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 400 {
		var e struct{ Error string }
		if err := json.Unmarshal(data, &e); err != nil || e.Error == "" {
			t.Errorf("%s %s: status %d without a JSON error: %s", method, path, resp.StatusCode, data)
		}
	}
	if out != nil && len(data) > 0 {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
	return resp.StatusCode
}

// create makes a game and returns its state.
func create(t *testing.T, ts *httptest.Server, body string) stateJSON {
	t.Helper()
	var st stateJSON
	if code := call(t, ts, "POST", "/api/games", body, &st); code != http.StatusCreated {
		t.Fatalf("create %s: status %d", body, code)
	}
	return st
}

// settled waits until the engine is not thinking and returns the state.
func settled(t *testing.T, ts *httptest.Server, id string) stateJSON {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var st stateJSON
		if code := call(t, ts, "GET", "/api/games/"+id, "", &st); code != http.StatusOK {
			t.Fatalf("get %s: status %d", id, code)
		}
		if !st.Thinking {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("the engine is still thinking after 10 s")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// act plays an action and returns the state after the engine's reply.
func act(t *testing.T, ts *httptest.Server, id, action string) stateJSON {
	t.Helper()
	var st stateJSON
	if code := call(t, ts, "POST", "/api/games/"+id+"/action", fmt.Sprintf(`{"action":%q}`, action), &st); code != http.StatusOK {
		t.Fatalf("action %s: status %d", action, code)
	}
	return settled(t, ts, id)
}

func TestGameFlowAgainstTheEngine(t *testing.T) {
	_, ts, _ := newTestServer(t, false, 0)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, variant := range board.Variants {
		for _, human := range []string{"white", "black"} {
			t.Run(variant+"/"+human, func(t *testing.T) {
				st := create(t, ts, fmt.Sprintf(`{"variant":%q,"human":%q}`, variant, human))
				if st.Phase != "placement" || st.InHand.White != 12 || len(st.Squares) != 25 {
					t.Fatalf("start state: %+v", st)
				}
				st = settled(t, ts, st.ID)
				// The person's game: random legal actions, as clicks would make them.
				for i := 0; i < 600 && !st.Over; i++ {
					if len(st.Legal) == 0 || st.ToAct != human {
						t.Fatalf("the person is to act with no legal action: %+v", st)
					}
					before := st.Version
					st = act(t, ts, st.ID, st.Legal[rng.IntN(len(st.Legal))])
					if st.Version <= before {
						t.Fatalf("the version did not grow: %d then %d", before, st.Version)
					}
				}
				t.Logf("%d tokens, over %v: %+v", len(st.Moves), st.Over, st.Result)
				// The moves list reopens the game where it was.
				var re stateJSON
				body, _ := json.Marshal(map[string]any{"variant": variant, "fen": st.StartFen, "moves": st.Moves, "human": human})
				if code := call(t, ts, "POST", "/api/games", string(body), &re); code != http.StatusCreated {
					t.Fatalf("reopen: status %d", code)
				}
				re = settled(t, ts, re.ID)
				if re.SeFEN != st.SeFEN || strings.Join(re.Moves, " ") != strings.Join(st.Moves, " ") || re.Over != st.Over {
					t.Errorf("reopened game differs:\n%s %v\n%s %v", re.SeFEN, re.Moves, st.SeFEN, st.Moves)
				}
				if re.Captured != st.Captured {
					t.Errorf("reopened game's captures %+v, were %+v", re.Captured, st.Captured)
				}
				if st.Over && (st.Result.Points.White != st.Captured.Black || st.Result.Points.Black != st.Captured.White) {
					t.Errorf("points %+v are not the captured stones %+v", st.Result.Points, st.Captured)
				}
				// The stones add up: in hand, on board, captured, ransomed.
				ransomed := 0
				if st.Ransom.Accepted {
					ransomed = 1
				}
				if st.InHand.White+st.OnBoard.White+st.Captured.White+2*ransomed != 12 ||
					st.InHand.Black+st.OnBoard.Black+st.Captured.Black+ransomed != 12 {
					t.Errorf("stones do not add up: hand %+v board %+v captured %+v ransom %v", st.InHand, st.OnBoard, st.Captured, st.Ransom.Accepted)
				}
			})
		}
	}
}

func TestEngineMovesFirstForABlackHuman(t *testing.T) {
	_, ts, _ := newTestServer(t, false, 0)
	st := create(t, ts, `{"human":"black"}`)
	st = settled(t, ts, st.ID)
	if st.ToAct != "black" || len(st.Moves) != 1 || len(st.Legal) == 0 {
		t.Fatalf("after the engine's first turn: %+v", st)
	}
}

func TestErrorsAreJSONAndLeaveTheGame(t *testing.T) {
	_, ts, _ := newTestServer(t, false, 0)
	st := create(t, ts, `{}`)
	id := st.ID
	cases := []struct {
		method, path, body string
		want               int
	}{
		{"POST", "/api/games", `{"variant":`, 400},
		{"POST", "/api/games", `{"colour":"white"}`, 400},
		{"POST", "/api/games", `{"variant":"chess"}`, 400},
		{"POST", "/api/games", `{"options":{"BoardSize":"6"}}`, 400},
		{"POST", "/api/games", `{"options":{"chain":"none"}}`, 400},
		{"POST", "/api/games", `{"level":21}`, 400},
		{"POST", "/api/games", `{"clock":{"kind":"turn","turnMs":5}}`, 400},
		{"POST", "/api/games", `{"moves":["a1,a1"]}`, 400},
		{"POST", "/api/games", `{"fen":"nonsense"}`, 400},
		{"POST", "/api/games", `{} {}`, 400},
		{"POST", "/api/games", `{"fen":"` + strings.Repeat("x", 70000) + `"}`, 413},
		{"GET", "/api/games", ``, 405},
		{"GET", "/api/games/nope", ``, 404},
		{"POST", "/api/games/nope/action", `{"action":"a1"}`, 404},
		{"POST", "/api/games/" + id + "/action", `{"action":"c3"}`, 400}, // the centre
		{"POST", "/api/games/" + id + "/action", `{"action":"zz"}`, 400},
		{"POST", "/api/games/" + id + "/action", `{}`, 400},
		{"POST", "/api/games/" + id + "/action", `[1,2]`, 400},
		{"GET", "/api/games/" + id + "/action", ``, 405},
		{"POST", "/api/games/" + id + "/takeback", ``, 400},
		{"POST", "/api/games/" + id + "/frobnicate", ``, 404},
		{"GET", "/api/nothing", ``, 404},
	}
	for _, c := range cases {
		if got := call(t, ts, c.method, c.path, c.body, nil); got != c.want {
			t.Errorf("%s %s %.40s: status %d, want %d", c.method, c.path, c.body, got, c.want)
		}
	}
	var e struct{ Error string }
	call(t, ts, "POST", "/api/games/"+id+"/action", `{"action":"c3"}`, &e)
	if !strings.HasPrefix(e.Error, "illegal: ") || !strings.Contains(e.Error, "centre") {
		t.Errorf("the centre's error: %q", e.Error)
	}
	after := settled(t, ts, id)
	if after.SeFEN != st.SeFEN || after.Version != st.Version {
		t.Errorf("a refused action changed the game: %s v%d, was %s v%d", after.SeFEN, after.Version, st.SeFEN, st.Version)
	}
}

func TestActionOnTheEnginesTurnIsAConflict(t *testing.T) {
	_, ts, _ := newTestServer(t, true, 0)
	st := create(t, ts, `{"human":"black"}`)
	if !st.Thinking || len(st.Legal) != 0 {
		t.Fatalf("the engine should be thinking with nothing legal for the person: %+v", st)
	}
	if code := call(t, ts, "POST", "/api/games/"+st.ID+"/action", `{"action":"a1"}`, nil); code != http.StatusConflict {
		t.Errorf("an action on the engine's turn: status %d, want 409", code)
	}
	if code := call(t, ts, "POST", "/api/games/"+st.ID+"/hint", ``, nil); code != http.StatusConflict {
		t.Errorf("a hint on the engine's turn: status %d, want 409", code)
	}
}

// event is one server-sent event.
type event struct{ name, data string }

// stream opens a game's event stream; cancel closes it.
func stream(t *testing.T, ts *httptest.Server, id string) (<-chan event, context.CancelFunc) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/api/games/"+id+"/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("events: status %d, type %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	out := make(chan event, 100)
	go func() {
		defer resp.Body.Close()
		defer close(out)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		var ev event
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				ev.name = line[len("event: "):]
			case strings.HasPrefix(line, "data: "):
				ev.data = line[len("data: "):]
			case line == "" && ev.name != "":
				out <- ev
				ev = event{}
			}
		}
	}()
	return out, cancel
}

// next is the next event of the name, within 5 s.
func next(t *testing.T, events <-chan event, name string) event {
	t.Helper()
	timeout := time.After(5 * time.Second)
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				t.Fatalf("the stream ended before an event %q", name)
			}
			if ev.name == name {
				return ev
			}
		case <-timeout:
			t.Fatalf("no event %q within 5 s", name)
		}
	}
}

func TestEventsCarryStatesAndInfo(t *testing.T) {
	_, ts, _ := newTestServer(t, false, 0)
	st := create(t, ts, `{}`)
	events, cancel := stream(t, ts, st.ID)
	defer cancel()
	next(t, events, "state")
	call(t, ts, "POST", "/api/games/"+st.ID+"/action", `{"action":"a1"}`, nil)
	call(t, ts, "POST", "/api/games/"+st.ID+"/action", `{"action":"b1"}`, nil)
	var in infoJSON
	if err := json.Unmarshal([]byte(next(t, events, "info").data), &in); err != nil || in.Score != "cp 12" || in.For != "black" || len(in.PV) != 1 {
		t.Errorf("info: %+v, %v", in, err)
	}
	for {
		var s stateJSON
		if err := json.Unmarshal([]byte(next(t, events, "state").data), &s); err != nil {
			t.Fatal(err)
		}
		if len(s.Moves) == 2 && !s.Thinking {
			break
		}
	}
}

func TestSearchStopsWhenTheLastStreamCloses(t *testing.T) {
	s, ts, _ := newTestServer(t, true, 0)
	st := create(t, ts, `{"human":"black","thinkMs":60000}`)
	events, cancel := stream(t, ts, st.ID)
	next(t, events, "state")
	if s.Searches() != 1 {
		t.Fatalf("%d searches under way, want 1", s.Searches())
	}
	cancel()
	deadline := time.Now().Add(5 * time.Second)
	for s.Searches() != 0 {
		if time.Now().After(deadline) {
			t.Fatal("the search goes on after the page left")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if st := settled(t, ts, st.ID); len(st.Moves) != 1 || st.ToAct != "black" {
		t.Errorf("the stopped search's turn was not played: %+v", st.Moves)
	}
}

// A reload closes the page's stream and opens another: the search goes on.
func TestSearchGoesOnThroughAReload(t *testing.T) {
	s, ts, _ := newTestServer(t, true, 0)
	st := create(t, ts, `{"human":"black","thinkMs":60000}`)
	events, cancel := stream(t, ts, st.ID)
	next(t, events, "state")
	cancel()
	events, cancel = stream(t, ts, st.ID)
	defer cancel()
	next(t, events, "state")
	time.Sleep(3 * testGrace)
	if s.Searches() != 1 {
		t.Fatalf("%d searches under way after a reload, want 1", s.Searches())
	}
}

func TestMaxGamesDropsTheOldest(t *testing.T) {
	s, ts, _ := newTestServer(t, false, 2)
	a := create(t, ts, `{}`)
	events, cancel := stream(t, ts, a.ID)
	defer cancel()
	next(t, events, "state")
	time.Sleep(2 * time.Millisecond)
	b := create(t, ts, `{}`)
	time.Sleep(2 * time.Millisecond)
	call(t, ts, "GET", "/api/games/"+a.ID, "", nil) // a is now newer than b
	time.Sleep(2 * time.Millisecond)
	c := create(t, ts, `{}`)
	if s.Games() != 2 {
		t.Fatalf("%d games held, want 2", s.Games())
	}
	if code := call(t, ts, "GET", "/api/games/"+b.ID, "", nil); code != http.StatusNotFound {
		t.Errorf("the least recently used game: status %d, want 404", code)
	}
	for _, id := range []string{a.ID, c.ID} {
		if code := call(t, ts, "GET", "/api/games/"+id, "", nil); code != http.StatusOK {
			t.Errorf("game %s: status %d, want 200", id, code)
		}
	}
	d := create(t, ts, `{}`)
	_ = d
	ev := next(t, events, "gone")
	if !strings.Contains(ev.data, "make room") {
		t.Errorf("gone: %s", ev.data)
	}
}

func TestTakebackResignAndHint(t *testing.T) {
	_, ts, _ := newTestServer(t, false, 0)
	st := create(t, ts, `{}`)
	start := st.SeFEN
	var h hintJSON
	if code := call(t, ts, "POST", "/api/games/"+st.ID+"/hint", ``, &h); code != 200 || h.Turn != "a1,b1" || len(h.Actions) != 2 {
		t.Fatalf("hint: %d %+v", code, h)
	}
	st = act(t, ts, st.ID, "a1")
	if len(st.Partial) != 1 || st.Partial[0] != "a1" || st.Last == nil || st.Last.By != "white" {
		t.Fatalf("after one stone: partial %v last %+v", st.Partial, st.Last)
	}
	st = act(t, ts, st.ID, "b1")
	if len(st.Moves) != 2 {
		t.Fatalf("moves %v, want the person's and the engine's turn", st.Moves)
	}
	var back stateJSON
	if code := call(t, ts, "POST", "/api/games/"+st.ID+"/takeback", ``, &back); code != 200 {
		t.Fatalf("takeback: status %d", code)
	}
	if back.SeFEN != start || len(back.Moves) != 0 || back.ToAct != "white" {
		t.Errorf("after takeback: %s %v", back.SeFEN, back.Moves)
	}
	// A first stone alone is taken back too.
	act(t, ts, st.ID, "c1")
	if call(t, ts, "POST", "/api/games/"+st.ID+"/takeback", ``, &back); back.SeFEN != start || len(back.Partial) != 0 {
		t.Errorf("after taking back a first stone: %s %v", back.SeFEN, back.Partial)
	}
	var res stateJSON
	call(t, ts, "POST", "/api/games/"+st.ID+"/resign", ``, &res)
	if !res.Over || res.Result == nil || res.Result.Winner != "black" || len(res.Legal) != 0 {
		t.Errorf("after resigning: %+v", res.Result)
	}
	if code := call(t, ts, "POST", "/api/games/"+st.ID+"/action", `{"action":"a1"}`, nil); code != 400 {
		t.Errorf("an action after the end: status %d, want 400", code)
	}
	if code := call(t, ts, "DELETE", "/api/games/"+st.ID, ``, nil); code != 204 {
		t.Errorf("delete: status %d", code)
	}
	if code := call(t, ts, "GET", "/api/games/"+st.ID, ``, nil); code != 404 {
		t.Errorf("a deleted game: status %d", code)
	}
}

func TestATurnClockRunsOut(t *testing.T) {
	_, ts, _ := newTestServer(t, false, 0)
	st := create(t, ts, `{"clock":{"kind":"turn","turnMs":1000}}`)
	if st.Clock.Kind != "turn" || st.Clock.Running != "white" || st.Clock.WhiteMs > 1000 {
		t.Fatalf("clock: %+v", st.Clock)
	}
	time.Sleep(1200 * time.Millisecond)
	st = settled(t, ts, st.ID)
	if !st.Over || st.Result.Winner != "black" || !strings.Contains(st.Result.Reason, "time") {
		t.Errorf("after the turn's time: over %v %+v", st.Over, st.Result)
	}
}

func TestRulesTable(t *testing.T) {
	_, ts, _ := newTestServer(t, false, 0)
	var rt rulesJSON
	if code := call(t, ts, "GET", "/api/rules", "", &rt); code != 200 {
		t.Fatalf("status %d", code)
	}
	if len(rt.Variants) != 4 || len(rt.Presets) != 4 || rt.MaxLevel != engine.MaxSkill {
		t.Errorf("rules: %+v", rt)
	}
	for _, o := range rt.Options {
		for v, preset := range rt.Presets {
			if _, ok := preset[o.Name]; !ok {
				t.Errorf("preset %s has no %s", v, o.Name)
			}
		}
	}
	if rt.Presets["classic"]["Ransom"] != "on" {
		t.Errorf("classic's Ransom: %q", rt.Presets["classic"]["Ransom"])
	}
}

func TestShutdownEndsStreams(t *testing.T) {
	s, ts, _ := newTestServer(t, true, 0)
	st := create(t, ts, `{"human":"black"}`)
	events, cancel := stream(t, ts, st.ID)
	defer cancel()
	next(t, events, "state")
	s.Close()
	if ev := next(t, events, "gone"); !strings.Contains(ev.data, "shutting down") {
		t.Errorf("gone: %s", ev.data)
	}
	deadline := time.Now().Add(5 * time.Second)
	for s.Searches() != 0 {
		if time.Now().After(deadline) {
			t.Fatal("a search goes on after Close")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if code := call(t, ts, "POST", "/api/games", `{}`, nil); code != http.StatusServiceUnavailable {
		t.Errorf("a game after Close: status %d", code)
	}
}

func TestPageAndAssets(t *testing.T) {
	_, ts, _ := newTestServer(t, false, 0)
	for _, path := range []string{"/", "/static/seega.css", "/static/board.js", "/watch/"} {
		resp, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Errorf("%s: status %d", path, resp.StatusCode)
		}
	}
}

// A blocked side's pass is played for it, the person's as the engine's,
// and the notice says so.
func TestBlockedPassIsPlayedAndAnnounced(t *testing.T) {
	_, ts, _ := newTestServer(t, false, 0)
	// White's one stone on a1 is hemmed in by Black's on a2 and b1.
	const fen = "5/5/5/b4/wb3 w 0/0 - 0 30"
	for _, human := range []string{"white", "black"} {
		st := create(t, ts, fmt.Sprintf(`{"variant":"egyptian","fen":%q,"human":%q}`, fen, human))
		st = settled(t, ts, st.ID)
		if len(st.Moves) == 0 || st.Moves[0] != "0000" || st.MovesBy[0] != "white" {
			t.Errorf("human %s: White's pass was not played: %v", human, st.Moves)
		}
		if !strings.Contains(st.Notice, "White is blocked: it passes.") {
			t.Errorf("human %s: notice %q", human, st.Notice)
		}
	}
}

// Classic's ransom by clicks' actions: Black's deadline warning, its
// request, White's answer, the count of refusals.
func TestRansomRequestAnswerAndDeadline(t *testing.T) {
	_, ts, _ := newTestServer(t, false, 0)
	const fen = "w1wwb/wwwwb/bwwb1/bbwbb/bwwbb b 0/0 - 13 29 bturns=26"
	st := create(t, ts, fmt.Sprintf(`{"variant":"classic","fen":%q,"human":"black"}`, fen))
	if st.Ransom.DeadlineLeft != 6 || !strings.Contains(st.Notice, "within 6 turns") {
		t.Errorf("deadline %d, notice %q", st.Ransom.DeadlineLeft, st.Notice)
	}
	if !slices.Contains(st.Legal, "ransom:e4") {
		t.Fatalf("no ransom:e4 among %v", st.Legal)
	}
	st = act(t, ts, st.ID, "ransom:e4")
	if len(st.Moves) < 2 || st.Moves[0] != "ransom:e4" || !st.Ransom.Asked || st.Ransom.DeadlineLeft != -1 {
		t.Fatalf("after the request: moves %v, ransom %+v", st.Moves, st.Ransom)
	}
	answer := st.Moves[1]
	switch {
	case answer == "refuse":
		if st.Ransom.Refusals != 1 || slices.ContainsFunc(st.Legal, func(a string) bool { return strings.HasPrefix(a, "ransom:") }) {
			t.Errorf("after a refusal: %+v, legal %v", st.Ransom, st.Legal)
		}
	case strings.HasPrefix(answer, "accept:"):
		if !st.Ransom.Accepted || st.OnBoard.White != 14-2 {
			t.Errorf("after an acceptance: %+v, on board %+v", st.Ransom, st.OnBoard)
		}
	default:
		t.Errorf("White's answer %q", answer)
	}
	if st.Captured != (sides{}) {
		t.Errorf("a ransom counted as captures: %+v", st.Captured)
	}
}

// The person's side sees a pending request and what to answer.
func TestRansomPendingForTheHuman(t *testing.T) {
	_, ts, _ := newTestServer(t, false, 0)
	const fen = "w1wwb/wwwwb/bwwb1/bbwbb/bwwbb b 0/0 - 13 29 bturns=26"
	var st stateJSON
	body := fmt.Sprintf(`{"variant":"classic","fen":%q,"moves":["ransom:e4"],"human":"white"}`, fen)
	if code := call(t, ts, "POST", "/api/games", body, &st); code != 201 {
		t.Fatalf("status %d", code)
	}
	if st.Ransom.Pending != "e4" || !strings.Contains(st.Notice, "ransom for its stone on e4") || !slices.Contains(st.Legal, "refuse") {
		t.Errorf("pending %q, notice %q, legal %v", st.Ransom.Pending, st.Notice, st.Legal)
	}
	st = act(t, ts, st.ID, "refuse")
	if st.Ransom.Refusals != 1 || st.Moves[1] != "refuse" {
		t.Errorf("after refusing: %+v %v", st.Ransom, st.Moves)
	}
}

// The level reaches the searcher through engine.Options: weakened below
// MaxSkill, nil (full strength) at it.
func TestLevelReachesTheSearcher(t *testing.T) {
	var got []*engine.Level
	s := New(Config{NewSearcher: func(_ board.Rules, o engine.Options) engine.Searcher {
		got = append(got, o.Level)
		return &fakeSearcher{}
	}})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	defer s.Close()
	for _, level := range []int{3, engine.MaxSkill} {
		st := create(t, ts, fmt.Sprintf(`{"human":"black","level":%d}`, level))
		settled(t, ts, st.ID)
	}
	if len(got) != 2 || got[0] == nil || got[0].Skill != 3 || got[1] != nil {
		t.Errorf("levels given to the searchers: %v", got)
	}
}

// levelRecorder is a fakeSearcher that notes the level it searches at.
type levelRecorder struct {
	fakeSearcher
	level  *engine.Level
	levels []*engine.Level // the level of each search, in order
}

func (l *levelRecorder) SetOptions(o engine.Options) { l.level = o.Level }
func (l *levelRecorder) Search(ctx context.Context, g *board.Game, lim engine.Limits, info func(engine.Info)) engine.Result {
	l.levels = append(l.levels, l.level)
	return l.fakeSearcher.Search(ctx, g, lim, info)
}

// A hint is the engine's best turn at full strength, even in a game the
// engine plays at a low level; the game's own searches keep the level.
func TestHintAtFullStrength(t *testing.T) {
	rec := &levelRecorder{}
	s := New(Config{NewSearcher: func(_ board.Rules, o engine.Options) engine.Searcher {
		rec.level = o.Level
		return rec
	}})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	defer s.Close()
	st := create(t, ts, `{"human":"white","level":2}`)
	var h hintJSON
	if code := call(t, ts, "POST", "/api/games/"+st.ID+"/hint", ``, &h); code != 200 {
		t.Fatalf("hint: status %d", code)
	}
	st = act(t, ts, st.ID, h.Actions[0])
	st = act(t, ts, st.ID, h.Actions[1])
	settled(t, ts, st.ID)
	if len(rec.levels) != 2 || rec.levels[0] != nil || rec.levels[1] == nil || rec.levels[1].Skill != 2 {
		t.Errorf("levels of the hint's search and the engine's reply: %v, want [nil, skill 2]", rec.levels)
	}
}
