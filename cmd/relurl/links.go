package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/textproto"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/fileurl"
	"github.com/relurl/relurl/limits"
	"github.com/relurl/relurl/links"
)

func init() {
	register(&command{
		name:     "links",
		synopsis: "extract and resolve the links of HTML documents and messages (sections 3, 4)",
		run:      runLinks,
	})
}

const linksHelp = `
Extracts every link of each INPUT and resolves it against the document's
base URL, established by RFC 1808 section 3, innermost rule first:
  html        the href of the first BASE element in the head (3.1)
  header      a Base, Content-Base or Content-Location header (3.1);
              over HTTP, a Base or Content-Base response header
  enclosing   the base of the enclosing MIME entity (3.2)
  retrieval   the URL the document was retrieved by, after redirects (3.3):
              a local file's file:// URL, unless -url gives another
  none        no base: references are taken as they are (3.4)

INPUT is an HTML file, a MIME message (.eml, .mht, .mhtml, or detected
from its content: every HTML part counts), a WARC or WAT web archive
(.warc, .warc.gz, .wat, .wat.gz, or detected from its content; see
below), a directory (walked recursively, .html .htm .xhtml .shtml .eml
.mht .mhtml .warc .warc.gz .wat .wat.gz files only), an http:// or
https:// URL (fetched), or - for standard input.

Output is one row per link, in document order, with the columns
  document  base  base_source  element@attribute  ref  url
where document is the INPUT (or the file found in a directory), followed
by #POSITION for a part of a message (msg.eml#2.1), ref is the reference
as written (character references decoded, white space trimmed) and url is
its resolution. In TSV, a backslash, tab, newline or carriage return
inside a value is written \\, \t, \n or \r. With -format ndjson each
row is a JSON object with those names ("attribute" for element@attribute).

A document that cannot be read or parsed gets an error on standard error
naming it, and the run goes on; the exit status is then 1. Progress
(files, links, MB/s) goes to standard error when it is a terminal.`

func runLinks(e *env, args []string) int {
	fs := newFlagSet(e, "links", "[flags] INPUT...", linksHelp+crawlHelp)
	format := fs.String("format", "tsv", "output format: tsv or ndjson")
	header := fs.Bool("header", false, "print a header line first (TSV; at the top of each file with -out-dir)")
	retrieval := fs.String("url", "", "the URL the INPUT was retrieved by (section 3.3), instead of its\nfile:// URL; for a directory, the URL of the directory (one INPUT only)")
	timeout := fs.Duration("timeout", base.DefaultTimeout, "time limit for fetching one http(s) INPUT, redirects and body included")
	maxBody := fs.Int64("max-body", base.DefaultMaxBody, "largest body fetched over http(s), in bytes")
	maxRedirects := fs.Int("max-redirects", base.DefaultMaxRedirects, "most redirects followed for one http(s) INPUT")
	maxDepth := fs.Int("max-depth", limits.DefaultDepth, "deepest nesting of multipart/* and message/* entities")
	spec := specFlag(fs)
	var c crawlFlags
	c.define(fs)
	if st, ok := parseFlags(fs, args); !ok {
		return st
	}
	if *format != "tsv" && *format != "ndjson" {
		e.errorf("links: -format must be tsv or ndjson, not %q", *format)
		return exitUsage
	}
	if fs.NArg() == 0 && c.filesFrom == "" {
		fs.Usage()
		return exitUsage
	}
	if *retrieval != "" && (fs.NArg() != 1 || c.filesFrom != "") {
		e.errorf("links: -url applies to one INPUT, not %d", fs.NArg())
		return exitUsage
	}
	if *maxBody <= 0 || *maxDepth <= 0 || *maxRedirects < 0 || *timeout <= 0 {
		e.errorf("links: -max-body, -max-depth and -timeout must be positive, -max-redirects not negative")
		return exitUsage
	}
	inputs, st, ok := c.inputs(e, fs.Args())
	if !ok {
		return st
	}
	r := &linkRun{
		e:        e,
		ndjson:   *format == "ndjson",
		header:   *header && *format == "tsv",
		url:      *retrieval,
		fetcher:  base.Fetcher{Timeout: *timeout, MaxBody: *maxBody, MaxRedirects: *maxRedirects},
		walker:   base.Walker{Limits: limits.Limits{Depth: *maxDepth}},
		outDir:   c.outDir,
		gzip:     c.gzip,
		start:    time.Now(),
		progress: e.stderrIsTerminal,
		spec:     *spec,
	}
	if *maxRedirects == 0 {
		r.fetcher.MaxRedirects = -1
	}
	return r.runAll(inputs, c.jobs, c.stats)
}

