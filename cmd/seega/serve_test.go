package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"seega/engine"
	"seega/match/live"
	"seega/search"
	"seega/web"
)

func TestServeCommandLineMistakes(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"serve", "--hash", "0"}, "--hash 0"},
		{[]string{"serve", "--threads", "0"}, "--threads 0"},
		{[]string{"serve", "--max-games", "0"}, "--max-games 0"},
		{[]string{"serve", "--max-games", "x"}, `"--max-games"`},
		{[]string{"serve", "--watch", "ftp://host/"}, "--watch"},
		{[]string{"serve", "--tb", "/nonexistent/dir"}, "--tb /nonexistent/dir"},
		{[]string{"serve", "--addr", "nonsense"}, "--addr nonsense"},
		{[]string{"serve", "extra"}, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		status, stderr := runCaptured(t, tt.args...)
		if status != 2 || !strings.Contains(stderr, tt.want) || !strings.Contains(stderr, "usage:") {
			t.Errorf("%v: status %d, stderr %q (want 2, %q and the usage)", tt.args, status, stderr, tt.want)
		}
	}
	status, stderr := runCaptured(t, "serve", "--help")
	if status != 0 || !strings.Contains(stderr, "max-games × hash") || !strings.Contains(stderr, "http://127.0.0.1:8080") {
		t.Errorf("serve --help: status %d, stderr %q", status, stderr)
	}
}

// The server as serve wires it plays the real engine: a person's turn
// gets the alpha-beta searcher's reply, and its reports come as info
// events.
func TestServeWithTheRealEngine(t *testing.T) {
	site := web.New(web.Config{NewSearcher: newAlphaBeta,
		Options: engine.Options{HashMB: 1, Threads: 1, Contempt: search.Contempt}})
	ts := httptest.NewServer(site.Handler())
	defer ts.Close()
	defer site.Close()
	post := func(path, body string, out any) {
		t.Helper()
		resp, err := http.Post(ts.URL+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 300 {
			t.Fatalf("%s: status %d", path, resp.StatusCode)
		}
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			t.Fatal(err)
		}
	}
	var st struct {
		ID       string
		Moves    []string
		Thinking bool
		ToAct    string
	}
	post("/api/games", `{"variant":"classic","thinkMs":100}`, &st)
	resp, err := http.Get(ts.URL + "/api/games/" + st.ID + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	post("/api/games/"+st.ID+"/action", `{"action":"a1"}`, &st)
	post("/api/games/"+st.ID+"/action", `{"action":"e5"}`, &st)
	got := make(chan string, 1)
	go func() {
		buf := make([]byte, 1<<16)
		var text string
		for {
			n, err := resp.Body.Read(buf)
			text += string(buf[:n])
			if strings.Contains(text, "event: info") || err != nil {
				got <- text
				return
			}
		}
	}()
	select {
	case text := <-got:
		if !strings.Contains(text, `"score":"cp `) {
			t.Errorf("no info with a score in %q", text)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no info event within 10 s")
	}
	deadline := time.Now().Add(10 * time.Second)
	for st.Thinking || len(st.Moves) < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("the engine did not reply: %+v", st)
		}
		time.Sleep(20 * time.Millisecond)
		r, err := http.Get(ts.URL + "/api/games/" + st.ID)
		if err != nil {
			t.Fatal(err)
		}
		json.NewDecoder(r.Body).Decode(&st)
		r.Body.Close()
	}
	if st.ToAct != "white" || len(st.Moves) != 2 || st.Moves[0] != "a1,e5" {
		t.Errorf("after the engine's reply: %+v", st)
	}
}

// --watch shows a tournament's live view at /watch/: its page, state and
// the shared assets come through the site.
func TestServeWatchShowsTheLiveView(t *testing.T) {
	lv := live.New("a vs b")
	tournament := httptest.NewServer(lv.Handler())
	defer tournament.Close()
	defer lv.Close()
	u, err := url.Parse(tournament.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	site := web.New(web.Config{NewSearcher: newAlphaBeta, Watch: watchProxy(u)})
	ts := httptest.NewServer(site.Handler())
	defer ts.Close()
	defer site.Close()
	for path, want := range map[string]string{
		"/watch/":                 `static/board.js`,
		"/watch/state":            `"title":"a vs b"`,
		"/watch/static/seega.css": `table.board`,
		"/":                       `href="/watch/"`,
	} {
		resp, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(body), want) {
			t.Errorf("%s: status %d, no %q in %.200s", path, resp.StatusCode, want, body)
		}
	}
}
