// Package live serves a tournament to spectators: an HTML page that
// draws every running game's board turn by turn, with the last turn,
// captures and clocks, and the standings, kept up to date with
// server-sent events.
//
// A Server is a match.Observer: hand it to match.Config.Observer, and
// serve its Handler. Server-sent events suit this one-way stream better
// than websockets: the browser reconnects by itself, and the standard
// library serves them.
package live

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"time"

	"seega/match"
	"seega/web/static"
)

//go:embed page.html
var page []byte

// keptFinished is how many ended games the page lists.
const keptFinished = 12

// Server holds what spectators see and streams it to them.
type Server struct {
	// MinInterval is the least time between two updates to one client:
	// turns can come faster than a browser wants to draw them, and only
	// the latest state matters.
	MinInterval time.Duration

	mu        sync.Mutex
	title     string
	games     map[int]match.GameView // the latest game of each slot
	finished  []match.GameView       // the last games that ended, newest first
	standings match.Standings
	version   uint64
	subs      map[chan struct{}]struct{}
	closed    chan struct{}
}

// New makes a Server whose page carries title.
func New(title string) *Server {
	return &Server{
		MinInterval: 100 * time.Millisecond,
		title:       title,
		games:       map[int]match.GameView{},
		subs:        map[chan struct{}]struct{}{},
		closed:      make(chan struct{}),
	}
}

// Game records a game's new state (match.Observer).
func (s *Server) Game(v match.GameView) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.games[v.Slot] = v
	if v.Over {
		s.finished = append([]match.GameView{v}, s.finished...)
		if len(s.finished) > keptFinished {
			s.finished = s.finished[:keptFinished]
		}
	}
	s.changedLocked()
}

// Standings records new standings (match.Observer).
func (s *Server) Standings(st match.Standings) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.standings = st
	s.changedLocked()
}

// changedLocked bumps the version and wakes every client. A client that
// has not caught up yet already has a wake-up pending: one is enough.
func (s *Server) changedLocked() {
	s.version++
	for c := range s.subs {
		select {
		case c <- struct{}{}:
		default:
		}
	}
}

// Close ends every event stream, so that an http.Server can shut down.
func (s *Server) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	select {
	case <-s.closed:
	default:
		close(s.closed)
	}
}

// Handler serves the page at /, the state as JSON at /state, the
// stream of states at /events, and the shared assets at /static/.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.Write(page)
	})
	mux.HandleFunc("GET /state", func(w http.ResponseWriter, r *http.Request) {
		body, err := s.snapshot()
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		w.Write(body)
	})
	mux.HandleFunc("GET /events", s.events)
	// The page's style and board drawing are the site's (package
	// web/static), so that a tournament looks like a game of seega serve.
	mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(static.FS)))
	return mux
}

// events streams the state: once at once, then after every change, at
// most once per MinInterval.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	wake := make(chan struct{}, 1)
	wake <- struct{}{}
	s.mu.Lock()
	s.subs[wake] = struct{}{}
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.subs, wake)
		s.mu.Unlock()
	}()
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	keepAlive := time.NewTicker(15 * time.Second)
	defer keepAlive.Stop()
	for {
		select {
		case <-wake:
			body, err := s.snapshot()
			if err != nil {
				return
			}
			if _, err := fmt.Fprintf(w, "event: state\ndata: %s\n\n", body); err != nil {
				return
			}
			flusher.Flush()
			select {
			case <-time.After(s.MinInterval):
			case <-r.Context().Done():
				return
			case <-s.closed:
				return
			}
		case <-keepAlive.C:
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
				return
			}
			flusher.Flush()
		case <-r.Context().Done():
			return
		case <-s.closed:
			return
		}
	}
}

// snapshot is the state as the page reads it.
func (s *Server) snapshot() ([]byte, error) {
	s.mu.Lock()
	st := state{Title: s.title, Version: s.version, Finished: s.finished, Standings: newStandings(s.standings)}
	for _, g := range s.games {
		st.Games = append(st.Games, g)
	}
	s.mu.Unlock()
	slices.SortFunc(st.Games, func(a, b match.GameView) int { return a.Slot - b.Slot })
	if st.Games == nil {
		st.Games = []match.GameView{}
	}
	if st.Finished == nil {
		st.Finished = []match.GameView{}
	}
	return json.Marshal(st)
}

// state is what /state and /events send.
type state struct {
	Title     string           `json:"title"`
	Version   uint64           `json:"version"`
	Games     []match.GameView `json:"games"`
	Finished  []match.GameView `json:"finished"`
	Standings standings        `json:"standings"`
}
