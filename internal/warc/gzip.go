package warc

import (
	"io"

	"github.com/relurl/relurl/internal/inflate"
)

// gzipReader is what the Reader needs of a gzip decoder: compress/gzip's,
// github.com/klauspost/compress/gzip's and internal/inflate's Readers all
// are one.
type gzipReader interface {
	io.Reader
	Reset(io.Reader) error
	Multistream(bool)
}

// newGzipReader returns the decoder a Reader uses for gzip members (HTTP
// content codings are package coding's): internal/inflate's, which takes
// 0.6 of the CPU time of github.com/klauspost/compress/gzip (its
// reference, itself 0.80 to 0.86 of compress/gzip's), reading a
// bufio.Reader (BenchmarkArchive).
var newGzipReader = func() gzipReader { return new(inflate.Reader) }
