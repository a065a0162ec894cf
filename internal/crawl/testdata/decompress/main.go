// Command decompress writes the decompressed content of a .warc.gz file
// (every gzip member) to io.Discard with github.com/klauspost/compress:
// the floor BenchmarkProcessVsDecompress measures "relurl links" against,
// as a user would, with a 20-line program (issue 21). It is built by the
// benchmark; testdata keeps it out of the module's packages.
package main

import (
	"bufio"
	"io"
	"log"
	"os"

	"github.com/klauspost/compress/gzip"
)

func main() {
	f, err := os.Open(os.Args[1])
	if err != nil {
		log.Fatal(err)
	}
	zr, err := gzip.NewReader(bufio.NewReaderSize(f, 64<<10))
	if err != nil {
		log.Fatal(err)
	}
	if _, err := io.Copy(io.Discard, zr); err != nil {
		log.Fatal(err)
	}
}
