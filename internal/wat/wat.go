// Package wat reads WAT files: the metadata files Common Crawl publishes
// beside each WARC file, one JSON document per WARC record, holding for
// HTML pages the BASE element and the links found.
//
// # Layout
//
// A WAT file is itself a WARC file (".wat.gz": one gzip member per record)
// whose records are "metadata" records with Content-Type
// "application/json". Each JSON document describes one record of the
// original WARC file. The field names used here are those of the
// extractor that writes Common Crawl's WAT files (ia-web-commons,
// org.archive.resource.ResourceConstants and
// org.archive.resource.html.ExtractingParseObserver), and of Common
// Crawl's description of the format ("WARC, WAT and WET"):
//
//	{"Container": {"Filename": ..., "Offset": ...},
//	 "Envelope": {
//	   "Format": "WARC",
//	   "WARC-Header-Metadata": {"WARC-Type": "response", "WARC-Target-URI": ..., ...},
//	   "Payload-Metadata": {
//	     "Actual-Content-Type": "application/http; msgtype=response",
//	     "HTTP-Response-Metadata": {
//	       "Response-Message": {"Version": "HTTP/1.1", "Status": "200", "Reason": "OK"},
//	       "Headers": {"Content-Type": "text/html", "Location": ..., ...},
//	       "HTML-Metadata": {
//	         "Head": {"Title": ..., "Base": "http://...", "Link": [...], "Metas": [...], "Scripts": [...]},
//	         "Links": [{"path": "A@/href", "url": "../g", "text": "..."}, ...]}}}}}
//
// Link paths name the element and attribute the URL came from ("A@/href",
// "IMG@/src", "FORM@/action", "LINK@/href"...); the URL is the attribute
// value with character entities decoded, unresolved.
//
// # Memory
//
// A WAT record is never held whole (docs/design.md#wat-limits): Decode
// reads its JSON token by token and gives each link to its caller as it
// is read, keeps only the header fields that make a base or a redirect
// (the first value of each) and every value of those that give links
// (Link, Refresh: within Limits.HeaderLine and HeaderBlock), and cuts
// every string after the larger of Limits.URL and Limits.HeaderLine, plus
// one, characters (64 at least) before it is held, reporting the cut:
// what one record costs is bounded by those limits and the decoder's
// buffer, not by how many links, fields or values it holds.
//
// # Repeated header fields
//
// "Headers" is a JSON object, one name per header field name as the
// server wrote it. Since webarchive-commons 1.2.0 (commit f4f6655, "Make
// MetaData multi-valued to preserve values of repeating WARC and HTTP
// headers", 2024), the writer of Common Crawl's WAT files, a repeated
// name is one JSON array of its values in header order
// (org.json JSONObject.accumulate); before, a repeated name kept its last
// value only (JSONObject.put), the others lost when the WAT was written.
// Names differing only in case ("Link", "link") are separate JSON names.
// So a Record reads a string as one field, an array as one field per
// element in order, and names case-insensitively in the order of the
// JSON (docs/design.md#wat-header-links). A writer that joins repeated
// fields into one string with commas cannot be told from one field: a
// joined Link field reads the same (RFC 8288's #link-value list), a
// joined Refresh field as one refresh.
package wat

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/relurl/relurl/internal/ascii"
	"github.com/relurl/relurl/internal/header"
	"github.com/relurl/relurl/internal/media"
	"github.com/relurl/relurl/internal/quote"
	"github.com/relurl/relurl/internal/warc"
	"github.com/relurl/relurl/limits"
)

// ErrJSON is wrapped by the *warc.Error returned for a WAT record whose
// JSON cannot be decoded.
var ErrJSON = errors.New("malformed WAT JSON")

