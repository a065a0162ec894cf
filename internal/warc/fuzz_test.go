package warc_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"sync"
	"testing"

	"github.com/relurl/relurl/internal/warc"
	"github.com/relurl/relurl/internal/warc/warctest"
)

// FuzzReader reads arbitrary bytes as a WARC file, as given and as the
// member data of a gzip file: no panic, a bounded number of records and
// errors (no hang), every error an *Error.
func FuzzReader(f *testing.F) {
	plain, _ := build(f, false, sample())
	gz, offs := build(f, true, sample())
	f.Add(plain)                                                                                                                                                                                        // every kind of record, plain
	f.Add(gz)                                                                                                                                                                                           // the same, gzip members
	f.Add(gz[:offs[3]+20])                                                                                                                                                                              // a truncated member at the end
	f.Add(append(gz[:offs[2]:offs[2]], gz[offs[3]-9:]...))                                                                                                                                              // a member cut in the middle
	f.Add(plain[:len(plain)/2])                                                                                                                                                                         // a plain file cut in a record
	f.Add([]byte("WARC/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n"))                                                                                                                           // overflowing length
	f.Add([]byte("WARC/1.1\r\nContent-Length: -1\r\n\r\nWARC/1.0\r\n\r\n"))                                                                                                                             // negative length, no length
	f.Add([]byte("WARC/1.0\r\n continued\r\nA: b\r\n c\r\nContent-Length: 0\r\n"))                                                                                                                      // continuation lines
	f.Add([]byte("\x1f\x8b\x08"))                                                                                                                                                                       // a bare gzip magic
	f.Add([]byte("WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: h\r\nContent-Type: application/http\r\nContent-Length: 47\r\n\r\nHTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nffff\r\n")) // a short chunked body
	f.Fuzz(func(t *testing.T, data []byte) {
		readFuzz(t, data)
		var z bytes.Buffer
		zw := gzipWriters.Get().(*gzip.Writer)
		zw.Reset(&z)
		zw.Write(data)
		zw.Close()
		gzipWriters.Put(zw)
		readFuzz(t, z.Bytes())
	})
}

// gzipWriters saves allocating a compressor (most of a megabyte) per input.
var gzipWriters = sync.Pool{New: func() any { return gzip.NewWriter(nil) }}

func readFuzz(t *testing.T, data []byte) {
	r := warc.NewReader(bytes.NewReader(data), "fuzz")
	buf := make([]byte, 4096)
	for i := 0; ; i++ {
		if i > len(data)+10 {
			t.Fatalf("more than %d calls to Next on %d bytes", i, len(data))
		}
		rec, err := r.Next()
		if err == io.EOF {
			return
		}
		var e *warc.Error
		if err != nil {
			if !errors.As(err, &e) {
				t.Fatalf("error %v (%T) is not a *warc.Error", err, err)
			}
			continue
		}
		if rec.IsHTTPResponse() {
			resp, err := rec.ReadHTTPResponse()
			if err != nil {
				if !errors.As(err, &e) {
					t.Fatalf("error %v (%T) is not a *warc.Error", err, err)
				}
				continue
			}
			resp.IsHTML()
			resp.Redirect()
			// A chunked or gzip body may expand, but never beyond what
			// the block bounds: read a bounded amount.
			io.CopyBuffer(io.Discard, io.LimitReader(resp.Body, 1<<20), buf)
			continue
		}
		n, _ := io.CopyBuffer(io.Discard, rec.Block, buf)
		if n > rec.ContentLength {
			t.Fatalf("block of %d bytes, Content-Length %d", n, rec.ContentLength)
		}
	}
}

// FuzzRoundTrip writes a record with arbitrary URI and block and reads it
// back: what the writer put is what the reader gives.
func FuzzRoundTrip(f *testing.F) {
	f.Add("http://a/b/c/d;p?q", []byte("<a href=g>"), false) // plain
	f.Add("http://a/b", []byte("WARC/1.0\r\n\r\n"), true)    // a block that looks like a record
	f.Add("", []byte{}, true)                                // no URI, empty block
	f.Fuzz(func(t *testing.T, uri string, block []byte, gz bool) {
		if bytes.ContainsAny([]byte(uri), "\r\n") || uri != string(bytes.TrimSpace([]byte(uri))) {
			return // not a header value
		}
		var buf bytes.Buffer
		w := warctest.NewWriter(&buf, gz)
		w.Write(warctest.Record{Type: "resource", TargetURI: uri, Block: block})
		w.Write(warctest.Warcinfo())
		r := warc.NewReader(bytes.NewReader(buf.Bytes()), "rt")
		rec, err := r.Next()
		if uri == "" {
			if !errors.Is(err, warc.ErrMissingTargetURI) {
				t.Fatalf("no URI: %v", err)
			}
		} else {
			if err != nil {
				t.Fatal(err)
			}
			got, err := io.ReadAll(rec.Block)
			want := uri
			if len(uri) >= 2 && uri[0] == '<' && uri[len(uri)-1] == '>' {
				want = uri[1 : len(uri)-1]
			}
			if err != nil || !bytes.Equal(got, block) || rec.TargetURI != want {
				t.Fatalf("read %q %q, %v; wrote %q %q", rec.TargetURI, got, err, uri, block)
			}
		}
		if rec, err := r.Next(); err != nil || rec.Type != "warcinfo" {
			t.Fatalf("second record: %v, %v", rec, err)
		}
		if _, err := r.Next(); err != io.EOF {
			t.Fatalf("end: %v", err)
		}
	})
}
