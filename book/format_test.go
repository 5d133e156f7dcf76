package book

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"seega/board"
)

// sampleBook is a small book of made-up but well-formed entries for the
// egyptian rules.
func sampleBook(t *testing.T) *Book {
	t.Helper()
	r, err := board.Preset("egyptian")
	if err != nil {
		t.Fatal(err)
	}
	b := &Book{Rules: r.String(), Command: "seega book build --plies 1 --nodes 1000 --out x.book\nseega book extend x.book --plies 2"}
	// The start, and White on a1 and e5 with Black to act.
	start := Key(0)
	after := Key(1|1<<24) | sideBit
	b.Entries = []Entry{
		{Key: start, Turn: [2]board.Square{1, 3}, Score: 127, Depth: 4, Height: 1, Nodes: 4000000},
		{Key: after, Turn: [2]board.Square{6, 18}, Score: -maxScore, Depth: 7, Height: 0, Nodes: 1000},
	}
	return b
}

func TestFormatRoundTrip(t *testing.T) {
	b := sampleBook(t)
	data, err := b.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	got, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if got.Rules != b.Rules || got.Command != b.Command || len(got.Entries) != len(b.Entries) {
		t.Fatalf("read back %+v, wrote %+v", got, b)
	}
	for i := range b.Entries {
		if got.Entries[i] != b.Entries[i] {
			t.Errorf("entry %d: read back %+v, wrote %+v", i, got.Entries[i], b.Entries[i])
		}
	}
	again, err := got.Marshal()
	if err != nil || !bytes.Equal(again, data) {
		t.Errorf("writing the book read back gives other bytes (err %v)", err)
	}
}

// Every way a file can be wrong is refused with ErrFormat and a message
// that names what is wrong.
func TestFormatRefusesBadFiles(t *testing.T) {
	data, err := sampleBook(t).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	flip := func(i int) []byte {
		d := bytes.Clone(data)
		d[i] ^= 0x10
		return d
	}
	withVersion := bytes.Clone(data)
	withVersion[len(magic)] = version + 1
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "not a Seega book"},
		{"foreign", []byte("PK\x03\x04 a zip file, not a book at all....."), "not a Seega book"},
		{"header only", data[:len(magic)+3], "truncated"},
		{"truncated by one byte", data[:len(data)-1], "checksum"},
		{"truncated by an entry", append(bytes.Clone(data[:len(data)-trailerLen-entrySize]), data[len(data)-trailerLen:]...), "checksum"},
		{"a byte changed in an entry", flip(len(data) - trailerLen - 3), "checksum"},
		{"a byte changed in the rules", flip(len(magic) + 5), "checksum"},
		{"a byte added", append(bytes.Clone(data), 0), "checksum"},
		{"another version", withVersion, "version"},
	} {
		_, err := Parse(c.data)
		if err == nil {
			t.Errorf("%s: read without error", c.name)
			continue
		}
		if !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %q, want ErrFormat saying %q", c.name, err, c.want)
		}
	}
}

// A book is for its rules alone: For refuses others, and Probe answers
// nothing under them, even from a position the book holds.
func TestBookRefusesOtherRules(t *testing.T) {
	b := sampleBook(t)
	egyptian, _ := board.Preset("egyptian")
	if err := b.For(egyptian); err != nil {
		t.Fatalf("the book's own rules: %v", err)
	}
	g, _ := board.NewGame(egyptian)
	if _, _, ok := b.Probe(g); !ok {
		t.Fatal("the start is in the book, but the probe missed it")
	}
	for _, other := range []string{"sudanese", "classic", "pro"} {
		r, _ := board.Preset(other)
		if err := b.For(r); err == nil {
			t.Errorf("%s: For accepted the egyptian book", other)
		}
		g, _ := board.NewGame(r)
		if turn, _, ok := b.Probe(g); ok {
			t.Errorf("%s: the egyptian book answered %v", other, turn)
		}
	}
	nolimit := egyptian
	nolimit.NoCaptureLimit = 0
	g, _ = board.NewGame(nolimit)
	if _, _, ok := b.Probe(g); ok {
		t.Error("one rule option changed, and the book still answered")
	}
}

// Marshal refuses what the format cannot hold rather than write a file
// Parse would refuse.
func TestMarshalRefusesBadEntries(t *testing.T) {
	for name, mutate := range map[string]func(b *Book){
		"unsorted":            func(b *Book) { b.Entries[0], b.Entries[1] = b.Entries[1], b.Entries[0] },
		"duplicate":           func(b *Book) { b.Entries[1].Key = b.Entries[0].Key },
		"turn out of order":   func(b *Book) { b.Entries[0].Turn = [2]board.Square{3, 1} },
		"stone on the centre": func(b *Book) { b.Entries[1].Key |= 1 << 12 },
	} {
		b := sampleBook(t)
		mutate(b)
		if _, err := b.Marshal(); err == nil {
			t.Errorf("%s: written without error", name)
		}
	}
}