// linkRun is the state of one run of "relurl links" shared by its jobs.
type linkRun struct {
	e       *env // its stdout and stderr are safe for concurrent use with -jobs > 1
	ndjson  bool
	header  bool   // TSV header line wanted
	url     string // -url
	fetcher base.Fetcher
	walker  base.Walker
	outDir  string // -out-dir, "" for standard output
	gzip    bool   // -gzip
	spec    relurl.Spec

	stdoutMu sync.Mutex // orders the chunks of rows written to standard output
	stats    runStats
	failed   atomic.Bool
	aborted  atomic.Bool // standard output failed: stop

	// Progress, shown only when standard error is a terminal.
	progress      bool
	progressMu    sync.Mutex
	start, shown  time.Time
	progressShown bool // the line is on screen
	everShown     bool
}

// runStats counts what a run did, over all its jobs.
type runStats struct {
	files, links, bytes                      atomic.Int64
	records, pages, redirects, other, errors atomic.Int64
	present                                  atomic.Int64 // inputs skipped: output already in -out-dir
}

// linker is one job of a run: it extracts the links of one input at a
// time, with its own extractor and buffers.
type linker struct {
	*linkRun
	e       *env
	fetcher base.Fetcher
	walker  base.Walker
	x       links.Extractor
	sink    rowSink
	doc     string // the document being extracted

	// Counts not yet added to stats.
	nlinks, nfiles int64
	nbytes         int64
}

func (r *linkRun) newLinker(w io.Writer, mu *sync.Mutex) *linker {
	return &linker{linkRun: r, e: r.e, fetcher: r.fetcher, walker: r.walker, sink: rowSink{w: w, mu: mu},
		x: links.Extractor{Spec: r.spec}}
}

// Kinds of local documents.
const (
	kindUnknown = iota
	kindHTML
	kindMessage
	kindArchive // a WARC or WAT file: see crawl.go
)

// kindByName tells a document's kind from its file name extension.
func kindByName(name string) int {
	if isArchiveName(name) {
		return kindArchive
	}
	switch strings.ToLower(filepath.Ext(name)) {
	case ".html", ".htm", ".xhtml", ".xht", ".shtml":
		return kindHTML
	case ".eml", ".mht", ".mhtml":
		return kindMessage
	}
	return kindUnknown
}

// input handles one INPUT argument. It reports whether the input could
// be read at all: false when it could not be found, opened or fetched
// (errors inside it are reported and do not count).
func (l *linker) input(in string) bool {
	switch {
	case in == "-":
		l.stream("-", l.e.stdin, base.Retrieved(l.url), kindUnknown)
		return true
	case isHTTPURL(in):
		return l.fetch(in)
	}
	fi, err := os.Stat(in)
	if err != nil {
		l.fail(in, err)
		return false
	}
	if fi.IsDir() {
		l.dir(in)
		return true
	}
	outer, err := l.fileBase(in, "")
	if err != nil {
		l.fail(in, err)
		return false
	}
	return l.file(in, outer, kindByName(in))
}

// isHTTPURL reports whether the argument is an http or https URL to fetch.
func isHTTPURL(s string) bool {
	u := relurl.Parse(s)
	return u.HasNetLoc() && (strings.EqualFold(u.Scheme(), "http") || strings.EqualFold(u.Scheme(), "https"))
}

