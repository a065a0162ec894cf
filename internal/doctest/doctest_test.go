// Package doctest runs the examples of README.md and docs/*.md, so that the
// documentation cannot drift from the command and the library.
//
// The convention, for whoever writes the docs (docs/README's "Examples"
// note says the same to readers):
//
//   - A fenced block whose info string starts with sh is a terminal
//     session and is executed. Each line starting with "$ " is a command
//     (a line ending in "\" continues it); the lines after it, up to the
//     next "$ " line or the end of the block, are what it prints, standard
//     output and standard error together as a terminal shows them
//     (trailing blank lines ignored). Commands run with bash in one
//     working directory per document, in order, with the relurl built
//     from this tree first on PATH and standard input empty. Every command
//     must exit 0: to show a failing one, end it with
//     `; echo "exit status $?"`.
//   - A block whose info string starts with console is shown and NOT
//     executed: commands that need the network, a cluster, a server that
//     keeps running, minutes of benchmarks, or the test suite itself.
//   - A block "go example=PKG.NAME" must be, byte for byte, the body of
//     the Example function NAME in package PKG (relurl, base, links,
//     limits, whatwg or doctest); go test runs the Example and checks its
//     Output.
//   - A block with "file=PATH" in its info string (any language) is
//     written to PATH in the document's working directory when the test
//     reaches it, so that later commands can read it.
//   - Any other fenced block is an error, except README.md's two
//     commands and the block after "The first prints:", which
//     cmd/relurl's TestREADMEMainCommand and CI check.
//
// The working directory also holds a symbolic link testdata to the
// repository's testdata/, and the fixtures of fixtures_test.go (a small
// web archive).
package doctest

