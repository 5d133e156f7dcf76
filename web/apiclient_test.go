package web_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"testing"
	"time"
)

// apiClient speaks the JSON API of web/API.md to a running server, for
// the tests that set games up or check them apart from the page.
type apiClient struct {
	t    testing.TB
	base string // the server's URL, without a trailing slash
	hc   *http.Client
}

func newAPIClient(t testing.TB, base string) *apiClient {
	return &apiClient{t: t, base: base, hc: &http.Client{Timeout: 30 * time.Second}}
}

// call sends one request (body JSON-encoded unless nil) and returns the
// status and the body.
func (c *apiClient) call(method, path string, body any) (int, []byte, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, c.base+path, rd)
	if err != nil {
		return 0, nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	return resp.StatusCode, raw, err
}

// mustCall is call, failing the test unless the status is want; it
// decodes the body into out when out is not nil.
func (c *apiClient) mustCall(method, path string, body any, want int, out any) {
	c.t.Helper()
	status, raw, err := c.call(method, path, body)
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, path, err)
	}
	if status != want {
		c.t.Fatalf("%s %s: status %d, want %d: %s", method, path, status, want, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			c.t.Fatalf("%s %s: the body is not the JSON expected: %v: %s", method, path, err, raw)
		}
	}
}

// newGame creates a game (POST /api/games) and returns its state.
func (c *apiClient) newGame(req map[string]any) apiState {
	c.t.Helper()
	var st apiState
	c.mustCall("POST", "/api/games", req, http.StatusCreated, &st)
	return st
}

// state reads a game's state.
func (c *apiClient) state(id string) apiState {
	c.t.Helper()
	var st apiState
	c.mustCall("GET", "/api/games/"+id, nil, http.StatusOK, &st)
	return st
}

// waitHuman polls the game until the person may act or the game is over.
func (c *apiClient) waitHuman(id string, timeout time.Duration) apiState {
	c.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		st := c.state(id)
		if st.Over || st.humanToAct() {
			return st
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("game %s: the engine did not answer within %v: %+v", id, timeout, st)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// errorBody checks that a 4xx body is {"error": "<a sentence>"}.
func errorBody(raw []byte) error {
	var e struct {
		Error string `json:"error"`
	}
	if err := json.Unmarshal(raw, &e); err != nil {
		return fmt.Errorf("the error body is not JSON: %v: %q", err, raw)
	}
	if e.Error == "" {
		return fmt.Errorf("the error body has no error message: %q", raw)
	}
	return nil
}
