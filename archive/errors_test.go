package archive

import (
	"bytes"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/warc/warctest"
)

// TestSentinelsNamed: every sentinel error the internal readers a Reader
// runs (WARC, WAT, codings) declare is named by this package (errors.go),
// so that a program outside the module reaches each with errors.Is.
func TestSentinelsNamed(t *testing.T) {
	named := map[string]bool{}
	f, err := parser.ParseFile(token.NewFileSet(), "errors.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if s, ok := n.(*ast.SelectorExpr); ok {
			if x, ok := s.X.(*ast.Ident); ok {
				named[x.Name+"."+s.Sel.Name] = true
			}
		}
		return true
	})
	for _, pkg := range []string{"warc", "wat", "coding"} {
		files, _ := filepath.Glob(filepath.Join("..", "internal", pkg, "*.go"))
		var found int
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			f, err := parser.ParseFile(token.NewFileSet(), file, src, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range f.Decls {
				g, ok := d.(*ast.GenDecl)
				if !ok || g.Tok != token.VAR {
					continue
				}
				for _, spec := range g.Specs {
					for i, name := range spec.(*ast.ValueSpec).Names {
						v := spec.(*ast.ValueSpec).Values
						if !name.IsExported() || !strings.HasPrefix(name.Name, "Err") || i >= len(v) {
							continue
						}
						if call, ok := v[i].(*ast.CallExpr); !ok || selector(call.Fun) != "errors.New" {
							continue
						}
						found++
						if !named[pkg+"."+name.Name] {
							t.Errorf("%s.%s (%s) has no name in package archive", pkg, name.Name, file)
						}
					}
				}
			}
		}
		if found == 0 {
			t.Errorf("no sentinel found in internal/%s: the test reads the wrong files", pkg)
		}
	}
}

// selector returns the selector f as written ("errors.New").
func selector(f ast.Expr) string {
	if s, ok := f.(*ast.SelectorExpr); ok {
		if x, ok := s.X.(*ast.Ident); ok {
			return x.Name + "." + s.Sel.Name
		}
	}
	return ""
}

// TestFormatAndZstdErrors: a file in a compression format not read is
// one ErrFormat; a zstd frame whose checksum is wrong is an ErrZstd and
// the next frame's record is read.
func TestFormatAndZstdErrors(t *testing.T) {
	res := read("F.warc.bz2", []byte("BZh91AY&SY\x00\x01\x02\x03 not read"))
	if len(res.errors) != 1 || !errors.Is(res.errors[0], ErrFormat) || len(res.links) != 0 {
		t.Errorf("bzip2: errors %v, links %q; want one ErrFormat and no link", res.errors, res.links)
	}

	var b bytes.Buffer
	w, err := warctest.NewZstdWriter(&b, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{"http://a/x", "http://b/y"} {
		if _, err := w.Write(warctest.Record{Type: "resource", TargetURI: u, ContentType: "text/html", Block: []byte("<a href=z>")}); err != nil {
			t.Fatal(err)
		}
	}
	data := b.Bytes()
	data[w.Offsets[1]-1] ^= 0xff // the first frame's Content_Checksum
	res = read("F.warc.zst", data)
	var zstdErrs int
	for _, err := range res.errors {
		if errors.Is(err, ErrZstd) {
			zstdErrs++
		}
	}
	if zstdErrs != 1 {
		t.Errorf("zstd: errors %v, want one ErrZstd", res.errors)
	}
	if got := strings.Join(res.links, " "); !strings.Contains(got, "http://b/z") {
		t.Errorf("zstd: links %q, want the second record's http://b/z", res.links)
	}
}

// TestKindString: each Kind prints as its constant's name.
func TestKindString(t *testing.T) {
	for k, want := range map[Kind]string{Skipped: "Skipped", Page: "Page", Redirect: "Redirect", Failed: "Failed",
		Stylesheet: "Stylesheet", Revisit: "Revisit", Sitemap: "Sitemap", Robots: "Robots", Robots + 1: "Kind(8)", -1: "Kind(-1)"} {
		if got := k.String(); got != want {
			t.Errorf("Kind(%d).String() = %q, want %q", int(k), got, want)
		}
	}
}

// TestCodingErrorReachable: a response whose Content-Encoding is not read
// gives a *DocError from which errors.As finds the *CodingError naming
// the field and the token, and errors.Is ErrCodingUnsupported, as
// errors.go says; its record is named too (*RecordError, ErrHTTP).
func TestCodingErrorReachable(t *testing.T) {
	data, _ := write(t, false, warctest.Response("http://a/", 200, [][2]string{{"Content-Type", "text/html"}, {"Content-Encoding", "gzip, x-bogus"}}, "<a href=x>"))
	res := read("F.warc", data)
	if len(res.errors) != 1 {
		t.Fatalf("errors %v, want one", res.errors)
	}
	err := res.errors[0]
	var ce *CodingError
	var re *RecordError
	var de *DocError
	if !errors.As(err, &de) || !errors.As(err, &ce) || ce.Coding.Field != "Content-Encoding" || ce.Coding.Name != "x-bogus" ||
		!errors.Is(err, ErrCodingUnsupported) || !errors.As(err, &re) || re.Offset != 0 || !errors.Is(err, ErrHTTP) {
		t.Errorf("%v: want a *DocError wrapping a *RecordError and a *CodingError of Content-Encoding x-bogus (ErrCodingUnsupported)", err)
	}
}
