package web_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"seega/engine"
	"seega/web"
)

// FuzzAPI sends sequences of arbitrary requests to the server's handler,
// in process, and checks after each that the server stayed whole: no
// panic (a panic in ServeHTTP fails the fuzz run), no 5xx, a JSON error
// body {"error": "..."} on every 4xx of the API, and every state it
// answers with (from any request, the event stream's included) agreeing
// with package board's replay of the game's own moves (checkState). At
// the end every game the input touched is read again, checked, and
// deleted.
//
// An input is a script, one request a line: METHOD PATH [BODY]. In the
// path and body, {id} is the game made last (a default one is made
// before the script: egyptian, the engine at level 0 thinking 50 ms),
// {legal} one of its legal actions now (the first, or {legal:N} the
// N-th, counting round), so that the fuzzer can play games on as well as
// send junk. Run it with `go test -run '^$' -fuzz FuzzAPI ./web/` (make
// fuzz does, for 30 s); plain go test runs the seeds.
func FuzzAPI(f *testing.F) {
	for _, seed := range fuzzSeeds {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, script string) {
		h := fuzzHandler(t)
		run := &scriptRun{t: t, h: h}
		run.id = run.create(`{"level": 0, "thinkMs": 50}`)
		defer run.cleanup()
		for i, line := range strings.Split(script, "\n") {
			if i == 16 {
				break // long scripts add time, not reach
			}
			run.line(line)
		}
	})
}

// fuzzSeeds are real requests: what the page sends in a game, and the
// mistakes a person or a bad client makes.
var fuzzSeeds = []string{
	"GET /api/rules",
	"GET /api/games/{id}\nPOST /api/games/{id}/action {\"action\": \"{legal}\"}\nPOST /api/games/{id}/action {\"action\": \"{legal:3}\"}\nGET /api/games/{id}",
	"POST /api/games {\"variant\": \"classic\", \"human\": \"black\", \"level\": 0, \"thinkMs\": 50, \"fen\": \"wwbbw/w1bwb/ww1bb/ww1bw/wbwbb b 0/0 - 0 14\"}\nPOST /api/games/{id}/action {\"action\": \"ransom:c4\"}\nGET /api/games/{id}/events",
	"POST /api/games {\"variant\": \"classic\", \"level\": 0, \"thinkMs\": 50, \"fen\": \"wwbbw/w1bwb/ww1bb/ww1bw/wbwbb w 0/0 - 0 14 asked=1 pending=c4\"}\nPOST /api/games/{id}/action {\"action\": \"refuse\"}\nPOST /api/games/{id}/takeback\nPOST /api/games/{id}/action {\"action\": \"accept:a1:e5\"}",
	"POST /api/games {\"variant\": \"pro\", \"level\": 0, \"thinkMs\": 50, \"fen\": \"5/2b2/1w1bw/wb3/b4 w 0/0 - 0 30\"}\nPOST /api/games/{id}/action {\"action\": \"b3c3\"}\nPOST /api/games/{id}/action {\"action\": \"0000\"}",
	"POST /api/games {\"variant\": \"egyptian\", \"level\": 0, \"thinkMs\": 50, \"fen\": \"3bw/4b/5/b1b2/wb3 w 0/0 - 0 30\"}\nGET /api/games/{id}",
	"POST /api/games {\"variant\": \"sudanese\", \"options\": {\"BoardSize\": \"7\", \"Chain\": \"none\"}, \"level\": 0, \"thinkMs\": 50, \"moves\": [\"a1,b3\", \"c2,d5\"]}\nPOST /api/games/{id}/hint",
	"POST /api/games {\"variant\": \"classic\", \"level\": 0, \"thinkMs\": 50, \"clock\": {\"kind\": \"game\", \"baseMs\": 1000, \"incMs\": 0}}\nPOST /api/games/{id}/action {\"action\": \"{legal}\"}\nPOST /api/games/{id}/resign\nPOST /api/games/{id}/action {\"action\": \"{legal}\"}",
	"POST /api/games/{id}/action {\"action\": \"z9z9\"}\nPOST /api/games/{id}/action {\"action\": 7}\nPOST /api/games/{id}/action {bad json\nPOST /api/games/{id}/action",
	"DELETE /api/games/{id}\nGET /api/games/{id}\nPOST /api/games/{id}/action {\"action\": \"c3\"}\nGET /api/games/nosuchgame/events",
	"PUT /api/games/{id}\nPATCH /api/rules\nGET /api/games/{id}/nonsense\nGET /api/../../etc/passwd\nPOST /api/games {\"variant\": \"chess\"}\nPOST /api/games {\"level\": 99}\nPOST /api/games {\"fen\": \"9/9 w\"}",
	"GET /\nGET /static/board.js\nGET /watch\nGET /watch/\nHEAD /api/games/{id}",
	"POST /api/games/{id}/takeback\nPOST /api/games/{id}/action {\"action\": \"{legal}\"}\nPOST /api/games/{id}/action {\"action\": \"{legal}\"}\nPOST /api/games/{id}/takeback\nPOST /api/games/{id}/takeback",
}

var (
	fuzzOnce sync.Once
	fuzzSrv  *web.Server
)

// fuzzHandler is one server for the whole fuzzing process (a server per
// input would cost more than the input), holding few games so that the
// fuzzer's many do not pile up.
func fuzzHandler(t *testing.T) http.Handler {
	fuzzOnce.Do(func() {
		fuzzSrv = web.New(web.Config{NewSearcher: newAlphaBeta, Options: engine.Options{HashMB: 1, Threads: 1}, MaxGames: 8})
	})
	return fuzzSrv.Handler()
}

