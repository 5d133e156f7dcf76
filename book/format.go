package book

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc64"
	"slices"

	"seega/board"
)

// The file format, version 1, all numbers little-endian:
//
//	magic    "SEEGABK" and the version byte
//	rules    uint16 length, then board.Rules.String() of the book's rules
//	command  uint16 length, then the commands that built it, one a line
//	count    uint32, the number of entries
//	entries  count × 18 bytes, in increasing key order:
//	         key uint64 (the low 51 bits: see Key)
//	         first, second uint8 (the turn's squares, in the key's
//	           orientation, first < second)
//	         score int16 (cp for the side to act)
//	         depth uint8 (the depth the leaf search of the best line
//	           completed)
//	         height uint8 (turns of minimax above the leaf searches)
//	         nodes uint32 (the leaf budget, in thousands of nodes)
//	checksum uint64, CRC-64 (ECMA) of every byte before it
//
// A file that is short, long, foreign, of another version or whose
// checksum fails is refused whole: a book is small, and half of one
// could hide the damage.

const (
	magic      = "SEEGABK"
	version    = 1
	entrySize  = 18
	maxScore   = 1<<15 - 1
	nodeUnit   = 1000
	maxNodesK  = 1<<32 - 1
	headerMin  = len(magic) + 1 + 2 + 2 + 4
	trailerLen = 8
)

var crcTable = crc64.MakeTable(crc64.ECMA)

// Entry is one book position: its best turn as the builder found it.
type Entry struct {
	Key Key
	// Turn is the two squares of the placement turn, in the orientation
	// of Key (Probe maps them back), the lesser first.
	Turn [2]board.Square
	// Score is the turn's value in cp for the side to act, as the
	// minimax of the leaf searches below it.
	Score int
	// Depth is the depth the leaf search at the end of the best line
	// completed, in turns; Height the turns of minimax above it (0: the
	// entry is a leaf, its turn the search's own).
	Depth, Height int
	// Nodes is the node budget of each leaf search.
	Nodes uint64
}

// Book is a set of entries for one rule set.
type Book struct {
	// Rules is board.Rules.String() of the rules the book was built for:
	// it is never used under others.
	Rules string
	// Command is the command line (or lines) that built the book, so
	// that it can be built again.
	Command string
	// Entries are sorted by Key, one per key.
	Entries []Entry
}

// ErrFormat marks a file that is not a book this engine can read whole.
var ErrFormat = errors.New("book: bad file")

func formatError(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrFormat, fmt.Sprintf(format, args...))
}

// Marshal writes b in the file format. It fails on an entry the format
// cannot hold: the builder never makes one.
func (b *Book) Marshal() ([]byte, error) {
	if len(b.Rules) > 0xffff || len(b.Command) > 0xffff {
		return nil, fmt.Errorf("book: rules or command longer than 65535 bytes")
	}
	if !slices.IsSortedFunc(b.Entries, func(x, y Entry) int { return compareKeys(x.Key, y.Key) }) {
		return nil, fmt.Errorf("book: entries not sorted by key")
	}
	var buf bytes.Buffer
	buf.WriteString(magic)
	buf.WriteByte(version)
	le := binary.LittleEndian
	buf.Write(le.AppendUint16(nil, uint16(len(b.Rules))))
	buf.WriteString(b.Rules)
	buf.Write(le.AppendUint16(nil, uint16(len(b.Command))))
	buf.WriteString(b.Command)
	buf.Write(le.AppendUint32(nil, uint32(len(b.Entries))))
	for i, e := range b.Entries {
		if err := e.check(); err != nil {
			return nil, fmt.Errorf("book: entry %d: %v", i, err)
		}
		if i > 0 && b.Entries[i-1].Key == e.Key {
			return nil, fmt.Errorf("book: key %#x twice", uint64(e.Key))
		}
		var rec [entrySize]byte
		le.PutUint64(rec[0:], uint64(e.Key))
		rec[8], rec[9] = byte(e.Turn[0]), byte(e.Turn[1])
		le.PutUint16(rec[10:], uint16(int16(clampScore(e.Score))))
		rec[12], rec[13] = byte(e.Depth), byte(e.Height)
		le.PutUint32(rec[14:], uint32(min(e.Nodes/nodeUnit, maxNodesK)))
		buf.Write(rec[:])
	}
	buf.Write(le.AppendUint64(nil, crc64.Checksum(buf.Bytes(), crcTable)))
	return buf.Bytes(), nil
}

