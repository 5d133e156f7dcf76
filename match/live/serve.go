package live

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// Serve listens on addr (host:port; port 0 picks a free one) and serves
// s there until shutdown is called. It returns the page's URL.
func Serve(addr string, s *Server) (url string, shutdown func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", nil, err
	}
	hs := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			_ = err // the listener is gone; nothing to tell but the browser's retry
		}
	}()
	shutdown = func() {
		s.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = hs.Shutdown(ctx)
	}
	return "http://" + ln.Addr().String() + "/", shutdown, nil
}
