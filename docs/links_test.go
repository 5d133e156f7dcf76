package docs

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// markdownLink is the end of an inline link or image, "](target)" or
// "](target "title")"; its target is group 1. The text before it may
// start on an earlier line.
var markdownLink = regexp.MustCompile(`\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)`)

// referenceLink is a link reference definition, "[name]: target".
var referenceLink = regexp.MustCompile(`^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?`)

// external says whether a link target leaves the repository by design: a
// URL with a scheme.
func external(target string) bool {
	return regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`).MatchString(target)
}

// headingAnchors returns the anchors GitHub gives a file's headings: the
// heading's text in lower case, without punctuation, blanks turned into
// hyphens, and "-1", "-2", … after a repeated one.
func headingAnchors(lines []string) []string {
	var anchors []string
	count := map[string]int{}
	for _, line := range outsideFences(lines) {
		trimmed := strings.TrimLeft(line, "#")
		if len(trimmed) == len(line) || len(line)-len(trimmed) > 6 || (trimmed != "" && trimmed[0] != ' ') {
			continue
		}
		a := slug(strings.TrimSpace(trimmed))
		if n := count[a]; n > 0 {
			count[a]++
			a = fmt.Sprintf("%s-%d", a, n)
		} else {
			count[a] = 1
		}
		anchors = append(anchors, a)
	}
	return anchors
}

// slug is GitHub's anchor for a heading's text (a code span's backquotes
// go, its text stays).
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}

// linkTargets returns each relative link target of a file with its line.
func linkTargets(f docFile) (targets []string, lines []int) {
	for i, line := range outsideCode(f.lines) {
		var found []string
		for _, m := range markdownLink.FindAllStringSubmatch(line, -1) {
			found = append(found, m[1])
		}
		if m := referenceLink.FindStringSubmatch(line); m != nil {
			found = append(found, m[1])
		}
		for _, target := range found {
			if target != "" && !external(target) {
				targets = append(targets, target)
				lines = append(lines, i+1)
			}
		}
	}
	return targets, lines
}

// TestLinks keeps every relative link of README.md and docs/*.md inside
// the repository and pointing at a file that exists, and at one of its
// headings where the link names one.
func TestLinks(t *testing.T) {
	files := docFiles(t)
	anchorsOf := map[string][]string{}
	for _, f := range files {
		anchorsOf[f.name] = headingAnchors(f.lines)
	}
	for _, f := range files {
		targets, lines := linkTargets(f)
		for i, target := range targets {
			where := fmt.Sprintf("%s:%d: link %q", f.name, lines[i], target)
			file, anchor, _ := strings.Cut(target, "#")
			name := f.name // a bare "#anchor" is in the file itself
			if file != "" {
				name = path.Clean(path.Join(path.Dir(f.name), file))
			}
			if name == ".." || strings.HasPrefix(name, "../") || path.IsAbs(file) {
				t.Errorf("%s: leaves the repository (a clone has only what is inside it)", where)
				continue
			}
			if _, err := os.Stat(filepath.Join(repoRoot, filepath.FromSlash(name))); err != nil {
				t.Errorf("%s: %s does not exist", where, name)
				continue
			}
			if anchor == "" || !strings.HasSuffix(name, ".md") {
				continue
			}
			anchors, ok := anchorsOf[name]
			if !ok {
				data, err := os.ReadFile(filepath.Join(repoRoot, filepath.FromSlash(name)))
				if err != nil {
					t.Fatal(err)
				}
				anchors = headingAnchors(strings.Split(string(data), "\n"))
				anchorsOf[name] = anchors
			}
			if !slices.Contains(anchors, anchor) {
				t.Errorf("%s: %s has no heading with anchor #%s", where, name, anchor)
			}
		}
	}
}

func TestLinkParsing(t *testing.T) {
	f := docFile{name: "docs/x.md", lines: []string{
		"See [the rules](rules.md#movement), [a site](https://example.org) and ![a board](img/b.png \"B\").",
		"`[not](a-link.md)` and [a link over",
		"two lines](two.md)",
		"```",
		"[nor](this.md)",
		"```",
		"[ref]: ../README.md#set-up",
	}}
	targets, lines := linkTargets(f)
	if want := []string{"rules.md#movement", "img/b.png", "two.md", "../README.md#set-up"}; !slices.Equal(targets, want) {
		t.Errorf("targets %q, want %q", targets, want)
	}
	if want := []int{1, 1, 3, 7}; !slices.Equal(lines, want) {
		t.Errorf("lines %v, want %v", lines, want)
	}

	headings := []string{"# seega — an engine for Seega", "## Set-up", "### The `seega` command's flags", "## Set-up", "#not a heading", "```", "# in code", "```"}
	if got, want := headingAnchors(headings), []string{"seega--an-engine-for-seega", "set-up", "the-seega-commands-flags", "set-up-1"}; !slices.Equal(got, want) {
		t.Errorf("anchors %q, want %q", got, want)
	}
}
