package warctest

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"io"
	"net/http/httputil"
	"unicode/utf16"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/zstd"
)

// Encode applies the content or transfer codings named, in order, as a
// sender would (RFC 9110 section 8.4: the codings listed in the order
// applied): "gzip" or "x-gzip", "deflate" (zlib), "br", "zstd",
// "chunked", "identity". The encoders are other code than the decoders
// the tests check (the standard library's gzip and zlib, net/http/httputil's
// chunked writer); it panics on a name it does not know.
func Encode(body []byte, codings ...string) []byte {
	for _, n := range codings {
		var b bytes.Buffer
		var w io.WriteCloser
		switch n {
		case "gzip", "x-gzip":
			w = gzip.NewWriter(&b)
		case "deflate":
			w = zlib.NewWriter(&b)
		case "chunked":
			w = httputil.NewChunkedWriter(&b)
		case "zstd":
			zw, err := zstd.NewWriter(&b)
			if err != nil {
				panic(err)
			}
			w = zw
		case "br":
			w = brotli.NewWriter(&b)
		case "identity":
			continue
		default:
			panic("warctest.Encode: no encoder for " + n)
		}
		w.Write(body)
		w.Close()
		if n == "chunked" {
			b.WriteString("\r\n") // the last chunk's CRLF after "0\r\n"
		}
		body = b.Bytes()
	}
	return body
}

// UTF16 returns s in UTF-16, big-endian or little-endian, with its byte
// order mark first when bom.
func UTF16(s string, bigEndian, bom bool) []byte {
	var b []byte
	put := func(u uint16) {
		if bigEndian {
			b = append(b, byte(u>>8), byte(u))
		} else {
			b = append(b, byte(u), byte(u>>8))
		}
	}
	if bom {
		put(0xfeff)
	}
	for _, u := range utf16.Encode([]rune(s)) {
		put(u)
	}
	return b
}