// fileBase returns the retrieval base of a local file (section 3.3): -url
// when given (for a file found under a directory, -url is the directory's
// URL and rel the file's path below it), else the file's file:// URL.
func (l *linker) fileBase(path, rel string) (base.Base, error) {
	if l.url == "" {
		u, err := base.FileURL(path)
		return base.Retrieved(u), err
	}
	if rel == "" {
		return base.Retrieved(l.url), nil
	}
	dir := l.url
	if !strings.HasSuffix(relurl.Parse(dir).Path(), "/") {
		dir = relurl.Resolve(dir, lastSegment(dir)+"/")
	}
	return base.Retrieved(relurl.Resolve(dir, fileurl.EscapePath(rel))), nil
}

// lastSegment returns the last segment of a URL's path, so that resolving
// "SEGMENT/" against the URL gives the URL of the directory it names.
func lastSegment(u string) string {
	p := relurl.Parse(u).Path()
	return p[strings.LastIndexByte(p, '/')+1:]
}

func (l *linker) dir(root string) {
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			l.fail(path, err)
			return nil // WalkDir skips what it could not read
		}
		if d.IsDir() {
			return nil
		}
		kind := kindByName(path)
		if kind == kindUnknown || !d.Type().IsRegular() {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			l.fail(path, err)
			return nil
		}
		outer, err := l.fileBase(path, rel)
		if err != nil {
			l.fail(path, err)
			return nil
		}
		l.file(path, outer, kind)
		return nil
	})
	if err != nil {
		l.fail(root, err)
	}
}

func (l *linker) file(path string, outer base.Base, kind int) bool {
	f, err := os.Open(path)
	if err != nil {
		l.fail(path, err)
		return false
	}
	defer f.Close()
	if kind == kindUnknown {
		// Look at the content without moving the file's position, so
		// that the WARC reader gets the file itself (it seeks back to
		// resynchronise after a damaged gzip member).
		head := make([]byte, sniffLen)
		n, _ := f.ReadAt(head, 0)
		if isArchive(head[:n]) {
			kind = kindArchive
		}
	}
	if kind == kindArchive {
		l.archive(path, &countingFile{File: f, n: &l.nbytes})
		return true
	}
	l.stream(path, f, outer, kind)
	return true
}

// stream extracts the links of one local document or standard input.
func (l *linker) stream(name string, r io.Reader, outer base.Base, kind int) {
	br := bufio.NewReaderSize(&countingReader{r: r, n: &l.nbytes}, ioBufferSize)
	if kind == kindUnknown {
		if head, _ := br.Peek(sniffLen); isArchive(head) {
			l.archive(name, br)
			return
		}
		kind = sniff(br)
	}
	if kind == kindMessage {
		l.message(name, func(w *base.Walker, fn func(*base.Part) error) error {
			return w.WalkMessage(br, outer, fn)
		})
	} else {
		l.html(name, br, outer)
	}
	l.nfiles++
	l.showProgress(false)
}

// sniff tells an HTML document from a message by its first line: a message
// starts with a header field "Name: value" (RFC 822 section 3.2), HTML
// with markup or text.
func sniff(br *bufio.Reader) int {
	head, _ := br.Peek(1024)
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	if t := bytes.TrimLeft(head, " \t\r\n\f"); len(t) > 0 && t[0] == '<' {
		return kindHTML // markup, even "<x:y>", which a header name could be
	}
	line, _, _ := bytes.Cut(head, []byte("\n"))
	name, _, found := bytes.Cut(line, []byte(":"))
	if !found || len(name) == 0 {
		return kindHTML
	}
	for _, c := range name {
		// RFC 822 field-name: any CHAR except CTLs, SPACE and ":".
		if c <= ' ' || c >= 0x7f {
			return kindHTML
		}
	}
	return kindMessage
}

