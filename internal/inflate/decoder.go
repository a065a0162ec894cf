package inflate

import "io"

// Decoder is what a reader of gzip members asks of a gzip decoder: the
// Readers of compress/gzip, github.com/klauspost/compress/gzip and this
// package each are one. internal/warc reads its members through it, and
// the tests and benchmarks hold this package's Reader against
// klauspost's by it.
type Decoder interface {
	io.Reader
	Reset(io.Reader) error
	Multistream(bool)
}

var _ Decoder = (*Reader)(nil)
