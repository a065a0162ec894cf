package coding

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/warc/warctest"
	"github.com/relurl/relurl/limits"
)

func TestDecodeEveryTokenInOrder(t *testing.T) {
	page := []byte(strings.Repeat(`<a href="x">x</a>`, 100))
	for _, tc := range []struct {
		header  http.Header
		applied []string // the codings, in the order the sender applied them
	}{
		{http.Header{}, nil},
		{http.Header{"Content-Encoding": {"gzip"}}, []string{"gzip"}},
		{http.Header{"Content-Encoding": {"gzip, gzip"}}, []string{"gzip", "gzip"}},
		{http.Header{"Content-Encoding": {"gzip", "gzip"}}, []string{"gzip", "gzip"}}, // two fields
		{http.Header{"Content-Encoding": {"gzip, identity"}}, []string{"gzip"}},
		{http.Header{"Content-Encoding": {"Identity ,, X-GZIP"}}, []string{"x-gzip"}},
		{http.Header{"Transfer-Encoding": {"gzip, chunked"}}, []string{"gzip", "chunked"}},
		{http.Header{"Transfer-Encoding": {"chunked, gzip"}}, []string{"chunked", "gzip"}},
		{http.Header{"Transfer-Encoding": {"chunked"}, "Content-Encoding": {"deflate"}}, []string{"deflate", "chunked"}},
		{http.Header{"Content-Encoding": {"zstd"}}, []string{"zstd"}},
		{http.Header{"Content-Encoding": {"br"}}, []string{"br"}},
		{http.Header{"Content-Encoding": {"deflate, br", "zstd"}, "Transfer-Encoding": {"gzip;q=1", "chunked"}}, []string{"deflate", "br", "zstd", "gzip", "chunked"}},
	} {
		var d Decoder
		// Twice with the same Decoder: its kept decompressors are reset.
		for range 2 {
			got, err := io.ReadAll(d.Decode(bytes.NewReader(warctest.Encode(page, tc.applied...)), Of(tc.header), 1<<20))
			if err != nil || !bytes.Equal(got, page) {
				t.Errorf("%v: %d bytes, %v", tc.header, len(got), err)
			}
		}
	}
}

func TestDecodeReportsWhatItCannot(t *testing.T) {
	var d Decoder
	for _, tc := range []struct {
		codings string
		body    []byte
		want    error
	}{
		{"compress", []byte("x"), ErrUnsupported},
		{"gzip, bogus", []byte("x"), ErrUnsupported},
		{strings.Repeat("gzip,", MaxCodings+1), []byte("x"), ErrTooMany},
		{"gzip", []byte("not gzip"), gzip.ErrHeader},
	} {
		_, err := io.ReadAll(d.Decode(bytes.NewReader(tc.body), Parse("Content-Encoding", []string{tc.codings}), 1<<20))
		var ce *Error
		if !errors.Is(err, tc.want) && !(errors.As(err, &ce) && ce.Coding.Name == "gzip") {
			t.Errorf("%q: %v, want %v", tc.codings, err, tc.want)
		}
		if !strings.Contains(err.Error(), "Content-Encoding") {
			t.Errorf("%q: the error %q does not name the field", tc.codings, err)
		}
	}
}

func TestStackedBombStopsAtTheLimit(t *testing.T) {
	// 64 MiB of zeros, gzipped twice: about 200 bytes. Each layer stops
	// at the limit.
	zeros := make([]byte, 64<<20)
	body := warctest.Encode(zeros, "gzip", "gzip")
	var d Decoder
	n, err := io.Copy(io.Discard, d.Decode(bytes.NewReader(body), Parse("Content-Encoding", []string{"gzip, gzip"}), 1<<20))
	var le *limits.Error
	if n != 1<<20 || !errors.As(err, &le) || le.Limit != "Record" {
		t.Fatalf("decoded %d bytes, %v", n, err)
	}
}

// TestUnsupportedIsError: a coding not undone is reported as an *Error
// naming its field and token (the CodingError the archive package
// documents as wrapping ErrCodingUnsupported), wherever it stands in the
// list.
func TestUnsupportedIsError(t *testing.T) {
	var d Decoder
	for _, tc := range []struct {
		h    http.Header
		want Coding
	}{
		{http.Header{"Content-Encoding": {"compress"}}, Coding{"Content-Encoding", "compress"}},
		{http.Header{"Content-Encoding": {"gzip, Bogus;q=1"}}, Coding{"Content-Encoding", "bogus"}},
		{http.Header{"Transfer-Encoding": {"foo, chunked"}}, Coding{"Transfer-Encoding", "foo"}},
	} {
		_, err := io.ReadAll(d.Decode(strings.NewReader("x"), Of(tc.h), 1<<20))
		var ce *Error
		if !errors.As(err, &ce) || ce.Coding != tc.want || !errors.Is(err, ErrUnsupported) {
			t.Errorf("%v: %v (%T), want an *Error of %v wrapping ErrUnsupported", tc.h, err, err, tc.want)
		}
	}
}
