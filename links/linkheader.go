package links

import (
	"bytes"
	"errors"
	"strconv"

	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/ascii"
)

// The links of an HTTP response header (docs/design.md#header-links): its
// Link fields (RFC 8288 section 3), http@link, and its Refresh fields,
// http@refresh, read as <meta http-equiv=refresh content> is (HTML
// Standard section 4.2.5.3, refreshURL).

// ErrLinkHeader is wrapped by the *HeaderError of a Link field value
// that does not parse as link-values (RFC 8288 section 3).
var ErrLinkHeader = errors.New("malformed Link header field")

// A HeaderError reports a part of a header field value that does not
// parse: the link-value there is not given, and the field is read on from
// its next comma (RFC 8288 Appendix B.2 stops at the first; the links
// after it are kept here, as a document's links after a bad tag are).
type HeaderError struct {
	Field  string // the field's name: "Link"
	Index  int    // which field of that name, from 0
	Offset int    // byte offset in the field's value
	Err    error  // ErrLinkHeader
	// More counts the further warnings of the header, in the one
	// returned as the error when Extractor.Warn is nil.
	More int
}

// Error returns "Link field 0, offset 12: malformed Link header field".
func (e *HeaderError) Error() string {
	s := e.Field + " field " + strconv.Itoa(e.Index) + ", offset " + strconv.Itoa(e.Offset) + ": " + e.Err.Error()
	if e.More > 0 {
		s += " (and " + strconv.Itoa(e.More) + " more warnings)"
	}
	return s
}

// Unwrap returns e.Err.
func (e *HeaderError) Unwrap() error { return e.Err }

// HasHeaderLinks reports whether the HTTP header h, its keys canonical
// (as net/http and net/textproto give them), has a field that
// ExtractHeader reads: Link or Refresh.
func HasHeaderLinks(h map[string][]string) bool {
	return len(h["Link"]) > 0 || len(h["Refresh"]) > 0
}

// ExtractHeader calls fn with each link of the HTTP response header h
// (keys canonical): the target of each link-value of its Link fields, in
// order (RFC 8288 section 3), its rel and title parameters as Link.Rel
// and Link.Title under Extractor.Context; then the URL of each Refresh
// field, as a <meta http-equiv=refresh> content gives it. Each is
// resolved against outer, the base the header establishes (its Base and
// Content-Base fields inside the retrieval URL): RFC 8288 section 3.2
// says a base carried in the payload body is not used, and a Refresh
// header is processed as the document is created, before any BASE
// element. Links are held to Limits.URL, and a link-value that does not
// parse is reported (*HeaderError) and skipped, as warnings are (see
// Extractor.Warn); time and memory are linear in the header.
func (x *Extractor) ExtractHeader(h map[string][]string, outer base.Base, fn func(Link) error) error {
	if !HasHeaderLinks(h) {
		return nil
	}
	x.fn, x.fnBytes = fn, nil
	return x.runOther(outer, func() error { return x.header(h) })
}

// ExtractHeaderBytes is ExtractHeader passing LinkBytes, as ExtractBytes.
func (x *Extractor) ExtractHeaderBytes(h map[string][]string, outer base.Base, fn func(*LinkBytes) error) error {
	if !HasHeaderLinks(h) {
		return nil
	}
	x.fn, x.fnBytes = nil, fn
	return x.runOther(outer, func() error { return x.header(h) })
}

// header sends the links of h; offsets are in each field's value.
func (x *Extractor) header(h map[string][]string) error {
	var scratch []byte
	for i, v := range h["Link"] {
		err := parseLinkField([]byte(v), &scratch, func(ref, rel, title []byte, off int) error {
			return x.emitHeader("link", ref, rel, title, off)
		}, func(off int) {
			x.warn(&HeaderError{Field: "Link", Index: i, Offset: off, Err: ErrLinkHeader})
		})
		if err != nil {
			return err
		}
	}
	for _, v := range h["Refresh"] {
		b := []byte(v)
		if u, ok := refreshURL(b); ok {
			if err := x.emitHeader("refresh", u, nil, nil, cap(b)-cap(u)); err != nil {
				return err
			}
		}
	}
	return nil
}

// emitHeader sends a link of a header, within the URL limit.
func (x *Extractor) emitHeader(attr string, ref, rel, title []byte, off int) error {
	if len(ref) > x.lim.URL {
		x.tooLong("http", attr, int64(off), len(ref))
		return nil
	}
	p := linkParts{ref: ref}
	if x.Context {
		p.rel, p.title = rel, title
	}
	return x.send("http", attr, &p, int64(off))
}

