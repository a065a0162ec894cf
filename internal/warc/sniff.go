package warc

import (
	"bytes"
	"io"

	"github.com/klauspost/compress/zstd"

	"github.com/relurl/relurl/internal/inflate"
)

// Sniff reports whether head, the first bytes of an input, begins a WARC
// file in a form the Reader reads: a "WARC/" version line (WARC/1.1
// section 4), plain, at the start of a gzip member, or at the start of a
// zstd frame; or the dictionary frame that only a zstd WARC file begins
// with (IIPC zstd WARC format, "File identification"). A WAT file is a
// WARC file too.
func Sniff(head []byte) bool {
	var zr io.Reader
	switch {
	case bytes.HasPrefix(head, []byte("WARC/")):
		return true
	case bytes.HasPrefix(head, dictMagic):
		return true
	case bytes.HasPrefix(head, gzipMagic):
		r, err := inflate.NewReader(bytes.NewReader(head))
		if err != nil {
			return false
		}
		zr = r
	case bytes.HasPrefix(head, zstdMagic):
		r, err := zstd.NewReader(bytes.NewReader(head), zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(maxZstd))
		if err != nil {
			return false
		}
		defer r.Close()
		zr = r
	default:
		return false
	}
	var b [5]byte
	n, _ := io.ReadFull(zr, b[:])
	return string(b[:n]) == "WARC/"
}
