package main

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"
)

// neverStarting is a match whose engines are not there: every game is
// a forfeit, decided at once, with no engine to run.
var neverStarting = []string{"match", "--engine", "a=/nonexistent/engine", "--engine", "b=/nonexistent/engine",
	"--rounds", "1", "--start-timeout", "5s"}

// TestMatchEngineNeverStartedFails: a tournament in which an engine never
// started writes its standings, names the engine, and exits 1, so that a
// script does not take it for a tournament played (it exited 0).
func TestMatchEngineNeverStartedFails(t *testing.T) {
	status, stderr := runCaptured(t, neverStarting...)
	if status != 1 {
		t.Errorf("exit status %d, want 1", status)
	}
	for _, want := range []string{"engine a never started", "engine b never started"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
}

// TestMatchLiveViewOutlivesTheMatch: with --serve, the live view goes on
// serving the final standings after the tournament ends, for
// --serve-linger, rather than dying with it (the page then showed
// "disconnected" instead of the result).
func TestMatchLiveViewOutlivesTheMatch(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	oldErr, oldOut, oldIn := os.Stderr, os.Stdout, os.Stdin
	os.Stderr, os.Stdout, os.Stdin = w, null, null
	defer func() { os.Stderr, os.Stdout, os.Stdin = oldErr, oldOut, oldIn }()

	const linger = 3 * time.Second
	start := time.Now()
	done := make(chan int, 1)
	go func() {
		done <- run(append(neverStarting, "--serve", "127.0.0.1:0", "--serve-linger", linger.String()))
		w.Close()
	}()
	sc := bufio.NewScanner(r)
	var url string
	lingering := false
	for sc.Scan() {
		line := sc.Text()
		if u, ok := strings.CutPrefix(line, "live view at "); ok {
			url = u
		}
		if strings.Contains(line, "shows the final standings for 3s") {
			lingering = true
			break
		}
	}
	go io.Copy(io.Discard, r)
	if url == "" || !lingering {
		t.Fatalf("no live view URL (%q) or no word of lingering", url)
	}
	resp, err := http.Get(url + "state")
	if err != nil {
		t.Fatalf("the live view is gone after the end: %v", err)
	}
	var st struct {
		Standings struct {
			Done, Total int
			Final       bool
		}
	}
	err = json.NewDecoder(resp.Body).Decode(&st)
	resp.Body.Close()
	if err != nil || !st.Standings.Final || st.Standings.Done != st.Standings.Total || st.Standings.Total == 0 {
		t.Errorf("after the end the view shows %+v (%v); want the final standings, all games done", st.Standings, err)
	}
	status := <-done
	if d := time.Since(start); d < linger {
		t.Errorf("ended after %v, before --serve-linger %v", d, linger)
	}
	if status != 1 {
		t.Errorf("exit status %d, want 1 (the engines never started)", status)
	}
}
