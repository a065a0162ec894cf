// Command decompress writes the decompressed content of a .warc.gz file
// (every gzip member) or of a .warc.zst file (every zstd frame, decoded in
// one goroutine as internal/warc does) to io.Discard with
// github.com/klauspost/compress: the floor BenchmarkProcessVsDecompress
// and BenchmarkProcessVsUnzstd measure "relurl links" against, as a user
// would, with a 20-line program (issue 21). It is built by the
// benchmarks; testdata keeps it out of the module's packages.
package main

import (
	"bufio"
	"io"
	"log"
	"os"
	"strings"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

func main() {
	f, err := os.Open(os.Args[1])
	if err != nil {
		log.Fatal(err)
	}
	br := bufio.NewReaderSize(f, 64<<10)
	var zr io.Reader
	if strings.HasSuffix(os.Args[1], ".zst") {
		zr, err = zstd.NewReader(br, zstd.WithDecoderConcurrency(1))
	} else {
		zr, err = gzip.NewReader(br)
	}
	if err != nil {
		log.Fatal(err)
	}
	if _, err := io.Copy(io.Discard, zr); err != nil {
		log.Fatal(err)
	}
}
