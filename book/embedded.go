package book

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sync"

	"seega/board"
)

// The books built for the engine, one file a rule set (docs/book.md lists
// them and the commands that built them).
//
//go:embed books
var embedded embed.FS

// Shipped is one embedded book file: its name and the book, or why it
// could not be read.
type Shipped struct {
	Name string
	Book *Book
	Err  error
}

var shipped = sync.OnceValue(func() []Shipped {
	names, err := fs.Glob(embedded, "books/*.book")
	if err != nil {
		panic("book: the embedded books: " + err.Error())
	}
	var out []Shipped
	for _, name := range names {
		data, err := embedded.ReadFile(name)
		var b *Book
		if err == nil {
			b, err = Parse(data)
		}
		out = append(out, Shipped{Name: path.Base(name), Book: b, Err: err})
	}
	return out
})

// All is every embedded book, read once.
func All() []Shipped { return shipped() }

// ErrNoBook means that no book was built for the rules.
var ErrNoBook = errors.New("no book for these rules")

// Embedded is the embedded book for the rules r: ErrNoBook if there is
// none, or the error of a file that claims the rules but cannot be read.
// A damaged file whose rules cannot be read at all is reported here for
// every rule set on 5×5, since it may have been theirs.
func Embedded(r board.Rules) (*Book, error) {
	want := r.String()
	var damaged error
	for _, s := range All() {
		switch {
		case s.Err != nil:
			damaged = fmt.Errorf("embedded %s: %w", s.Name, s.Err)
		case s.Book.Rules == want:
			return s.Book, nil
		}
	}
	if damaged != nil && r.BoardSize == Size {
		return nil, damaged
	}
	return nil, ErrNoBook
}
