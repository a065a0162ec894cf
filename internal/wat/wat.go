// Package wat reads WAT files: the metadata files Common Crawl publishes
// beside each WARC file, one JSON document per WARC record, holding for
// HTML pages the BASE element and the links found (issue 7).
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

// Decode reads one WAT JSON document from r. It reads the document as a
// stream of JSON tokens, keeping only the fields a Record holds, so the
// memory it takes is that of the Record plus the longest single token, not
// that of the document (issue 11: a WAT record can be made as large as
// the reader allows). Bound r to bound the document: a warc.Reader's
// Block stops at Limits.Record with an *warc.Error, which Decode returns.
func Decode(r io.Reader) (*Record, error) {
	d := decoder{json.NewDecoder(r)}
	d.dec.UseNumber() // a numeric Status as written
	rec := &Record{}
	err := d.object(func(key string) error {
		if key != "Envelope" {
			return d.skip()
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
						err = d.skip()
					}
					return err
				})
			case "Payload-Metadata":
				return d.payload(rec)
			}
			return d.skip()
		})
	})
	if err != nil {
		return nil, err
	}
	return rec, nil
}

// decoder walks a JSON document token by token.
type decoder struct {
	dec *json.Decoder
}

// errType reports a JSON value of the wrong type where the WAT layout
// has an object, array or string.
var errType = errors.New("unexpected JSON type")

// object reads an object (null counts as an empty one), calling fn for
// each key; fn must read the key's value.
func (d *decoder) object(fn func(key string) error) error {
	t, err := d.dec.Token()
	if err != nil {
		return err
	}
	if t == nil {
		return nil
	}
	if t != json.Delim('{') {
		return fmt.Errorf("%w: %v where an object is expected", errType, t)
	}
	for d.dec.More() {
		t, err := d.dec.Token()
		if err != nil {
			return err
		}
		key, _ := t.(string)
		if err := fn(key); err != nil {
			return err
		}
	}
	_, err = d.dec.Token() // '}'
	return err
}

// array reads an array (null counts as an empty one), calling fn for each
// element; fn must read the element.
func (d *decoder) array(fn func() error) error {
	t, err := d.dec.Token()
	if err != nil {
		return err
	}
	if t == nil {
		return nil
	}
	if t != json.Delim('[') {
		return fmt.Errorf("%w: %v where an array is expected", errType, t)
	}
	for d.dec.More() {
		if err := fn(); err != nil {
			return err
		}
	}
	_, err = d.dec.Token() // ']'
	return err
}

// skip reads one value of any type, token by token: a large skipped
// value is never held whole.
func (d *decoder) skip() error {
	depth := 0
	for {
		t, err := d.dec.Token()
		if err != nil {
			return err
		}
		switch t {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
		if depth == 0 {
			return nil
		}
	}
}

// str reads one value and returns it if it is a string, else "" (a
// number as written, since UseNumber). An array or object is skipped.
func (d *decoder) str() (string, error) {
	t, err := d.dec.Token()
	if err != nil {
		return "", err
	}
	switch v := t.(type) {
	case string:
		return v, nil
	case json.Number:
		return string(v), nil
	case json.Delim:
		// An object or array where a string is expected: skip its rest.
		depth := 1
		for depth > 0 {
			t, err := d.dec.Token()
			if err != nil {
				return "", err
			}
			switch t {
			case json.Delim('{'), json.Delim('['):
				depth++
			case json.Delim('}'), json.Delim(']'):
				depth--
			}
		}
	}
	return "", nil
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
		return d.skip()
	})
}

// http reads HTTP-Response-Metadata.
func (d *decoder) http(rec *Record) error {
	if rec.Header == nil {
		rec.Header = make(http.Header)
	}
	return d.object(func(key string) error {
		switch key {
		case "Response-Message":
			return d.object(func(key string) error {
				if key != "Status" {
					return d.skip()
				}
				s, err := d.str()
				rec.Status, _ = strconv.Atoi(s)
				return err
			})
		case "Headers":
			return d.object(func(name string) error {
				// A string, or an array of strings for a repeated field.
				t, err := d.dec.Token()
				if err != nil {
					return err
				}
				switch v := t.(type) {
				case string:
					rec.Header[http.CanonicalHeaderKey(name)] = []string{v}
				case json.Delim:
					if v != '[' {
						return d.skipRest()
					}
					var vs []string
					for d.dec.More() {
						s, err := d.str()
						if err != nil {
							return err
						}
						vs = append(vs, s)
					}
					if _, err := d.dec.Token(); err != nil {
						return err
					}
					rec.Header[http.CanonicalHeaderKey(name)] = vs
				}
				return nil
			})
		case "HTML-Metadata":
			return d.html(rec)
		}
		return d.skip()
	})
}

// skipRest skips the rest of an object whose '{' was read.
func (d *decoder) skipRest() error {
	depth := 1
	for depth > 0 {
		t, err := d.dec.Token()
		if err != nil {
			return err
		}
		switch t {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
	return nil
}

// html reads HTML-Metadata.
func (d *decoder) html(rec *Record) error {
	t, err := d.dec.Token()
	if err != nil || t == nil {
		return err // null: no HTML metadata
	}
	if t != json.Delim('{') {
		return fmt.Errorf("%w: %v where an object is expected", errType, t)
	}
	rec.HTML = true
	for d.dec.More() {
		t, err := d.dec.Token()
		if err != nil {
			return err
		}
		switch t {
		case "Head":
			err = d.object(func(key string) error {
				switch key {
				case "Base":
					t, err := d.dec.Token()
					if err != nil {
						return err
					}
					switch v := t.(type) {
					case string:
						rec.Base, rec.HasBase = v, true
					case json.Delim:
						return d.skipRest()
					default:
						rec.Base, rec.HasBase = "", false
					}
					return nil
				case "Link":
					rec.HeadLinks = rec.HeadLinks[:0]
					return d.array(func() error { return d.link(&rec.HeadLinks) })
				}
				return d.skip()
			})
		case "Links":
			rec.Links = rec.Links[:0]
			err = d.array(func() error { return d.link(&rec.Links) })
		default:
			err = d.skip()
		}
		if err != nil {
			return err
		}
	}
	_, err = d.dec.Token() // '}'
	return err
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
			err = d.skip()
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
