package book

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"seega/board"
	"seega/engine"
	"seega/firststep"
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
//
// Under the same conditions, where the rules' first movement step is
// solved exactly (package firststep: no chain, no line capture, four
// directions) and the book has no turn, it restricts the search to the
// placement turns that keep that step's captures where best play puts
// them: the search then chooses among them by its own lights.
type Searcher struct {
	inner engine.Searcher
	book  *Book             // the book for the rules, nil if there is none
	err   error             // why the book for the rules could not be loaded
	said  bool              // err has been reported once
	on    bool              // OwnBook
	full  bool              // no Level below full strength
	first *firststep.Solver // nil where the rules' first step is not solved
}

// NewSearcher wraps inner, a searcher for the rules r, with the embedded
// book for r (if any; see Embedded).
func NewSearcher(inner engine.Searcher, r board.Rules) *Searcher {
	b, err := Embedded(r)
	return WithBook(inner, b, err).WithFirstStep(r)
}

// WithBook wraps inner with the book b (nil: none); err, if not nil, is
// why there is no book, reported once in an info string when the book
// would have been asked.
func WithBook(inner engine.Searcher, b *Book, err error) *Searcher {
	return &Searcher{inner: inner, book: b, err: err, full: true}
}

// WithFirstStep adds the first-step solver of s's rules r, where it
// applies, and solves it whole now (tens of milliseconds on 5×5), so
// that no search pays for it: searchers are built at isready. It
// returns s.
func (s *Searcher) WithFirstStep(r board.Rules) *Searcher {
	if fs, err := firststep.New(r); err == nil {
		fs.SolveAll()
		s.first = fs
	}
	return s
}

// Search plays the book's turn for g if the book has one and may be
// used, and otherwise searches.
func (s *Searcher) Search(ctx context.Context, g *board.Game, lim engine.Limits, info func(engine.Info)) engine.Result {
	if s.on && s.full && lim.SearchMoves == nil && lim.MultiPV <= 1 && !lim.Infinite {
		only := s.firstStep(g, info)
		if res, ok := s.fromBook(g, info, only); ok {
			return res
		}
		lim.SearchMoves = only
	}
	return s.inner.Search(ctx, g, lim, info)
}

// fromBook is the book's turn for g as a search result, reported as an
// info string naming the entry and one info line. Where only is not nil,
// a book turn outside it is not played: the book's deep search, which
// stops short of the placement's end, gives way to the first step's
// exact solution.
func (s *Searcher) fromBook(g *board.Game, info func(engine.Info), only [][]board.Action) (engine.Result, bool) {
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
	if !ok || (only != nil && !slices.ContainsFunc(only, func(t []board.Action) bool { return samePlacement(t, turn) })) {
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

// firstStep returns the placement turns that keep the first step's
// value, where the solver applies and rules some turn out (nil
// otherwise), and says so in an info string.
func (s *Searcher) firstStep(g *board.Game, info func(engine.Info)) [][]board.Action {
	if s.first == nil {
		return nil
	}
	c, ok := s.first.Best(g) // not ok outside placement
	if !ok || !c.Restricts() {
		return nil
	}
	if info != nil {
		info(engine.Info{Text: fmt.Sprintf("firststep: %d of %d turns keep the first step at %d", len(c.Turns), c.Legal, c.Value)})
	}
	return c.Turns
}

// samePlacement reports whether the placement turns a and b put the same
// stones, in whichever order.
func samePlacement(a, b []board.Action) bool {
	return len(a) == len(b) && !slices.ContainsFunc(a, func(x board.Action) bool {
		return !slices.ContainsFunc(b, x.Same)
	})
}

// NewGame forgets the game in the searcher it wraps.
func (s *Searcher) NewGame() { s.inner.NewGame() }

// SetOptions takes OwnBook and Level for the book and hands o on.
func (s *Searcher) SetOptions(o engine.Options) {
	s.on, s.full = o.OwnBook, o.Level.FullStrength()
	s.inner.SetOptions(o)
}