// A Record is the metadata of one record of the original WARC file: what
// the decoder has read of it so far, while its links are given, and all
// of it once Decode returns.
type Record struct {
	// Offset is the offset of the WAT record (or its gzip member) in the
	// WAT file.
	Offset int64
	// Type is the original record's WARC-Type ("response", "request"...).
	Type string
	// TargetURI is the original record's WARC-Target-URI: the retrieval
	// URL of the page (RFC 1808 section 3.3), without the angle brackets
	// some writers put around it (warc.TrimAngles).
	TargetURI string
	// Date is the original record's WARC-Date as written (the capture
	// date), "" when absent; cut like any string the decoder keeps.
	Date string
	// RefersTo and RefersToDate are the original record's
	// WARC-Refers-To-Target-URI and WARC-Refers-To-Date as written, ""
	// when absent: those of a revisit record (WARC/1.1 section 6.7). Of
	// a WARC field given as an array (repeated), the first value counts,
	// as warc.Record's Header.Get gives it.
	RefersTo, RefersToDate string
	// ContentType is the original record's Actual-Content-Type.
	ContentType string
	// Status is the HTTP status code, or 0 when the record is not an HTTP
	// response.
	Status int
	// Header holds the HTTP response header fields that make a base or a
	// redirect (Fields), keys canonical, each with its first value only:
	// a record may hold millions of others, which are skipped. It holds
	// every value of the fields that give links (LinkFields), in order,
	// within the header limits (HeaderErr).
	Header http.Header
	// HeaderErr reports the first value of a LinkFields field not kept
	// for the header limits, as the header reader of a WARC record
	// reports a line (a *header.Error wrapping a *limits.Error for
	// HeaderLine or HeaderBlock, its Offset that of the value in the
	// JSON document): the value counts as the line "Name: value" a WARC
	// record would hold it in, the values kept together as a header
	// block. The values before it are kept; it and those after are not.
	HeaderErr error
	// HTML reports whether the extractor parsed the payload as HTML
	// (HTML-Metadata present).
	HTML bool
	// Base is the href of the page's BASE element as recorded, and
	// HasBase whether there was one (RFC 1808 section 3.1: a base
	// embedded in the document). BaseLen is its length in the JSON text
	// when it was cut (Limits.URL), else len(Base).
	Base    string
	HasBase bool
	BaseLen int64
	// Links counts the links given.
	Links int
	// Late names the first field that bears on how the links resolve or
	// which come first (WARC-Target-URI, Status, a header of Fields or
	// LinkFields, Head.Base) when it came after the first link was
	// given: the links before it were given without it. Common Crawl's
	// writer puts them all first.
	Late string
}

// Fields are the HTTP header fields a Record keeps: those that make a
// base (RFC 1808 section 3.1, base.HTTPHeader), a redirect (media.Redirect)
// and the media type.
var Fields = []string{"Base", "Content-Base", "Content-Location", "Content-Type", "Location"}

// LinkFields are the HTTP header fields that give links of their own
// (links.HasHeaderLinks, docs/design.md#header-links): a Record keeps
// every value of them.
var LinkFields = []string{"Link", "Refresh"}

// A Link is one URL found in a page.
type Link struct {
	Path string // element and attribute, such as "A@/href"
	URL  string // the attribute value, unresolved
	Text string // anchor text, if any
	Rel  string // rel attribute, if any
	// Head reports a LINK element of the head (HTML-Metadata.Head.Link),
	// not a link of the body (HTML-Metadata.Links).
	Head bool
	// Offset is the byte offset in the JSON document where the link ends.
	Offset int64
	// Cut reports that URL was longer than Limits.URL characters in the
	// JSON text, and holds only its beginning; URLLen is then its length
	// in the JSON text (escapes as written), else len(URL).
	Cut    bool
	URLLen int64
}

// Redirect returns the Location of an HTTP redirection (status 3xx with a
// Location header) and true, or "", false.
func (rec *Record) Redirect() (string, bool) {
	return media.Redirect(rec.Status, rec.Header["Location"])
}

