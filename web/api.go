package web

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"seega/board"
	"seega/engine"
)

// api routes /api/... by hand rather than with ServeMux patterns, so that
// every mistake (a wrong method, an unknown path) gets API.md's JSON error.
func (s *Server) api(w http.ResponseWriter, r *http.Request) {
	parts := strings.Split(strings.Trim(strings.TrimPrefix(r.URL.Path, "/api/"), "/"), "/")
	switch {
	case len(parts) == 1 && parts[0] == "rules":
		if allow(w, r, http.MethodGet) {
			writeJSON(w, http.StatusOK, rulesTable())
		}
	case len(parts) == 1 && parts[0] == "games":
		if allow(w, r, http.MethodPost) {
			s.create(w, r)
		}
	case len(parts) == 2 && parts[0] == "games":
		switch r.Method {
		case http.MethodGet, http.MethodHead:
			s.withGame(w, parts[1], func(gm *game) { s.writeState(w, gm, http.StatusOK) })
		case http.MethodDelete:
			if s.remove(parts[1]) {
				w.WriteHeader(http.StatusNoContent)
			} else {
				writeError(w, http.StatusNotFound, "no game "+quote(parts[1]))
			}
		default:
			w.Header().Set("Allow", "GET, DELETE")
			writeError(w, http.StatusMethodNotAllowed, r.Method+" is not allowed on a game: GET or DELETE")
		}
	case len(parts) == 3 && parts[0] == "games":
		s.gameRequest(w, r, parts[1], parts[2])
	default:
		writeError(w, http.StatusNotFound, "no such API path: "+r.URL.Path)
	}
}

// allow checks the request's method, answering 405 if it is not method.
func allow(w http.ResponseWriter, r *http.Request, method string) bool {
	if r.Method == method || method == http.MethodGet && r.Method == http.MethodHead {
		return true
	}
	w.Header().Set("Allow", method)
	writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("%s is not allowed here: %s", r.Method, method))
	return false
}

// quote is an id for a message, cut short.
func quote(id string) string {
	if len(id) > 40 {
		id = id[:40] + "…"
	}
	return fmt.Sprintf("%q", id)
}

// withGame runs fn with the game of that id, or answers 404.
func (s *Server) withGame(w http.ResponseWriter, id string, fn func(gm *game)) {
	gm := s.lookup(id)
	if gm == nil {
		writeError(w, http.StatusNotFound, "no game "+quote(id)+" (it may have ended, or the server restarted)")
		return
	}
	fn(gm)
}

// writeState answers with the game's state.
func (s *Server) writeState(w http.ResponseWriter, gm *game, status int) {
	gm.mu.Lock()
	st := gm.stateLocked(time.Now())
	gm.mu.Unlock()
	writeJSON(w, status, st)
}

// gameRequest is /api/games/{id}/{verb}.
func (s *Server) gameRequest(w http.ResponseWriter, r *http.Request, id, verb string) {
	method := http.MethodPost
	if verb == "events" {
		method = http.MethodGet
	}
	switch verb {
	case "action", "takeback", "hint", "resign", "events":
	default:
		writeError(w, http.StatusNotFound, "no such API path: "+r.URL.Path)
		return
	}
	if !allow(w, r, method) {
		return
	}
	s.withGame(w, id, func(gm *game) {
		switch verb {
		case "events":
			s.events(w, r, gm)
		case "hint":
			h, err := gm.hint(r.Context())
			if err != nil {
				writeGameError(w, err)
				return
			}
			writeJSON(w, http.StatusOK, h)
		case "action":
			var body struct {
				Action string `json:"action"`
			}
			if !readJSON(w, r, &body) {
				return
			}
			if body.Action == "" {
				writeError(w, http.StatusBadRequest, `the body must name an action: {"action": "d3c3"}`)
				return
			}
			s.change(w, gm, func(now time.Time) error { return gm.humanActionLocked(strings.TrimSpace(body.Action), now) })
		case "takeback":
			s.change(w, gm, gm.takebackLocked)
		case "resign":
			s.change(w, gm, gm.resignLocked)
		}
	})
}

// change runs fn on the game under its lock and answers with the state,
// or with fn's error.
func (s *Server) change(w http.ResponseWriter, gm *game, fn func(now time.Time) error) {
	gm.mu.Lock()
	if gm.gone != "" {
		gm.mu.Unlock()
		writeError(w, http.StatusNotFound, "this game is gone: "+gm.gone)
		return
	}
	now := time.Now()
	if err := fn(now); err != nil {
		gm.mu.Unlock()
		writeGameError(w, err)
		return
	}
	st := gm.stateLocked(now)
	gm.mu.Unlock()
	writeJSON(w, http.StatusOK, st)
}

// writeGameError answers with the status API.md gives err's kind.
func writeGameError(w http.ResponseWriter, err error) {
	var notYours errNotYourTurn
	if errors.As(err, &notYours) {
		writeError(w, http.StatusConflict, err.Error())
		return
	}
	writeError(w, http.StatusBadRequest, err.Error())
}

