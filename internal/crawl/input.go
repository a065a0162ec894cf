package crawl

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/textproto"
	"os"
	"path/filepath"
	"strings"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/ascii"
	"github.com/relurl/relurl/internal/document"
	"github.com/relurl/relurl/internal/fileurl"
	"github.com/relurl/relurl/internal/header"
	"github.com/relurl/relurl/internal/media"
	"github.com/relurl/relurl/links"
	"github.com/relurl/relurl/rows"
)

// Kind is the kind of a local document.
type Kind int

const (
	Unknown Kind = iota // not known yet: sniffed from the content
	HTML
	Message // a MIME message (RFC 822 header, MIME body)
	Archive // a WARC or WAT file: see archive.go
	CSS     // a CSS style sheet (text/css): its url() and @import links
	Sitemap // an XML sitemap (<urlset>, <sitemapindex>): its <loc> links
	Robots  // a robots.txt file: its Sitemap lines

	// xmlFile is a file found in a directory by its .xml name: a sitemap
	// when its content says so, else not read (most XML is no sitemap).
	xmlFile Kind = -1
)

// kindByName tells a document's kind from its file name extension.
func kindByName(name string) Kind {
	if isArchiveName(name) {
		return Archive
	}
	// A compressed document (".html.gz") is decompressed by package
	// body, as gzip on standard input is.
	if ascii.EqualFold(filepath.Base(name), "robots.txt") {
		return Robots
	}
	switch ascii.Lower(filepath.Ext(strings.TrimSuffix(strings.TrimSuffix(name, ".gz"), ".GZ"))) {
	case ".html", ".htm", ".xhtml", ".xht", ".shtml":
		return HTML
	case ".eml", ".mht", ".mhtml":
		return Message
	case ".css":
		return CSS
	case ".xml":
		return xmlFile
	}
	return Unknown
}

// KnownName reports whether a file name says a kind of document that
// "relurl links" reads (.html, .css, .eml, .warc.gz, robots.txt, .xml
// ...: the names it takes from a directory), by kindByName.
func KnownName(name string) bool { return kindByName(name) != Unknown }

// input handles one INPUT argument. It reports whether the input could
// be read at all: false when it could not be found, opened or fetched
// (errors inside it are reported and do not count).
func (j *job) input(in string) bool {
	switch {
	case in == "-":
		j.stream("-", j.Stdin, base.Retrieved(j.URL), j.Type)
		return true
	case isHTTPURL(in):
		return j.fetch(in)
	}
	fi, err := os.Stat(in)
	if err != nil {
		j.fail(in, err)
		return false
	}
	if fi.IsDir() {
		j.dir(in)
		return true
	}
	outer, err := j.fileBase(in, "")
	if err != nil {
		j.fail(in, err)
		return false
	}
	kind := j.Type
	if kind == Unknown {
		kind = kindByName(in)
	}
	if kind == xmlFile {
		kind = Unknown // named as an input: sniffed, as a sitemap or else
	}
	return j.file(in, outer, kind)
}

// isHTTPURL reports whether an INPUT is an http or https URL to fetch.
func isHTTPURL(s string) bool {
	u := relurl.Parse(s)
	return u.HasNetLoc() && (ascii.EqualFold(u.Scheme(), "http") || ascii.EqualFold(u.Scheme(), "https"))
}

// fileBase returns the retrieval base of a local file (section 3.3): URL
// when given (for a file found under a directory, URL is the directory's
// URL and rel the file's path below it), else the file's file:// URL.
func (j *job) fileBase(path, rel string) (base.Base, error) {
	if j.URL == "" {
		u, err := base.FileURL(path)
		return base.Retrieved(u), err
	}
	if rel == "" {
		return base.Retrieved(j.URL), nil
	}
	dir := j.URL
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

func (j *job) dir(root string) {
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		j.name = path
		if err != nil {
			j.fail(path, err)
			return nil // WalkDir skips what it could not read
		}
		if d.IsDir() {
			return nil
		}
		kind := kindByName(path)
		if kind == Unknown || !d.Type().IsRegular() {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			j.fail(path, err)
			return nil
		}
		outer, err := j.fileBase(path, rel)
		if err != nil {
			j.fail(path, err)
			return nil
		}
		j.file(path, outer, kind)
		return nil
	})
	j.name = root
	if err != nil {
		j.fail(root, err)
	}
}

func (j *job) file(path string, outer base.Base, kind Kind) bool {
	f, err := os.Open(path)
	if err != nil {
		j.fail(path, err)
		return false
	}
	defer f.Close()
	if kind == Unknown {
		// Look at the content without moving the file's position, so
		// that the WARC reader gets the file itself (it seeks back to
		// resynchronise after a damaged gzip member).
		n, _ := f.ReadAt(j.head[:], 0)
		if isArchive(j.head[:n]) {
			kind = Archive
		}
	}
	if kind == Archive {
		j.archive(path, &countingFile{File: f, n: &j.nbytes, ctx: j.ctx})
		return true
	}
	j.stream(path, f, outer, kind)
	return true
}

