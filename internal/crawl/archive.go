package crawl

// Web archives as inputs (issue 7): WARC files and Common Crawl's WAT
// files, whose records archive turns into links (the rules the
// Beam pipeline in beam/ shares).

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/relurl/relurl/archive"
	"github.com/relurl/relurl/internal/ascii"
	"github.com/relurl/relurl/internal/warc"
	"github.com/relurl/relurl/links"
	"github.com/relurl/relurl/rows"
)

// sniffLen is how many leading bytes are looked at to tell a web archive
// from a document.
const sniffLen = 4096

// isArchiveName reports whether a file name says WARC or WAT: ".warc",
// ".wat", or either compressed (".gz", ".zst", and the compressions the
// WARC reader does not read: it reports them, warc.ErrFormat, where the
// file would otherwise be read as an HTML document of no link).
func isArchiveName(name string) bool {
	n := ascii.Lower(name)
	switch filepath.Ext(n) {
	case ".gz", ".zst", ".bz2", ".xz", ".lz4", ".zip", ".7z":
		n = n[:len(n)-len(filepath.Ext(n))]
	}
	return strings.HasSuffix(n, ".warc") || strings.HasSuffix(n, ".wat")
}

// isArchive reports whether head, the first bytes of an input, starts a
// WARC file (a WAT file is one), plain or compressed (warc.Sniff).
func isArchive(head []byte) bool { return warc.Sniff(head) }

// countingFile counts the bytes read from a file for the progress line,
// keeping its Seek for the WARC reader, and stops reading once the run's
// context is done (the WARC reader ends at a reading error).
type countingFile struct {
	*os.File
	n   *int64
	ctx context.Context
}

func (c *countingFile) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, fmt.Errorf("reading stopped: %w", err)
	}
	n, err := c.File.Read(p)
	*c.n += int64(n)
	return n, err
}

// archive extracts the links of every document of a WARC or WAT file,
// by the rules of archive.
func (j *job) archive(name string, r io.Reader) {
	a := &j.arch // kept from one archive to the next, with its buffers
	a.Limits, a.File, a.Extractor = j.lim, name, &j.x
	a.Link = func(d *archive.Document, k *links.LinkBytes) error {
		j.doc = rows.Document{Name: d.Name, Page: d.URI, Date: d.Date}
		return j.writeBytes(k)
	}
	a.Error = func(err error) { j.report(err.Error()) }
	a.Record = func(kind archive.Kind) {
		j.stats.records.Add(1)
		switch kind {
		case archive.Page:
			j.stats.pages.Add(1)
		case archive.Redirect:
			j.stats.redirects.Add(1)
		case archive.Skipped, archive.Stylesheet, archive.Revisit, archive.Sitemap, archive.Robots:
			// A style sheet, a revisit, a sitemap or a robots.txt file is
			// counted with the records that are not HTML pages, keeping
			// the -stats line's form.
			j.stats.other.Add(1)
		}
		j.showProgress(false)
	}
	a.Read(r)
	j.nfiles++
	j.showProgress(false)
}
