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

// envelope mirrors the part of the WAT JSON this package reads; the
// decoder skips the rest without keeping it.
type envelope struct {
	Envelope struct {
		WARCHeader map[string]json.RawMessage `json:"WARC-Header-Metadata"`
		Payload    struct {
			ContentType string `json:"Actual-Content-Type"`
			HTTP        *struct {
				Message struct {
					Status json.RawMessage `json:"Status"`
				} `json:"Response-Message"`
				Headers map[string]json.RawMessage `json:"Headers"`
				HTML    *struct {
					Head struct {
						Base  *string `json:"Base"`
						Links []Link  `json:"Link"`
					} `json:"Head"`
					Links []Link `json:"Links"`
				} `json:"HTML-Metadata"`
			} `json:"HTTP-Response-Metadata"`
		} `json:"Payload-Metadata"`
	} `json:"Envelope"`
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

// Decode reads one WAT JSON document from r.
func Decode(r io.Reader) (*Record, error) {
	var env envelope
	dec := json.NewDecoder(r)
	if err := dec.Decode(&env); err != nil {
		return nil, err
	}
	e := &env.Envelope
	rec := &Record{
		Type:        stringValue(e.WARCHeader["WARC-Type"]),
		TargetURI:   stringValue(e.WARCHeader["WARC-Target-URI"]),
		ContentType: e.Payload.ContentType,
	}
	if h := e.Payload.HTTP; h != nil {
		s := stringValue(h.Message.Status)
		if s == "" {
			s = string(h.Message.Status) // a number
		}
		rec.Status, _ = strconv.Atoi(s)
		rec.Header = make(http.Header, len(h.Headers))
		for name, raw := range h.Headers {
			for _, v := range stringValues(raw) {
				rec.Header.Add(name, v)
			}
		}
		if m := h.HTML; m != nil {
			rec.HTML = true
			if m.Head.Base != nil {
				rec.Base, rec.HasBase = *m.Head.Base, true
			}
			rec.Links = m.Links
			rec.HeadLinks = m.Head.Links
		}
	}
	return rec, nil
}

// stringValue returns a JSON string's value, or "" for anything else.
func stringValue(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return ""
	}
	return s
}

// stringValues returns the values of a header: a string, or an array of
// strings for a repeated field.
func stringValues(raw json.RawMessage) []string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return []string{s}
	}
	var ss []string
	if json.Unmarshal(raw, &ss) == nil {
		return ss
	}
	return nil
}

// A Reader reads the records of a WAT file.
type Reader struct {
	w    *warc.Reader
	name string
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
