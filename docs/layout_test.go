package docs

import (
	"bufio"
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"
)

// The package diagram in README.md is a fenced block whose info string is
// "layout", one line a package, each below every package it imports:
//
//	board
//	eval      → board
//	search    → board, eval
//
// A package that imports no other package of the module stands alone.
// Paths are the import paths without the module's ("match/stats").

// diagramArrow separates a package from the packages it imports.
const diagramArrow = "→"

// diagramLine is one package of the diagram and the packages it imports.
type diagramLine struct {
	line    int // in README.md, from 1
	pkg     string
	imports []string
}

// parseDiagram reads the diagram's lines; it reports lines it cannot read.
func parseDiagram(b fencedBlock) ([]diagramLine, []error) {
	var out []diagramLine
	var errs []error
	for i, text := range b.lines {
		line := b.firstLine + i
		if strings.TrimSpace(text) == "" {
			continue
		}
		pkg, deps, arrow := strings.Cut(text, diagramArrow)
		pkg = strings.TrimSpace(pkg)
		d := diagramLine{line: line, pkg: pkg}
		if pkg == "" || strings.ContainsAny(pkg, " ,\t") {
			errs = append(errs, fmt.Errorf("README.md:%d: %q: a line is one package, then %q and the packages it imports, comma-separated", line, text, diagramArrow))
			continue
		}
		if arrow {
			for _, dep := range strings.Split(deps, ",") {
				dep = strings.TrimSpace(dep)
				if dep == "" || strings.Contains(dep, " ") {
					errs = append(errs, fmt.Errorf("README.md:%d: %q: the imports after %q are package paths separated by commas", line, text, diagramArrow))
					continue
				}
				d.imports = append(d.imports, dep)
			}
		}
		out = append(out, d)
	}
	return out, errs
}

// moduleImports lists the module's packages, each with the packages of the
// module its non-test files import (by path within the module), by go list
// run at the repository's root.
func moduleImports(t *testing.T) map[string][]string {
	t.Helper()
	cmd := exec.Command(goTool(), "list", "-f", "{{.Module.Path}} {{.ImportPath}} {{join .Imports \" \"}}", "./...")
	cmd.Dir = repoRoot
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	pkgs := map[string][]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 2 {
			t.Fatalf("go list printed %q", sc.Text())
		}
		module, path := fields[0]+"/", fields[1]
		inModule := func(p string) (string, bool) { return strings.CutPrefix(p, module) }
		pkg, ok := inModule(path)
		if !ok {
			t.Fatalf("package %s is outside module %s", path, fields[0])
		}
		deps := []string{}
		for _, imp := range fields[2:] {
			if dep, ok := inModule(imp); ok {
				deps = append(deps, dep)
			}
		}
		pkgs[pkg] = deps
	}
	return pkgs
}

// goTool is the go command of the toolchain running the tests.
func goTool() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return filepath.Join(runtime.GOROOT(), "bin", "go")
}

// layoutBlock returns README.md's one "layout" block.
func layoutBlock(t *testing.T) fencedBlock {
	t.Helper()
	var found []fencedBlock
	for _, b := range fencedBlocks(docFiles(t)[0].lines) {
		if b.info == "layout" {
			found = append(found, b)
		}
	}
	if len(found) != 1 {
		t.Fatalf("README.md has %d fenced blocks with info string \"layout\"; want one, the package diagram", len(found))
	}
	return found[0]
}

// diagramErrors compares the diagram with the module's real imports and
// says, for each difference, what to change and where.
func diagramErrors(diagram []diagramLine, real map[string][]string) []string {
	var errs []string
	seen := map[string]int{} // package → its line
	for _, d := range diagram {
		if prev, ok := seen[d.pkg]; ok {
			errs = append(errs, fmt.Sprintf("README.md:%d: package %s is drawn twice (also on line %d)", d.line, d.pkg, prev))
			continue
		}
		seen[d.pkg] = d.line
		realDeps, exists := real[d.pkg]
		if !exists {
			errs = append(errs, fmt.Sprintf("README.md:%d: package %s is drawn but does not exist: remove its line", d.line, d.pkg))
			continue
		}
		for _, dep := range d.imports {
			if !slices.Contains(realDeps, dep) {
				errs = append(errs, fmt.Sprintf("README.md:%d: extra edge %s %s %s: %s does not import %s", d.line, d.pkg, diagramArrow, dep, d.pkg, dep))
			}
		}
		for _, dep := range realDeps {
			if !slices.Contains(d.imports, dep) {
				errs = append(errs, fmt.Sprintf("README.md:%d: missing edge %s %s %s: %s imports %s", d.line, d.pkg, diagramArrow, dep, d.pkg, dep))
			}
		}
	}
	// Each package below what it imports, so that the diagram reads from
	// the foundation up.
	for _, d := range diagram {
		for _, dep := range d.imports {
			if line, ok := seen[dep]; ok && line > d.line {
				errs = append(errs, fmt.Sprintf("README.md:%d: %s imports %s, drawn below it on line %d: draw each package below every package it imports", d.line, d.pkg, dep, line))
			}
		}
	}
	var missing []string
	for pkg := range real {
		if _, ok := seen[pkg]; !ok {
			missing = append(missing, pkg)
		}
	}
	sort.Strings(missing)
	for _, pkg := range missing {
		line := pkg
		if deps := real[pkg]; len(deps) > 0 {
			line += " " + diagramArrow + " " + strings.Join(deps, ", ")
		}
		errs = append(errs, fmt.Sprintf("README.md: package %s is missing from the diagram: add the line %q below its imports", pkg, line))
	}
	return errs
}

// TestLayoutDiagram keeps README.md's package diagram true: every package
// of the module, and exactly the imports each has.
func TestLayoutDiagram(t *testing.T) {
	diagram, parseErrs := parseDiagram(layoutBlock(t))
	for _, err := range parseErrs {
		t.Error(err)
	}
	for _, msg := range diagramErrors(diagram, moduleImports(t)) {
		t.Error(msg)
	}
}

// TestDiagramErrors checks that each kind of difference between a diagram
// and the real imports is found and named.
func TestDiagramErrors(t *testing.T) {
	real := map[string][]string{
		"board":  {},
		"eval":   {"board"},
		"search": {"board", "eval"},
		"tune":   {"board", "eval"},
	}
	block := fencedBlock{firstLine: 10, lines: []string{
		"board",
		"search    → board, protocol",
		"eval      → board",
		"protocol  → board",
		"",
	}}
	diagram, parseErrs := parseDiagram(block)
	if len(parseErrs) != 0 {
		t.Fatal(parseErrs)
	}
	got := diagramErrors(diagram, real)
	want := []string{
		"README.md:11: extra edge search → protocol: search does not import protocol",
		"README.md:11: missing edge search → eval: search imports eval",
		"README.md:13: package protocol is drawn but does not exist: remove its line",
		"README.md:11: search imports protocol, drawn below it on line 13: draw each package below every package it imports",
		`README.md: package tune is missing from the diagram: add the line "tune → board, eval" below its imports`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("diagramErrors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if diagramErrors([]diagramLine{{line: 1, pkg: "board"}, {line: 2, pkg: "eval", imports: []string{"board"}}}, map[string][]string{"board": {}, "eval": {"board"}}) != nil {
		t.Error("a true diagram gave errors")
	}

	_, parseErrs = parseDiagram(fencedBlock{firstLine: 1, lines: []string{"search eval → board", "eval → board eval"}})
	if len(parseErrs) != 2 {
		t.Errorf("two malformed lines gave %d errors: %v", len(parseErrs), parseErrs)
	}
}
