// Package static holds the site's assets, embedded: the page of `seega
// serve` and the style and board drawing it shares with the live view of
// `seega match --serve`, so that both have one look. It is a package of
// its own so that match/live can serve them without importing the game
// server.
package static

import "embed"

// FS holds index.html, nowatch.html, seega.css and the JavaScript modules.
//
//go:embed *.html *.css *.js
var FS embed.FS
