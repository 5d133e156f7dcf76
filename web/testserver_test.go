package web_test

import (
	"net/http/httptest"
	"testing"

	"seega/board"
	"seega/engine"
	"seega/eval"
	"seega/search"
	"seega/web"
)

// newAlphaBeta is the searcher `seega serve` plays with (cmd/seega's
// default), built here as the command builds it.
func newAlphaBeta(r board.Rules, o engine.Options) engine.Searcher {
	s := search.New(o, eval.New(r))
	s.SetOptions(o)
	return s
}

// newServer makes a Server with hashMB MiB a game and room for
// maxGames games, closed when the test ends.
func newServer(t testing.TB, maxGames, hashMB int) *web.Server {
	t.Helper()
	srv := web.New(web.Config{
		NewSearcher: newAlphaBeta,
		Options:     engine.Options{HashMB: hashMB, Threads: 1},
		MaxGames:    maxGames,
	})
	t.Cleanup(srv.Close)
	return srv
}

// serveLoopback serves srv on a loopback port for the test's length and
// returns its URL. The server's Close comes first at the end (its event
// streams end with it), so that httptest's Close has no request left to
// wait for.
func serveLoopback(t testing.TB, srv *web.Server) string {
	t.Helper()
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		srv.Close()
		ts.CloseClientConnections()
		ts.Close()
	})
	return ts.URL
}
