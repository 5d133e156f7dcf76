package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// repoRoot is the repository's root, seen from this package's directory,
// where go test runs its tests.
const repoRoot = ".."

// docFile is one Markdown file of the repository's documentation: its path
// from the repository's root (as messages name it) and its lines.
type docFile struct {
	name  string
	lines []string
}

// docFiles reads README.md and every docs/*.md: the files whose blocks and
// links the tests check.
func docFiles(t *testing.T) []docFile {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	names = append([]string{filepath.Join(repoRoot, "README.md")}, names...)
	var files []docFile
	for _, path := range names {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rel, err := filepath.Rel(repoRoot, path)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, docFile{name: filepath.ToSlash(rel), lines: strings.Split(string(data), "\n")})
	}
	return files
}

// fencedBlock is a fenced code block: its info string, the line number
// (from 1) of its first content line, and its content lines with the
// fence's indentation taken off.
type fencedBlock struct {
	info      string
	firstLine int
	lines     []string
}

var fenceOpen = regexp.MustCompile("^( *)(```+|~~~+)\\s*([^`\\s]*)")

// fencedBlocks returns the fenced code blocks of lines, in order. A block
// inside a list item is indented; its lines lose the fence's indentation.
// A block left open runs to the end of the file, as CommonMark has it.
func fencedBlocks(lines []string) []fencedBlock {
	var blocks []fencedBlock
	for i := 0; i < len(lines); i++ {
		m := fenceOpen.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		indent, fence := m[1], m[2]
		b := fencedBlock{info: m[3], firstLine: i + 2}
		for i++; i < len(lines); i++ {
			trimmed := strings.TrimSpace(lines[i])
			if strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]) == "" {
				break
			}
			b.lines = append(b.lines, strings.TrimPrefix(lines[i], indent))
		}
		blocks = append(blocks, b)
	}
	return blocks
}

// outsideFences returns lines with every fenced block's lines blanked, so
// that what looks like a heading or a link inside a block is not taken for
// one. Line numbers are kept.
func outsideFences(lines []string) []string {
	out := make([]string, len(lines))
	inBlock, fence := false, ""
	for i, line := range lines {
		trimmed := strings.TrimSpace(line)
		switch {
		case inBlock:
			if strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]) == "" {
				inBlock = false
			}
		case fenceOpen.MatchString(line):
			inBlock, fence = true, fenceOpen.FindStringSubmatch(line)[2]
		default:
			out[i] = line
		}
	}
	return out
}

// outsideCode is outsideFences with every inline code span removed too.
func outsideCode(lines []string) []string {
	out := outsideFences(lines)
	for i := range out {
		out[i] = inlineCode.ReplaceAllString(out[i], "")
	}
	return out
}

var inlineCode = regexp.MustCompile("`+[^`]*`+")

func TestFencedBlocks(t *testing.T) {
	lines := strings.Split("text\n```transcript\n$ seega\n```\n1. item\n   ```\n   indented\n   ```\n````md\n```\n````", "\n")
	blocks := fencedBlocks(lines)
	if len(blocks) != 3 {
		t.Fatalf("%d blocks, want 3: %+v", len(blocks), blocks)
	}
	if b := blocks[0]; b.info != "transcript" || b.firstLine != 3 || len(b.lines) != 1 || b.lines[0] != "$ seega" {
		t.Errorf("first block %+v", b)
	}
	if b := blocks[1]; b.info != "" || len(b.lines) != 1 || b.lines[0] != "indented" {
		t.Errorf("indented block %+v", b)
	}
	if b := blocks[2]; b.info != "md" || len(b.lines) != 1 || b.lines[0] != "```" {
		t.Errorf("a longer fence must hold a shorter one: %+v", b)
	}
}
