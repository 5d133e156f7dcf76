package tablebase

import (
	"bufio"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/zeebo/xxh3"
)

// A table file is
//
//	magic    8 bytes  "SEEGATB1"
//	length   4 bytes  little-endian length of the header
//	header   JSON     fileHeader
//	entries  DEFLATE  the entries, Width bytes each, little-endian
//
// The checksum is XXH3-64 of the entries as stored before compression:
// it catches a damaged or truncated file, and a decompressor's fault.
const magic = "SEEGATB1"

// fileHeader says what a file holds, so that a reader can refuse a file of
// other rules or another material rather than read nonsense from it.
type fileHeader struct {
	Rules    string // DirName of the rules
	Size     int    // board width
	White    int    // White's stones
	Black    int    // Black's stones
	Passed   int    // passed states per board and side (1 or 2)
	Quiet    int    // quiet counts per state (1 without a limit)
	States   uint64 // states per quiet count
	Width    int    // bytes per entry: 1 or 2
	Checksum string // XXH3-64 of the stored entries, in hex
}

// FileName is the name of a material's table file.
func FileName(m Material) string { return m.String() + ".tbs" }

func (t *table) header() fileHeader {
	return fileHeader{Rules: DirName(t.lay.rules), Size: t.lay.n, White: t.idx.mat.White, Black: t.idx.mat.Black,
		Passed: t.lay.passed, Quiet: t.lay.quiet, States: t.states}
}

// entryBytes lays the entries out as the file stores them: one byte each
// for a compacted table, else two.
func (t *table) entryBytes() ([]byte, int) {
	if t.small != nil {
		return t.small, 1
	}
	out := make([]byte, len(t.codes)*2)
	for i, c := range t.codes {
		binary.LittleEndian.PutUint16(out[2*i:], uint16(c))
	}
	return out, 2
}

// write stores the table in dir, atomically: a file of that name is
// either whole or absent, so a generation stopped half-way leaves no
// broken table behind.
func (t *table) write(dir string) (int64, error) {
	raw, width := t.entryBytes()
	h := t.header()
	h.Width = width
	h.Checksum = fmt.Sprintf("%016x", xxh3.Hash(raw))
	js, err := json.Marshal(h)
	if err != nil {
		return 0, err
	}
	tmp, err := os.CreateTemp(dir, ".tmp-"+FileName(t.idx.mat)+"-*")
	if err != nil {
		return 0, err
	}
	defer os.Remove(tmp.Name()) // after the rename, a no-op
	bw := bufio.NewWriter(tmp)
	bw.WriteString(magic)
	binary.Write(bw, binary.LittleEndian, uint32(len(js)))
	bw.Write(js)
	fw, err := flate.NewWriter(bw, flate.BestCompression)
	if err != nil {
		return 0, err
	}
	if _, err := fw.Write(raw); err != nil {
		return 0, err
	}
	if err := fw.Close(); err != nil {
		return 0, err
	}
	if err := bw.Flush(); err != nil {
		return 0, err
	}
	if err := tmp.Sync(); err != nil {
		return 0, err
	}
	if err := tmp.Chmod(0o644); err != nil { // CreateTemp makes it private
		return 0, err
	}
	st, err := tmp.Stat()
	if err != nil {
		return 0, err
	}
	if err := tmp.Close(); err != nil {
		return 0, err
	}
	return st.Size(), os.Rename(tmp.Name(), filepath.Join(dir, FileName(t.idx.mat)))
}

// ErrChecksum marks a table file whose entries do not match its checksum.
var ErrChecksum = errors.New("checksum mismatch")

// readTable loads the table of material idx.mat from dir, checking that it
// was made for lay's rules and that its checksum holds.
func readTable(dir string, lay *layout, idx *classIndex) (*table, error) {
	path := filepath.Join(dir, FileName(idx.mat))
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	t := newTable(lay, idx)
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%s: %s", path, fmt.Sprintf(format, a...))
	}
	if len(data) < len(magic)+4 || string(data[:len(magic)]) != magic {
		return nil, bad("not a table file")
	}
	n := int(binary.LittleEndian.Uint32(data[len(magic):]))
	rest := data[len(magic)+4:]
	if n > len(rest) {
		return nil, bad("header cut short")
	}
	var h fileHeader
	if err := json.Unmarshal(rest[:n], &h); err != nil {
		return nil, bad("header: %v", err)
	}
	want := t.header()
	want.Width, want.Checksum = h.Width, h.Checksum
	if h != want {
		return nil, bad("made for %+v, not %+v", h, want)
	}
	if h.Width != 1 && h.Width != 2 {
		return nil, bad("entry width %d", h.Width)
	}
	entries := h.States * uint64(h.Quiet)
	raw := make([]byte, entries*uint64(h.Width))
	fr := flate.NewReader(bytes.NewReader(rest[n:]))
	if _, err := io.ReadFull(fr, raw); err != nil {
		return nil, bad("entries: %v", err)
	}
	if k, _ := fr.Read(make([]byte, 1)); k != 0 {
		return nil, bad("entries: more than the header says")
	}
	if got := fmt.Sprintf("%016x", xxh3.Hash(raw)); got != h.Checksum {
		return nil, fmt.Errorf("%s: %w: entries hash to %s, header says %s", path, ErrChecksum, got, h.Checksum)
	}
	if h.Width == 1 {
		t.small = raw
		return t, nil
	}
	t.codes = make([]code, entries)
	for i := range t.codes {
		t.codes[i] = code(binary.LittleEndian.Uint16(raw[2*i:]))
	}
	return t, nil
}
