package wat_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"runtime"
	"testing"

	"github.com/relurl/relurl/internal/warc"
	"github.com/relurl/relurl/internal/wat"
	"github.com/relurl/relurl/limits"
)

// bigWAT returns a .wat.gz of two records: one whose JSON is about n
// bytes (a long array the decoder skips, then links), then a small one.
// It is written without holding the JSON whole.
func bigWAT(n int) []byte {
	var z bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&z, gzip.BestSpeed)
	head := `{"Envelope":{"Payload-Metadata":{"Skipped":[`
	tail := `0],"HTTP-Response-Metadata":{"HTML-Metadata":{"Links":[{"path":"A@/href","url":"late"}]}}}}}`
	fmt.Fprintf(zw, "WARC/1.0\r\nWARC-Type: metadata\r\nWARC-Target-URI: http://h/big\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(head)+n/2*2+len(tail), head)
	chunk := bytes.Repeat([]byte("0,"), 1<<16)
	for left := n / 2 * 2; left > 0; left -= len(chunk) {
		zw.Write(chunk[:min(left, len(chunk))])
	}
	io.WriteString(zw, tail+"\r\n\r\n")
	zw.Close()
	zw.Reset(&z)
	js := `{"Envelope":{"Payload-Metadata":{"HTTP-Response-Metadata":{"HTML-Metadata":{"Links":[{"path":"A@/href","url":"small"}]}}}}}`
	fmt.Fprintf(zw, "WARC/1.0\r\nWARC-Type: metadata\r\nWARC-Target-URI: http://h/small\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n", len(js), js)
	zw.Close()
	return z.Bytes()
}

// TestLimit: a WAT record over Limits.Record is an error naming the file,
// offset and limit; the JSON decoder never holds more than the limit, so
// a 64 MB record costs what a 16 MB one does; the next record is read.
func TestLimit(t *testing.T) {
	var allocs []uint64
	for _, size := range []int{16 << 20, 64 << 20} {
		data := bigWAT(size)
		var got []string
		var a, b runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&a)
		r := wat.NewReader(bytes.NewReader(data), "big.wat.gz")
		r.Limits = limits.Limits{Record: 1 << 20}
		for {
			rec, err := r.Next()
			if err == io.EOF {
				break
			}
			var we *warc.Error
			var le *limits.Error
			if err != nil {
				if !errors.As(err, &we) || we.File != "big.wat.gz" || we.Offset != 0 || !errors.As(err, &le) || le.Limit != "Record" || le.Max != 1<<20 {
					t.Errorf("error %v, want a Record limit error at offset 0", err)
				}
				got = append(got, "limit")
				continue
			}
			got = append(got, rec.TargetURI)
		}
		runtime.ReadMemStats(&b)
		allocs = append(allocs, b.TotalAlloc-a.TotalAlloc)
		if fmt.Sprint(got) != "[limit http://h/small]" {
			t.Errorf("%d bytes: got %v", size, got)
		}
	}
	t.Logf("allocated %d bytes for a 16 MB record, %d for 64 MB", allocs[0], allocs[1])
	if allocs[1] > 2*allocs[0]+(1<<20) {
		t.Errorf("allocated %d bytes for 16 MB, %d for 64 MB: memory grows with the record", allocs[0], allocs[1])
	}

	// With the default limit, the 16 MB record is read whole, its link
	// after the skipped array found.
	r := wat.NewReader(bytes.NewReader(bigWAT(16<<20)), "big.wat.gz")
	var urls []string
	r.Link = func(_ *wat.Record, l *wat.Link) error { urls = append(urls, l.URL); return nil }
	rec, err := r.Next()
	if err != nil || rec.Links != 1 || fmt.Sprint(urls) != "[late]" {
		t.Errorf("default limits: %+v %q, %v", rec, urls, err)
	}
}
