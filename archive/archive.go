// Package archive turns the records of a web archive into links: the rules
// "relurl links" (cmd/relurl) and the Apache Beam pipeline (beam/) share
// for WARC files (ISO 28500; plain, gzip or zstd) and Common Crawl's WAT
// files. Reader.All gives the links as values (an iterator); Reader.Read
// gives them to a callback without copying, for the command's speed. The
// errors it gives are this package's types and sentinels (errors.go). Which base each document's links are
// resolved against follows RFC 1808 section 3: the retrieval URL (3.3),
// the Base and Content-Base fields of an HTTP header (3.1, message
// headers) and the BASE element or a WAT record's Head.Base (3.1,
// embedded in the content), each established inside the next by
// base.Base.Within under the Extractor's Spec; every link, from HTML, a
// redirect or a WAT record, is resolved and held to the URL limit by the
// Extractor (links.Extractor.ResolveBytes for those not read from HTML).
package archive

import (
	"errors"
	"fmt"
	"io"
	"net/textproto"
	"strconv"
	"strings"
	"unsafe"

	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/ascii"
	"github.com/relurl/relurl/internal/body"
	"github.com/relurl/relurl/internal/document"
	"github.com/relurl/relurl/internal/htmlbase"
	"github.com/relurl/relurl/internal/media"
	"github.com/relurl/relurl/internal/warc"
	"github.com/relurl/relurl/internal/wat"
	"github.com/relurl/relurl/limits"
	"github.com/relurl/relurl/links"
)

// Kind says what a record read from an archive was.
type Kind int

const (
	// Skipped: not a document (request, warcinfo, metadata other than
	// WAT, an image, a non-HTML response...).
	Skipped Kind = iota
	// Page: an HTML document whose links were extracted.
	Page
	// Redirect: a redirection, given as one http@location link.
	Redirect
	// Failed: a record read but not usable (a malformed HTTP response,
	// WAT JSON or a WAT page without target URI); the error was reported.
	Failed
	// Stylesheet: a CSS style sheet (text/css) whose url() and @import
	// links were extracted.
	Stylesheet
	// Revisit: a revisit record (WARC/1.1 section 6.7), or the WAT
	// record of one, given as one warc@revisit link to the capture it
	// refers to.
	Revisit
	// Sitemap: an XML sitemap (gzipped or not) whose <loc> links were
	// extracted.
	Sitemap
	// Robots: a robots.txt file whose Sitemap lines were extracted.
	Robots
)

var kindNames = [...]string{Skipped: "Skipped", Page: "Page", Redirect: "Redirect", Failed: "Failed",
	Stylesheet: "Stylesheet", Revisit: "Revisit", Sitemap: "Sitemap", Robots: "Robots"}

// String returns the name of the constant k is ("Page"), or "Kind(N)".
func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// DocError is an error about one document of an archive, named by its
// document name FILE#OFFSET: the links read before it were given, and
// the rest of the archive is read.
type DocError struct {
	Doc string // FILE#OFFSET, as the Link callback gets it
	Err error
}

// Error returns "DOC: ERR".
func (e *DocError) Error() string { return e.Doc + ": " + e.Err.Error() }

// Unwrap returns e.Err.
func (e *DocError) Unwrap() error { return e.Err }

// A Document names the document of a record's links.
type Document struct {
	// Name is FILE#OFFSET (see Reader).
	Name string
	// URI is the record's WARC-Target-URI; for a WAT record, the
	// original capture's.
	URI string
	// Date is the record's WARC-Date as written (for a WAT record, the
	// original capture's), "" when absent.
	Date string
}

