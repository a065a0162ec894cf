package main

import (
	"bytes"
	"compress/gzip"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/warc/warctest"
)

// FuzzArchive feeds bytes to "relurl links" as a WARC file on standard
// input, as they are and gzip-compressed: whatever they hold, every row
// has six columns and names a record, and nothing panics.
func FuzzArchive(f *testing.F) {
	var b bytes.Buffer
	w := warctest.NewWriter(&b, false)
	for _, rec := range crawlRecords() {
		w.Write(rec)
	}
	f.Add(b.Bytes())                                                                                                                                                                       // every kind of record the command handles
	f.Add([]byte("WARC/1.1\r\nWARC-Type: response\r\nContent-Type: application/http\r\nWARC-Target-URI: http://a/\r\nContent-Length: 60\r\n\r\nHTTP/1.1 302 x\r\nLocation: ../b\r\n\r\n")) // a short redirect
	f.Add([]byte("WARC/1.0\r\nWARC-Type: metadata\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n{\"Envelope\":{\"Payl\r\n\r\n"))                                          // broken WAT JSON
	f.Add([]byte("WARC/1.1\r\nContent-Length: -1\r\n\r\n"))                                                                                                                                // a bad length
	f.Fuzz(func(t *testing.T, data []byte) {
		if !bytes.HasPrefix(data, []byte("WARC/")) {
			data = append([]byte("WARC/1.1\r\n"), data...)
		}
		var gz bytes.Buffer
		zw := gzip.NewWriter(&gz)
		zw.Write(data)
		zw.Close()
		for _, in := range [][]byte{data, gz.Bytes()} {
			out, _, code := runLinksCmd(t, string(in), false, "-")
			if code != exitOK && code != exitRejected {
				t.Fatalf("exit %d", code)
			}
			for _, r := range strings.SplitAfter(out, "\n") {
				if r == "" {
					continue
				}
				if !strings.HasSuffix(r, "\n") || strings.Count(r, "\t") != 5 || !strings.HasPrefix(r, "-#") {
					t.Fatalf("row %q", r)
				}
			}
		}
	})
}
