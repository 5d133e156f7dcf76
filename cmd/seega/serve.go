package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/spf13/pflag"

	"seega/board"
	"seega/engine"
	"seega/search"
	"seega/web"
)

func init() {
	register("serve", "play the engine in a browser: serves the board at http://127.0.0.1:8080", runServe)
}

// runServe is `seega serve`: flag parsing and wiring; the site is
// package web's.
func runServe(args []string) int {
	fs := pflag.NewFlagSet("serve", pflag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: seega serve [--addr HOST:PORT] [--hash MB] [--threads N] [--tb DIR] [--max-games N] [--watch URL]")
		fmt.Fprintln(os.Stderr, `
Serves a site where people play Seega against the engine in a browser:
open http://127.0.0.1:8080 (the --addr given). Every preset and rule option,
a level, clocks, takeback, hints, the engine's analysis as it thinks, and
links that reopen a game. The page is in the binary: no internet needed.

Each game has its own searcher with a --hash MiB table, allocated at the
engine's first turn, so the server's memory is about max-games × hash
(32 × 16 MiB = 512 MiB by default, plus about 0.4 MiB a game); the Go
runtime is given a soft limit a quarter above that (GOMEMLIMIT overrides). Creating one game more
than --max-games closes the game used least recently. Searches run at most
one per core at once; the others wait their turn.

--watch http://HOST:PORT/ shows the live view of a tournament that
'seega match --serve HOST:PORT' runs at /watch/. Ctrl-C (or SIGTERM) stops
the searches, ends the pages' streams and exits.`)
		fmt.Fprintln(os.Stderr)
		fs.PrintDefaults()
	}
	addr := fs.String("addr", "127.0.0.1:8080", "the address to listen on (host:port; port 0 picks a free one)")
	hash := fs.Int("hash", 16, "each game's transposition table, MiB")
	threads := fs.Int("threads", 1, "search threads of each game's searcher")
	tb := fs.String("tb", "", "a directory of endgame tables (seega tb generate)")
	maxGames := fs.Int("max-games", web.DefaultMaxGames, "the games held at once; one more closes the one used least recently")
	watch := fs.String("watch", "", "the URL of a 'seega match --serve' live view to show at /watch/")
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if status := noArguments(fs); status != 0 {
		return status
	}
	switch {
	case *hash < 1 || *hash > 65536:
		return usageError(fs, "--hash %d: must be 1 to 65536 (MiB)", *hash)
	case *threads < 1 || *threads > 256:
		return usageError(fs, "--threads %d: must be 1 to 256", *threads)
	case *maxGames < 1 || *maxGames > 100000:
		return usageError(fs, "--max-games %d: must be 1 to 100000", *maxGames)
	}
	if *tb != "" {
		if st, err := os.Stat(*tb); err != nil || !st.IsDir() {
			return usageError(fs, "--tb %s: not a directory", *tb)
		}
	}
	cfg := web.Config{
		NewSearcher: newAlphaBeta,
		Options:     engine.Options{HashMB: *hash, Threads: *threads, Contempt: search.Contempt, OwnBook: true},
		MaxGames:    *maxGames,
	}
	if *tb != "" {
		cfg.Tablebase = tablebaseCache(*tb)
	}
	if *watch != "" {
		u, err := url.Parse(*watch)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return usageError(fs, "--watch %q: want the live view's URL, such as http://127.0.0.1:8081/", *watch)
		}
		cfg.Watch = watchProxy(u)
	}
	setMemoryLimit(*maxGames, *hash)
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return usageError(fs, "--addr %s: %v", *addr, err)
	}
	site := web.New(cfg)
	hs := &http.Server{Handler: site.Handler(), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(os.Stderr, "seega serve: open http://%s/ (Ctrl-C to stop)\n", ln.Addr())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		fmt.Fprintln(os.Stderr, "seega serve:", err)
		return 1
	case <-ctx.Done():
	}
	fmt.Fprintln(os.Stderr, "seega serve: stopping")
	site.Close()
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(os.Stderr, "seega serve:", err)
		return 1
	}
	return 0
}

// watchProxy serves the live view at u (a `seega match --serve` server)
// as if it were the site's own: its page, its events and its assets.
func watchProxy(u *url.URL) http.Handler {
	return httputil.NewSingleHostReverseProxy(u)
}

// setMemoryLimit gives the Go runtime a soft memory limit a quarter above
// what the games' searchers hold at most (each its table and about
// 0.4 MiB besides), so that the tables of evicted games are collected
// before the heap doubles, as it may by default. GOMEMLIMIT, when set,
// wins.
func setMemoryLimit(maxGames, hashMB int) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	const mib = 1 << 20
	budget := int64(maxGames) * (int64(hashMB)*mib + mib/2)
	debug.SetMemoryLimit(budget + budget/4 + 64*mib)
}

// tablebaseCache opens dir's tables once for each rule set the games
// use; a rule set the directory has no tables for has none.
func tablebaseCache(dir string) func(board.Rules) engine.Tablebase {
	var mu sync.Mutex
	opened := map[string]engine.Tablebase{}
	return func(r board.Rules) engine.Tablebase {
		mu.Lock()
		defer mu.Unlock()
		key := r.String()
		if t, ok := opened[key]; ok {
			return t
		}
		t, err := openTablebase(dir, r)
		if err != nil {
			fmt.Fprintf(os.Stderr, "seega serve: no endgame tables for %s: %v\n", strings.Fields(key)[0], err)
			t = nil
		}
		opened[key] = t
		return t
	}
}
