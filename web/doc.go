// Package web is the site of `seega serve`: a person plays Seega against
// the engine in a browser. It holds the games (a board.Game, one
// engine.Searcher made for the game's rules, and the clocks), the JSON
// API the page speaks (API.md is its contract), the server-sent events
// that carry each change and the engine's progress, and the page itself,
// embedded from package web/static so that the site works offline.
//
// The engine runs in-process: a person's completed turn starts the
// engine's reply in a goroutine, whose context is cancelled when the
// reply is no longer wanted (takeback, resignation, the game dropped) or
// hurried when no page watches any more. A Server caps the games it holds
// and the searches it runs at once, so that no browser can make it grow
// without bound.
package web
