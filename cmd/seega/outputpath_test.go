package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"seega/tablebase"
)

// TestOutputPathsCheckedFirst: every command that writes a file or a
// directory refuses one it cannot write before its work starts, naming
// the flag and the path, with exit status 2; before, 'seega openings'
// found out only after the whole build. The runs here would take long
// (or, for the match, need engines) if the check came after the work.
func TestOutputPathsCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	notADir := filepath.Join(dir, "file")
	if err := os.WriteFile(notADir, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(dir, "data.txt")
	if err := os.WriteFile(data, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	missing := "/nonexistent/dir/x.txt"
	// A --dir whose rules' directory is taken by a file.
	taken := filepath.Join(t.TempDir(), "tables")
	if err := os.MkdirAll(taken, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(taken, tablebase.DirName(mustPreset(t, "pro"))), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	two := []string{"match", "--engine", "a=/nonexistent/engine", "--engine", "b=/nonexistent/engine"}
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"openings", []string{"openings", "--count", "1", "--out", missing}, "--out " + missing},
		{"openings on a directory", []string{"openings", "--count", "1", "--out", dir}, "is a directory"},
		{"openings conversion", []string{"openings", "--conversion", "--count", "1", "--out", missing}, "--out " + missing},
		{"tune generate", []string{"tune", "generate", "--games", "1", "--out", missing}, "--out " + missing},
		{"tune fit write", []string{"tune", "fit", "--data", data, "--write", "/nonexistent/weights.go"}, "--write /nonexistent/weights.go"},
		{"tb generate", []string{"tb", "generate", "--stones", "4", "--variant", "pro", "--dir", filepath.Join(notADir, "tables")}, "--dir " + filepath.Join(notADir, "tables")},
		{"tb generate, the rules' directory a file", []string{"tb", "generate", "--stones", "4", "--variant", "pro", "--dir", taken}, "--dir " + taken},
		{"match records", append(two, "--records", missing), "--records " + missing},
		{"match records dir", append(two, "--records-dir", filepath.Join(notADir, "recs")), "--records-dir " + filepath.Join(notADir, "recs")},
		{"match log", append(two, "--log", missing), "--log " + missing},
		{"bench profile on a file", []string{"bench", "1", "--cpuprofile", notADir}, "not a directory"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			status, stderr := runCaptured(t, tt.args...)
			if status != 2 || !strings.Contains(stderr, tt.want) {
				t.Errorf("status %d, stderr %q; want 2 and %q", status, stderr, tt.want)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %v: the check came after some work", d)
			}
		})
	}
	if _, err := os.Stat("/nonexistent"); err == nil {
		t.Error("a check created /nonexistent")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("the checks left files behind in %s: %v", dir, entries)
	}
}

// TestOutputPathsUsable: the checks take what the commands can write: a
// new file in an existing directory, an existing file (kept as it was),
// and a directory still to be made.
func TestOutputPathsUsable(t *testing.T) {
	dir := t.TempDir()
	if err := checkOutputFile(filepath.Join(dir, "new.txt")); err != nil {
		t.Errorf("a new file: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "new.txt")); err == nil {
		t.Error("checking a new file left it behind")
	}
	old := filepath.Join(dir, "old.txt")
	os.WriteFile(old, []byte("kept"), 0o644)
	if err := checkOutputFile(old); err != nil {
		t.Errorf("an existing file: %v", err)
	}
	if b, _ := os.ReadFile(old); string(b) != "kept" {
		t.Errorf("checking an existing file changed it to %q", b)
	}
	if err := checkOutputDir(filepath.Join(dir, "a", "b")); err != nil {
		t.Errorf("a directory to make: %v", err)
	}
}