// stream extracts the links of one local document or standard input.
func (j *job) stream(name string, r io.Reader, outer base.Base, kind Kind) {
	// One buffer a job, for all its inputs: an HTML tree is mostly small
	// files.
	j.cr = countingReader{r: r, n: &j.nbytes, ctx: j.ctx}
	if j.br == nil {
		j.br = bufio.NewReaderSize(&j.cr, bufSize)
	} else {
		j.br.Reset(&j.cr)
	}
	br := j.br
	j.page = outer.URL // the retrieval URL (3.3)
	if kind == Archive {
		j.archive(name, br)
		return
	}
	if kind == Unknown {
		if head, _ := br.Peek(sniffLen); isArchive(head) {
			j.archive(name, br)
			return
		}
	}
	// A compressed or UTF-16 document is decoded before its kind is
	// sniffed (package body), the charset unknown.
	text, _, err := j.inBody.Decode(br, "", j.lim.Record)
	if err != nil {
		j.fail(name, err)
		return
	}
	if kind == xmlFile {
		if !links.SniffSitemap(text) {
			return
		}
		kind = Sitemap
	}
	if kind == Unknown {
		kind = Sniff(text)
	}
	switch kind {
	case Message:
		j.message(name, func(w *base.Walker, fn func(*base.Part) error) error {
			return w.WalkMessage(text, outer, fn)
		})
	case CSS:
		j.extract(name, text, "", outer, media.CSS)
	case Sitemap:
		j.extract(name, text, "", outer, media.Sitemap)
	case Robots:
		j.extract(name, text, "", outer, media.Robots)
	default:
		j.extract(name, text, "", outer, media.HTML)
	}
	j.nfiles++
	j.showProgress(false)
}

// Sniff tells an HTML document from a MIME message and an XML sitemap
// by its first bytes (those br holds, up to its buffer size). It is a
// sitemap when they start, after white space, with "<" and the first
// element is <urlset> or <sitemapindex> (links.IsSitemap). It is a
// message only when
//
//   - its header block parses, from the first byte (after a UTF-8 byte
//     order mark), by the one header reader of relurl (package
//     internal/header, docs/design.md#headers): field lines whose name
//     is valid, continuation lines after a field, up to an empty line or
//     the end of the input; a last line cut by the end of the bytes
//     looked at is left out;
//   - no field name holds "<" or ">", which RFC 5322 allows but no real
//     header field has: a line that begins "<x:" is markup; and
//   - one of its fields is a MIME or base field: MIME-Version,
//     Content-Type, Content-Base, Base or Content-Location (RFC 2045
//     section 4, RFC 2557, RFC 1808 section 3.1), so that HTML whose
//     first line happens to read "Note: moved" is not taken for a
//     message with no HTML part.
//
// Anything else is HTML. -type forces the kind when the rule guesses
// wrong.
func Sniff(br *bufio.Reader) Kind {
	head, err := br.Peek(br.Size())
	if t := bytes.TrimLeft(head, " \t\r\n"); len(t) > 0 && t[0] == '<' && links.IsSitemap(t) {
		return Sitemap
	}
	lines := &header.Bytes{B: bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), Cut: err == nil}
	hr := header.Reader{MaxLine: len(head), MaxBlock: len(head)}
	mimeField := false
	_, err = hr.Read(lines, 0, func(name, _ []byte) error {
		if bytes.ContainsAny(name, "<>") {
			return errMarkup
		}
		mimeField = mimeField || isMIMEField(name)
		return nil
	})
	if (err == nil || err == io.EOF) && mimeField {
		return Message
	}
	return HTML
}

// errMarkup stops Sniff at a field name that is markup.
var errMarkup = errors.New("markup, not a header")

// isMIMEField reports whether a header field makes a header a MIME
// message's rather than a line of text: one that says what the body is or
// sets its base.
func isMIMEField(name []byte) bool {
	for _, f := range []string{"MIME-Version", "Content-Type", "Content-Base", "Base", "Content-Location"} {
		if ascii.EqualFold(name, f) {
			return true
		}
	}
	return false
}

// ParseKind returns the kind named by -type: "html", "mime", "warc",
// "wat" (a WAT file is a WARC file: both are read as archives), "css",
// "sitemap" or "robots".
func ParseKind(s string) (Kind, error) {
	switch ascii.Lower(s) {
	case "sitemap":
		return Sitemap, nil
	case "robots":
		return Robots, nil
	case "html":
		return HTML, nil
	case "mime":
		return Message, nil
	case "css":
		return CSS, nil
	case "warc", "wat":
		return Archive, nil
	}
	return Unknown, fmt.Errorf("unknown input type %q: want html, mime, warc, wat, css, sitemap or robots", s)
}