// fetch retrieves an http(s) INPUT and extracts its links.
func (l *linker) fetch(in string) bool {
	resp, err := l.fetcher.Fetch(context.Background(), in)
	if err != nil {
		l.fail(in, err)
		return false
	}
	l.nbytes += int64(len(resp.Body))
	if resp.BaseErr != nil {
		l.fail(in, fmt.Errorf("%w (not used)", resp.BaseErr))
	}
	ct := resp.Header.Get("Content-Type")
	mt := "text/html"
	if ct != "" {
		if mt, _, err = mime.ParseMediaType(ct); err != nil {
			l.fail(in, fmt.Errorf("Content-Type %q: %w", ct, err))
			return true
		}
	}
	switch {
	case isHTMLType(mt):
		l.html(in, bytes.NewReader(resp.Body), resp.Base)
	case strings.HasPrefix(mt, "multipart/") || strings.HasPrefix(mt, "message/"):
		// The response header is the entity's header, but in HTTP
		// Content-Location does not set a base: Fetch has applied Base
		// and Content-Base already.
		h := textproto.MIMEHeader(resp.Header.Clone())
		h.Del("Content-Location")
		l.message(in, func(w *base.Walker, fn func(*base.Part) error) error {
			return w.WalkEntity(h, bytes.NewReader(resp.Body), base.Retrieved(resp.URL), fn)
		})
	default:
		l.fail(in, fmt.Errorf("Content-Type %q is neither HTML nor a MIME message", mt))
	}
	l.nfiles++
	l.showProgress(false)
	return true
}

func isHTMLType(mt string) bool {
	return mt == "text/html" || mt == "application/xhtml+xml"
}

// message walks a message and extracts the links of its HTML parts, each
// one a document named name#POSITION.
func (l *linker) message(name string, walk func(*base.Walker, func(*base.Part) error) error) {
	var lastBaseErr error
	err := walk(&l.walker, func(p *base.Part) error {
		doc := name
		if p.Position != "" {
			doc = name + "#" + p.Position
		}
		if p.BaseErr != nil && p.BaseErr != lastBaseErr {
			lastBaseErr = p.BaseErr
			l.fail(name, fmt.Errorf("%w (not used)", p.BaseErr))
		}
		if !isHTMLType(p.MediaType) {
			return nil
		}
		l.html(doc, p.Body, p.Base)
		return nil
	})
	// The walk goes on after a broken part: one line per error.
	if errs, ok := err.(interface{ Unwrap() []error }); ok {
		for _, err := range errs.Unwrap() {
			l.fail(name, err)
		}
	} else if err != nil {
		l.fail(name, err)
	}
}

// html extracts the links of one HTML document and writes them.
func (l *linker) html(doc string, r io.Reader, outer base.Base) {
	l.doc = doc
	if err := l.x.ExtractBytes(r, outer, l.writeBytes); err != nil {
		l.fail(doc, err)
	}
}

// writeBytes writes the row of a link whose reference and URL are bytes
// valid during the call only: they are viewed as strings, not copied.
func (l *linker) writeBytes(k *links.LinkBytes) error {
	return l.write(links.Link{Element: k.Element, Attr: k.Attr, Ref: unsafeString(k.Ref), URL: unsafeString(k.URL), Base: k.Base})
}

// write writes one output row.
func (l *linker) write(k links.Link) error {
	b := l.sink.buf
	if l.ndjson {
		b = append(b, `{"document":`...)
		b = appendJSONString(b, l.doc)
		b = append(b, `,"base":`...)
		b = appendJSONString(b, k.Base.URL)
		b = append(b, `,"base_source":"`...)
		b = append(b, k.Base.Source.String()...)
		b = append(b, `","attribute":"`...)
		b = appendAttribute(b, k, appendJSONBody)
		b = append(b, `","ref":`...)
		b = appendJSONString(b, k.Ref)
		b = append(b, `,"url":`...)
		b = appendJSONString(b, k.URL)
		b = append(b, "}\n"...)
	} else {
		b = appendTSV(b, l.doc)
		b = append(b, '\t')
		b = appendTSV(b, k.Base.URL)
		b = append(b, '\t')
		b = append(b, k.Base.Source.String()...)
		b = append(b, '\t')
		b = appendAttribute(b, k, appendTSV)
		b = append(b, '\t')
		b = appendTSV(b, k.Ref)
		b = append(b, '\t')
		b = appendTSV(b, k.URL)
		b = append(b, '\n')
	}
	l.sink.buf = b
	l.nlinks++
	if l.nlinks&4095 == 0 {
		l.showProgress(false)
	}
	if len(b) >= ioBufferSize {
		return l.sink.flush()
	}
	return nil
}

