package warc

import "github.com/relurl/relurl/internal/inflate"

// newGzipReader returns the decoder a Reader uses for gzip members (HTTP
// content codings are package coding's): internal/inflate's, which takes
// half the CPU time of github.com/klauspost/compress/gzip (its
// reference, itself 0.80 to 0.86 of compress/gzip's), reading a
// bufio.Reader (BenchmarkArchive).
var newGzipReader = func() inflate.Decoder { return new(inflate.Reader) }