// fetch retrieves an http(s) INPUT and extracts its links.
func (j *job) fetch(in string) bool {
	resp, err := j.fetcher.Fetch(j.ctx, in)
	if err != nil {
		j.fail(in, err)
		return false
	}
	j.nbytes += int64(len(resp.Body))
	j.redirectLinks(in, resp)
	j.page = resp.URL
	if resp.BaseErr != nil {
		j.fail(in, resp.BaseErr)
	}
	j.headerLinks(in, resp.Header, resp.Base)
	ct := resp.Header.Get("Content-Type")
	mt, charset := "text/html", ""
	if ct != "" {
		if mt, charset = media.Type(ct), media.Charset(ct); mt == "" {
			j.fail(in, fmt.Errorf("Content-Type %q: no media type", ct))
			return true
		}
	}
	switch k := media.KindOf(mt, resp.URL); {
	case k != media.Other:
		// The rule of an archive's records; XML that is no sitemap is an
		// error here, where an archive skips it: this URL was asked for
		// (docs/design.md#document-kinds).
		j.document(in, bytes.NewReader(resp.Body), charset, resp.Base, k)
	case strings.HasPrefix(mt, "multipart/") || strings.HasPrefix(mt, "message/"):
		// The response header is the entity's header, but in HTTP
		// Content-Location does not set a base: Fetch has applied Base
		// and Content-Base already.
		h := textproto.MIMEHeader(resp.Header.Clone())
		h.Del("Content-Location")
		j.message(in, func(w *base.Walker, fn func(*base.Part) error) error {
			return w.WalkEntity(h, bytes.NewReader(resp.Body), base.Retrieved(resp.URL), fn)
		})
	default:
		j.fail(in, fmt.Errorf("Content-Type %q is neither HTML, CSS, a MIME message, an XML sitemap nor robots.txt", mt))
	}
	j.nfiles++
	j.showProgress(false)
	return true
}

// redirectLinks writes the header links of the redirects a fetch of in
// followed, response after response: each resolved against the base its
// own header establishes inside the URL that answered with it (RFC 8288
// section 3.2: the context of a link of a header field is the URL of the
// response it came with; its Base or Content-Base, as for any response,
// 3.1), that URL in the page column, as a WARC file's redirect records
// give them (docs/design.md#header-links).
func (j *job) redirectLinks(in string, resp *base.Response) {
	for i, h := range resp.RedirectHeaders {
		j.page = resp.Redirects[i]
		b, _, err := base.HTTPHeader(textproto.MIMEHeader(h), base.Retrieved(j.page), j.fetcher.Spec, j.fetcher.Limits)
		if err != nil {
			j.fail(in, err)
		}
		j.headerLinks(in, h, b)
	}
}

// headerLinks writes the links of the Link and Refresh fields of a fetched
// response's header h, resolved against outer, the base the header
// establishes, as the archive reader does for a response record
// (links.Extractor.ExtractHeaderBytes, docs/design.md#header-links): the
// last response of a fetch, and each redirect before it (redirectLinks).
func (j *job) headerLinks(doc string, h map[string][]string, outer base.Base) {
	j.doc = rows.Document{Name: doc, Page: j.page}
	if err := j.x.ExtractHeaderBytes(h, outer, j.writeBytes); err != nil {
		j.fail(doc, err)
	}
}

// message walks a message and extracts the links of its HTML parts, each
// one a document named name#POSITION.
func (j *job) message(name string, walk func(*base.Walker, func(*base.Part) error) error) {
	var lastBaseErr error
	err := walk(&j.walker, func(p *base.Part) error {
		doc := name
		if p.Position != "" {
			doc = name + "#" + p.Position
		}
		if p.BaseErr != nil && p.BaseErr != lastBaseErr {
			lastBaseErr = p.BaseErr
			j.fail(name, p.BaseErr)
		}
		// A part's HTML and CSS are read; robots.txt and sitemaps are
		// files of a site, not parts of a message.
		if k := media.KindOf(p.MediaType, ""); k == media.HTML || k == media.CSS {
			j.document(doc, p.Body, p.Params["charset"], p.Base, k)
		}
		return nil
	})
	if err != nil {
		j.fail(name, err)
	}
}

// document extracts the links of one document of kind k and writes
// them, its body read from r and its media type's charset parameter
// charset, decoded first (package document: gzip, UTF-16; a sitemap's root
// element checked, XML that is no sitemap an error).
func (j *job) document(doc string, r io.Reader, charset string, outer base.Base, k media.Kind) {
	text, err := document.Decode(&j.body, k, r, charset, j.lim.Record)
	if err != nil {
		j.fail(doc, err)
		return
	}
	j.extract(doc, text, charset, outer, k)
}

// extract extracts the links of one document of kind k, its body
// decoded and its media type's charset parameter charset, by the one
// reading of its kind (document.Extract), and writes them.
func (j *job) extract(doc string, text io.Reader, charset string, outer base.Base, k media.Kind) {
	j.doc = rows.Document{Name: doc, Page: j.page}
	err := document.Extract(&j.x, k, newDocLimit(text, j.lim.Record), charset, outer, j.writeBytes)
	if err != nil {
		j.fail(doc, err)
	}
}
