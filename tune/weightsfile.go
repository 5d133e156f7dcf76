package tune

import (
	"fmt"
	"go/format"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"

	"seega/eval"
)

// The fitted weights live in eval/weights.go, in the presetWeights map,
// between these two marker lines, one entry a fit, each opened by a
// comment line that names its key (eval.WeightsKey: "egyptian",
// "egyptian-7") and says how it was fitted.
const (
	beginMarker = "// BEGIN FITTED WEIGHTS"
	endMarker   = "// END FITTED WEIGHTS"
)

// entryRE matches one fit's entry: its comment line, up to the closing
// brace of its weights.
var entryRE = regexp.MustCompile(`(?ms)^\t// ([\w-]+): .*?^\t},\n`)

// WriteWeights puts w as the weights of key (eval.WeightsKey) into the Go
// file at path (eval/weights.go), replacing the key's entry if there is
// one, and keeps the other entries as they were. note says how the
// weights were fitted; it becomes the entry's comment.
func WriteWeights(path, key string, w eval.Weights, note string) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	text := string(src)
	b := strings.Index(text, beginMarker)
	e := strings.Index(text, endMarker)
	if b < 0 || e < b {
		return fmt.Errorf("%s: no %q … %q block to write the weights into", path, beginMarker, endMarker)
	}
	body := text[b+len(beginMarker) : e]
	// Cut the body back to the start of the end marker's line.
	head, tail := text[:b+len(beginMarker)], text[e:]
	if i := strings.LastIndexByte(body, '\n'); i >= 0 {
		tail = body[i+1:] + tail
		body = body[:i+1]
	}
	entries := map[string]string{}
	for _, m := range entryRE.FindAllStringSubmatch(body, -1) {
		entries[m[1]] = m[0]
	}
	entries[key] = entry(key, w, note)
	var sb strings.Builder
	sb.WriteString(head)
	sb.WriteString("\n")
	for _, n := range slices.Sorted(maps.Keys(entries)) {
		sb.WriteString(entries[n])
	}
	sb.WriteString(tail)
	out, err := format.Source([]byte(sb.String()))
	if err != nil {
		return fmt.Errorf("%s: the new weights do not format: %v", path, err)
	}
	return os.WriteFile(path, out, 0o644)
}

// entry writes one fit's entry.
func entry(key string, w eval.Weights, note string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "\t// %s: %s\n", key, strings.ReplaceAll(note, "\n", " "))
	fmt.Fprintf(&sb, "\t%q: {\n", key)
	for t := eval.Term(0); t < eval.NumTerms; t++ {
		fmt.Fprintf(&sb, "\t\tTerm%s: %d,\n", t, w[t])
	}
	sb.WriteString("\t},\n")
	return sb.String()
}