// appendAttribute appends element@attribute, or the element alone when
// the link has no attribute (a WAT path such as "style/#text"). Names
// read from a WAT file may hold any byte, so they are escaped.
func appendAttribute(b []byte, k links.Link, esc func([]byte, string) []byte) []byte {
	b = esc(b, k.Element)
	if k.Attr != "" {
		b = append(b, '@')
		b = esc(b, k.Attr)
	}
	return b
}

// appendTSV appends s with backslash, tab, newline and carriage return
// escaped, so that a value never breaks a row or a column.
func appendTSV(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\':
			b = append(b, `\\`...)
		case '\t':
			b = append(b, `\t`...)
		case '\n':
			b = append(b, `\n`...)
		case '\r':
			b = append(b, `\r`...)
		default:
			b = append(b, c)
		}
	}
	return b
}

// fail reports an error about one document and marks the run failed.
func (l *linker) fail(doc string, err error) {
	l.report(fmt.Sprintf("links: %s: %v", doc, err))
}

// report writes one error line, erasing the progress line first.
func (l *linker) report(msg string) {
	l.progressMu.Lock()
	l.clearProgress()
	l.e.errorf("%s", msg)
	l.progressMu.Unlock()
	l.failed.Store(true)
	l.stats.errors.Add(1)
}

// countingReader counts the bytes read, for the progress line.
type countingReader struct {
	r io.Reader
	n *int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	*c.n += int64(n)
	return n, err
}

// flushCounts adds the job's counts to the run's.
func (l *linker) flushCounts() {
	l.stats.links.Add(l.nlinks)
	l.stats.files.Add(l.nfiles)
	l.stats.bytes.Add(l.nbytes)
	l.nlinks, l.nfiles, l.nbytes = 0, 0, 0
}

// showProgress adds the job's counts to the run's and rewrites the
// progress line on a terminal, at most four times a second.
func (l *linker) showProgress(last bool) {
	l.flushCounts()
	l.linkRun.showProgress(last)
}

// showProgress rewrites the progress line on a terminal, at most four
// times a second, and for the last time at the end.
func (r *linkRun) showProgress(last bool) {
	if !r.progress {
		return
	}
	r.progressMu.Lock()
	defer r.progressMu.Unlock()
	now := time.Now()
	if !last && now.Sub(r.shown) < 250*time.Millisecond {
		return
	}
	if last && !r.everShown {
		return
	}
	r.shown = now
	secs := now.Sub(r.start).Seconds()
	rate := 0.0
	if secs > 0 {
		rate = float64(r.stats.bytes.Load()) / 1e6 / secs
	}
	line := "\rrelurl links: " + strconv.FormatInt(r.stats.files.Load(), 10) + " files, " + strconv.FormatInt(r.stats.links.Load(), 10) + " links, " +
		strconv.FormatFloat(rate, 'f', 1, 64) + " MB/s\x1b[K"
	if last {
		line += "\n"
	}
	io.WriteString(r.e.stderr, line)
	r.progressShown = !last
	r.everShown = true
}

// clearProgress erases the progress line so that an error message starts
// at the left margin. The caller holds progressMu.
func (r *linkRun) clearProgress() {
	if r.progress && r.progressShown {
		io.WriteString(r.e.stderr, "\r\x1b[K")
		r.progressShown = false
	}
}