// Decode reads one WAT JSON document from r (RFC 8259), calling link (if
// not nil) for each link as it is read, with the record as read so far;
// an error from link stops the decoding and is returned, with the record
// as read until then (as for any error). It reads the
// document as a stream of JSON tokens, keeping only the fields a Record
// holds, so the memory it takes is that of the Record plus one string
// (cut after lim.URL+1 characters, or 64 if more, see Link.Cut), not that of the
// document. Bound r to bound the time: a warc.Reader's Block stops at
// Limits.Record with an *warc.Error, which Decode returns.
func Decode(r io.Reader, lim limits.Limits, link func(*Record, *Link) error) (*Record, error) {
	lim = lim.Resolve()
	// A Link field value may be as long as a header line (its links each
	// held to the URL limit later), a URL as long as the URL limit.
	cr := &cutReader{r: r, keep: max(max(lim.URL, lim.HeaderLine)+1, minKeep)}
	// Common Crawl's WAT writer may repeat a name and pass on invalid
	// UTF-8 from a page: read them as encoding/json did.
	d := decoder{dec: jsontext.NewDecoder(cr, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true)), cut: cr, link: link, lim: lim}
	rec := &Record{}
	d.rec = rec
	err := d.object(func(key string) error {
		if key != "Envelope" {
			return d.dec.SkipValue()
		}
		return d.object(func(key string) error {
			switch key {
			case "WARC-Header-Metadata":
				return d.object(func(key string) error {
					var err error
					switch key {
					case "WARC-Type":
						rec.Type, err = d.first()
					case "WARC-Target-URI":
						d.late(key)
						rec.TargetURI, err = d.first()
						// As the WARC reader takes the field (a
						// WARC/1.0 writer's "<uri>").
						rec.TargetURI = warc.TrimAngles(rec.TargetURI)
					case "WARC-Date":
						rec.Date, err = d.first()
					case "WARC-Refers-To-Target-URI":
						rec.RefersTo, err = d.first()
					case "WARC-Refers-To-Date":
						rec.RefersToDate, err = d.first()
					default:
						err = d.dec.SkipValue()
					}
					return err
				})
			case "Payload-Metadata":
				return d.payload()
			}
			return d.dec.SkipValue()
		})
	})
	return rec, err
}

// minKeep is the fewest characters cutReader keeps of a string, more than
// the longest name the decoder looks for ("HTTP-Response-Metadata"), so
// that a small URL limit cuts no name it needs.
const minKeep = 64

// decoder walks a JSON document token by token (jsontext reads a token
// without allocating, and skips a value without holding it).
type decoder struct {
	dec  *jsontext.Decoder
	cut  *cutReader
	rec  *Record
	link func(*Record, *Link) error
	lim  limits.Limits // resolved
	// block counts the bytes of the LinkFields values kept, as header
	// lines with their line ends (Record.HeaderErr).
	block int
}

// late notes a field bearing on the links' base read after a link was
// given.
func (d *decoder) late(name string) {
	if d.rec.Links > 0 && d.rec.Late == "" {
		d.rec.Late = name
	}
}

// errType reports a JSON value of the wrong type where the WAT layout
// has an object or array.
var errType = errors.New("unexpected JSON type")

// open reads the opening delimiter of an object or array (want), and
// reports false for null.
func (d *decoder) open(want jsontext.Kind) (bool, error) {
	switch k := d.dec.PeekKind(); k {
	case want:
	case 'n':
		_, err := d.dec.ReadToken()
		return false, err
	case 0:
		_, err := d.dec.ReadToken() // the error
		return false, err
	default:
		return false, fmt.Errorf("%w: %v where %v is expected", errType, k, want)
	}
	_, err := d.dec.ReadToken()
	return err == nil, err
}

// object reads an object (null counts as an empty one), calling fn for
// each name; fn must read the value.
func (d *decoder) object(fn func(name string) error) error {
	ok, err := d.open('{')
	if !ok {
		return err
	}
	for d.dec.PeekKind() != '}' {
		t, err := d.dec.ReadToken()
		if err != nil {
			return err
		}
		if err := fn(t.String()); err != nil {
			return err
		}
	}
	_, err = d.dec.ReadToken()
	return err
}

// array reads an array (null counts as an empty one), calling fn for each
// element; fn must read the element.
func (d *decoder) array(fn func() error) error {
	ok, err := d.open('[')
	if !ok {
		return err
	}
	for d.dec.PeekKind() != ']' {
		if d.dec.PeekKind() == 0 {
			_, err := d.dec.ReadToken()
			return err
		}
		if err := fn(); err != nil {
			return err
		}
	}
	_, err = d.dec.ReadToken()
	return err
}

// str reads one value and returns it if it is a string or a number (as
// written), else "" (an object or array is skipped).
func (d *decoder) str() (string, error) {
	s, _, err := d.strLen()
	return s, err
}

// first reads one value as str does, or the first element of an array
// (a repeated field, see the package comment), the others skipped.
func (d *decoder) first() (string, error) {
	if d.dec.PeekKind() != '[' {
		return d.str()
	}
	var s string
	n := 0
	err := d.array(func() error {
		if n++; n > 1 {
			return d.dec.SkipValue()
		}
		var err error
		s, err = d.str()
		return err
	})
	return s, err
}

