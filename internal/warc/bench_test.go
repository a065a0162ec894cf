package warc

import (
	"bytes"
	stdgzip "compress/gzip"
	"io"
	"sync"
	"testing"

	kpgzip "github.com/klauspost/compress/gzip"

	"github.com/relurl/relurl/internal/cputime"
	"github.com/relurl/relurl/internal/inflate"
	"github.com/relurl/relurl/internal/warc/warctest"
)

// archive is a multi-member .warc.gz of generated pages (warctest.Corpus:
// link-dense HTML, images, redirects), made once, in memory.
var archive = sync.OnceValues(func() ([]byte, warctest.CorpusStats) {
	var b bytes.Buffer
	st, err := warctest.Corpus(&b, 16<<20, 3)
	if err != nil {
		panic(err)
	}
	return b.Bytes(), st
})

// decoders are the gzip implementations compared (issue 14: the archive
// path at the speed of decompression).
var decoders = []struct {
	name string
	new  func() inflate.Decoder
}{
	{"compress-gzip", func() inflate.Decoder { return new(stdgzip.Reader) }},
	{"klauspost", func() inflate.Decoder { return new(kpgzip.Reader) }},
	{"inflate", func() inflate.Decoder { return new(inflate.Reader) }},
}

// BenchmarkArchive reads every record of the archive and every HTTP
// payload, as link extraction does, with each gzip implementation; and,
// as the floor, only decompresses it (Gunzip). Compare the ratios of one
// run: go test -run NONE -bench Archive -benchtime 5x ./internal/warc
func BenchmarkArchive(b *testing.B) {
	data, st := archive()
	for _, d := range decoders {
		b.Run("Gunzip/"+d.name, func(b *testing.B) {
			defer cpuPerOp(b)()
			b.SetBytes(int64(len(data)))
			buf := make([]byte, 32<<10)
			for b.Loop() {
				zr := d.new()
				if err := zr.Reset(bytes.NewReader(data)); err != nil {
					b.Fatal(err)
				}
				if _, err := io.CopyBuffer(io.Discard, zr, buf); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("Reader/"+d.name, func(b *testing.B) {
			old := newGzipReader
			newGzipReader = d.new
			defer func() { newGzipReader = old }()
			defer cpuPerOp(b)()
			b.SetBytes(int64(len(data)))
			buf := make([]byte, 32<<10)
			for b.Loop() {
				r := NewReader(bytes.NewReader(data), "a.warc.gz")
				n := 0
				for {
					rec, err := r.Next()
					if err == io.EOF {
						break
					}
					if err != nil {
						b.Fatal(err)
					}
					n++
					if rec.IsHTTPResponse() {
						resp, err := rec.ReadHTTPResponse()
						if err != nil {
							b.Fatal(err)
						}
						io.CopyBuffer(io.Discard, resp.Body, buf)
					}
				}
				if n != st.Records {
					b.Fatalf("%d records, want %d", n, st.Records)
				}
			}
		})
	}
}

// cpuPerOp reports the process's CPU time (user and system) per operation
// as cpu-ns/op: on a shared machine it varies less than the wall time.
// Call it as defer cpuPerOp(b)().
func cpuPerOp(b *testing.B) func() {
	start, _ := cputime.Process()
	return func() {
		end, _ := cputime.Process()
		b.ReportMetric(float64((end-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}
