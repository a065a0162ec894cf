// Package base establishes the base URL of a document by the rules of RFC
// 1808 section 3, innermost first:
//
//  1. (3.1) a base embedded in the document's content: the href of the
//     first BASE element in an HTML document's head (see HTML), or a
//     message header: Base (RFC 1808), Content-Base (RFC 2110) or
//     Content-Location (RFC 2557, as MHTML uses it) (see MessageHeader);
//  2. (3.2) the base of the entity that encloses the document: a MIME
//     multipart/* or message/* entity, to any depth (see WalkMessage);
//  3. (3.3) the URL the document was retrieved by, after redirects (see
//     Fetcher and FileURL);
//  4. (3.4) otherwise none: every reference is taken as absolute.
//
// A Base is the URL together with the rule that set it. Each layer is
// established against the next layer out: a relative BASE href or Base
// header is resolved against the base of the enclosing layer, by the
// relurl.Spec the caller chose, in one place (Within), so that a document
// is read by one specification throughout. A base that the specification
// rejects (only the URL Standard, relurl.WHATWG, rejects any), or that is
// longer than Limits.URL, is not used: the base of the next layer out
// stands, and a *FallbackError says so (docs/design.md#base-url-section-3-innermost-wins).
// Every resolution goes through the root package relurl; this package
// never resolves a URL any other way.
//
// The readers of documents, FromHTML and Walker, take outside input: what
// they hold at once is bounded by a limits.Limits (token, header line,
// header block, record, nesting depth, URL), never by the input, and their
// time is linear in it. An input that breaks a limit gives an error naming
// the limit, the offset and at most 120 bytes of the input with its
// length; the base then comes from the next rule of section 3, and a
// message's walk goes on with its next part.
package base

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/internal/quote"
	"github.com/relurl/relurl/limits"
)

// Source says which rule of RFC 1808 section 3 established a base.
type Source uint8

// The rules of section 3. The zero Source is None.
const (
	None      Source = iota // 3.4: no base; references are taken as absolute
	Retrieval               // 3.3: the URL used to retrieve the document
	Enclosing               // 3.2: the base of an enclosing entity
	Header                  // 3.1: a message or HTTP header (Base, Content-Base, Content-Location)
	HTML                    // 3.1: the href of an HTML BASE element
)

var sourceNames = [...]string{None: "none", Retrieval: "retrieval", Enclosing: "enclosing", Header: "header", HTML: "html"}

// String returns the source's name as the links command prints it:
// "none", "retrieval", "enclosing", "header" or "html".
func (s Source) String() string {
	if int(s) < len(sourceNames) {
		return sourceNames[s]
	}
	return "Source(" + strconv.Itoa(int(s)) + ")"
}

// Base is an established base URL and the rule that set it. The zero Base
// is no base (section 3.4). Base is comparable.
type Base struct {
	URL    string // the base URL; empty for Source None
	Source Source
}

// Retrieved returns the base of a document retrieved by url (section 3.3),
// or no base when url is empty.
func Retrieved(url string) Base {
	if url == "" {
		return Base{}
	}
	return Base{URL: url, Source: Retrieval}
}

// Within returns the base embedded at an inner layer (a BASE href, a
// Base, Content-Base or Content-Location header, a WAT record's
// Head.Base) as established inside the layer whose base is b: a relative
// href is resolved against b by spec (section 3: each rule applies when the
// inner ones give no absolute base), an absolute one stands as spec reads
// it. It is the one place where every reader of this module establishes a
// base from another.
//
// An href longer than lim.URL (zero: the default), a base that resolves
// to a URL longer than that, or one that spec rejects (relurl.WHATWG: see
// relurl.Spec.ResolveErr) is not used: Within returns b itself, the base
// outside, with a *FallbackError naming src and the reason. Callers report
// it once per document, as a warning: the document's links are resolved
// against b.
func (b Base) Within(href string, src Source, spec relurl.Spec, lim limits.Limits) (Base, error) {
	return b.WithinEncoding(href, src, spec, lim, "")
}

