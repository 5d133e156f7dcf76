package web

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"seega/board"
	"seega/engine"
	"seega/web/static"
)

// Config is what a Server is made with.
type Config struct {
	// NewSearcher makes a game's searcher for its rules (an
	// engine.Factory's New).
	NewSearcher func(r board.Rules, o engine.Options) engine.Searcher
	// Options are every searcher's: Hash (each game's table, MiB),
	// Threads, Contempt. The game's level is added to them.
	Options engine.Options
	// Tablebase, if not nil, gives the endgame tables for a rule set (nil
	// for none).
	Tablebase func(r board.Rules) engine.Tablebase
	// MaxGames caps the games held; one more drops the one touched least
	// recently. 0 means DefaultMaxGames.
	MaxGames int
	// MaxSearches caps the engine's searches that run at once; the others
	// wait. 0 means the number of CPUs.
	MaxSearches int
	// StreamGrace is how long the engine goes on searching after the last
	// page following its game has gone, before it is hurried (a reload
	// comes back within it). 0 means DefaultStreamGrace.
	StreamGrace time.Duration
	// Watch, if not nil, serves /watch/ (with the prefix stripped): a
	// tournament's live view.
	Watch http.Handler
}

// DefaultMaxGames is the games a server holds unless told otherwise.
const DefaultMaxGames = 32

// DefaultStreamGrace is how long a search goes on with no page watching.
const DefaultStreamGrace = 2 * time.Second

// maxBody caps a request's body.
const maxBody = 64 << 10

// Server is the site: the games, the API and the page.
type Server struct {
	cfg   Config
	cores chan struct{} // a token for each search allowed at once

	mu     sync.Mutex
	games  map[string]*game
	closed bool

	searches atomic.Int64 // the engine's searches under way, for tests
}

// New makes a Server.
func New(cfg Config) *Server {
	if cfg.MaxGames <= 0 {
		cfg.MaxGames = DefaultMaxGames
	}
	if cfg.StreamGrace <= 0 {
		cfg.StreamGrace = DefaultStreamGrace
	}
	if cfg.MaxSearches <= 0 {
		cfg.MaxSearches = runtime.NumCPU()
	}
	return &Server{cfg: cfg, cores: make(chan struct{}, cfg.MaxSearches), games: map[string]*game{}}
}

// Handler serves the site: the page at /, its assets at /static/, the
// API at /api/, the tournament view at /watch/.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			writeError(w, http.StatusMethodNotAllowed, "the page is read with GET")
			return
		}
		serveAsset(w, r, "index.html")
	})
	mux.Handle("/static/", http.StripPrefix("/static/", http.FileServerFS(static.FS)))
	mux.HandleFunc("/api/", s.api)
	mux.HandleFunc("/watch", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/watch/", http.StatusFound)
	})
	if s.cfg.Watch != nil {
		mux.Handle("/watch/", http.StripPrefix("/watch", s.cfg.Watch))
	} else {
		mux.HandleFunc("/watch/", func(w http.ResponseWriter, r *http.Request) {
			serveAsset(w, r, "nowatch.html")
		})
	}
	return mux
}

// serveAsset writes one embedded page.
func serveAsset(w http.ResponseWriter, r *http.Request, name string) {
	body, err := static.FS.ReadFile(name)
	if err != nil {
		writeError(w, http.StatusNotFound, "no such page")
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(body)
}

// Close drops every game (their searches stop, their streams end with
// `gone`) and refuses new ones: for a graceful shutdown.
func (s *Server) Close() {
	s.mu.Lock()
	s.closed = true
	games := s.games
	s.games = map[string]*game{}
	s.mu.Unlock()
	for _, gm := range games {
		gm.mu.Lock()
		gm.dropLocked("the server is shutting down")
		gm.mu.Unlock()
	}
}

// Searches is the number of the engine's searches under way (waiting
// for a core included).
func (s *Server) Searches() int { return int(s.searches.Load()) }

// Games is the number of games held.
func (s *Server) Games() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.games)
}

// add holds gm, dropping the least recently used games over the cap.
func (s *Server) add(gm *game) error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return errors.New("the server is shutting down")
	}
	var evicted []*game
	for len(s.games) >= s.cfg.MaxGames {
		var oldest *game
		var when time.Time
		for _, g := range s.games {
			t := g.touched()
			if oldest == nil || t.Before(when) {
				oldest, when = g, t
			}
		}
		delete(s.games, oldest.id)
		evicted = append(evicted, oldest)
	}
	s.games[gm.id] = gm
	s.mu.Unlock()
	for _, g := range evicted {
		g.mu.Lock()
		g.dropLocked("this game was closed to make room for a newer one (the server holds at most a fixed number of games); start a new game")
		g.mu.Unlock()
	}
	return nil
}

// lookup is the game of that id, touched, or nil.
func (s *Server) lookup(id string) *game {
	s.mu.Lock()
	gm := s.games[id]
	s.mu.Unlock()
	if gm != nil {
		gm.touch()
	}
	return gm
}

// remove drops the game of that id; false if there is none.
func (s *Server) remove(id string) bool {
	s.mu.Lock()
	gm := s.games[id]
	delete(s.games, id)
	s.mu.Unlock()
	if gm == nil {
		return false
	}
	gm.mu.Lock()
	gm.dropLocked("this game was deleted")
	gm.mu.Unlock()
	return true
}

// touch marks the game as used now, for the eviction's order.
func (gm *game) touch() {
	gm.mu.Lock()
	gm.lastUsed = time.Now()
	gm.mu.Unlock()
}

func (gm *game) touched() time.Time {
	gm.mu.Lock()
	defer gm.mu.Unlock()
	return gm.lastUsed
}

// newID is a fresh game id: 12 URL-safe characters from 72 random bits.
func newID() string {
	var b [9]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// writeJSON writes v with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		status, body = http.StatusInternalServerError, []byte(`{"error":"the server could not write its answer"}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(body)
	w.Write([]byte("\n"))
}

// writeError writes API.md's error body.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

// readJSON reads the request's body, at most maxBody bytes, into v; an
// empty body leaves v as it is. It writes the error answer itself and
// returns false on any mistake.
func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeError(w, http.StatusRequestEntityTooLarge, "the request body is over 64 KiB")
		} else {
			writeError(w, http.StatusBadRequest, "the request body could not be read")
		}
		return false
	}
	if strings.TrimSpace(string(body)) == "" {
		return true
	}
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		writeError(w, http.StatusBadRequest, "bad JSON: "+err.Error())
		return false
	}
	if dec.More() {
		writeError(w, http.StatusBadRequest, "bad JSON: more than one value in the body")
		return false
	}
	return true
}