// strLen is str, with the value's length: in the JSON text when
// cutReader cut it (n > len(s)), else len(s).
func (d *decoder) strLen() (s string, n int64, err error) {
	switch d.dec.PeekKind() {
	case '"', '0':
		t, err := d.dec.ReadToken()
		if err != nil {
			return "", 0, err
		}
		s := t.String()
		n := int64(len(s))
		if dropped, ok := d.cut.wasCut(d.dec.InputOffset()); ok {
			n = max(n+dropped, n+1)
		}
		return s, n, nil
	}
	return "", 0, d.dec.SkipValue()
}

// payload reads Payload-Metadata.
func (d *decoder) payload() error {
	return d.object(func(key string) error {
		switch key {
		case "Actual-Content-Type":
			var err error
			d.rec.ContentType, err = d.str()
			return err
		case "HTTP-Response-Metadata":
			return d.http()
		}
		return d.dec.SkipValue()
	})
}

// field returns the canonical name of a header field a Record keeps, or
// "", and whether it is one of LinkFields.
func field(name string) (string, bool) {
	for _, f := range Fields {
		if len(name) == len(f) && ascii.EqualFold(name, f) {
			return f, false
		}
	}
	for _, f := range LinkFields {
		if len(name) == len(f) && ascii.EqualFold(name, f) {
			return f, true
		}
	}
	return "", false
}

// http reads HTTP-Response-Metadata.
func (d *decoder) http() error {
	rec := d.rec
	if d.dec.PeekKind() == 'n' {
		return d.dec.SkipValue()
	}
	if rec.Header == nil {
		rec.Header = make(http.Header)
	}
	return d.object(func(key string) error {
		switch key {
		case "Response-Message":
			return d.object(func(key string) error {
				if key != "Status" {
					return d.dec.SkipValue()
				}
				d.late("Status")
				s, err := d.str()
				rec.Status, _ = strconv.Atoi(s)
				return err
			})
		case "Headers":
			return d.object(func(name string) error {
				name, all := field(name)
				if name == "" {
					return d.dec.SkipValue()
				}
				d.late(name)
				if all {
					return d.linkField(name)
				}
				// A string, or an array of strings for a repeated field,
				// of which the first counts (media.Redirect,
				// base.HTTPHeader): the others are skipped, not held.
				switch d.dec.PeekKind() {
				case '"':
					s, err := d.str()
					rec.Header[name] = []string{s}
					return err
				case '[':
					delete(rec.Header, name)
					return d.array(func() error {
						if _, ok := rec.Header[name]; ok {
							return d.dec.SkipValue()
						}
						s, err := d.str()
						rec.Header[name] = []string{s}
						return err
					})
				}
				return d.dec.SkipValue()
			})
		case "HTML-Metadata":
			return d.html()
		}
		return d.dec.SkipValue()
	})
}

// linkField reads the value of a header field that gives links (a string,
// or an array of strings for a repeated field) and keeps each value in
// order, within the header limits: the first value over them is
// Record.HeaderErr, and from there no value is kept (each is skipped
// without being held past the cut).
func (d *decoder) linkField(name string) error {
	rec := d.rec
	one := func() error {
		if k := d.dec.PeekKind(); k != '"' || rec.HeaderErr != nil {
			return d.dec.SkipValue()
		}
		// The value's offset: its quote, after the separator the
		// decoder has peeked at but not yet read.
		off := d.dec.InputOffset()
		if i := bytes.IndexByte(d.dec.UnreadBuffer(), '"'); i >= 0 {
			off += int64(i)
		}
		off = d.cut.inText(off)
		v, n, err := d.strLen()
		if err != nil {
			return err
		}
		// The line a WARC record holds the field in, "Name: value",
		// and its CRLF in the block (internal/header).
		line := int64(len(name)) + 2 + n
		switch {
		case line > int64(d.lim.HeaderLine):
			q := []byte(name + ": " + v[:min(len(v), d.lim.HeaderLine)])
			e := header.LongError(q, &header.LongLine{Len: int(line)}, d.lim.HeaderLine)
			e.Offset = int(off)
			rec.HeaderErr = e
		case int64(d.block)+line+2 > int64(d.lim.HeaderBlock):
			rec.HeaderErr = &header.Error{Offset: int(off), Line: []byte(name + ": " + v[:min(len(v), quote.MaxExcerpt)]), Len: int(line),
				Err: header.TooLarge(d.lim.HeaderBlock)}
		default:
			d.block += int(line) + 2
			rec.Header[name] = append(rec.Header[name], v)
		}
		return nil
	}
	if d.dec.PeekKind() == '[' {
		return d.array(one)
	}
	return one()
}