// WithinEncoding is Within for an href read from a document in the
// character encoding named enc (its name in the Encoding Standard,
// "windows-1252", "shift_jis"; "" for UTF-8). Under relurl.WHATWG the
// query of an href resolved to a special URL is encoded with it: the HTML
// Standard's "set the frozen base URL" (section 4.2.3, the base element)
// parses the href "with document's fallback base URL, and document's
// character encoding" (docs/design.md#document-encoding). The RFCs do no
// encoding; there enc changes nothing. An enc the Encoding Standard does
// not know is taken as UTF-8.
func (b Base) WithinEncoding(href string, src Source, spec relurl.Spec, lim limits.Limits, enc string) (Base, error) {
	max := lim.Resolve().URL
	fail := func(err error, n int) (Base, error) {
		return b, &FallbackError{Source: src, Offset: -1, Value: quote.Excerpt(href, len(href)), Length: n, Outer: b, Err: err}
	}
	if len(href) > max {
		return fail(&limits.Error{Limit: "URL", Max: int64(max)}, len(href))
	}
	u, err := resolveEncoding(spec, b.URL, href, enc)
	if err != nil {
		return fail(err, len(href))
	}
	if len(u) > max {
		return fail(&limits.Error{Limit: "URL", Max: int64(max)}, len(u))
	}
	return Base{URL: u, Source: src}, nil
}

// resolveEncoding resolves href against base by spec, with the encoding
// enc for the query (WithinEncoding).
func resolveEncoding(spec relurl.Spec, base, href, enc string) (string, error) {
	if enc != "" {
		if pb, err := spec.ParseBaseEncoding(base, enc); err == nil {
			u, err := pb.AppendResolveErr(nil, href)
			return string(u), err
		}
	}
	return spec.ResolveErr(base, href)
}

// A FallbackError reports a base embedded in a document (Within's href)
// that was not used: longer than the URL limit, or rejected by the
// specification. The document's base is then Outer, the base outside it,
// as RFC 1808 section 3 goes on to the next rule, and as the HTML
// Standard's "set the frozen base URL" (section 4.2.3, the base element)
// takes the fallback base URL for a BASE href that fails to parse.
type FallbackError struct {
	Source Source // Header or HTML: the rule whose base was not used
	// Name says which base it was: "BASE href", "Content-Base header",
	// "WAT Head.Base"; empty, Source's name is used.
	Name string
	// Offset is the byte offset in the document of the BASE element, or
	// -1 when the base is not in the document's content (a header).
	Offset int64
	Value  string // the href, quoted, at most about 120 bytes of it
	Length int    // the length in bytes of the href, or of its resolution when that broke the limit
	Outer  Base   // the base used instead
	// Err is why: a *limits.Error (errors.As finds it) or the
	// specification's failure, a *whatwg.Error (errors.Is finds its
	// Reason, such as whatwg.PortOutOfRange).
	Err error
}

// Error names the base, where it was, why it was not used and the base
// used instead.
func (e *FallbackError) Error() string {
	name := e.Name
	if name == "" {
		name = e.Source.String() + " base"
	}
	at := ""
	if e.Offset >= 0 {
		at = "at byte " + strconv.FormatInt(e.Offset, 10) + ": "
	}
	what := name + " " + e.Value
	why := e.Err.Error()
	if l, ok := e.Err.(*limits.Error); ok {
		why = fmt.Sprintf("%d bytes, %v", e.Length, l)
	} else if errors.Unwrap(e.Err) != nil {
		// The specification's failure (a *whatwg.Error) names its input,
		// the href or the outer base that failed, and the offset.
		what = name
	}
	outer := "none"
	if e.Outer.Source != None {
		outer = e.Outer.Source.String() + " " + quote.Excerpt(e.Outer.URL, len(e.Outer.URL))
	}
	return fmt.Sprintf("%s%s not used (%s); the base is the one outside it: %s", at, what, why, outer)
}

// Unwrap returns Err.
func (e *FallbackError) Unwrap() error { return e.Err }

// enclosed returns the base that an entity enclosed in a layer with base b
// inherits when it embeds none (section 3.2). A base embedded in the
// encloser (html, header) or inherited by it (enclosing) becomes
// Enclosing; a retrieval URL or no base passes down as it is, since the
// enclosed entity was retrieved by the same URL.
func (b Base) enclosed() Base {
	switch b.Source {
	case Header, HTML, Enclosing:
		return Base{URL: b.URL, Source: Enclosing}
	}
	return b
}
