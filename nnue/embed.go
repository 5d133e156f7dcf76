package nnue

import (
	"embed"
	"fmt"
	"path"
	"sort"
	"strings"

	"seega/board"
)

//go:embed nets
var shipped embed.FS

// Embedded returns the shipped net trained for the rules r and its file
// name, or nil where none was. A damaged shipped file is a build error,
// which TestEmbeddedNetsLoad catches, so it is skipped here.
func Embedded(r board.Rules) (*Net, string) {
	for _, name := range EmbeddedNames() {
		data, err := shipped.ReadFile(path.Join("nets", name))
		if err != nil {
			continue
		}
		n, err := Unmarshal(data)
		if err == nil && SameRules(n.Rules, r) {
			return n, name
		}
	}
	return nil, ""
}

// EmbeddedNames lists the shipped net files, sorted.
func EmbeddedNames() []string {
	entries, _ := shipped.ReadDir("nets")
	var names []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".nnue") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names
}

// shape is the net's width, and what it adds to, for an info string.
func (n *Net) shape() string {
	if n.Residual {
		return fmt.Sprintf("%d hidden, added to the linear evaluation", n.Hidden)
	}
	return fmt.Sprintf("%d hidden", n.Hidden)
}

// Choose returns the net to play under the rules r with the EvalFile
// option set to file: the file's net (an error if it cannot be read, is
// not a usable net or was trained for other rules), or with file empty
// the shipped net for r, or nil for the linear evaluation. desc says
// which, for an info string.
func Choose(file string, r board.Rules) (n *Net, desc string, err error) {
	if file != "" {
		n, err := Load(file, r)
		if err != nil {
			return nil, "", err
		}
		return n, fmt.Sprintf("network %s (%s)", file, n.shape()), nil
	}
	if n, name := Embedded(r); n != nil {
		return n, fmt.Sprintf("network %s (built in, %s)", name, n.shape()), nil
	}
	return nil, "linear (no network for these rules)", nil
}
