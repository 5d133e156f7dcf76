package book

import (
	"context"
	"errors"
	"fmt"

	"seega/board"
	"seega/engine"
)

// Searcher is an engine.Searcher that plays the book's turn at once where
// it has one and searches with the searcher it wraps everywhere else.
// Every front end (UGI, GTP, the web board) builds its searchers through
// the same constructors, so wrapping them there gives all of them the
// book. It plays from the book only when the options ask for it
// (engine.Options.OwnBook), at full strength (a Level plays weaker by
// searching less, which a book turn would undo), and for an ordinary
// search: not under searchmoves, MultiPV or an infinite analysis, which
// ask for the search's own lines.
type Searcher struct {
	inner engine.Searcher
	book  *Book // the book for the rules, nil if there is none
	err   error // why the book for the rules could not be loaded
	said  bool  // err has been reported once
	on    bool  // OwnBook
	full  bool  // no Level below full strength
}

// NewSearcher wraps inner, a searcher for the rules r, with the embedded
// book for r (if any; see Embedded).
func NewSearcher(inner engine.Searcher, r board.Rules) *Searcher {
	b, err := Embedded(r)
	return WithBook(inner, b, err)
}

// WithBook wraps inner with the book b (nil: none); err, if not nil, is
// why there is no book, reported once in an info string when the book
// would have been asked.
func WithBook(inner engine.Searcher, b *Book, err error) *Searcher {
	return &Searcher{inner: inner, book: b, err: err, full: true}
}

// Search plays the book's turn for g if the book has one and may be
// used, and otherwise searches.
func (s *Searcher) Search(ctx context.Context, g *board.Game, lim engine.Limits, info func(engine.Info)) engine.Result {
	if s.on && s.full && lim.SearchMoves == nil && lim.MultiPV <= 1 && !lim.Infinite {
		if res, ok := s.fromBook(g, info); ok {
			return res
		}
	}
	return s.inner.Search(ctx, g, lim, info)
}

// fromBook is the book's turn for g as a search result, reported as an
// info string naming the entry and one info line.
func (s *Searcher) fromBook(g *board.Game, info func(engine.Info)) (engine.Result, bool) {
	if s.book == nil {
		// A rule set with no book is common and not worth a line; a
		// book that could not be read is.
		if s.err != nil && !errors.Is(s.err, ErrNoBook) && !s.said && info != nil && g.Position().Placement() {
			s.said = true
			info(engine.Info{Text: fmt.Sprintf("book: none: %v", s.err)})
		}
		return engine.Result{}, false
	}
	turn, e, ok := s.book.Probe(g)
	if !ok {
		return engine.Result{}, false
	}
	depth := e.Depth + e.Height
	if info != nil {
		n := g.Position().Size()
		info(engine.Info{Text: fmt.Sprintf("book %s score cp %d depth %d height %d nodes %d",
			board.TurnString(turn, n), e.Score, e.Depth, e.Height, e.Nodes)})
		info(engine.Info{Depth: depth, SelDepth: depth, Score: e.Score, MultiPV: 1, PV: [][]board.Action{turn}})
	}
	return engine.Result{Best: turn, Score: e.Score, Depth: depth}, true
}

// NewGame forgets the game in the searcher it wraps.
func (s *Searcher) NewGame() { s.inner.NewGame() }

// SetOptions takes OwnBook and Level for the book and hands o on.
func (s *Searcher) SetOptions(o engine.Options) {
	s.on, s.full = o.OwnBook, o.Level.FullStrength()
	s.inner.SetOptions(o)
}
