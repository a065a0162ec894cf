package rows

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/links"
)

// BenchmarkRows writes the TSV rows of the links of the Node.js API
// sample pages (links/testdata), as the links command does for each link
// it extracts: the cost of the output alone, per row.
//
//	go test -run '^$' -bench '^BenchmarkRows$' ./internal/crawl
func BenchmarkRows(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join("..", "links", "testdata", "nodejs-api", "*.html"))
	if len(files) == 0 {
		b.Fatal("no links/testdata/nodejs-api/*.html")
	}
	type doc struct {
		name  string
		links []links.Link
	}
	var docs []doc
	var n, size int
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			b.Fatal(err)
		}
		d := doc{name: f + "#1234"}
		err = links.Extract(fh, base.Retrieved("https://nodejs.org/api/"+filepath.Base(f)), func(k links.Link) error {
			d.links = append(d.links, k)
			return nil
		})
		fh.Close()
		if err != nil {
			b.Fatal(err)
		}
		docs = append(docs, d)
		n += len(d.links)
	}
	var r Writer
	var buf []byte
	for _, d := range docs {
		for _, k := range d.links {
			buf = r.Append(buf, &Document{Name: d.name}, k)
		}
	}
	size = len(buf)
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, d := range docs {
			for _, k := range d.links {
				buf = r.Append(buf[:0], &Document{Name: d.name}, k)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/row")
	b.ReportMetric(float64(size)/float64(n), "bytes/row")
}
