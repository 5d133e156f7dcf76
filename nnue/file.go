package nnue

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"strings"

	"seega/board"
)

// The file format, little-endian throughout:
//
//	magic    "SEEGANET"
//	version  uint32 (FileVersion)
//	features uint32 (NumFeatures: the input layout the net was trained on)
//	hidden   uint32
//	qa, qb   uint32 each (the quantization scales)
//	scale    int32  (ScaleCP)
//	flags    uint32 (bit 0: Residual), from version 2 on
//	rules    uint32 length + text (board.Rules.String())
//	command  uint32 length + text (the training command)
//	W1       int16 × features·hidden, feature by feature
//	B1       int16 × hidden
//	W2       int16 × 2·hidden
//	B2       int32
//	checksum uint32: CRC-32 (Castagnoli) of every byte before it
//
// Any change to the layout or to the features' meaning bumps FileVersion
// (or NumFeatures), so that an old file is refused with a clear error
// rather than played wrong.
const (
	fileMagic   = "SEEGANET"
	FileVersion = 2
	// oldestVersion is the oldest format still read: version 1 lacks
	// the flags, and its nets are not residual.
	oldestVersion = 1
	flagResidual  = 1
	// maxText bounds the rules and command strings, so that a damaged
	// length cannot ask for gigabytes.
	maxText = 1 << 16
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// ErrFormat is wrapped by every error about a file's contents (as
// opposed to reading it): damaged, truncated, of another version or
// shape, or for other rules.
var ErrFormat = errors.New("not a usable net file")

// Marshal writes n in the file format.
func (n *Net) Marshal() []byte {
	var b bytes.Buffer
	b.WriteString(fileMagic)
	put := func(v any) { _ = binary.Write(&b, binary.LittleEndian, v) }
	put(uint32(FileVersion))
	put(uint32(NumFeatures))
	put(uint32(n.Hidden))
	put(uint32(QA))
	put(uint32(QB))
	put(n.ScaleCP)
	var flags uint32
	if n.Residual {
		flags |= flagResidual
	}
	put(flags)
	for _, s := range []string{rulesText(n.Rules), n.Command} {
		put(uint32(len(s)))
		b.WriteString(s)
	}
	put(n.W1)
	put(n.B1)
	put(n.W2)
	put(n.B2)
	put(crc32.Checksum(b.Bytes(), castagnoli))
	return b.Bytes()
}

// Save writes n to path.
func (n *Net) Save(path string) error { return os.WriteFile(path, n.Marshal(), 0o644) }

// rulesText is the rules as a net file names them.
func rulesText(r board.Rules) string { return r.String() }

// Unmarshal reads a net from data, checking everything: the magic, the
// version, the shape, the checksum, and that the rules parse.
func Unmarshal(data []byte) (*Net, error) {
	bad := func(format string, args ...any) (*Net, error) {
		return nil, fmt.Errorf("%w: %s", ErrFormat, fmt.Sprintf(format, args...))
	}
	if len(data) < len(fileMagic) || string(data[:len(fileMagic)]) != fileMagic {
		return bad("it does not start with %q", fileMagic)
	}
	if len(data) < len(fileMagic)+4+4 {
		return bad("truncated: %d bytes", len(data))
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	rd := bytes.NewReader(data[len(fileMagic):])
	var hdr struct {
		Version, Features, Hidden, QA, QB uint32
		Scale                             int32
	}
	if err := binary.Read(rd, binary.LittleEndian, &hdr); err != nil {
		return bad("truncated header (%d bytes)", len(data))
	}
	if hdr.Version < oldestVersion || hdr.Version > FileVersion {
		return bad("format version %d; this engine reads versions %d to %d", hdr.Version, oldestVersion, FileVersion)
	}
	var flags uint32
	if hdr.Version >= 2 {
		if err := binary.Read(rd, binary.LittleEndian, &flags); err != nil {
			return bad("truncated header (%d bytes)", len(data))
		}
		if flags&^flagResidual != 0 {
			return bad("unknown flags %#x", flags)
		}
	}
	if hdr.Features != NumFeatures || hdr.Hidden < 1 || hdr.Hidden > MaxHidden || hdr.QA != QA || hdr.QB != QB {
		return bad("shape %d features × %d hidden, quantized %d/%d; this engine reads %d features, 1 to %d hidden, quantized %d/%d",
			hdr.Features, hdr.Hidden, hdr.QA, hdr.QB, NumFeatures, MaxHidden, QA, QB)
	}
	h := int(hdr.Hidden)
	var texts [2]string
	for i := range texts {
		var n uint32
		if err := binary.Read(rd, binary.LittleEndian, &n); err != nil || n > maxText || int(n) > rd.Len() {
			return bad("truncated or damaged header text")
		}
		buf := make([]byte, n)
		_, _ = io.ReadFull(rd, buf)
		texts[i] = string(buf)
	}
	want := 2*(NumFeatures*h+h+2*h) + 4 + 4
	if rd.Len() != want {
		return bad("the weights take %d bytes, want %d for %d hidden (truncated, or another shape)", rd.Len(), want, h)
	}
	if got := crc32.Checksum(body, castagnoli); got != sum {
		return bad("checksum %08x, want %08x: the file is damaged", got, sum)
	}
	n := &Net{Hidden: h, ScaleCP: hdr.Scale, Residual: flags&flagResidual != 0, Command: texts[1],
		W1: make([]int16, NumFeatures*h), B1: make([]int16, h), W2: make([]int16, 2*h)}
	for _, v := range []any{n.W1, n.B1, n.W2, &n.B2} {
		_ = binary.Read(rd, binary.LittleEndian, v)
	}
	r, err := parseRules(texts[0])
	if err != nil {
		return bad("rules %q: %v", texts[0], err)
	}
	n.Rules = r
	return n, nil
}

// parseRules reads the rules as rulesText wrote them.
func parseRules(s string) (board.Rules, error) {
	r := board.DefaultRules()
	if err := r.ParseOptions(strings.Fields(s)); err != nil {
		return r, err
	}
	return r, r.Validate()
}

// Load reads the net file at path and checks that it was trained for
// the rules r.
func Load(path string, r board.Rules) (*Net, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	n, err := Unmarshal(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := n.CheckRules(r); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return n, nil
}

// CheckRules reports, as an ErrFormat, whether the net was trained for
// other rules than r: every option counts but the variant's name, which
// the evaluation never reads.
func (n *Net) CheckRules(r board.Rules) error {
	if !SameRules(n.Rules, r) {
		return fmt.Errorf("%w: trained for the rules %q, not %q", ErrFormat, rulesText(n.Rules), rulesText(r))
	}
	return nil
}

// SameRules reports whether a net trained for a plays under b.
func SameRules(a, b board.Rules) bool {
	a.Variant, b.Variant = "", ""
	return a == b
}