// Reader extracts the links of one WARC or WAT file. Its rules:
//
//   - a "response" record holding an HTTP response with an HTML body
//     (text/html or application/xhtml+xml) is a document: its
//     WARC-Target-URI is the URL it was retrieved by (RFC 1808 section
//     3.3); the Base and Content-Base fields of its HTTP header are
//     message headers (section 3.1), and its BASE element comes last
//     (3.1, by the links package), each resolved against the layer
//     outside it;
//   - a "resource" record of type text/html (or application/xhtml+xml)
//     is a document retrieved by its WARC-Target-URI (3.3);
//   - a "response" or "resource" record of a text/css style sheet is
//     read as one (its url() and @import links, by links.Extractor's
//     CSS reading), its base that of an HTML document but for the BASE
//     element it has not;
//   - a "response" or "resource" record of a robots.txt file (text/plain,
//     its target URI's path ending in /robots.txt) gives its Sitemap
//     lines (robots@sitemap), and one of an XML sitemap (application/xml,
//     text/xml, or either gzipped: application/gzip, application/x-gzip)
//     its <loc> (url@loc, sitemap@loc) when its root element is <urlset>
//     or <sitemapindex> (other XML is skipped), as the links command
//     reads a fetched URL (package media); their base is that of a style
//     sheet;
//   - a redirect (3xx with Location) gives one link http@location, its
//     Location resolved against the target URI (section 4); its body is
//     not read;
//   - the Link and Refresh fields of any HTTP response's header (a page,
//     a style sheet, a redirect or another response) give links
//     http@link and http@refresh, before those of its body, resolved
//     against the header's base (links.Extractor.ExtractHeaderBytes); a
//     response with no other link is then still Skipped;
//   - a "revisit" record gives one link warc@revisit to the capture it
//     refers to (WARC/1.1 section 6.7): its URL is the
//     WARC-Refers-To-Target-URI resolved against the WARC-Target-URI, or
//     the WARC-Target-URI itself when the field is absent (the revisit
//     refers to an earlier capture of its own URI); its Ref is the
//     WARC-Refers-To-Date as written, "" when absent (docs/links.md);
//   - a WAT record (type "metadata", application/json) gives the links
//     the WARC record it describes gives, as far as it recorded them:
//     the Link and Refresh fields of its recorded HTTP header, as above
//     (every value, within HeaderLine and HeaderBlock: the first value
//     over them is reported, a *DocError wrapping a *limits.Error, and
//     the values after it are not read; docs/design.md#wat-header-links);
//     then the HTML links it recorded, head links first, each resolved
//     against the recorded Head.Base (3.1, resolved against the header
//     base), else the header base, else the retrieval URL; or a
//     redirect's Location; or, for a revisit record, its warc@revisit
//     link from the recorded WARC-Refers-To fields;
//   - a base that is not used (longer than Limits.URL, or rejected by the
//     Spec: base.Base.Within) is reported once for its document, as a
//     *DocError wrapping a *base.FallbackError, and the base outside it
//     stands; a link the Spec rejects is given with its failure in
//     LinkBytes.Err;
//   - any other record is skipped.
//
// The document name of a record's links is FILE#OFFSET, the offset of
// the record or of the gzip member holding it (FILE#0+N for the Nth
// record after the first in a file gzipped whole, where every record has
// the offset 0).
type Reader struct {
	// File names the archive in document names and errors.
	File string
	// Limits bounds what one record may cost (zero fields: the defaults
	// of package limits): the WARC and WAT readers take Record,
	// HeaderLine and HeaderBlock from it. A record that breaks one gives
	// an error in which errors.As finds a *RecordError and a
	// *limits.Error (inside a *DocError when the cut came while its
	// document was read; its links read before the cut are given), and
	// reading goes on with the next record.
	Limits limits.Limits
	// Extractor extracts the links of HTML documents and resolves those
	// of redirects and WAT records, by its Spec and within its Limits.URL;
	// nil for one of the Reader's own, with Limits.
	Extractor *links.Extractor
	// Link receives each link of document d, in document order, as
	// links.Extractor.ExtractBytes gives it: its Ref and URL bytes are
	// valid only until Link returns and must not be changed (k.Link()
	// is a copy to keep), and so is d. Both users write each link out at once, so no
	// string is made for a link (issue 14). An error stops that
	// document's links; it is given to Error as a *DocError and the next
	// record is read.
	Link func(d *Document, k *links.LinkBytes) error
	// Error receives each error: a *RecordError (naming the file and
	// offset) for a record that could not be read or used, a *DocError
	// for an error inside a document. Reading goes on.
	Error func(err error)
	// Record, if not nil, is called after each record read, with what it
	// was. It is not called for records the reader could not read (those
	// go to Error only).
	Record func(Kind)

	x    links.Extractor
	wr   *warc.Reader // kept from one Read to the next, with its buffers
	body body.Decoder // decodes each HTML body, with its buffers
	doc  Document     // the document of the record being read
	give func(*links.LinkBytes) error
	// Where links and errors go during a Read (Link and Error) or an
	// All (its yield), and whether the reading was stopped (All only).
	emit    func(d *Document, k *links.LinkBytes) error
	report  func(error)
	stopped bool
}

