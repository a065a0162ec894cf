package warc

import (
	"compress/gzip"
	"io"
)

// gzipReader is what the Reader needs of a gzip decoder: compress/gzip's
// and github.com/klauspost/compress/gzip's Readers both are one.
type gzipReader interface {
	io.Reader
	Reset(io.Reader) error
	Multistream(bool)
}

// newGzipReader returns the decoder a Reader uses for gzip members and for
// HTTP content coded gzip.
var newGzipReader = func() gzipReader { return new(gzip.Reader) }
