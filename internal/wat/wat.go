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
package wat

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/relurl/relurl/internal/warc"
	"github.com/relurl/relurl/limits"
)

// ErrJSON is wrapped by the *warc.Error returned for a WAT record whose
// JSON cannot be decoded.
var ErrJSON = errors.New("malformed WAT JSON")

// A Record is the metadata of one record of the original WARC file.
type Record struct {
	// Offset is the offset of the WAT record (or its gzip member) in the
	// WAT file.
	Offset int64
	// Type is the original record's WARC-Type ("response", "request"...).
	Type string
	// TargetURI is the original record's WARC-Target-URI: the retrieval
	// URL of the page (RFC 1808 section 3.3).
	TargetURI string
	// ContentType is the original record's Actual-Content-Type.
	ContentType string
	// Status is the HTTP status code, or 0 when the record is not an HTTP
	// response.
	Status int
	// Header holds the HTTP response header fields, keys canonical.
	Header http.Header
	// HTML reports whether the extractor parsed the payload as HTML
	// (HTML-Metadata present).
	HTML bool
	// Base is the href of the page's BASE element as recorded, and
	// HasBase whether there was one (RFC 1808 section 3.1: a base
	// embedded in the document).
	Base    string
	HasBase bool
	// Links are the links of the page body (HTML-Metadata.Links), in
	// document order; HeadLinks the LINK elements of its head
	// (HTML-Metadata.Head.Link).
	Links     []Link
	HeadLinks []Link
}

// A Link is one URL found in a page.
type Link struct {
	Path string // element and attribute, such as "A@/href"
	URL  string // the attribute value, unresolved
	Text string // anchor text, if any
	Rel  string // rel attribute, if any
}

// Redirect returns the Location of an HTTP redirection (status 3xx with a
// Location header) and true, or "", false.
func (rec *Record) Redirect() (string, bool) {
	if rec.Status < 300 || rec.Status > 399 {
		return "", false
	}
	loc, ok := rec.Header["Location"]
	if !ok || len(loc) == 0 {
		return "", false
	}
	return loc[0], true
}

// UnmarshalJSON reads a link object, whose keys are lower case
// ("path", "url", "text", "rel").
func (l *Link) UnmarshalJSON(b []byte) error {
	var v struct {
		Path string `json:"path"`
		URL  string `json:"url"`
		Text string `json:"text"`
		Rel  string `json:"rel"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*l = Link(v)
	return nil
}

// Decode reads one WAT JSON document from r (RFC 8259). It reads the
// document as a stream of JSON tokens, keeping only the fields a Record holds, so the
// memory it takes is that of the Record plus the longest single token, not
// that of the document (a WAT record can be made as large as the reader
// allows). Bound r to bound the document: a warc.Reader's
// Block stops at Limits.Record with an *warc.Error, which Decode returns.
func Decode(r io.Reader) (*Record, error) {
	// Common Crawl's WAT writer may repeat a name and pass on invalid
	// UTF-8 from a page: read them as encoding/json did.
	d := decoder{jsontext.NewDecoder(r, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))}
	rec := &Record{}
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
						rec.Type, err = d.str()
					case "WARC-Target-URI":
						rec.TargetURI, err = d.str()
					default:
						err = d.dec.SkipValue()
					}
					return err
				})
			case "Payload-Metadata":
				return d.payload(rec)
			}
			return d.dec.SkipValue()
		})
	})
	if err != nil {
		return nil, err
	}
	return rec, nil
}

// decoder walks a JSON document token by token (jsontext reads a token
// without allocating, and skips a value without holding it).
type decoder struct {
	dec *jsontext.Decoder
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
	switch d.dec.PeekKind() {
	case '"', '0':
		t, err := d.dec.ReadToken()
		if err != nil {
			return "", err
		}
		return t.String(), nil
	}
	return "", d.dec.SkipValue()
}

// payload reads Payload-Metadata.
func (d *decoder) payload(rec *Record) error {
	return d.object(func(key string) error {
		switch key {
		case "Actual-Content-Type":
			var err error
			rec.ContentType, err = d.str()
			return err
		case "HTTP-Response-Metadata":
			return d.http(rec)
		}
		return d.dec.SkipValue()
	})
}

// http reads HTTP-Response-Metadata.
func (d *decoder) http(rec *Record) error {
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
				s, err := d.str()
				rec.Status, _ = strconv.Atoi(s)
				return err
			})
		case "Headers":
			return d.object(func(name string) error {
				// A string, or an array of strings for a repeated field.
				switch d.dec.PeekKind() {
				case '"':
					s, err := d.str()
					rec.Header[http.CanonicalHeaderKey(name)] = []string{s}
					return err
				case '[':
					var vs []string
					err := d.array(func() error {
						s, err := d.str()
						vs = append(vs, s)
						return err
					})
					rec.Header[http.CanonicalHeaderKey(name)] = vs
					return err
				}
				return d.dec.SkipValue()
			})
		case "HTML-Metadata":
			return d.html(rec)
		}
		return d.dec.SkipValue()
	})
}

// html reads HTML-Metadata.
func (d *decoder) html(rec *Record) error {
	rec.HTML = d.dec.PeekKind() == '{'
	return d.object(func(key string) error {
		switch key {
		case "Head":
			return d.object(func(key string) error {
				switch key {
				case "Base":
					if d.dec.PeekKind() == '"' {
						var err error
						rec.Base, err = d.str()
						rec.HasBase = true
						return err
					}
					rec.Base, rec.HasBase = "", false
					return d.dec.SkipValue()
				case "Link":
					rec.HeadLinks = rec.HeadLinks[:0]
					return d.array(func() error { return d.link(&rec.HeadLinks) })
				}
				return d.dec.SkipValue()
			})
		case "Links":
			rec.Links = rec.Links[:0]
			return d.array(func() error { return d.link(&rec.Links) })
		}
		return d.dec.SkipValue()
	})
}

// link reads one link object and appends it to list.
func (d *decoder) link(list *[]Link) error {
	var l Link
	err := d.object(func(key string) error {
		var err error
		switch key {
		case "path":
			l.Path, err = d.str()
		case "url":
			l.URL, err = d.str()
		case "text":
			l.Text, err = d.str()
		case "rel":
			l.Rel, err = d.str()
		default:
			err = d.dec.SkipValue()
		}
		return err
	})
	*list = append(*list, l)
	return err
}

// A Reader reads the records of a WAT file.
type Reader struct {
	// Limits bounds what one record may cost, as for warc.Reader (which
	// reads the WAT file's records with it): a WAT record larger than
	// Limits.Record is an error, its JSON never held beyond that. Set it
	// before the first call to Next.
	Limits limits.Limits

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
// JSON metadata (the warcinfo record that opens a WAT file). At the end it
// returns io.EOF. Errors are *warc.Error values naming the file and
// offset, as for warc.Reader.Next, which Next may be called after; a
// JSON document that cannot be decoded gives ErrJSON, and an HTML page
// without a target URI warc.ErrMissingTargetURI.
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
		if !strings.EqualFold(wr.Type, "metadata") {
			continue
		}
		if mt, _, _ := mime.ParseMediaType(wr.ContentType); mt != "application/json" {
			continue
		}
		rec, err := Decode(wr.Block)
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