// createRequest is POST /api/games's body.
type createRequest struct {
	Variant string            `json:"variant"`
	Options map[string]string `json:"options"`
	Human   string            `json:"human"`
	Level   *int              `json:"level"`
	ThinkMs *int              `json:"thinkMs"`
	Clock   *clockSpec        `json:"clock"`
	Fen     string            `json:"fen"`
	Moves   []string          `json:"moves"`
}

// create is POST /api/games.
func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	var req createRequest
	if !readJSON(w, r, &req) {
		return
	}
	gm, err := s.newGame(req)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if err := s.add(gm); err != nil {
		writeError(w, http.StatusServiceUnavailable, err.Error())
		return
	}
	gm.mu.Lock()
	now := time.Now()
	gm.clock.start(gm.g.Position().SideToAct(), now)
	gm.afterChangeLocked(now)
	st := gm.stateLocked(now)
	gm.mu.Unlock()
	writeJSON(w, http.StatusCreated, st)
}

// maxMoves caps a reopened game's moves list.
const maxMoves = 2000

// newGame makes the game req asks for, checking every field.
func (s *Server) newGame(req createRequest) (*game, error) {
	variant := req.Variant
	if variant == "" {
		variant = "egyptian"
	}
	rules, err := board.Preset(strings.ToLower(variant))
	if err != nil {
		return nil, fmt.Errorf("variant %q: not one of %s", variant, strings.Join(board.Variants, ", "))
	}
	// BoardSize first: setting it keeps the other options, and their
	// bounds (LoseAt) depend on it.
	if v, ok := req.Options["BoardSize"]; ok {
		if err := rules.Set("BoardSize", v); err != nil {
			return nil, fmt.Errorf("options: %v", err)
		}
	}
	for _, name := range board.OptionNames {
		v, ok := req.Options[name]
		if !ok || name == "BoardSize" || name == "Variant" {
			continue
		}
		if err := rules.Set(name, v); err != nil {
			return nil, fmt.Errorf("options: %v", err)
		}
	}
	for name := range req.Options {
		if _, ok := board.CanonicalOption(name); !ok || !isOptionName(name) {
			return nil, fmt.Errorf("options: unknown rule option %q (options: %s)", name, strings.Join(board.OptionNames, ", "))
		}
		if name == "Variant" {
			return nil, fmt.Errorf(`options: give the preset as "variant", not as an option`)
		}
	}
	gm := &game{id: newID(), srv: s, subs: map[*subscriber]struct{}{}, lastUsed: time.Now(),
		level: engine.MaxSkill, thinkMs: 1000}
	switch strings.ToLower(req.Human) {
	case "", "white":
		gm.human = board.White
	case "black":
		gm.human = board.Black
	default:
		return nil, fmt.Errorf("human %q: must be white or black", req.Human)
	}
	if req.Level != nil {
		if *req.Level < 0 || *req.Level > engine.MaxSkill {
			return nil, fmt.Errorf("level %d: must be 0 to %d", *req.Level, engine.MaxSkill)
		}
		gm.level = *req.Level
	}
	if req.ThinkMs != nil {
		if *req.ThinkMs < 50 || *req.ThinkMs > 60000 {
			return nil, fmt.Errorf("thinkMs %d: must be 50 to 60000", *req.ThinkMs)
		}
		gm.thinkMs = *req.ThinkMs
	}
	if gm.clock, err = newClock(req.Clock); err != nil {
		return nil, err
	}
	if req.Fen != "" {
		if gm.g, err = board.NewGameFromSeFEN(rules, req.Fen); err != nil {
			return nil, fmt.Errorf("fen: %v", err)
		}
	} else if gm.g, err = board.NewGame(rules); err != nil {
		return nil, fmt.Errorf("rules: %v", err)
	}
	gm.startFen = gm.g.SeFEN()
	if len(req.Moves) > maxMoves {
		return nil, fmt.Errorf("moves: %d of them, over the %d a game may replay", len(req.Moves), maxMoves)
	}
	if err := gm.g.Clone().PlayMoves(req.Moves, board.PerTurn); err != nil {
		return nil, fmt.Errorf("moves: %v", err)
	}
	for _, tok := range req.Moves {
		gm.replayToken(tok)
	}
	return gm, nil
}

// isOptionName reports whether name is a rule option spelled as RULES.md
// spells it: the API takes the exact names, so that a page's typo is
// caught rather than matched.
func isOptionName(name string) bool {
	for _, n := range board.OptionNames {
		if n == name {
			return true
		}
	}
	return false
}

// replayToken plays one token of a moves list already checked with
// PlayMoves, recording it as a turn: an optional chain left open at the
// token's end is stopped, as PerTurn does.
func (gm *game) replayToken(tok string) {
	now := time.Now()
	n := gm.g.Position().Size()
	actions, _ := board.ParseTurn(tok, n)
	for _, a := range actions {
		legal, ok := gm.g.Legalize(a)
		if !ok {
			return
		}
		gm.makeLocked(legal, now)
	}
	if len(gm.partial) > 0 {
		if stop, ok := gm.g.Legalize(board.Pass()); ok {
			gm.makeLocked(stop, now)
		}
	}
}
