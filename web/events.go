package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// subscriber is one page's event stream. wake holds at most one pending
// wake-up: a slow page gets the newest state, not every one; infos drops
// reports a slow page has no room for.
type subscriber struct {
	wake  chan struct{}
	infos chan []byte
}

func (s *subscriber) wakeUp() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

func (s *subscriber) sendInfo(body []byte) {
	select {
	case s.infos <- body:
	default:
	}
}

// keepAlive is how often an idle stream sends a comment, so that proxies
// and browsers keep it open.
const keepAlive = 15 * time.Second

// events is GET /api/games/{id}/events (API.md, Events).
func (s *Server) events(w http.ResponseWriter, r *http.Request, gm *game) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		writeError(w, http.StatusNotAcceptable, "this connection cannot stream events")
		return
	}
	sub := &subscriber{wake: make(chan struct{}, 1), infos: make(chan []byte, 16)}
	sub.wakeUp()
	gm.mu.Lock()
	gm.subs[sub] = struct{}{}
	gm.mu.Unlock()
	defer gm.unsubscribe(sub)

	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	flusher.Flush()
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	send := func(event string, data []byte) bool {
		if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, data); err != nil {
			return false
		}
		flusher.Flush()
		return true
	}
	for {
		select {
		case <-sub.wake:
			// Reports made before the change go first, in their order.
			for drained := false; !drained; {
				select {
				case body := <-sub.infos:
					if !send("info", body) {
						return
					}
				default:
					drained = true
				}
			}
			gm.mu.Lock()
			gone := gm.gone
			var body []byte
			var err error
			if gone == "" {
				body, err = json.Marshal(gm.stateLocked(time.Now()))
			}
			gm.mu.Unlock()
			if gone != "" {
				data, _ := json.Marshal(map[string]string{"error": gone})
				send("gone", data)
				return
			}
			if err != nil || !send("state", body) {
				return
			}
		case body := <-sub.infos:
			if !send("info", body) {
				return
			}
		case <-tick.C:
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
				return
			}
			flusher.Flush()
		case <-r.Context().Done():
			return
		}
	}
}

// unsubscribe ends a page's stream. When it was the last, a search under
// way is hurried if no page comes back within the server's StreamGrace
// (a reload closes the stream and opens another at once): nobody is
// watching it think.
func (gm *game) unsubscribe(sub *subscriber) {
	gm.mu.Lock()
	defer gm.mu.Unlock()
	delete(gm.subs, sub)
	if len(gm.subs) > 0 || !gm.thinking {
		return
	}
	id := gm.searchID
	if gm.alone != nil {
		gm.alone.Stop()
	}
	gm.alone = time.AfterFunc(gm.srv.cfg.StreamGrace, func() {
		gm.mu.Lock()
		defer gm.mu.Unlock()
		if len(gm.subs) == 0 && gm.thinking && gm.searchID == id {
			gm.hurry()
		}
	})
}
