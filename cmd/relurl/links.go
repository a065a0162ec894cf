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
	"time"
	"unicode/utf8"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/base"
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
from its content: every HTML part counts), a directory (walked
recursively, .html .htm .xhtml .shtml .eml .mht .mhtml files only), an
http:// or https:// URL (fetched), or - for standard input.

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
	fs := newFlagSet(e, "links", "[flags] INPUT...", linksHelp)
	format := fs.String("format", "tsv", "output format: tsv or ndjson")
	header := fs.Bool("header", false, "print a header line first (TSV)")
	retrieval := fs.String("url", "", "the URL the INPUT was retrieved by (section 3.3), instead of its\nfile:// URL; for a directory, the URL of the directory (one INPUT only)")
	timeout := fs.Duration("timeout", base.DefaultTimeout, "time limit for fetching one http(s) INPUT, redirects and body included")
	maxBody := fs.Int64("max-body", base.DefaultMaxBody, "largest body fetched over http(s), in bytes")
	maxRedirects := fs.Int("max-redirects", base.DefaultMaxRedirects, "most redirects followed for one http(s) INPUT")
	maxDepth := fs.Int("max-depth", base.DefaultMaxDepth, "deepest nesting of multipart/* and message/* entities")
	if st, ok := parseFlags(fs, args); !ok {
		return st
	}
	if *format != "tsv" && *format != "ndjson" {
		e.errorf("links: -format must be tsv or ndjson, not %q", *format)
		return exitUsage
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return exitUsage
	}
	if *retrieval != "" && fs.NArg() != 1 {
		e.errorf("links: -url applies to one INPUT, not %d", fs.NArg())
		return exitUsage
	}
	if *maxBody <= 0 || *maxDepth <= 0 || *maxRedirects < 0 || *timeout <= 0 {
		e.errorf("links: -max-body, -max-depth and -timeout must be positive, -max-redirects not negative")
		return exitUsage
	}
	l := &linker{
		e:       e,
		out:     bufio.NewWriterSize(e.stdout, ioBufferSize),
		ndjson:  *format == "ndjson",
		url:     *retrieval,
		fetcher: base.Fetcher{Timeout: *timeout, MaxBody: *maxBody, MaxRedirects: *maxRedirects},
		walker:  base.Walker{MaxDepth: *maxDepth},
		start:   time.Now(),
	}
	if *maxRedirects == 0 {
		l.fetcher.MaxRedirects = -1
	}
	l.progress = e.stderrIsTerminal
	if *header && !l.ndjson {
		l.out.WriteString("document\tbase\tbase_source\telement@attribute\tref\turl\n")
	}
	for _, in := range fs.Args() {
		l.input(in)
	}
	l.showProgress(true)
	if err := l.out.Flush(); err != nil {
		e.errorf("links: writing output: %v", err)
		return exitRejected
	}
	if l.failed {
		return exitRejected
	}
	return exitOK
}

// linker is the state of one run of "relurl links".
type linker struct {
	e       *env
	out     *bufio.Writer
	ndjson  bool
	url     string // -url
	fetcher base.Fetcher
	walker  base.Walker
	x       links.Extractor
	failed  bool
	rec     []byte // output record under construction
	doc     string // the document being extracted

	// Progress, shown only when standard error is a terminal.
	progress      bool
	files, nlinks int
	bytes         int64
	start, shown  time.Time
	progressShown bool // the line is on screen
	everShown     bool
}

// Kinds of local documents.
const (
	kindUnknown = iota
	kindHTML
	kindMessage
)

// kindByName tells a document's kind from its file name extension.
func kindByName(name string) int {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".html", ".htm", ".xhtml", ".xht", ".shtml":
		return kindHTML
	case ".eml", ".mht", ".mhtml":
		return kindMessage
	}
	return kindUnknown
}

// input handles one INPUT argument.
func (l *linker) input(in string) {
	switch {
	case in == "-":
		l.stream("-", l.e.stdin, base.Retrieved(l.url), kindUnknown)
		return
	case isHTTPURL(in):
		l.fetch(in)
		return
	}
	fi, err := os.Stat(in)
	if err != nil {
		l.fail(in, err)
		return
	}
	if fi.IsDir() {
		l.dir(in)
		return
	}
	outer, err := l.fileBase(in, "")
	if err != nil {
		l.fail(in, err)
		return
	}
	l.file(in, outer, kindByName(in))
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
		dir = relurl.Parse(dir).Resolve(lastSegment(dir) + "/").String()
	}
	return base.Retrieved(relurl.Resolve(dir, base.EscapePath(rel))), nil
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

func (l *linker) file(path string, outer base.Base, kind int) {
	f, err := os.Open(path)
	if err != nil {
		l.fail(path, err)
		return
	}
	defer f.Close()
	l.stream(path, f, outer, kind)
}