// scriptRun is one input's run.
type scriptRun struct {
	t     *testing.T
	h     http.Handler
	id    string
	games []string // every game the input made, for the end
}

// serve sends one request in process and returns the response, or nil
// if it is no request a client could send; an events stream is cut
// after 100 ms, anything else after 1 s (a hint waiting for a core).
func (r *scriptRun) serve(method, path, body string) *httptest.ResponseRecorder {
	timeout := time.Second
	if strings.Contains(path, "events") {
		timeout = 100 * time.Millisecond
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, "http://seega.test"+path, strings.NewReader(body))
	if err != nil {
		return nil // not a request a client could send
	}
	req.RemoteAddr = "127.0.0.1:1234"
	rec := httptest.NewRecorder()
	r.h.ServeHTTP(rec, req)
	return rec
}

// create makes a game from a JSON body and returns its id.
func (r *scriptRun) create(body string) string {
	rec := r.serve("POST", "/api/games", body)
	if rec.Code != http.StatusCreated {
		r.t.Fatalf("POST /api/games %s: status %d: %s", body, rec.Code, rec.Body)
	}
	var st apiState
	if err := json.Unmarshal(rec.Body.Bytes(), &st); err != nil {
		r.t.Fatalf("POST /api/games: %v: %s", err, rec.Body)
	}
	r.games = append(r.games, st.ID)
	return st.ID
}

// legal is the game's n-th legal action now (counting round), or "0000"
// when it has none.
func (r *scriptRun) legal(n int) string {
	rec := r.serve("GET", "/api/games/"+r.id, "")
	var st apiState
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &st) != nil || len(st.Legal) == 0 {
		return "0000"
	}
	return st.Legal[n%len(st.Legal)]
}

// expand fills in {id}, {legal} and {legal:N}.
func (r *scriptRun) expand(s string) string {
	s = strings.ReplaceAll(s, "{id}", r.id)
	for {
		i := strings.Index(s, "{legal")
		if i < 0 {
			return s
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			return s
		}
		n := 0
		if arg, ok := strings.CutPrefix(s[i+len("{legal"):i+j], ":"); ok {
			n, _ = strconv.Atoi(arg)
			n = max(n, 0)
		}
		s = s[:i] + r.legal(n) + s[i+j+1:]
	}
}

// line runs one line of the script and checks the answer.
func (r *scriptRun) line(line string) {
	method, rest, _ := strings.Cut(line, " ")
	path, body, _ := strings.Cut(rest, " ")
	path, body = r.expand(path), r.expand(body)
	if method == "" || !strings.HasPrefix(path, "/") {
		return
	}
	rec := r.serve(method, path, body)
	if rec == nil {
		return
	}
	what := fmt.Sprintf("%s %s %.200q", method, path, body)
	if rec.Code >= 500 {
		r.t.Fatalf("%s: status %d: %s", what, rec.Code, rec.Body)
	}
	u, _ := url.Parse(path)
	api := u != nil && strings.HasPrefix(u.Path, "/api/")
	if rec.Code >= 400 && api && method != http.MethodHead {
		if err := errorBody(rec.Body.Bytes()); err != nil {
			r.t.Fatalf("%s: status %d: %v", what, rec.Code, err)
		}
	}
	if rec.Code == http.StatusCreated && method == http.MethodPost {
		var st apiState
		if json.Unmarshal(rec.Body.Bytes(), &st) == nil && st.ID != "" {
			r.id = st.ID
			r.games = append(r.games, st.ID)
		}
	}
	if rec.Code/100 == 2 {
		r.checkBody(what, rec)
	}
}

// checkBody checks every state the answer holds: the body's, or each
// `event: state` of a stream.
func (r *scriptRun) checkBody(what string, rec *httptest.ResponseRecorder) {
	if strings.HasPrefix(rec.Header().Get("Content-Type"), "text/event-stream") {
		sc := bufio.NewScanner(strings.NewReader(rec.Body.String()))
		sc.Buffer(nil, 1<<20)
		event := ""
		for sc.Scan() {
			line := sc.Text()
			if e, ok := strings.CutPrefix(line, "event: "); ok {
				event = e
			}
			if data, ok := strings.CutPrefix(line, "data: "); ok && event == "state" {
				r.checkState(what+" (event stream)", []byte(data))
			}
		}
		return
	}
	r.checkState(what, rec.Body.Bytes())
}

// checkState checks one body that may be a state.
func (r *scriptRun) checkState(what string, raw []byte) {
	var st apiState
	if json.Unmarshal(raw, &st) != nil || st.ID == "" || st.Squares == nil {
		return // not a state: the rules, a hint, a page
	}
	if _, bad := checkState(&st); len(bad) > 0 {
		r.t.Fatalf("%s: the state disagrees with board's replay of its moves:\n  %s\nstate: %s",
			what, strings.Join(bad, "\n  "), raw)
	}
}

// cleanup reads every game the input made once more, checks it, and
// deletes it.
func (r *scriptRun) cleanup() {
	for _, id := range r.games {
		rec := r.serve("GET", "/api/games/"+id, "")
		if rec.Code == http.StatusOK {
			r.checkState("GET /api/games/"+id+" at the end", rec.Body.Bytes())
		}
		r.serve("DELETE", "/api/games/"+id, "")
	}
}