// Read reads the archive r to its end. A Reader may read one archive
// after another (set File for each): its buffers and its gzip decoder
// serve them all, each file reading as it would alone (warc.Reader.Reset;
// a zstd file's decoder is made for it, with its dictionary).
func (a *Reader) Read(r io.Reader) {
	a.emit, a.report, a.stopped = a.Link, a.Error, false
	a.read(r)
}

// read reads the archive r to its end, or until stopped is set, giving
// links to emit and errors to report.
func (a *Reader) read(r io.Reader) {
	if a.Extractor == nil {
		a.x.Limits = a.Limits
		a.Extractor = &a.x
	}
	if a.give == nil {
		a.give = func(k *links.LinkBytes) error { return a.emit(&a.doc, k) }
	}
	if a.wr == nil {
		a.wr = warc.NewReader(r, a.File)
	} else {
		a.wr.Reset(r, a.File)
	}
	wr := a.wr
	wr.Limits = a.Limits
	var (
		lastOff int64 = -1
		nth     int
	)
	for !a.stopped {
		rec, err := wr.Next()
		if err == io.EOF {
			return
		}
		if err != nil {
			a.report(err)
			continue
		}
		kind := a.record(docName(a.File, rec.Offset, &lastOff, &nth), rec)
		if a.Record != nil {
			a.Record(kind)
		}
	}
}

// docName returns the document name of a record at offset off of file:
// FILE#OFFSET, which is unique in the file except in a file gzipped
// whole, where every record has the offset 0 and the Nth record after
// the first is FILE#0+N. *lastOff and *nth carry the count from one
// record to the next; *lastOff starts at -1.
func docName(file string, off int64, lastOff *int64, nth *int) string {
	doc := file + "#" + strconv.FormatInt(off, 10)
	if off == *lastOff {
		*nth++
		doc += "+" + strconv.Itoa(*nth)
	} else {
		*lastOff, *nth = off, 0
	}
	return doc
}

// record extracts the links of one record.
func (a *Reader) record(doc string, rec *warc.Record) Kind {
	a.doc = Document{Name: doc, URI: rec.TargetURI, Date: rec.Header.Get("WARC-Date")}
	switch {
	case rec.IsHTTPResponse():
		return a.httpRecord(doc, rec)
	case ascii.EqualFold(rec.Type, "resource"):
		k := media.KindOf(media.Type(rec.ContentType), rec.TargetURI)
		if k == media.Other {
			return Skipped
		}
		return a.document(doc, rec.Block, media.Charset(rec.ContentType), base.Retrieved(rec.TargetURI), k) // 3.3
	case ascii.EqualFold(rec.Type, "metadata") && media.Type(rec.ContentType) == "application/json":
		return a.watRecord(doc, rec)
	case ascii.EqualFold(rec.Type, "revisit"):
		a.revisit(doc, rec)
		return Revisit
	}
	return Skipped
}

// kinds maps what a document is read as (media.KindOf, the rule of the
// links command for a fetched URL too) to the Kind of its record.
var kinds = [...]Kind{media.Other: Skipped, media.HTML: Page, media.CSS: Stylesheet, media.Robots: Robots, media.Sitemap: Sitemap}

// document extracts the links of one document of kind k (media.KindOf)
// whose base is outer (before its BASE element, for HTML), its body read
// from r and its media type's charset parameter charset, by the one
// reading of each kind (package document: a compressed or UTF-16 body is
// decoded first, a gzipped sitemap included), and returns the Kind of its
// record: Skipped for XML that is no sitemap, which an archive holds
// (feeds and the like) and is not an error here
// (docs/design.md#document-kinds).
func (a *Reader) document(doc string, r io.Reader, charset string, outer base.Base, k media.Kind) Kind {
	text, err := document.Decode(&a.body, k, r, charset, a.Limits.Resolve().Record)
	if err == links.ErrNotSitemap {
		return Skipped
	}
	if err == nil {
		err = document.Extract(a.Extractor, k, text, charset, outer, a.give)
	}
	if err != nil {
		a.report(&DocError{doc, err})
	}
	return kinds[k]
}

