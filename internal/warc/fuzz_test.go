package warc_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/iotest"

	"github.com/klauspost/compress/zstd"

	"github.com/relurl/relurl/internal/warc"
	"github.com/relurl/relurl/internal/warc/warctest"
	"github.com/relurl/relurl/limits"
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
	// Seeds for the defect classes of issue 11.
	f.Add(bytes.Repeat([]byte("WARC/1.0\r\nContent-Length: 300\r\n\r\n"+strings.Repeat("z", 300)+"\r\n\r\n"), 2)) // oversized records (over fuzzLimits.Record)
	f.Add(folded(40))                                                                                             // a folded header, over fuzzLimits.HeaderBlock
	f.Add(httpFolded(3))                                                                                          // a folded HTTP header
	f.Add(bytes.Join(overrunRecords(), nil))                                                                      // Content-Length too large, too small, past the end; an embedded record
	f.Add([]byte("WARC/1.0\r\nContent-Length: 9\r\n\r\n\nWARC/1.1\n\nWARC/1.0\r\nContent-Length: 0\r\n\r\n"))     // a boundary at the content's start, LF line ends
	f.Add(append(gz[:offs[3]+(offs[4]-offs[3])/2:offs[3]+(offs[4]-offs[3])/2], gz[offs[4]:]...))                  // a member cut, then good members
	// zstd (IIPC): frames a record, a dictionary, damaged and cut.
	zst, zoffs := buildZstd(f, nil, false, sample())
	zdict, _ := buildZstd(f, testDict(), true, sample())
	f.Add(zst)
	f.Add(zdict)
	f.Add(zst[:zoffs[3]+10])                                                           // a frame cut at the end
	f.Add(append(zst[:zoffs[2]:zoffs[2]], zst[zoffs[3]-7:]...))                        // a frame cut in the middle
	f.Add(zdict[:20])                                                                  // a dictionary frame cut
	f.Add([]byte("\x28\xb5\x2f\xfd"))                                                  // a bare zstd magic
	f.Add([]byte("\x5d\x2a\x4d\x18\xff\xff\xff\x7f"))                                  // a dictionary frame of 2 GiB
	f.Add(append(append([]byte{}, zst[:zoffs[1]]...), "P*M\x18\x02\x00\x00\x00ab"...)) // a frame, then an extension frame
	f.Add(append([]byte("X"), gz[1:]...))                                              // a gzip file whose magic is damaged
	f.Add(append([]byte("\x00\x00\x00\x00"), zst[4:]...))                              // a zstd file whose magic is damaged
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzForms(t, data)
		var z bytes.Buffer
		zw := gzipWriters.Get().(*gzip.Writer)
		zw.Reset(&z)
		zw.Write(data)
		zw.Close()
		gzipWriters.Put(zw)
		fuzzForms(t, z.Bytes())
		fuzzForms(t, zstdEncoder.EncodeAll(data, nil)) // one zstd frame
	})
}

// zstdEncoder compresses fuzz inputs in zstd (EncodeAll may be called
// concurrently).
var zstdEncoder, _ = zstd.NewWriter(nil, zstd.WithEncoderCRC(true))

// fuzzLimits are small limits, so that fuzzing reaches them.
var fuzzLimits = limits.Limits{Record: 200, HeaderLine: 100, HeaderBlock: 400}

// fuzzForms reads data as a file and as a stream a byte at a time, with
// default and small limits: the same events each way (a record's end and
// the recovery after damage do not depend on how the input arrives). And
// once more with the Reader that read the inputs before, Reset, as a job
// of the links command reads its files: the same events again.
func fuzzForms(t *testing.T, data []byte) {
	for _, lim := range []limits.Limits{{}, fuzzLimits} {
		file := readFuzz(t, warc.NewReader(bytes.NewReader(data), "fuzz"), lim, len(data))
		stream := readFuzz(t, warc.NewReader(iotest.OneByteReader(bytes.NewReader(data)), "fuzz"), lim, len(data))
		if !slices.Equal(file, stream) {
			t.Fatalf("limits %+v: file and stream differ:\n%q\n%q", lim, file, stream)
		}
		reused.Reset(bytes.NewReader(data), "fuzz")
		if again := readFuzz(t, reused, lim, len(data)); !slices.Equal(file, again) {
			t.Fatalf("limits %+v: a Reader Reset after other inputs differs:\n%q\n%q", lim, file, again)
		}
	}
}

// reused is the Reader fuzzForms resets for each input.
var reused = warc.NewReader(bytes.NewReader(nil), "fuzz")

// gzipWriters saves allocating a compressor (most of a megabyte) per input.
var gzipWriters = sync.Pool{New: func() any { return gzip.NewWriter(nil) }}

func readFuzz(t *testing.T, r *warc.Reader, lim limits.Limits, size int) []string {
	r.Limits = lim
	max := lim.Resolve().Record
	var evs []string
	buf := make([]byte, 4096)
	each(t, r, size+10, func(rec *warc.Record) {
		evs = append(evs, fmt.Sprintf("record %d %q", rec.Offset, rec.TargetURI))
		if rec.IsHTTPResponse() {
			resp, err := rec.ReadHTTPResponse()
			if err != nil {
				asError(t, err)
				evs = append(evs, err.Error())
				return
			}
			resp.IsHTML()
			resp.Redirect()
			// A chunked or gzip body may expand, but never beyond the
			// Record limit.
			n, err := io.CopyBuffer(io.Discard, resp.Body, buf)
			if n > max {
				t.Fatalf("HTTP payload of %d bytes, limit %d", n, max)
			}
			evs = append(evs, fmt.Sprintf("payload %d %v", n, err))
			return
		}
		h := crc32.NewIEEE()
		n, err := io.CopyBuffer(h, rec.Block, buf)
		if n > rec.ContentLength || n > max {
			t.Fatalf("block of %d bytes, Content-Length %d, limit %d", n, rec.ContentLength, max)
		}
		evs = append(evs, fmt.Sprintf("block %d %x %v", n, h.Sum32(), err))
	}, func(err error) {
		if e := asError(t, err); e.Offset < 0 || e.Offset > int64(size) {
			t.Fatalf("error %v: offset out of the input", err)
		}
		evs = append(evs, err.Error())
	})
	return evs
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
