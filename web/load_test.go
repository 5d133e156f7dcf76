package web_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The load test holds many games at once on a loopback server, each
// played by a client as the page plays it: it reads the game's event
// stream, answers each state that gives it the move with a legal action
// (a random one of the state's legal list), reads the state now and
// then, and when the game ends deletes it and starts another. It then
// checks that the server came through: no 5xx and no refused action, no
// goroutine left behind, no search left running, and memory within what
// the games' hash tables and a fixed cost a game explain.

// loadHashMB is each game's table in the load test. The server's memory
// is about games × hash (web/API.md, Limits), so a small table lets the
// test hold hundreds of games on a test machine; the cost a game beyond
// its table is what the test measures.
const loadHashMB = 1

// TestLoad is the load test in full: 300 games for 30 s. It is skipped
// with -short; `make loadtest` runs it and prints its figures.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("the load test takes over 30 s: make loadtest runs it (TestLoadShort is its short form)")
	}
	games, secs := 300, 30
	if v, err := strconv.Atoi(os.Getenv("SEEGA_LOAD_GAMES")); err == nil && v > 0 {
		games = v
	}
	if v, err := strconv.Atoi(os.Getenv("SEEGA_LOAD_SECONDS")); err == nil && v > 0 {
		secs = v
	}
	runLoad(t, games, time.Duration(secs)*time.Second)
}

// TestLoadShort is the load test in small, run by make test: 50 games
// for 3 s.
func TestLoadShort(t *testing.T) {
	runLoad(t, 50, 3*time.Second)
}

// loadFigures is what a load run measured.
type loadFigures struct {
	games        int           // clients, each holding one game at a time
	duration     time.Duration // of the playing, creation and deletion included
	peakHeld     int           // games the server held at once, at most
	requests     atomic.Int64  // HTTP requests answered (event streams opened included)
	actions      atomic.Int64  // actions played by the clients
	turns        atomic.Int64  // turns completed, both sides' (moves list tokens)
	finished     atomic.Int64  // games played to their end
	events       atomic.Int64  // events read from the streams
	failures     atomic.Int64  // answers that were not what the API promises
	peakHeap     uint64        // bytes, runtime.MemStats.HeapInuse
	afterHeap    uint64        // bytes, HeapInuse after the run and a GC
	peakRSS      uint64        // bytes, VmRSS
	baseRSS      uint64        // bytes, VmRSS before the server was made
	baseRoutines int
	peakRoutines int
	firstFailure atomic.Value // string
}

func (f *loadFigures) fail(format string, args ...any) {
	if f.failures.Add(1) == 1 {
		f.firstFailure.Store(fmt.Sprintf(format, args...))
	}
}

