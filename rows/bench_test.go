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
func benchDocs(b testing.TB) ([]benchDoc, int) {
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

// BenchmarkParquet: what Parquet rows cost over NDJSON rows of the same
// links (with the page column, as "relurl links -format parquet -page"),
// in CPU time in one run: "x-ndjson" is how many times faster the
// NDJSON rows are than the Parquet file (below 1: Parquet is slower).
// The Parquet side is the direct way: a Writer of Format Parquet hands
// the values to a ParquetWriter.
//
//	GOMAXPROCS=1 go test -run '^$' -bench '^BenchmarkParquet' ./rows
func BenchmarkParquet(b *testing.B) {
	benchParquet(b, func(docs []benchDoc) {
		pw := NewParquetWriter(io.Discard)
		if _, err := pw.Write(benchRows(docs, Parquet)); err != nil {
			b.Fatal(err)
		}
		if err := pw.Close(); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkParquetFromNDJSON is BenchmarkParquet with the Parquet file
// made from the NDJSON rows (ParquetFromNDJSON), the way relurl links
// made it before the direct way: the rows written, then parsed back.
func BenchmarkParquetFromNDJSON(b *testing.B) {
	benchParquet(b, func(docs []benchDoc) {
		pw := NewParquetFromNDJSON(io.Discard)
		if _, err := pw.Write(benchRows(docs, NDJSON)); err != nil {
			b.Fatal(err)
		}
		if err := pw.Close(); err != nil {
			b.Fatal(err)
		}
	})
}

// benchParquet measures parquet, the making of a Parquet file of the
// links of docs, against their NDJSON rows.
func benchParquet(b *testing.B, parquet func([]benchDoc)) {
	docs, n := benchDocs(b)
	benchmix.Ratio(b, n, func() { parquet(docs) }, func() { benchRows(docs, NDJSON) }, "ndjson")
}

var benchBuf []byte

// benchRows returns the rows of the links of docs in format f, with the
// page column.
func benchRows(docs []benchDoc, f Format) []byte {
	w := Writer{Format: f, Page: true}
	benchBuf = benchBuf[:0]
	for _, d := range docs {
		doc := Document{Name: d.name, Page: "https://nodejs.org/api/"}
		for _, k := range d.links {
			benchBuf = w.Append(benchBuf, &doc, k)
		}
	}
	return benchBuf
}
