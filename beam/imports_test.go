package relurlbeam

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNoInternalImports holds the module's code to the public packages of
// relurl (archive, rows, graph, links...): a program outside the module
// can build the same pipeline. Its tests may take internal/crawl as the
// reference "relurl links" they compare with.
func TestNoInternalImports(t *testing.T) {
	n := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		n++
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if p == "github.com/relurl/relurl/internal" || strings.HasPrefix(p, "github.com/relurl/relurl/internal/") {
				t.Errorf("%s imports %s, internal to the relurl module", path, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 3 {
		t.Fatalf("%d Go files read, want pipeline.go, graph.go, cmd/relurl-beam/main.go", n)
	}
}
