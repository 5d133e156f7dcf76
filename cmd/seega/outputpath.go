package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// The commands that write a file or a directory check it before their
// work starts, with these: a build or a generation may run for hours,
// and an output path found unusable only at its end throws all of that
// away. Each check leaves what is there as it was: an existing file is
// opened for appending, never truncated, and a file made to test the
// place is removed.

// checkOutputFile checks that a file can be written at path: an existing
// regular file that opens for writing, or a new file that can be made in
// an existing directory.
func checkOutputFile(path string) error {
	if path == "" {
		return errors.New("no file given")
	}
	fi, err := os.Stat(path)
	switch {
	case err == nil && fi.IsDir():
		return fmt.Errorf("%s is a directory, not a file", path)
	case err == nil:
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return err
		}
		return f.Close()
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
	if err := writableDir(filepath.Dir(path)); err != nil {
		return fmt.Errorf("cannot create %s: %v", path, err)
	}
	return nil
}

// checkExistingFile checks that path is a file that exists and can be
// rewritten in place (tune fit --write edits a Go file).
func checkExistingFile(path string) error {
	fi, err := os.Stat(path)
	switch {
	case err != nil:
		return err
	case fi.IsDir():
		return fmt.Errorf("%s is a directory, not a file", path)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	return f.Close()
}

// checkOutputDir makes the directory dir where it is missing, as the
// command would, and checks that files can be made in it.
func checkOutputDir(dir string) error {
	if dir == "" {
		return errors.New("no directory given")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return writableDir(dir)
}

// writableDir checks that dir is an existing directory in which a file
// can be made, by making one and removing it.
func writableDir(dir string) error {
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("directory %s does not exist", dir)
	case err != nil:
		return err
	case !fi.IsDir():
		return fmt.Errorf("%s is not a directory", dir)
	}
	f, err := os.CreateTemp(dir, ".seega-write-test-*")
	if err != nil {
		return fmt.Errorf("directory %s is not writable: %v", dir, err)
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}