import (
	"bytes"
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// root is the repository root, relative to this package's directory.
const root = "../.."

var binDir string // holds the relurl built by TestMain

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "relurl-doctest")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	binDir = dir
	out, err := exec.Command("go", "build", "-o", filepath.Join(dir, "relurl"), "github.com/relurl/relurl/cmd/relurl").CombinedOutput()
	if err != nil {
		fmt.Fprintf(os.Stderr, "building relurl: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(2)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// docFiles returns README.md and docs/*.md, relative to the root.
func docFiles(t *testing.T) []string {
	t.Helper()
	files := []string{"README.md", "CHANGELOG.md"}
	more, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range more {
		rel, _ := filepath.Rel(root, f)
		files = append(files, rel)
	}
	if len(more) == 0 {
		t.Fatal("no docs/*.md: the guides are missing")
	}
	return files
}

// A block is a fenced code block of a document.
type block struct {
	line  int    // line number of the opening fence, from 1
	info  string // the info string, "sh", "go example=relurl.ExampleParse"
	lines []string
	after string // the last non-blank line before the fence
}

func (b block) lang() string {
	f := strings.Fields(b.info)
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

// attr returns the value of NAME=VALUE in the info string.
func (b block) attr(name string) string {
	for _, f := range strings.Fields(b.info) {
		if v, ok := strings.CutPrefix(f, name+"="); ok {
			return v
		}
	}
	return ""
}

// parseBlocks returns the fenced blocks of a Markdown document, and the
// errors of form it finds: an unclosed fence, an indented "$ " example
// (which would not be run).
func parseBlocks(doc string) ([]block, []string) {
	var blocks []block
	var errs []string
	lines := strings.Split(doc, "\n")
	var cur *block
	fence := ""
	prev := ""
	for i, l := range lines {
		if cur != nil {
			if strings.TrimRight(l, " ") == fence {
				blocks = append(blocks, *cur)
				cur = nil
				continue
			}
			cur.lines = append(cur.lines, l)
			continue
		}
		if strings.HasPrefix(l, "```") {
			n := len(l) - len(strings.TrimLeft(l, "`"))
			fence = l[:n]
			cur = &block{line: i + 1, info: strings.TrimSpace(l[n:]), after: prev}
			continue
		}
		if strings.HasPrefix(strings.TrimLeft(l, " \t"), "$ ") && (strings.HasPrefix(l, "    ") || strings.HasPrefix(l, "\t")) {
			errs = append(errs, fmt.Sprintf("line %d: an indented example is not run; put it in a ```sh block", i+1))
		}
		if strings.TrimSpace(l) != "" {
			prev = strings.TrimSpace(l)
		}
	}
	if cur != nil {
		errs = append(errs, fmt.Sprintf("line %d: fence not closed", cur.line))
	}
	return blocks, errs
}

// A step is one command of a session block and the output shown for it.
type step struct {
	line int // of the "$ " line
	cmd  string
	want string
}

// parseSession splits a sh block into commands and their outputs.
func parseSession(b block) ([]step, error) {
	var steps []step
	for i := 0; i < len(b.lines); i++ {
		l := b.lines[i]
		if !strings.HasPrefix(l, "$ ") {
			if len(steps) == 0 {
				return nil, fmt.Errorf("line %d: a sh block must start with a \"$ \" command (use console for a block that is not run)", b.line+1+i)
			}
			steps[len(steps)-1].want += l + "\n"
			continue
		}
		s := step{line: b.line + 1 + i, cmd: strings.TrimPrefix(l, "$ ")}
		for strings.HasSuffix(s.cmd, "\\") && i+1 < len(b.lines) {
			i++
			s.cmd += "\n" + b.lines[i]
		}
		steps = append(steps, s)
	}
	if len(steps) == 0 {
		return nil, fmt.Errorf("line %d: a sh block without a \"$ \" command", b.line)
	}
	return steps, nil
}

// run runs one command in dir and returns what it printed and its error.
func run(dir, command string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-c", command)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+binDir+string(os.PathListSeparator)+os.Getenv("PATH"), "LC_ALL=C", "TZ=UTC")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}

// TestExamples runs every session of every document and compares what
// each command prints with what the document shows.
func TestExamples(t *testing.T) {
	examples := goExamples(t)
	for _, name := range docFiles(t) {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(root, name))
			if err != nil {
				t.Fatal(err)
			}
			errs, ran, shown := checkDoc(name, string(data), workDir(t), examples)
			for _, e := range errs {
				t.Error(e)
			}
			t.Logf("%s: %d commands run, %d console blocks not run", name, ran, shown)
		})
	}
}

// checkDoc runs the examples of one document in dir and returns what
// differs, the number of commands run and of console blocks shown.
func checkDoc(name, doc, dir string, examples map[string]string) (errs []string, ran, shown int) {
	blocks, bad := parseBlocks(doc)
	for _, e := range bad {
		errs = append(errs, name+":"+e)
	}
	for _, b := range blocks {
		switch {
		case name == "README.md" && (b.after == "The first prints:" || b.lang() == "sh" && strings.HasPrefix(strings.Join(b.lines, "\n"), "# the main job")):
			// The README's two commands and what the first prints:
			// cmd/relurl's TestREADMEMainCommand runs the first, CI the
			// second.
		case b.attr("file") != "":
			p := filepath.Join(dir, filepath.FromSlash(b.attr("file")))
			err := os.MkdirAll(filepath.Dir(p), 0o755)
			if err == nil {
				err = os.WriteFile(p, []byte(strings.Join(b.lines, "\n")+"\n"), 0o644)
			}
			if err != nil {
				errs = append(errs, fmt.Sprintf("%s:%d: %v", name, b.line, err))
			}
		case b.lang() == "sh":
			steps, err := parseSession(b)
			if err != nil {
				errs = append(errs, fmt.Sprintf("%s:%v", name, err))
				continue
			}
			for _, s := range steps {
				got, err := run(dir, s.cmd)
				ran++
				if err != nil {
					errs = append(errs, fmt.Sprintf("%s:%d: $ %s\nexited with %v (end the command with `; echo \"exit status $?\"` to show a failure); it printed:\n%s", name, s.line, s.cmd, err, got))
					continue
				}
				if g, w := strings.TrimRight(got, "\n"), strings.TrimRight(s.want, "\n"); g != w {
					errs = append(errs, fmt.Sprintf("%s:%d: $ %s\nprinted:\n%s\nthe document shows:\n%s", name, s.line, s.cmd, g, w))
				}
			}
		case b.lang() == "console":
			shown++
		case b.lang() == "go":
			if e := checkGoBlock(b, examples); e != "" {
				errs = append(errs, fmt.Sprintf("%s:%d: %s", name, b.line, e))
			}
		default:
			errs = append(errs, fmt.Sprintf("%s:%d: a ```%s block is neither run nor checked: use sh (run), console (not run), go example=PKG.NAME, or file=PATH", name, b.line, b.info))
		}
	}
	return errs, ran, shown
}

// workDir makes the working directory of one document: testdata linked,
// the fixtures written.
func workDir(t *testing.T) string {
	dir := t.TempDir()
	abs, err := filepath.Abs(filepath.Join(root, "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(abs, filepath.Join(dir, "testdata")); err != nil {
		t.Fatal(err)
	}
	if err := writeFixtures(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// goExamples returns the source of the body of every Example function of
// the packages the docs may cite, by "PKG.NAME".
func goExamples(t *testing.T) map[string]string {
	t.Helper()
	pkgs := map[string]string{"relurl": root, "base": root + "/base", "links": root + "/links", "limits": root + "/limits", "canon": root + "/canon", "whatwg": root + "/whatwg", "doctest": "."}
	ex := map[string]string{}
	for pkg, dir := range pkgs {
		files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			fset := token.NewFileSet()
			file, err := parser.ParseFile(fset, f, src, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range file.Decls {
				fn, ok := d.(*ast.FuncDecl)
				if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "Example") {
					continue
				}
				body := string(src[fset.Position(fn.Body.Lbrace).Offset+1 : fset.Position(fn.Body.Rbrace).Offset])
				ex[pkg+"."+fn.Name.Name] = dedent(body)
			}
		}
	}
	return ex
}

// dedent drops the blank first and last lines of a function body and one
// tab from the start of each line.
func dedent(body string) string {
	body = strings.Trim(body, "\n")
	lines := strings.Split(body, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, "\t")
	}
	return strings.Join(lines, "\n")
}

// checkGoBlock returns what is wrong with a go block, or "".
func checkGoBlock(b block, examples map[string]string) string {
	ref := b.attr("example")
	if ref == "" {
		return "a go block must name the Example it shows: ```go example=PKG.ExampleNAME"
	}
	body, ok := examples[ref]
	if !ok {
		return "no Example function " + ref
	}
	if got := strings.Join(b.lines, "\n"); got != body {
		return fmt.Sprintf("the block is not the body of %s; the Example's body is:\n%s", ref, body)
	}
	return ""
}

var (
	linkRE    = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	codeRE    = regexp.MustCompile("`[^`]*`")
	docRefRE  = regexp.MustCompile(`\bdocs/[A-Za-z0-9_-]+\.md(#[A-Za-z0-9_-]+)?`)
	goLineRE  = regexp.MustCompile(`(?m)^go (\S+)$`)
	goNeedsRE = regexp.MustCompile(`Go (1\.[0-9]+(\.[0-9]+)?) or later`)
)

// TestLinks checks that every relative link of the documents leads to a
// file that exists, and to a heading of it when it names one.
func TestLinks(t *testing.T) {
	anchors := map[string]map[string]bool{}
	for _, name := range append(docFiles(t), "testdata/conformance/SOURCES.md") {
		data, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range outsideFences(string(data)) {
			l = codeRE.ReplaceAllString(l, "")
			for _, m := range linkRE.FindAllStringSubmatch(l, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				file, frag, _ := strings.Cut(target, "#")
				path := name
				if file != "" {
					path = filepath.ToSlash(filepath.Join(filepath.Dir(name), file))
				}
				if err := checkTarget(anchors, path, frag); err != nil {
					t.Errorf("%s:%d: link %s: %v", name, i+1, target, err)
				}
			}
		}
	}
}

// TestCodeCitesDocs checks that every docs/NAME.md#anchor cited by a Go
// file of the module exists, so that code can point at docs/design.md.
func TestCodeCitesDocs(t *testing.T) {
	anchors := map[string]map[string]bool{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		// This package's own comments show the form of a citation.
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "doctest" || strings.HasPrefix(d.Name(), ".")) && p != root {
			return filepath.SkipDir
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for i, l := range strings.Split(string(data), "\n") {
			for _, m := range docRefRE.FindAllStringSubmatch(l, -1) {
				file, frag, _ := strings.Cut(m[0], "#")
				if err := checkTarget(anchors, file, frag); err != nil {
					t.Errorf("%s:%d: %s: %v", p, i+1, m[0], err)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// checkTarget reports whether path (from the root) exists and, if frag is
// not empty, has a heading whose anchor is frag.
func checkTarget(anchors map[string]map[string]bool, path, frag string) error {
	if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(path))); err != nil {
		return fmt.Errorf("no file %s", path)
	}
	if frag == "" || !strings.HasSuffix(path, ".md") {
		return nil
	}
	a, ok := anchors[path]
	if !ok {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(path)))
		if err != nil {
			return err
		}
		a = headingAnchors(string(data))
		anchors[path] = a
	}
	if !a[frag] {
		return fmt.Errorf("%s has no heading with anchor #%s", path, frag)
	}
	return nil
}

// outsideFences returns the lines of a document with those inside fenced
// blocks blanked, so that line numbers stay right.
func outsideFences(doc string) []string {
	lines := strings.Split(doc, "\n")
	fence := ""
	for i, l := range lines {
		switch {
		case fence != "":
			if strings.TrimRight(l, " ") == fence {
				fence = ""
			}
			lines[i] = ""
		case strings.HasPrefix(l, "```"):
			fence = l[:len(l)-len(strings.TrimLeft(l, "`"))]
			lines[i] = ""
		}
	}
	return lines
}

// headingAnchors returns the anchors GitHub gives the headings of a
// document: lower case, punctuation other than "-" and "_" dropped,
// spaces as "-", "-1", "-2"... added to repeats.
func headingAnchors(doc string) map[string]bool {
	a := map[string]bool{}
	seen := map[string]int{}
	for _, l := range outsideFences(doc) {
		if !strings.HasPrefix(l, "#") {
			continue
		}
		text := strings.TrimSpace(strings.TrimLeft(l, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(text) {
			switch {
			case r == ' ':
				b.WriteByte('-')
			case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
				b.WriteRune(r)
			}
		}
		s := b.String()
		if n := seen[s]; n > 0 {
			a[fmt.Sprintf("%s-%d", s, n)] = true
		} else {
			a[s] = true
		}
		seen[s]++
	}
	return a
}

// TestGoVersion checks that the README asks for the Go version go.mod
// names.
func TestGoVersion(t *testing.T) {
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	m := goLineRE.FindSubmatch(mod)
	if m == nil {
		t.Fatal("go.mod has no go line")
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	found := goNeedsRE.FindAllSubmatch(readme, -1)
	if len(found) == 0 {
		t.Fatal(`README.md does not say "Go 1.N or later"`)
	}
	for _, f := range found {
		if string(f[1]) != string(m[1]) {
			t.Errorf("README.md says Go %s or later; go.mod's go line is %s", f[1], m[1])
		}
	}
}