// httpRecord extracts the links of an HTTP response record.
func (a *Reader) httpRecord(doc string, rec *warc.Record) Kind {
	resp, err := rec.ReadHTTPResponse()
	if err != nil {
		a.report(err)
		return Failed
	}
	retrieved := base.Retrieved(rec.TargetURI) // 3.3
	loc, redirect := resp.Redirect()
	kind, k := Redirect, media.Other
	if !redirect {
		k = media.KindOf(resp.MediaType(), rec.TargetURI)
		kind = kinds[k]
	}
	headerLinks := links.HasHeaderLinks(resp.Header)
	if kind == Skipped && !headerLinks {
		return Skipped
	}
	// 3.1: the HTTP header's Base and Content-Base, inside the retrieval
	// URL; the BASE element inside that is Extract's. A redirect's
	// Location is resolved against the retrieval URL (section 4), and
	// its header base is looked at only for its header's links.
	outer := retrieved
	if kind != Redirect || headerLinks {
		outer = a.headerBase(doc, resp.Header, retrieved)
	}
	if headerLinks {
		// Any response's Link and Refresh fields, before its body
		// (docs/design.md#header-links).
		a.headerLinks(doc, resp.Header, outer)
	}
	switch kind {
	case Redirect:
		a.redirect(doc, retrieved, loc)
	case Skipped:
	default:
		kind = a.document(doc, resp.Body, media.Charset(resp.Header.Get("Content-Type")), outer, k)
	}
	return kind
}

// headerLinks gives the links of the Link and Refresh fields of an HTTP
// header h, resolved against outer, the base the header establishes
// (links.Extractor.ExtractHeaderBytes).
func (a *Reader) headerLinks(doc string, h map[string][]string, outer base.Base) {
	if err := a.Extractor.ExtractHeaderBytes(h, outer, a.give); err != nil {
		a.report(&DocError{doc, err})
	}
}

// headerBase returns the base that the Base and Content-Base fields of an
// HTTP header h establish inside outer (3.1), or outer, reporting a field
// that is not used.
func (a *Reader) headerBase(doc string, h map[string][]string, outer base.Base) base.Base {
	b, _, err := base.HTTPHeader(textproto.MIMEHeader(h), outer, a.Extractor.Spec, a.Extractor.Limits)
	if err != nil {
		a.report(&DocError{doc, err})
	}
	return b
}

// link gives Link a link read from a redirect or a WAT record, resolved
// and held to the URL limit by the Extractor. Its strings are viewed by
// the LinkBytes without copying (Link does not change them). A link over
// the URL limit is returned as a *links.LimitError; an error of Link, as
// itself.
func (a *Reader) link(elem, attr, ref string, b base.Base) error {
	return a.Extractor.ResolveBytes(elem, attr, bytesOf(ref), b, a.give)
}