// clampScore keeps a score within the format's int16.
func clampScore(s int) int { return min(max(s, -maxScore), maxScore) }

func compareKeys(a, b Key) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// check reports what in e the format cannot hold or no position has.
func (e Entry) check() error {
	switch {
	case !e.Key.valid():
		return fmt.Errorf("key %#x is no position", uint64(e.Key))
	case e.Turn[0] < 0 || e.Turn[1] >= squares || e.Turn[0] >= e.Turn[1]:
		return fmt.Errorf("turn %v is not two squares in order", e.Turn)
	case e.Depth < 0 || e.Depth > 255 || e.Height < 0 || e.Height > 255:
		return fmt.Errorf("depth %d or height %d out of 0–255", e.Depth, e.Height)
	}
	return nil
}

// Parse reads a book file whole, refusing it with an ErrFormat error
// that says what is wrong when it is not one this engine wrote.
func Parse(data []byte) (*Book, error) {
	if len(data) < len(magic) || string(data[:len(magic)]) != magic {
		return nil, formatError("not a Seega book (no %q at the start)", magic)
	}
	if len(data) < headerMin+trailerLen {
		return nil, formatError("truncated: %d bytes", len(data))
	}
	if v := data[len(magic)]; v != version {
		return nil, formatError("version %d, this engine reads version %d", v, version)
	}
	body := data[:len(data)-trailerLen]
	le := binary.LittleEndian
	if got, want := crc64.Checksum(body, crcTable), le.Uint64(data[len(body):]); got != want {
		return nil, formatError("checksum mismatch (file %#x, contents %#x): damaged or truncated", want, got)
	}
	r := reader{data: body, at: len(magic) + 1}
	b := &Book{}
	b.Rules = string(r.bytes(int(r.uint16())))
	b.Command = string(r.bytes(int(r.uint16())))
	count := int(r.uint32())
	if r.err != nil {
		return nil, r.err
	}
	if rest := len(body) - r.at; rest != count*entrySize {
		return nil, formatError("%d entries announced, %d bytes of entries", count, rest)
	}
	b.Entries = make([]Entry, count)
	for i := range b.Entries {
		rec := r.bytes(entrySize)
		e := Entry{
			Key:    Key(le.Uint64(rec[0:])),
			Turn:   [2]board.Square{board.Square(rec[8]), board.Square(rec[9])},
			Score:  int(int16(le.Uint16(rec[10:]))),
			Depth:  int(rec[12]),
			Height: int(rec[13]),
			Nodes:  uint64(le.Uint32(rec[14:])) * nodeUnit,
		}
		if err := e.check(); err != nil {
			return nil, formatError("entry %d: %v", i, err)
		}
		if i > 0 && b.Entries[i-1].Key >= e.Key {
			return nil, formatError("entry %d: keys out of order", i)
		}
		b.Entries[i] = e
	}
	return b, nil
}

// reader reads the header's fields, remembering the first overrun.
type reader struct {
	data []byte
	at   int
	err  error
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil || r.at+n > len(r.data) {
		if r.err == nil {
			r.err = formatError("truncated header")
		}
		return nil
	}
	out := r.data[r.at : r.at+n]
	r.at += n
	return out
}

func (r *reader) uint16() uint16 {
	if b := r.bytes(2); b != nil {
		return binary.LittleEndian.Uint16(b)
	}
	return 0
}

func (r *reader) uint32() uint32 {
	if b := r.bytes(4); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

// For reports an error unless b was built for the rules r.
func (b *Book) For(r board.Rules) error {
	if b.Rules != r.String() {
		return fmt.Errorf("book: built for other rules (%s), not %s", b.Rules, r.String())
	}
	return nil
}

// Lookup is the entry with key k, if b has one.
func (b *Book) Lookup(k Key) (Entry, bool) {
	i, found := slices.BinarySearchFunc(b.Entries, k, func(e Entry, k Key) int { return compareKeys(e.Key, k) })
	if !found {
		return Entry{}, false
	}
	return b.Entries[i], true
}
