package nnue

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"seega/board"
)

func TestFileRoundTrip(t *testing.T) {
	r := board.DefaultRules()
	n := randomNet(r, 16, 3)
	got, err := Unmarshal(n.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, n) {
		t.Errorf("the net read back differs from the one written")
	}
}

// TestFileErrors: a damaged, truncated, wrong-shaped or foreign file is
// refused with an error that says which.
func TestFileErrors(t *testing.T) {
	r := board.DefaultRules()
	good := randomNet(r, 16, 3).Marshal()
	flip := func(i int) []byte {
		b := append([]byte(nil), good...)
		b[i] ^= 0x10
		return b
	}
	wide := randomNet(r, 16, 3)
	wide.Hidden = MaxHidden + 1
	wideData := wide.Marshal()
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "does not start with"},
		{"not a net", []byte("hello, world, this is text"), "does not start with"},
		{"damaged weight", flip(len(good) / 2), "checksum"},
		{"damaged checksum", flip(len(good) - 1), "checksum"},
		{"truncated", good[:len(good)-100], "truncated"},
		{"truncated header", good[:20], "truncated"},
		{"too wide", wideData, "shape"},
		{"other version", flip(len(fileMagic)), "version"},
		{"other features", flip(len(fileMagic) + 4), "shape"},
	}
	for _, c := range cases {
		_, err := Unmarshal(c.data)
		if err == nil || !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one about %q", c.name, err, c.want)
		}
	}
}

func TestLoadChecksRules(t *testing.T) {
	dir := t.TempDir()
	r := board.DefaultRules()
	path := filepath.Join(dir, "e5.nnue")
	if err := randomNet(r, 8, 1).Save(path); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(path, r); err != nil {
		t.Fatalf("the net's own rules: %v", err)
	}
	other, _ := board.Preset("classic")
	if _, err := Load(path, other); err == nil || !strings.Contains(err.Error(), "trained for the rules") {
		t.Errorf("classic rules: error %v, want one naming the rules it was trained for", err)
	}
	seven := r
	seven.BoardSize = 7
	if _, err := Load(path, seven); err == nil {
		t.Errorf("a 5×5 net loaded for 7×7")
	}
	if _, err := Load(filepath.Join(dir, "missing.nnue"), r); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: error %v", err)
	}
}

// TestEmbeddedNetsLoad: every shipped net reads, and is found for its
// own rules.
func TestEmbeddedNetsLoad(t *testing.T) {
	for _, name := range EmbeddedNames() {
		data, err := shipped.ReadFile("nets/" + name)
		if err != nil {
			t.Fatal(err)
		}
		n, err := Unmarshal(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got, _ := Embedded(n.Rules); got == nil {
			t.Errorf("%s: not found for its own rules", name)
		}
	}
}

func TestChoose(t *testing.T) {
	dir := t.TempDir()
	r := board.DefaultRules()
	r.BoardSize, r.Directions = 7, 8 // no net ships for these rules (and the narrow build holds them)
	path := filepath.Join(dir, "n.nnue")
	if err := randomNet(r, 8, 1).Save(path); err != nil {
		t.Fatal(err)
	}
	if n, desc, err := Choose("", r); n != nil || err != nil || !strings.HasPrefix(desc, "linear") {
		t.Errorf("no file, no shipped net: %v %q %v", n, desc, err)
	}
	if n, desc, err := Choose(path, r); n == nil || err != nil || !strings.Contains(desc, path) {
		t.Errorf("the file: %v %q %v", n, desc, err)
	}
	bad := filepath.Join(dir, "bad.nnue")
	if err := os.WriteFile(bad, []byte("SEEGANET rubbish"), 0o644); err != nil {
		t.Fatal(err)
	}
	if n, _, err := Choose(bad, r); n != nil || err == nil {
		t.Errorf("a damaged file: %v %v", n, err)
	}
}

// TestFileResidual: the residual flag survives the file, an unknown
// flag is refused, and a version-1 file (before the flags: the
// first candidate net) still loads, as a plain net, and the shipped
// egyptian 5×5 net loads as a residual one.
func TestFileResidual(t *testing.T) {
	r := board.DefaultRules()
	n := randomNet(r, 16, 3)
	n.Residual = true
	data := n.Marshal()
	got, err := Unmarshal(data)
	if err != nil || !got.Residual {
		t.Fatalf("residual net read back: residual %v, error %v", got != nil && got.Residual, err)
	}
	flagsAt := len(fileMagic) + 5*4 + 4
	data[flagsAt] |= 2
	if _, err := Unmarshal(data); err == nil || !strings.Contains(err.Error(), "flags") {
		t.Errorf("an unknown flag: error %v, want one naming the flags", err)
	}
	old, err := Load(filepath.Join("candidates", "egyptian-5-g1.nnue"), r)
	if err != nil {
		t.Fatalf("the version-1 candidate: %v", err)
	}
	if old.Residual {
		t.Error("a version-1 net read as residual")
	}
	if res, err := Load(filepath.Join("nets", "egyptian-5.nnue"), r); err != nil || !res.Residual {
		t.Errorf("the shipped egyptian 5×5 net: residual %v, error %v", err == nil && res.Residual, err)
	}
}
