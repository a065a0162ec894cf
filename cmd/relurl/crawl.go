package main

// Web archives as inputs of "relurl links" (issue 7): WARC files and
// Common Crawl's WAT files, read with internal/warc and internal/wat.

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/textproto"
	"os"
	"strconv"
	"strings"

	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/warc"
	"github.com/relurl/relurl/internal/wat"
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

// archive extracts the links of every document of a WARC or WAT file.
func (l *linker) archive(name string, r io.Reader) {
	wr := warc.NewReader(r, name)
	var (
		lastOff int64 = -1
		nth     int
	)
	for {
		rec, err := wr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			l.report("links: " + err.Error())
			continue
		}
		l.stats.records.Add(1)
		// The document name: FILE#OFFSET is unique except in a file
		// gzipped whole, where every record has the offset 0.
		doc := name + "#" + strconv.FormatInt(rec.Offset, 10)
		if rec.Offset == lastOff {
			nth++
			doc += "+" + strconv.Itoa(nth)
		} else {
			lastOff, nth = rec.Offset, 0
		}
		switch {
		case rec.IsHTTPResponse():
			l.httpRecord(doc, rec)
		case strings.EqualFold(rec.Type, "resource") && isHTMLType(mediaType(rec.ContentType)):
			l.stats.pages.Add(1)
			l.html(doc, rec.Block, base.Retrieved(rec.TargetURI))
		case strings.EqualFold(rec.Type, "metadata") && mediaType(rec.ContentType) == "application/json":
			l.watRecord(name, doc, rec)
		default:
			l.stats.other.Add(1)
		}
		l.showProgress(false)
	}
	l.nfiles++
	l.showProgress(false)
}

func mediaType(ct string) string {
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return ""
	}
	return mt
}

// httpRecord extracts the links of an HTTP response record.
func (l *linker) httpRecord(doc string, rec *warc.Record) {
	resp, err := rec.ReadHTTPResponse()
	if err != nil {
		l.report("links: " + err.Error())
		return
	}
	retrieved := base.Retrieved(rec.TargetURI) // 3.3
	if loc, ok := resp.Redirect(); ok {
		l.redirect(doc, retrieved, loc)
		return
	}
	if !resp.IsHTML() {
		l.stats.other.Add(1)
		return
	}
	l.stats.pages.Add(1)
	// 3.1: the HTTP header's Base and Content-Base, inside the retrieval
	// URL; the BASE element inside that is Extract's.
	outer, _, err := base.HTTPHeader(textproto.MIMEHeader(resp.Header), retrieved)
	if err != nil {
		l.fail(doc, fmt.Errorf("%w (not used)", err))
	}
	l.html(doc, resp.Body, outer)
}

// redirect writes the row of a redirection: its Location, resolved
// against the URL that answered with it, as a browser following it does
// (here by RFC 1808 section 4, as base.Fetcher does).
func (l *linker) redirect(doc string, retrieved base.Base, loc string) {
	l.stats.redirects.Add(1)
	l.doc = doc
	ref := strings.TrimSpace(loc)
	if err := l.write(links.Link{Element: "http", Attr: "location", Ref: ref, URL: retrieved.Resolve(ref), Base: retrieved}); err != nil {
		l.fail(doc, err)
	}
}

// watRecord writes the links a WAT record holds.
func (l *linker) watRecord(file, doc string, rec *warc.Record) {
	w, err := wat.Decode(rec.Block)
	if err != nil {
		var we *warc.Error
		if !errors.As(err, &we) {
			we = &warc.Error{File: file, Offset: rec.Offset, Err: fmt.Errorf("%w: %v", wat.ErrJSON, err)}
		}
		l.report("links: " + we.Error())
		return
	}
	target := w.TargetURI
	if target == "" {
		target = rec.TargetURI
	}
	retrieved := base.Retrieved(target)
	if loc, ok := w.Redirect(); ok {
		l.redirect(doc, retrieved, loc)
		return
	}
	if !w.HTML {
		l.stats.other.Add(1)
		return
	}
	if target == "" {
		l.report((&warc.Error{File: file, Offset: rec.Offset, Err: fmt.Errorf("%w in WAT record %s", warc.ErrMissingTargetURI, rec.ID)}).Error())
		return
	}
	l.stats.pages.Add(1)
	outer, _, err := base.HTTPHeader(textproto.MIMEHeader(w.Header), retrieved)
	if err != nil {
		l.fail(doc, fmt.Errorf("%w (not used)", err))
	}
	b := outer
	if w.HasBase {
		// 3.1: the BASE href, resolved against the layer outside.
		b = outer.Within(string(base.TrimHTMLSpace([]byte(w.Base))), base.HTML)
	}
	l.doc = doc
	for _, list := range [][]wat.Link{w.HeadLinks, w.Links} {
		for _, k := range list {
			elem, attr := watPath(k.Path)
			ref := string(base.TrimHTMLSpace([]byte(k.URL)))
			if err := l.write(links.Link{Element: elem, Attr: attr, Ref: ref, URL: b.Resolve(ref), Base: b}); err != nil {
				l.fail(doc, err)
				return
			}
		}
	}
}

// watPath turns a WAT link path such as "A@/href" into the element and
// attribute names the links command prints ("a", "href"). A path naming
// no attribute ("STYLE/#text", a URL found in CSS) is kept whole as the
// element, lower case.
func watPath(path string) (elem, attr string) {
	e, a, ok := strings.Cut(path, "@")
	if !ok {
		return strings.ToLower(path), ""
	}
	return strings.ToLower(e), strings.ToLower(strings.TrimPrefix(a, "/"))
}