// bytesOf returns the bytes of s without copying them; they must not be
// changed.
func bytesOf(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// redirect gives the link of a redirection: its Location, resolved
// against the URL that answered with it, as a browser following it does.
func (a *Reader) redirect(doc string, retrieved base.Base, loc string) {
	ref := strings.TrimSpace(loc)
	if err := a.link("http", "location", ref, retrieved); err != nil {
		a.report(&DocError{doc, err})
	}
}

// revisit gives the link of a revisit record to the capture it refers
// to (revisitLink).
func (a *Reader) revisit(doc string, rec *warc.Record) {
	a.revisitLink(doc, rec.TargetURI, rec.Header.Get("WARC-Refers-To-Target-URI"), rec.Header.Get("WARC-Refers-To-Date"))
}

// revisitLink gives the link of a revisit record of target URI target to
// the capture it refers to, refersTo (the record's target URI when ""),
// its Ref the refersDate as written (see Reader): a WARC revisit record's
// or the one a WAT record describes. The target URI is the base, as for a
// redirect: a Refers-To-Target-URI is absolute by the WARC grammar, and
// resolving it holds it to the Spec and the URL limit as every link. Angle
// brackets around it are framing, as around WARC-Target-URI
// (warc.TrimAngles).
func (a *Reader) revisitLink(doc, target, refersTo, refersDate string) {
	ref := warc.TrimAngles(strings.TrimSpace(refersTo))
	if ref == "" {
		ref = target
	}
	date := bytesOf(refersDate)
	err := a.Extractor.ResolveBytes("warc", "revisit", bytesOf(ref), base.Retrieved(target), func(k *links.LinkBytes) error {
		k.Ref = date
		return a.emit(&a.doc, k)
	})
	if err != nil {
		a.report(&DocError{doc, err})
	}
}

// errStop stops the decoding of a WAT record whose links are not given.
var errStop = errors.New("stop")

// A watDoc is what a WAT record is, settled by what was read of it (see
// watRecord).
type watDoc struct {
	kind      Kind
	retrieved base.Base // the original capture's target URI (3.3)
	outer     base.Base // the base its HTTP header establishes (3.1)
	b         base.Base // the base of its HTML links: Head.Base inside outer
	loc       string    // a redirect's Location
	// given counts the values of the Link and Refresh fields whose
	// links were given.
	given [2]int
}

// watRecord gives the links a WAT record holds as the decoder reads them,
// the record never held whole (docs/design.md#wat-limits): what the record
// is and the base of its links are settled by what comes before its first
// link, as Common Crawl's writer orders it (a field bearing on them that
// comes later is reported, see wat.Record.Late), or by the whole record
// when it has no link. The record gives the links the WARC record it
// describes gives: those of its HTTP header's Link and Refresh fields
// first (docs/design.md#wat-header-links), then its HTML links, or its
// redirect's Location, or, for a revisit record, its warc@revisit link.
func (a *Reader) watRecord(doc string, rec *warc.Record) Kind {
	var (
		settled bool
		wd      watDoc
		linkErr error
		// Links over the URL limit are reported once for the record, the
		// first counting the others, as links.Extractor does for a
		// document.
		long *links.LimitError
	)
	tooLong := func(le *links.LimitError) {
		if long == nil {
			long = le
		} else {
			long.More++
		}
	}
	settle := func(w *wat.Record) {
		settled = true
		wd = a.watBase(doc, rec, w)
		// The document is the original capture the WAT record describes.
		a.doc.URI, a.doc.Date = wd.retrieved.URL, w.Date
		a.watHeaderLinks(doc, w, &wd)
	}
	w, err := wat.Decode(rec.Block, a.Limits, func(w *wat.Record, k *wat.Link) error {
		if !settled {
			settle(w)
		}
		if wd.kind != Page {
			return errStop
		}
		elem, attr := watPath(k.Path)
		if k.Cut {
			// Cut by the decoder, the url is over the URL limit: counted
			// with its length in the JSON, not given.
			// A WAT link has no offset in its document (-1), as
			// Extractor.ResolveBytes reports it.
			tooLong(&links.LimitError{Offset: -1, Element: elem, Attr: attr, Length: k.URLLen,
				Err: &limits.Error{Limit: "URL", Max: int64(a.Extractor.Limits.Resolve().URL)}})
			return nil
		}
		ref := string(htmlbase.TrimSpace([]byte(k.URL)))
		err := a.link(elem, attr, ref, wd.b)
		if le, ok := err.(*links.LimitError); ok {
			tooLong(le)
			return nil
		}
		if err != nil {
			linkErr = err
			return errStop
		}
		return nil
	})
	if err != nil && err != errStop {
		var we *warc.Error
		if !errors.As(err, &we) {
			we = &warc.Error{File: a.File, Offset: rec.Offset, Err: fmt.Errorf("%w: %v", wat.ErrJSON, err)}
		}
		a.report(we)
		if !settled || wd.kind != Page || w.Links == 0 {
			return Failed
		}
		// The links before the error were given.
	}
	if !settled {
		settle(w)
	} else if err == nil {
		// Link or Refresh values that came after the first link
		// (reported with Late below).
		a.watHeaderLinks(doc, w, &wd)
	}
	if linkErr != nil {
		a.report(&DocError{doc, linkErr})
	}
	if long != nil {
		a.report(&DocError{doc, long})
	}
	if w.HeaderErr != nil && wd.kind != Failed && wd.kind != Revisit {
		a.report(&DocError{doc, w.HeaderErr})
	}
	if w.Late != "" && w.Links > 0 && wd.kind == Page {
		a.report(&DocError{doc, fmt.Errorf("WAT field %s comes after the first link: the links before it were resolved without it", w.Late)})
	}
	switch wd.kind {
	case Redirect:
		a.redirect(doc, wd.retrieved, wd.loc)
	case Revisit:
		a.revisitLink(doc, wd.retrieved.URL, w.RefersTo, w.RefersToDate)
	}
	return wd.kind
}

// watHeaderLinks gives the links of the Link and Refresh values of a WAT
// record's header not given yet (wd.given), as httpRecord gives a
// response record's: against the header's base, for any record but a
// revisit (whose WARC record gives its warc@revisit link only).
func (a *Reader) watHeaderLinks(doc string, w *wat.Record, wd *watDoc) {
	if wd.kind == Failed || wd.kind == Revisit {
		return
	}
	l, r := w.Header["Link"], w.Header["Refresh"]
	if len(l) == wd.given[0] && len(r) == wd.given[1] {
		return
	}
	h := map[string][]string{"Link": l[wd.given[0]:], "Refresh": r[wd.given[1]:]}
	wd.given = [2]int{len(l), len(r)}
	a.headerLinks(doc, h, wd.outer)
}

// watBase returns what a WAT record is, from what was read of it, and
// the bases of its links (watDoc): the original record's target URI
// (3.3); the base its recorded HTTP header establishes inside it (3.1),
// for its header's links; and for its HTML links the recorded Head.Base
// inside that (3.1). A redirect's Location keeps the retrieval URL
// (section 4), as in httpRecord.
func (a *Reader) watBase(doc string, rec *warc.Record, w *wat.Record) watDoc {
	target := w.TargetURI
	if target == "" {
		target = rec.TargetURI
	}
	wd := watDoc{retrieved: base.Retrieved(target)} // 3.3
	headerLinks := links.HasHeaderLinks(w.Header)
	var redirect bool
	wd.loc, redirect = w.Redirect()
	switch {
	case ascii.EqualFold(w.Type, "revisit"):
		// Its WARC record gives its warc@revisit link only (record).
		wd.kind, headerLinks = Revisit, false
	case redirect:
		wd.kind = Redirect
	case w.HTML:
		wd.kind = Page
	default:
		wd.kind = Skipped
	}
	if target == "" && (wd.kind == Page || wd.kind == Revisit || headerLinks) {
		a.report(&warc.Error{File: a.File, Offset: rec.Offset, Err: fmt.Errorf("%w in WAT record %s", warc.ErrMissingTargetURI, rec.ID)})
		wd.kind = Failed
		return wd
	}
	wd.outer, wd.b = wd.retrieved, wd.retrieved
	if wd.kind == Page || headerLinks {
		// 3.1: the recorded header's Base and Content-Base, inside the
		// retrieval URL.
		wd.outer = a.headerBase(doc, w.Header, wd.retrieved)
		wd.b = wd.outer
	}
	if wd.kind == Page && w.HasBase {
		// 3.1: the BASE href, established inside the layer outside as
		// links.Extractor establishes a BASE href (base.Base.Within): one
		// that is not used leaves the outer base, reported once. A
		// Head.Base the decoder cut is over the URL limit, and its length
		// is the one in the JSON.
		href := string(htmlbase.TrimSpace([]byte(w.Base)))
		var err error
		if wd.b, err = wd.outer.Within(href, base.HTML, a.Extractor.Spec, a.Extractor.Limits); err != nil {
			fe := err.(*base.FallbackError)
			fe.Name = "WAT Head.Base"
			if w.BaseLen > int64(len(w.Base)) {
				fe.Length = int(w.BaseLen)
			}
			a.report(&DocError{doc, err})
		}
	}
	return wd
}

// watPath turns a WAT link path such as "A@/href" into the element and
// attribute names the links command prints ("a", "href"). A path naming
// no attribute ("STYLE/#text", a URL found in CSS) is kept whole as the
// element, lower case.
func watPath(path string) (elem, attr string) {
	e, at, ok := strings.Cut(path, "@")
	if !ok {
		return ascii.Lower(path), ""
	}
	return ascii.Lower(e), ascii.Lower(strings.TrimPrefix(at, "/"))
}