// runLoad runs games clients for d and checks the server afterwards.
func runLoad(t *testing.T, games int, d time.Duration) {
	runtime.GC()
	f := &loadFigures{games: games, baseRSS: rss(t), baseRoutines: runtime.NumGoroutine()}
	srv := newServer(t, games+8, loadHashMB)
	base := serveLoopback(t, srv)
	tr := &http.Transport{MaxIdleConns: 4 * games, MaxIdleConnsPerHost: 4 * games, IdleConnTimeout: 10 * time.Second}
	hc := &http.Client{Transport: tr}

	stopSampling := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		for {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			f.peakHeap = max(f.peakHeap, ms.HeapInuse)
			f.peakRSS = max(f.peakRSS, rss(t))
			f.peakHeld = max(f.peakHeld, srv.Games())
			f.peakRoutines = max(f.peakRoutines, runtime.NumGoroutine())
			select {
			case <-tick.C:
			case <-stopSampling:
				return
			}
		}
	}()

	start := time.Now()
	deadline := start.Add(d)
	var wg sync.WaitGroup
	for i := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := &loadClient{f: f, hc: hc, base: base, rng: rand.New(rand.NewPCG(uint64(i), 42)), n: i}
			c.run(deadline)
		}()
	}
	wg.Wait()
	f.duration = time.Since(start)
	close(stopSampling)
	<-sampled

	// Every game was deleted: no search may run on, and the goroutines
	// of the games, their searches and their streams must be gone.
	tr.CloseIdleConnections()
	settle := time.Now().Add(10 * time.Second)
	for (srv.Searches() != 0 || srv.Games() != 0 || runtime.NumGoroutine() > f.baseRoutines+loadRoutineSlack) && time.Now().Before(settle) {
		time.Sleep(50 * time.Millisecond)
		tr.CloseIdleConnections()
	}
	// With every game gone, their tables and searchers must be garbage.
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	f.afterHeap = ms.HeapInuse
	report(t, f)
	if f.afterHeap > loadAfterHeapMiB<<20 {
		t.Errorf("the Go heap holds %d MiB once every game is deleted (at most %d MiB expected): games are kept alive",
			f.afterHeap>>20, loadAfterHeapMiB)
	}
	if n := f.failures.Load(); n > 0 {
		t.Errorf("%d answers broke the API's promises; the first: %v", n, f.firstFailure.Load())
	}
	if n := srv.Searches(); n != 0 {
		t.Errorf("%d searches still run after every game was deleted", n)
	}
	if n := srv.Games(); n != 0 {
		t.Errorf("the server still holds %d games after every one was deleted", n)
	}
	if n := runtime.NumGoroutine(); n > f.baseRoutines+loadRoutineSlack {
		buf := make([]byte, 1<<20)
		buf = buf[:runtime.Stack(buf, true)]
		t.Errorf("%d goroutines after the run, %d before: some leaked:\n%s", n, f.baseRoutines, buf)
	}
	if f.peakHeld < games {
		t.Errorf("the server held at most %d games at once, want the %d the clients made", f.peakHeld, games)
	}
	if f.actions.Load() == 0 || f.turns.Load() == 0 {
		t.Errorf("no game went on: %d actions, %d turns", f.actions.Load(), f.turns.Load())
	}
	if bound := memoryBound(games); f.peakRSS-min(f.peakRSS, f.baseRSS) > bound {
		t.Errorf("the process grew by %d MiB, over the %d MiB that %d games of %d MiB hash and %d MiB of their own allow",
			(f.peakRSS-f.baseRSS)>>20, bound>>20, games, loadHashMB, loadGameMiB)
	}
}

// loadRoutineSlack is the goroutines that may stay after a run: the
// test's own (the HTTP server's listener, a connection being closed).
const loadRoutineSlack = 8

// loadGameMiB is what a game may cost beyond its hash table in the load
// test: its own (its searcher's stacks, PV and history tables, its board
// and history: about 0.4 MiB, TestGameCost measures it), its stream's
// buffers, its client's, which runs in the same process, and the garbage
// of the states decoded between two collections (about 2 MiB in all,
// measured; 3 leaves room for a busier machine). memoryBound
// adds loadBaseMiB for the server and the Go runtime's own growth.
// loadAfterHeapMiB is the heap allowed once every game is deleted.
const (
	loadGameMiB      = 3
	loadBaseMiB      = 96
	loadAfterHeapMiB = 32
)

// memoryBound is the most the process may grow by for games games.
func memoryBound(games int) uint64 {
	return uint64(games*(loadHashMB+loadGameMiB)+loadBaseMiB) << 20
}

// report prints the figures, for docs/web.md's Load section.
func report(t *testing.T, f *loadFigures) {
	secs := f.duration.Seconds()
	grown := f.peakRSS - min(f.peakRSS, f.baseRSS)
	t.Logf("load: %d clients for %.1f s, hash %d MiB a game, %d CPUs", f.games, secs, loadHashMB, runtime.NumCPU())
	t.Logf("load: games held at once: %d (peak); games played to the end: %d", f.peakHeld, f.finished.Load())
	t.Logf("load: requests: %d (%.0f/s); the clients' actions: %d (%.0f/s); turns completed, both sides: %d (%.0f/s); events read: %d (%.0f/s)",
		f.requests.Load(), float64(f.requests.Load())/secs, f.actions.Load(), float64(f.actions.Load())/secs,
		f.turns.Load(), float64(f.turns.Load())/secs, f.events.Load(), float64(f.events.Load())/secs)
	t.Logf("load: memory: RSS %d MiB before, %d MiB at peak (+%d MiB, %.2f MiB a game); Go heap in use at peak %d MiB; bound +%d MiB",
		f.baseRSS>>20, f.peakRSS>>20, grown>>20, float64(grown)/float64(f.games)/(1<<20), f.peakHeap>>20, memoryBound(f.games)>>20)
	t.Logf("load: goroutines: %d before, %d at peak, %d after; Go heap in use after, every game deleted: %d MiB",
		f.baseRoutines, f.peakRoutines, runtime.NumGoroutine(), f.afterHeap>>20)
}

