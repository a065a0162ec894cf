package rows

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/benchmix"
	"github.com/relurl/relurl/links"
)

// BenchmarkRows writes the TSV rows of the links of the Node.js API
// sample pages (links/testdata), as the links command does for each link
// it extracts: the cost of the output alone, per row.
//
//	go test -run '^$' -bench '^BenchmarkRows$' ./internal/crawl
func BenchmarkRows(b *testing.B) {
	docs, n := benchDocs(b)
	var r Writer
	var buf []byte
	for _, d := range docs {
		for _, k := range d.links {
			buf = r.Append(buf, &Document{Name: d.name}, k)
		}
	}
	size := len(buf)
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

// benchDoc is a document of the benchmarks and its links.
type benchDoc struct {
	name  string
	links []links.Link
}

// benchDocs returns the links of the Node.js API sample pages
// (links/testdata) and their number.
func benchDocs(b *testing.B) ([]benchDoc, int) {
	files, _ := filepath.Glob(filepath.Join("..", "links", "testdata", "nodejs-api", "*.html"))
	if len(files) == 0 {
		b.Fatal("no links/testdata/nodejs-api/*.html")
	}
	var docs []benchDoc
	n := 0
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			b.Fatal(err)
		}
		d := benchDoc{name: f + "#1234"}
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
	return docs, n
}

// BenchmarkParquet: what Parquet costs over its NDJSON rows, the floor
// (a ParquetWriter reads them), in CPU time in one run: "x-ndjson" is
// how many times faster the NDJSON rows alone are than the Parquet file
// made of them (below 1: Parquet is slower).
//
//	go test -run '^$' -bench '^BenchmarkParquet$' ./rows
func BenchmarkParquet(b *testing.B) {
	docs, n := benchDocs(b)
	w := Writer{Format: NDJSON, Page: true}
	var buf []byte
	ndjson := func() []byte {
		buf = buf[:0]
		for _, d := range docs {
			doc := Document{Name: d.name, Page: "https://nodejs.org/api/"}
			for _, k := range d.links {
				buf = w.Append(buf, &doc, k)
			}
		}
		return buf
	}
	parquet := func() {
		pw := NewParquetWriter(io.Discard)
		if _, err := pw.Write(ndjson()); err != nil {
			b.Fatal(err)
		}
		if err := pw.Close(); err != nil {
			b.Fatal(err)
		}
	}
	benchmix.Ratio(b, n, parquet, func() { ndjson() }, "ndjson")
}
