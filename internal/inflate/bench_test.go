package inflate

import (
	"bufio"
	"bytes"
	"io"
	"testing"

	"github.com/relurl/relurl/internal/cputime"
)

// benchMembers is the nodejs-api HTML, a gzip member a file (as a WARC
// file has a member a record), compressed by compress/gzip at level 6,
// and the size of the HTML.
func benchMembers(b *testing.B) ([]byte, int) {
	var gz []byte
	size := 0
	for _, f := range corpusFiles(b) {
		gz = append(gz, gzip6(b, f)...)
		size += len(f)
	}
	return gz, size
}

// drain reads z to its end with Reads, as internal/warc does (no
// WriteTo), and returns the bytes read.
func drain(b *testing.B, z Decoder, br *bufio.Reader, gz []byte, buf []byte) int {
	br.Reset(bytes.NewReader(gz))
	if err := z.Reset(br); err != nil {
		b.Fatal(err)
	}
	n := 0
	for {
		k, err := z.Read(buf)
		n += k
		if err == io.EOF {
			return n
		}
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecode decompresses the members with each Reader. Its ratio
// sub-benchmark runs the two by turns and reports klauspost's CPU time
// over relurl's (above 1: relurl is faster), which holds on a loaded
// machine: go test -run '^$' -bench Decode ./internal/inflate
func BenchmarkDecode(b *testing.B) {
	gz, size := benchMembers(b)
	for _, d := range decoders {
		b.Run(d.name, func(b *testing.B) {
			z, br, buf := d.new(), bufio.NewReader(nil), make([]byte, 32<<10)
			b.SetBytes(int64(size))
			for b.Loop() {
				if n := drain(b, z, br, gz, buf); n != size {
					b.Fatalf("%d bytes, want %d", n, size)
				}
			}
		})
	}
	b.Run("ratio", func(b *testing.B) {
		br, buf := bufio.NewReader(nil), make([]byte, 32<<10)
		run := func(z Decoder) func() {
			return func() {
				if n := drain(b, z, br, gz, buf); n != size {
					b.Fatalf("%d bytes, want %d", n, size)
				}
			}
		}
		relurl := &cputime.Contender{Run: run(decoders[0].new())}
		kp := &cputime.Contender{Run: run(decoders[1].new())}
		rounds := cputime.Alternate(b, cputime.Leave, relurl, kp)
		if relurl.CPU > 0 && kp.CPU > 0 {
			mb := float64(size) * float64(rounds) / 1e6
			b.ReportMetric(mb/relurl.CPU.Seconds(), "relurl-MB/s")
			b.ReportMetric(mb/kp.CPU.Seconds(), "klauspost-MB/s")
			b.ReportMetric(kp.CPU.Seconds()/relurl.CPU.Seconds(), "ratio")
		}
	})
}