// rss is the process's resident set, from /proc/self/status.
func rss(t *testing.T) uint64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skipf("no /proc/self/status to read the memory from: %v", err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err == nil {
				return kb << 10
			}
		}
	}
	t.Fatalf("no VmRSS in /proc/self/status")
	return 0
}

// loadClient plays one game after another until the deadline.
type loadClient struct {
	f    *loadFigures
	hc   *http.Client
	base string
	rng  *rand.Rand
	n    int
}

var loadVariants = []string{"egyptian", "sudanese", "classic", "pro"}

func (c *loadClient) run(deadline time.Time) {
	for time.Now().Before(deadline) {
		c.game(deadline)
	}
}

// request sends one request and returns the status and body; a transport
// error or a 5xx is a failure.
func (c *loadClient) request(ctx context.Context, method, path, body string) (int, []byte) {
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, strings.NewReader(body))
	if err != nil {
		c.f.fail("%s %s: %v", method, path, err)
		return 0, nil
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		if ctx.Err() == nil {
			c.f.fail("%s %s: %v", method, path, err)
		}
		return 0, nil
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	c.f.requests.Add(1)
	if resp.StatusCode >= 500 {
		c.f.fail("%s %s: status %d: %s", method, path, resp.StatusCode, raw)
	}
	return resp.StatusCode, raw
}

// game plays one game until it ends or the deadline comes, then deletes
// it.
func (c *loadClient) game(deadline time.Time) {
	ctx := context.Background()
	human := []string{"white", "black"}[c.n%2]
	body := fmt.Sprintf(`{"variant": %q, "human": %q, "level": 0, "thinkMs": 50}`, loadVariants[c.n%len(loadVariants)], human)
	status, raw := c.request(ctx, "POST", "/api/games", body)
	var st apiState
	if status != http.StatusCreated || json.Unmarshal(raw, &st) != nil {
		c.f.fail("POST /api/games: status %d: %.200s", status, raw)
		time.Sleep(100 * time.Millisecond)
		return
	}
	id := st.ID
	defer func() {
		if status, raw := c.request(ctx, "DELETE", "/api/games/"+id, ""); status != http.StatusNoContent {
			c.f.fail("DELETE: status %d: %.200s", status, raw)
		}
	}()
	streamCtx, stop := context.WithDeadline(ctx, deadline)
	defer stop()
	states := make(chan apiState, 1)
	streamDone := make(chan struct{})
	go func() {
		defer close(streamDone)
		c.stream(streamCtx, id, states)
	}()
	defer func() { stop(); <-streamDone }()

	// A state from the stream can be older than the answer to the
	// client's last action (it was sent before the action): the newest
	// version wins, as on the page.
	newer := func(next apiState) {
		if next.Version > st.Version {
			st = next
		}
	}
	lastTurns := 0
	nextRead := time.Now().Add(500 * time.Millisecond)
	for {
		select {
		case next := <-states:
			newer(next)
		case <-time.After(time.Until(nextRead)):
			// Now and then the client reads the state itself, as a page
			// coming back to it would.
			nextRead = time.Now().Add(500 * time.Millisecond)
			status, raw := c.request(streamCtx, "GET", "/api/games/"+id, "")
			if status == 0 {
				return
			}
			var next apiState
			if status != http.StatusOK || json.Unmarshal(raw, &next) != nil {
				c.f.fail("GET a game: status %d: %.200s", status, raw)
				return
			}
			newer(next)
		case <-streamCtx.Done():
			return
		}
		if turns := len(st.Moves); turns > lastTurns {
			c.f.turns.Add(int64(turns - lastTurns))
			lastTurns = turns
		}
		if st.Over {
			c.f.finished.Add(1)
			return
		}
		if !st.humanToAct() {
			continue
		}
		action := st.Legal[c.rng.IntN(len(st.Legal))]
		status, raw := c.request(streamCtx, "POST", "/api/games/"+id+"/action", fmt.Sprintf(`{"action": %q}`, action))
		switch status {
		case 0:
			return
		case http.StatusOK:
			c.f.actions.Add(1)
			var next apiState
			if json.Unmarshal(raw, &next) != nil {
				c.f.fail("an action's answer is no state: %.200s", raw)
			}
			newer(next)
		default:
			c.f.fail("action %s in a state that lists it: status %d: %.200s", action, status, raw)
			return
		}
	}
}

