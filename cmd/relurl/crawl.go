package main

// Web archives as inputs of "relurl links" (issue 7): WARC files and
// Common Crawl's WAT files, whose records internal/archive turns into links
// (the rules the Beam pipeline in beam/ shares).

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"strings"

	"github.com/relurl/relurl/internal/archive"
	"github.com/relurl/relurl/links"
)

const crawlHelp = `

Web archives. In a WARC file (ISO 28500; plain, or gzip with a member per
record) every "response" record holding an HTTP response with an HTML
body (Content-Type text/html or application/xhtml+xml) is a document:
its WARC-Target-URI is the URL it was retrieved by (3.3), the Base and
Content-Base fields of its HTTP header count as message headers (3.1),
then its BASE element as usual. A "resource" record of type text/html is
a document retrieved by its WARC-Target-URI. A redirect response (3xx
with Location) gives one row instead of its body's links: element@attribute
http@location, ref the Location as recorded, url its resolution against
the WARC-Target-URI. A WAT file (Common Crawl's link metadata, also a
WARC file, records of type application/json) gives one row per recorded
link: its Head.Base, resolved against the WARC-Target-URI, is the html
base, else the retrieval URL; element@attribute is the recorded path
(A@/href gives a@href). Other records (requests, metadata, images...) are
skipped and counted (-stats).

The document column of a record's rows is FILE#OFFSET: the byte offset of
the record, or of the gzip member holding it, as a CDX index gives it
(in a file gzipped whole, FILE#0+N for its Nth record). A damaged record
is reported on standard error naming the file and offset, and the rest
of the file is read; the exit status is then 1.

Many inputs. -files-from FILE (- for standard input) adds the inputs
listed one per line (blank lines ignored) after those on the command
line. -shard I/N keeps only the inputs whose position in that list,
counted from 0, is I modulo N: N runs with the same list share the work.
-jobs K works on K inputs at once. Without -out-dir the rows of one input
keep their order, but with -jobs above 1 the rows of different inputs
interleave, by whole rows. -out-dir DIR writes each input's rows to a
file of its own in DIR, named from the input path (FILE.tsv, FILE.ndjson,
.gz added with -gzip; / and other bytes written %XX), first under a
temporary name (.NAME.tmp) renamed when the input is done; an input whose
file is already there is skipped, so a run that was stopped can be run
again to finish.`

// sniffLen is how many leading bytes are looked at to tell a web archive
// from a document.
const sniffLen = 4096

// isArchiveName reports whether a file name says WARC or WAT.
func isArchiveName(name string) bool {
	n := strings.ToLower(name)
	for _, ext := range []string{".warc", ".warc.gz", ".wat", ".wat.gz"} {
		if strings.HasSuffix(n, ext) {
			return true
		}
	}
	return false
}

// isArchive reports whether head, the first bytes of an input, starts a
// WARC file: a "WARC/" version line (WARC/1.1 section 4), plain or at the
// start of a gzip member. A WAT file is a WARC file too.
func isArchive(head []byte) bool {
	if bytes.HasPrefix(head, []byte("WARC/")) {
		return true
	}
	if len(head) < 3 || head[0] != 0x1f || head[1] != 0x8b || head[2] != 8 {
		return false
	}
	zr, err := gzip.NewReader(bytes.NewReader(head))
	if err != nil {
		return false
	}
	var b [5]byte
	n, _ := io.ReadFull(zr, b[:])
	return string(b[:n]) == "WARC/"
}

// countingFile counts the bytes read from a file for the progress line,
// keeping its Seek for the WARC reader.
type countingFile struct {
	*os.File
	n *int64
}

func (c *countingFile) Read(p []byte) (int, error) {
	n, err := c.File.Read(p)
	*c.n += int64(n)
	return n, err
}

// archive extracts the links of every document of a WARC or WAT file,
// by the rules of internal/archive.
func (l *linker) archive(name string, r io.Reader) {
	a := archive.Reader{
		File:      name,
		Extractor: &l.x,
		Link: func(doc string, k links.Link) error {
			l.doc = doc
			return l.write(k)
		},
		Error: func(err error) { l.report("links: " + err.Error()) },
		Record: func(kind archive.Kind) {
			l.stats.records.Add(1)
			switch kind {
			case archive.Page:
				l.stats.pages.Add(1)
			case archive.Redirect:
				l.stats.redirects.Add(1)
			case archive.Skipped:
				l.stats.other.Add(1)
			}
			l.showProgress(false)
		},
	}
	a.Read(r)
	l.nfiles++
	l.showProgress(false)
}