// html reads HTML-Metadata.
func (d *decoder) html() error {
	rec := d.rec
	rec.HTML = d.dec.PeekKind() == '{'
	return d.object(func(key string) error {
		switch key {
		case "Head":
			return d.object(func(key string) error {
				switch key {
				case "Base":
					d.late("Head.Base")
					if d.dec.PeekKind() == '"' {
						var err error
						rec.Base, rec.BaseLen, err = d.strLen()
						rec.HasBase = true
						return err
					}
					rec.Base, rec.HasBase, rec.BaseLen = "", false, 0
					return d.dec.SkipValue()
				case "Link":
					return d.array(func() error { return d.readLink(true) })
				}
				return d.dec.SkipValue()
			})
		case "Links":
			return d.array(func() error { return d.readLink(false) })
		}
		return d.dec.SkipValue()
	})
}

// readLink reads one link object and gives it to the caller.
func (d *decoder) readLink(head bool) error {
	l := Link{Head: head}
	err := d.object(func(key string) error {
		var err error
		switch key {
		case "path":
			l.Path, err = d.str()
		case "url":
			l.URL, l.URLLen, err = d.strLen()
			l.Cut = l.URLLen > int64(len(l.URL))
		case "text":
			l.Text, err = d.str()
		case "rel":
			l.Rel, err = d.str()
		default:
			err = d.dec.SkipValue()
		}
		return err
	})
	if err != nil {
		return err
	}
	l.Offset = d.dec.InputOffset()
	d.rec.Links++
	if d.link == nil {
		return nil
	}
	return d.link(d.rec, &l)
}

// A Reader reads the records of a WAT file.
type Reader struct {
	// Limits bounds what one record may cost, as for warc.Reader (which
	// reads the WAT file's records with it): a WAT record larger than
	// Limits.Record is an error, its JSON never held beyond that, and a
	// string is cut after Limits.URL+1 characters (Link.Cut). Set it
	// before the first call to Next.
	Limits limits.Limits
	// Link, if not nil, receives each link of the record Next reads, as
	// Decode gives it.
	Link func(*Record, *Link) error

	w       *warc.Reader
	name    string
	started bool
}

// NewReader returns a Reader of the WAT file read from r (plain or gzip);
// name is used in errors.
func NewReader(r io.Reader, name string) *Reader {
	return &Reader{w: warc.NewReader(r, name), name: name}
}

// Next returns the next WAT record, skipping WARC records that are not
// JSON metadata (the warcinfo record that opens a WAT file), after giving
// its links to Link. At the end it returns io.EOF. Errors are *warc.Error
// values naming the file and offset, as for warc.Reader.Next, which Next
// may be called after; a JSON document that cannot be decoded gives
// ErrJSON, and an HTML page without a target URI warc.ErrMissingTargetURI
// (the links read before such an error were given to Link).
func (r *Reader) Next() (*Record, error) {
	if !r.started {
		r.started = true
		r.w.Limits = r.Limits
	}
	for {
		wr, err := r.w.Next()
		if err != nil {
			return nil, err
		}
		if !ascii.EqualFold(wr.Type, "metadata") {
			continue
		}
		if media.Type(wr.ContentType) != "application/json" {
			continue
		}
		rec, err := Decode(wr.Block, r.Limits, r.Link)
		if err != nil {
			var we *warc.Error
			if errors.As(err, &we) {
				return nil, we // the block itself is broken
			}
			return nil, &warc.Error{File: r.name, Offset: wr.Offset, Err: fmt.Errorf("%w: %v", ErrJSON, err)}
		}
		rec.Offset = wr.Offset
		if rec.TargetURI == "" {
			rec.TargetURI = wr.TargetURI
		}
		if rec.TargetURI == "" && rec.HTML {
			return nil, &warc.Error{File: r.name, Offset: wr.Offset, Err: fmt.Errorf("%w in WAT record %s", warc.ErrMissingTargetURI, wr.ID)}
		}
		return rec, nil
	}
}