// stream extracts the links of one local document or standard input.
func (l *linker) stream(name string, r io.Reader, outer base.Base, kind int) {
	br := bufio.NewReaderSize(&countingReader{r: r, n: &l.bytes}, ioBufferSize)
	if kind == kindUnknown {
		kind = sniff(br)
	}
	if kind == kindMessage {
		l.message(name, func(w *base.Walker, fn func(*base.Part) error) error {
			return w.WalkMessage(br, outer, fn)
		})
	} else {
		l.html(name, br, outer)
	}
	l.files++
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
func (l *linker) fetch(in string) {
	resp, err := l.fetcher.Fetch(context.Background(), in)
	if err != nil {
		l.fail(in, err)
		return
	}
	l.bytes += int64(len(resp.Body))
	if resp.BaseErr != nil {
		l.fail(in, fmt.Errorf("%w (not used)", resp.BaseErr))
	}
	ct := resp.Header.Get("Content-Type")
	mt := "text/html"
	if ct != "" {
		if mt, _, err = mime.ParseMediaType(ct); err != nil {
			l.fail(in, fmt.Errorf("Content-Type %q: %w", ct, err))
			return
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
	l.files++
	l.showProgress(false)
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
	if err != nil {
		l.fail(name, err)
	}
}

// html extracts the links of one HTML document and writes them.
func (l *linker) html(doc string, r io.Reader, outer base.Base) {
	l.doc = doc
	if err := l.x.Extract(r, outer, l.write); err != nil {
		l.fail(doc, err)
	}
}

// write writes one output row.
func (l *linker) write(k links.Link) error {
	b := l.rec[:0]
	if l.ndjson {
		b = append(b, `{"document":`...)
		b = appendJSON(b, l.doc)
		b = append(b, `,"base":`...)
		b = appendJSON(b, k.Base.URL)
		b = append(b, `,"base_source":"`...)
		b = append(b, k.Base.Source.String()...)
		b = append(b, `","attribute":"`...)
		b = append(b, k.Element...)
		b = append(b, '@')
		b = append(b, k.Attr...)
		b = append(b, `","ref":`...)
		b = appendJSON(b, k.Ref)
		b = append(b, `,"url":`...)
		b = appendJSON(b, k.URL)
		b = append(b, "}\n"...)
	} else {
		b = appendTSV(b, l.doc)
		b = append(b, '\t')
		b = appendTSV(b, k.Base.URL)
		b = append(b, '\t')
		b = append(b, k.Base.Source.String()...)
		b = append(b, '\t')
		b = append(b, k.Element...)
		b = append(b, '@')
		b = append(b, k.Attr...)
		b = append(b, '\t')
		b = appendTSV(b, k.Ref)
		b = append(b, '\t')
		b = appendTSV(b, k.URL)
		b = append(b, '\n')
	}
	l.rec = b
	l.nlinks++
	if l.nlinks&4095 == 0 {
		l.showProgress(false)
	}
	_, err := l.out.Write(b)
	return err
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

// appendJSON appends s as a JSON string. JSON cannot hold bytes that are
// not UTF-8: each such byte is written as U+FFFD.
func appendJSON(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, `\n`...)
			case c == '\r':
				b = append(b, `\r`...)
			case c == '\t':
				b = append(b, `\t`...)
			case c < 0x20 || c == 0x7f:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, `\u202`...)
			b = append(b, hex[r&15])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

// fail reports an error about one document and marks the run failed.
func (l *linker) fail(doc string, err error) {
	l.clearProgress()
	l.e.errorf("links: %s: %v", doc, err)
	l.failed = true
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

// showProgress rewrites the progress line on a terminal, at most four
// times a second, and for the last time at the end.
func (l *linker) showProgress(last bool) {
	if !l.progress {
		return
	}
	now := time.Now()
	if !last && now.Sub(l.shown) < 250*time.Millisecond {
		return
	}
	if last && !l.everShown {
		return
	}
	l.shown = now
	secs := now.Sub(l.start).Seconds()
	rate := 0.0
	if secs > 0 {
		rate = float64(l.bytes) / 1e6 / secs
	}
	line := "\rrelurl links: " + strconv.Itoa(l.files) + " files, " + strconv.Itoa(l.nlinks) + " links, " +
		strconv.FormatFloat(rate, 'f', 1, 64) + " MB/s\x1b[K"
	if last {
		line += "\n"
	}
	io.WriteString(l.e.stderr, line)
	l.progressShown = !last
	l.everShown = true
}

// clearProgress erases the progress line so that an error message starts
// at the left margin.
func (l *linker) clearProgress() {
	if l.progress && l.progressShown {
		io.WriteString(l.e.stderr, "\r\x1b[K")
		l.progressShown = false
	}
}