// parseLinkField calls link with each link-value of the Link field value
// v (RFC 8288 section 3, parsed as its Appendix B does):
//
//	Link       = #link-value
//	link-value = "<" URI-Reference ">" *( OWS ";" OWS link-param )
//	link-param = token BWS [ "=" BWS ( token / quoted-string ) ]
//
// giving the target as written, the value of the first rel and of the
// first title parameter (sections 3.3 and 3.4.1: later ones are ignored),
// quoted-pairs undone in *scratch, and the offset of the "<". An unquoted
// value runs to ";", "," or white space, as Appendix B.3 reads it (real
// headers write type=text/html). A link-value that does not parse is
// given to bad with the offset where it fails, and v is read on after the
// next comma outside <> and quotes. An error of link stops the reading
// and is returned. One pass over v: time linear, memory that of one
// link-value's rel and title.
func parseLinkField(v []byte, scratch *[]byte, link func(ref, rel, title []byte, off int) error, bad func(off int)) error {
	i := 0
	for {
		// #rule: empty elements and white space between are allowed.
		for i < len(v) && (v[i] == ',' || isOWS(v[i])) {
			i++
		}
		if i >= len(v) {
			return nil
		}
		start := i
		if v[i] != '<' {
			bad(i)
			i = nextElement(v, i)
			continue
		}
		end := bytes.IndexByte(v[i+1:], '>')
		if end < 0 {
			// No ">" follows: no link-value after this one can parse.
			bad(i)
			return nil
		}
		ref := v[i+1 : i+1+end]
		i += end + 2
		buf := (*scratch)[:0]
		var rel, title [2]int // spans in buf
		haveRel, haveTitle, ok := false, false, true
		for {
			for i < len(v) && isOWS(v[i]) {
				i++
			}
			if i >= len(v) || v[i] == ',' {
				break
			}
			if v[i] != ';' {
				ok = false
				break
			}
			i++
			for i < len(v) && isOWS(v[i]) {
				i++
			}
			n := i
			for i < len(v) && isTchar(v[i]) {
				i++
			}
			name := v[n:i]
			if len(name) == 0 {
				ok = false
				break
			}
			for i < len(v) && isOWS(v[i]) {
				i++
			}
			vs := len(buf)
			if i < len(v) && v[i] == '=' {
				i++
				for i < len(v) && isOWS(v[i]) {
					i++
				}
				if i < len(v) && v[i] == '"' {
					var closed bool
					buf, i, closed = unquote(buf, v, i)
					if !closed {
						ok = false
						break
					}
				} else {
					n := i
					for i < len(v) && v[i] != ';' && v[i] != ',' && !isOWS(v[i]) {
						i++
					}
					buf = append(buf, v[n:i]...)
				}
			}
			switch {
			case !haveRel && ascii.EqualFold(name, "rel"):
				haveRel, rel = true, [2]int{vs, len(buf)}
			case !haveTitle && ascii.EqualFold(name, "title"):
				haveTitle, title = true, [2]int{vs, len(buf)}
			default:
				buf = buf[:vs] // not kept
			}
		}
		*scratch = buf
		if !ok {
			bad(i)
			i = nextElement(v, i)
			continue
		}
		if err := link(ref, buf[rel[0]:rel[1]], buf[title[0]:title[1]], start); err != nil {
			return err
		}
	}
}

// unquote appends the content of the quoted-string at v[i] to buf,
// quoted-pairs undone, and returns buf, the offset after it and whether
// it was closed (RFC 9110 section 5.6.4).
func unquote(buf, v []byte, i int) ([]byte, int, bool) {
	for i++; i < len(v); i++ {
		switch v[i] {
		case '"':
			return buf, i + 1, true
		case '\\':
			if i+1 < len(v) {
				i++
			}
		}
		buf = append(buf, v[i])
	}
	return buf, i, false
}

// nextElement returns the offset after the next comma of v from i that
// is outside <> and quotes, or len(v).
func nextElement(v []byte, i int) int {
	for i < len(v) {
		switch v[i] {
		case ',':
			return i + 1
		case '<':
			if end := bytes.IndexByte(v[i:], '>'); end >= 0 {
				i += end + 1
				continue
			}
		case '"':
			_, i, _ = unquote(nil, v, i)
			continue
		}
		i++
	}
	return i
}

// isOWS reports whether c is optional white space (RFC 9110 section 5.6.3).
func isOWS(c byte) bool { return c == ' ' || c == '\t' }

// isTchar reports whether c may be in a token (RFC 9110 section 5.6.2).
func isTchar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		bytes.IndexByte([]byte("!#$%&'*+-.^_`|~"), c) >= 0
}