// stream reads the game's event stream, handing on each state (the
// newest replaces one not yet taken).
func (c *loadClient) stream(ctx context.Context, id string, states chan apiState) {
	req, err := http.NewRequestWithContext(ctx, "GET", c.base+"/api/games/"+id+"/events", nil)
	if err != nil {
		c.f.fail("events: %v", err)
		return
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		if ctx.Err() == nil {
			c.f.fail("events: %v", err)
		}
		return
	}
	defer resp.Body.Close()
	c.f.requests.Add(1)
	if resp.StatusCode != http.StatusOK {
		c.f.fail("events: status %d", resp.StatusCode)
		return
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	event := ""
	for sc.Scan() {
		line := sc.Text()
		if e, ok := strings.CutPrefix(line, "event: "); ok {
			event = e
			c.f.events.Add(1)
			continue
		}
		data, ok := strings.CutPrefix(line, "data: ")
		if !ok || event != "state" {
			continue
		}
		var st apiState
		if err := json.Unmarshal([]byte(data), &st); err != nil {
			if ctx.Err() == nil { // not a line cut short by the end of the run
				c.f.fail("a state event is no state: %v: %.200s", err, data)
			}
			continue
		}
		select {
		case <-states:
		default:
		}
		states <- st
	}
}

// TestGameCost measures what a game held costs the server, apart from
// any client: games made at `seega serve`'s default --hash (16 MiB), the
// engine's searcher built by one reply each, and nothing else running;
// the Go heap and the resident set are read before and after, and once
// the games are deleted. It is skipped with -short; make loadtest runs
// it with TestLoad.
func TestGameCost(t *testing.T) {
	if testing.Short() {
		t.Skip("the cost of a game is measured by make loadtest")
	}
	const games, hashMB = 64, 16
	srv := newServer(t, games, hashMB)
	api := newAPIClient(t, serveLoopback(t, srv))
	heap := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapInuse
	}
	heap0, rss0 := heap(), rss(t)
	var ids []string
	for range games {
		st := api.newGame(map[string]any{"level": 0, "thinkMs": 50})
		for range 2 { // one placement turn: the engine replies
			api.mustCall("POST", "/api/games/"+st.ID+"/action", map[string]string{"action": st.Legal[0]}, 200, &st)
		}
		ids = append(ids, st.ID)
	}
	for _, id := range ids {
		api.waitHuman(id, 30*time.Second)
	}
	heap1, rss1 := heap(), rss(t)
	for _, id := range ids {
		api.mustCall("DELETE", "/api/games/"+id, nil, http.StatusNoContent, nil)
	}
	heap2 := heap()
	perHeap := float64(heap1-min(heap1, heap0)) / games / (1 << 20)
	perRSS := float64(rss1-min(rss1, rss0)) / games / (1 << 20)
	t.Logf("game cost: %d games at --hash %d, each after one engine reply: Go heap +%.2f MiB a game, RSS +%.2f MiB a game; heap after deleting them: %d MiB (%d before)",
		games, hashMB, perHeap, perRSS, heap2>>20, heap0>>20)
	if perHeap > float64(hashMB+loadGameMiB) {
		t.Errorf("a game costs %.2f MiB of heap, over its %d MiB hash and %d MiB of its own", perHeap, hashMB, loadGameMiB)
	}
	if perHeap < float64(hashMB)/2 {
		t.Errorf("a game costs only %.2f MiB of heap: its %d MiB table was not allocated (no search?)", perHeap, hashMB)
	}
	if heap2 > heap0+loadAfterHeapMiB<<20 {
		t.Errorf("the heap is %d MiB after the games were deleted, %d MiB before: they are kept alive", heap2>>20, heap0>>20)
	}
}
