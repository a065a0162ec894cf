// Package links extracts the links of HTML documents and resolves each one
// against the document's base URL, established by RFC 1808 section 3 (see
// package base) and applied by the specification the caller chooses:
// RFC 1808 section 4 by default, RFC 2396, RFC 3986 or the URL Standard
// (relurl.WHATWG, what browsers do; a program that uses it imports
// github.com/relurl/relurl/whatwg). One specification reads a document
// throughout: it resolves the BASE href against the outer base (by
// base.Base.Within) and every link against the base.
//
// Extraction streams over the document with a scanner that finds the
// tokens golang.org/x/net/html's Tokenizer finds (the WHATWG tokenization
// rules: tags and attributes, comments, raw text and RCDATA, character
// references in values), at about three times its speed, by jumping over
// what cannot hold a link; the Tokenizer's reading is kept in the package
// as the reference the tests hold the scanner to. Memory stays bounded by
// the largest token (Limits.Token) and the links found before the end of
// the head, whatever the size of the document. Extract passes each link
// as a Link of strings; Extractor.ExtractBytes passes bytes valid during
// the call only, and allocates nothing per link.
//
// Only the URL Standard can fail to resolve a reference: the link is then
// passed on with an empty URL and the failure in Link.Err, a
// *whatwg.Error naming the input, the offset and the reason (errors.Is
// tells the reasons apart: whatwg.PortOutOfRange, ...). Err is set
// exactly when the resolution failed, so that a failure is never mistaken
// for an empty answer.
//
// The URL limit (limits.Limits.URL) is applied here, for every link a
// program of this module writes out, those of HTML documents and those
// read from archives (Extractor.ResolveBytes) alike: a link whose
// reference, URL or base is longer is not passed on, with a *LimitError.
package links

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"unsafe"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/body"
	"github.com/relurl/relurl/internal/bytestr"
	"github.com/relurl/relurl/internal/htmlbase"
	"github.com/relurl/relurl/limits"

	// relurl.WHATWG's engine, for Extractor.Spec WHATWG
	// (docs/design.md#the-whatwg-seam).
	_ "github.com/relurl/relurl/whatwg"
)

// A Link is one URL-valued attribute of an HTML element (or one candidate
// of a srcset), resolved.
type Link struct {
	Element string // lower-case element name: "a", "img"
	Attr    string // lower-case attribute name: "href", "srcset"
	// Ref is the reference as written, character references decoded and
	// HTML white space trimmed from both ends (for srcset, one candidate's
	// URL). It may be empty: <a href=""> refers to the document itself.
	Ref string
	// URL is Ref resolved against Base by RFC 1808 section 4, or by the
	// specification Extractor.Spec names. It is empty when that
	// specification rejects the reference (only relurl.WHATWG does), and
	// Err says why.
	URL string
	// Base is the document's base and the rule that established it; for
	// the code, archive, classid and data of an <applet> or <object>
	// with a codebase, the codebase resolved against the document's
	// base, with Source base.HTML (HTML 4.01 sections 13.3 and 13.4).
	Base base.Base
	// Err is the failure of the reference's resolution, nil but under
	// relurl.WHATWG: a *whatwg.Error naming the input (the reference, or
	// the base when its Base field is set), the byte offset where the URL
	// Standard's parser gave up, and the reason, which errors.Is finds
	// (whatwg.HostMissing, whatwg.PortOutOfRange, ...).
	Err error
	// The context of the link, under Extractor.Context only (else
	// empty): Text is the anchor text of an <a> element's links (see
	// Extractor.Context), Rel and Title the element's rel and title
	// attributes as written, character references decoded.
	Text, Rel, Title string
}

// A LimitError reports a limit (package limits) that a document broke,
// where, and what it cost. It is returned as the error of a document whose
// reading it stopped (Limit "Token": a tag, comment, or <noscript> or
// <style> content longer than Limits.Token, or a token of a style sheet
// or sitemap; the links found before it are passed on). The
// limits that do not stop the reading make warnings, passed to
// Extractor.Warn: "URL", a link not passed on because its reference,
// resolved URL or base is longer than Limits.URL; "Noscript", the content
// of a <noscript> nested deeper than Limits.Noscript, read as text (no
// links from it), the document read on after it; "Token" with Element
// "head", links held while the head has not ended (they wait for its
// BASE element) taking more than Limits.Token bytes: the base found so
// far is then final for the document, and a later BASE is not seen;
// "Token" with Element "a" (under Extractor.Context), the same for the
// links held until the end of an anchor, whose text is then cut there.
type LimitError struct {
	// Offset is the byte offset in the document of the token or content;
	// -1 for a link given to ResolveBytes, which has none.
	Offset int64
	// Element and Attr: for "URL", the link's element and attribute;
	// for "Token", "head" or "a" for held links, "css" or "xml" for the
	// token of a style sheet or sitemap, "" for an HTML token.
	Element string
	Attr    string
	Length  int64         // the length that broke the limit
	Err     *limits.Error // the limit: errors.As finds it
	// More counts the further warnings of the document, in the one
	// returned as Extract's error when Extractor.Warn is nil.
	More int
}

func (e *LimitError) Error() string {
	var s string
	switch e.Err.Limit {
	case "URL":
		what := e.Element
		if e.Attr != "" {
			what += "@" + e.Attr // a WAT path such as "style/#text" names no attribute
		}
		s = fmt.Sprintf("%s link of %d bytes not written: %v", what, e.Length, e.Err)
		if e.Offset >= 0 {
			s = fmt.Sprintf("offset %d: %s", e.Offset, s)
		}
	case "Noscript":
		s = fmt.Sprintf("offset %d: noscript content (%d bytes) read as text, no links from it: nesting %v", e.Offset, e.Length, e.Err)
	default:
		if e.Element == "a" {
			s = fmt.Sprintf("offset %d: the links held until the end of an anchor, for its text (%d bytes), exceed the Token limit of %d: the anchor text is cut there", e.Offset, e.Length, e.Err.Max)
			break
		}
		if e.Element == "head" {
			s = fmt.Sprintf("offset %d: the links held until the end of the head (%d bytes) exceed the Token limit of %d: they and the rest are resolved against the base found so far", e.Offset, e.Length, e.Err.Max)
			break
		}
		lang := "HTML"
		switch e.Element {
		case "css":
			lang = "CSS"
		case "xml":
			lang = "XML"
		}
		s = fmt.Sprintf("offset %d: %s token %v; the document is read no further", e.Offset, lang, e.Err)
	}
	if e.More > 0 {
		s += fmt.Sprintf(" (and %d more warnings)", e.More)
	}
	return s
}

func (e *LimitError) Unwrap() error { return e.Err }

// A BaseError is the warning of a document whose BASE element (the first
// with an href, in the head) was not used: its href is longer than
// Limits.URL, resolves to a URL longer than that, or is one the URL
// Standard rejects under Extractor.Spec relurl.WHATWG ("http://a:99999/",
// "http://[::1", "http://"). The document's base is then the base outside
// it, as base.Base.Within says for every base source: the links are
// resolved against the outer base given to Extract, whose Source they
// keep, and the search for a base ends there as it does for a BASE href
// that is used.
//
// FallbackError holds the href, its offset and length, and the reason:
// errors.As finds the *base.FallbackError and its *limits.Error, and
// errors.Is the URL Standard's reason.
type BaseError struct {
	*base.FallbackError
	// More counts the further warnings of the document, in the one
	// returned as Extract's error when Extractor.Warn is nil.
	More int
}

func (e *BaseError) Error() string {
	s := e.FallbackError.Error()
	if e.More > 0 {
		s += fmt.Sprintf(" (and %d more warnings)", e.More)
	}
	return s
}

// Unwrap returns the *base.FallbackError.
func (e *BaseError) Unwrap() error { return e.FallbackError }

// A LinkBytes is a link as ExtractBytes passes it: a Link whose Ref and
// URL are bytes in the Extractor's buffers, valid only until the function
// it was passed to returns. It spares a caller
// that uses each link at once and keeps none (writes it out, counts it,
// tests it) the allocation of its strings. Link returns a copy to keep.
type LinkBytes struct {
	Element string // lower-case element name: "a", "img"
	Attr    string // lower-case attribute name: "href", "srcset"
	Ref     []byte // as Link.Ref
	URL     []byte // as Link.URL
	Base    base.Base
	Err     error // as Link.Err
	// As Link's, under Extractor.Context only.
	Text, Rel, Title []byte
}

// Link returns the link with Ref and URL as strings of its own, which
// stay valid after the function that received l returns.
func (l LinkBytes) Link() Link {
	both := string(l.Ref) + string(l.URL)
	return Link{Element: l.Element, Attr: l.Attr, Ref: both[:len(l.Ref)], URL: both[len(l.Ref):], Base: l.Base, Err: l.Err,
		Text: string(l.Text), Rel: string(l.Rel), Title: string(l.Title)}
}

// Extract calls fn with each link of the HTML document read from r, in
// document order, resolved against the document's base. outer is the base
// established outside the document's content: an enclosing entity's, the
// base an HTTP fetch gives, the retrieval URL, or none. Extract applies
// the innermost rule itself, section 3.1 for HTML: the href of the first
// BASE element of the head, resolved against outer when relative.
//
// Links that come before the end of the head are held until the head has
// ended (or a BASE element is found), so that every link of the document
// gets the same base. Links inside <noscript> count, as a client without
// scripts follows them: the Tokenizer hands back that element's content
// as raw text, which Extract reads again, down to Limits.Noscript levels
// of <noscript> inside <noscript> (deeper content is text, with a
// warning). A link whose reference, URL or base is longer than
// Limits.URL is not passed on, with a warning.
//
// An error from fn stops the extraction and is returned. Otherwise the
// errors are reading errors of r and a *LimitError for a tag, comment,
// or <noscript> or <style> content (read again for links, CSS) longer
// than the Token limit (the links before it are passed on; other text,
// however long, is not held); no input makes the HTML
// fail to tokenize. Warnings (links over the URL limit, noscript
// nested too deep, a *BaseError for a BASE href not used) are returned
// after all the links, the first one counting the others, unless
// Extractor.Warn takes them. A reference the specification rejects is no
// warning: its link carries the failure (Link.Err).
//
// Extract resolves by RFC 1808; an Extractor can resolve by another
// specification (Extractor.Spec).
func Extract(r io.Reader, outer base.Base, fn func(Link) error) error {
	var x Extractor
	return x.Extract(r, outer, fn)
}

// An Extractor extracts links like Extract, reusing its buffers from one
// document to the next. The zero Extractor is ready to use and resolves
// by RFC 1808. It must not be used by several goroutines at once.
type Extractor struct {
	// Spec is the specification by which links are resolved: RFC 1808
	// section 4 when zero (relurl.RFC1808), relurl.RFC2396 or
	// relurl.RFC3986, whose answers differ for some references (";x",
	// "../../../g", ...: see relurl.Spec), or relurl.WHATWG, what
	// browsers do, under which a reference the URL Standard rejects
	// gives a link with an empty URL and its failure in Link.Err. The
	// same specification resolves a relative BASE href against the outer
	// base (base.Base.Within), so that a document is read by one
	// specification throughout; the rules of RFC 1808 section 3 that
	// establish the base stay the same (RFC 2396 section 5.1 and RFC 3986
	// section 5.1 repeat them). A BASE href the specification rejects
	// leaves the outer base, with a *BaseError warning. The outer base
	// given to Extract must have been established by the same
	// specification (base.Walker.Spec, base.Fetcher.Spec). Set it before a
	// call; it holds for the whole document.
	Spec relurl.Spec
	// Limits bounds what one document may cost: Token (the largest tag,
	// comment, <noscript> or <style> content held, and the most held of the links
	// waiting for the end of the head), URL (the longest reference, URL
	// or base passed on; a longer BASE href is not used) and Noscript
	// (the <noscript> levels read for links). Zero fields take the
	// defaults of package limits.
	Limits limits.Limits
	// Warn, when set, is called with each warning of a document (a
	// *LimitError, a *BaseError, or a *HeaderError of a header) as it occurs, and the reading goes
	// on. When nil, the first warning (the *BaseError if there is one),
	// counting the others, is returned as the document's error once all
	// its links have been passed on.
	Warn func(error)
	// Lazy adds the lazy-loading attributes (LazyAttributes: data-src,
	// data-srcset and the like) to those read for links. They are no
	// part of HTML, only scripts' conventions, hence off by default.
	Lazy bool
	// Context fills the context of each link (Link.Text, Rel, Title).
	// The anchor text of an <a> element is the text the tokenizer finds
	// between its start tag and the next <a> start tag or </a> end tag
	// (or the end of the document), character references decoded, the
	// raw text of elements such as <script> and <style> left out, white
	// space collapsed to single spaces and trimmed, cut after
	// AnchorTextMax characters. The links of an <a> element, and those
	// that follow it until its end, are then held until its end (in
	// document order still), as those of the head are held for its
	// BASE, within the same Token limit.
	Context bool
	// Charset is the charset parameter of the media type of the
	// documents read next (an HTTP response's Content-Type, a MIME
	// part's), "" when there is none (a file). Under relurl.WHATWG only,
	// it is one of the signs of the document's character encoding, which
	// the URL Standard encodes the query of a link to a special URL in,
	// as a browser does (URL Standard section 4.4): a byte order mark,
	// then Charset when it names an encoding of the Encoding Standard,
	// then the <meta> declaration in the first 1024 bytes (HTML Standard
	// section 13.2.3.2), else UTF-8 (windows-1252 when those bytes are
	// not UTF-8). A document in another encoding than UTF-8 is then read
	// decoded to UTF-8 (Link.Ref is the reference in UTF-8; offsets count
	// the decoded bytes); UTF-16 must have been decoded before (package
	// body does). The links of CSS (style attributes, <style>) keep UTF-8
	// for the query, as CSS parses URLs (CSS Values section 4.5,
	// "url-processing"). For a style sheet (ExtractCSS) Charset is the
	// first sign of its encoding after a byte order mark, as CSS Syntax
	// Level 3 section 3.2 orders them. The RFCs read the bytes as they
	// are.
	Charset string

	lim       limits.Limits // Limits resolved, for the current document
	warnFirst error         // the first warning, when Warn is nil
	warnMore  int
	ref       bool // read with the Tokenizer (the reference) instead of the scanner
	cr        countingReader
	sbuf      []byte // the scanner's buffer

	fn       func(Link) error       // Extract's function, or nil
	fnBytes  func(*LinkBytes) error // ExtractBytes's function, or nil
	spec     relurl.Spec            // Spec, as it was when the document started
	outer    base.Base
	base     base.Base
	baseURL  relurl.ParsedBase // base.URL parsed by spec, once per document
	enc      string            // the document's encoding for URLs, "" for UTF-8 (WHATWG only)
	baseCSS  relurl.ParsedBase // base.URL parsed without enc, for the links of CSS when enc is set
	inCSS    bool              // the link being emitted is one of CSS
	sniff    body.Sniffer      // finds the document's encoding (WHATWG only)
	final    bool              // the base is established: links go straight to fn
	head     htmlbase.HeadTracker
	pending  []heldLink // links seen before the base was final, not resolved
	held     []byte     // the references of pending, one after another
	heldText []byte     // the anchor texts of pending
	anchor   anchorState
	tag      tagLinks   // what the links of the current tag share
	coded    bool       // the link being emitted is resolved against tag.codebase
	gvals    []gathered // the attributes of a gathered element
	gbuf     []byte
	names    map[string]string // element names of style attributes, interned
	css      cssTokenizer
	buf      []byte    // the resolved URL under construction
	two      []byte    // a link's reference and URL, before they become one string
	dec      []byte    // an attribute value with its character references decoded
	lb       LinkBytes // the link passed to fnBytes
	name     [maxName]byte
	cache    resolveCache
}

// Extract extracts the links of the document read from r; see Extract.
func (x *Extractor) Extract(r io.Reader, outer base.Base, fn func(Link) error) error {
	x.fn, x.fnBytes = fn, nil
	return x.run(r, outer)
}

// ExtractBytes extracts the links of the document read from r as Extract
// does, passing each to fn as a LinkBytes whose bytes are valid only
// until fn returns. Nothing is allocated for a link, which makes it the
// faster way for a caller that keeps no link (the links command writes
// each one out); a caller that keeps some copies them with
// LinkBytes.Link.
func (x *Extractor) ExtractBytes(r io.Reader, outer base.Base, fn func(*LinkBytes) error) error {
	x.fn, x.fnBytes = nil, fn
	return x.run(r, outer)
}

func (x *Extractor) run(r io.Reader, outer base.Base) error {
	x.spec, x.outer, x.base, x.final = x.Spec, outer, outer, false
	x.head = htmlbase.HeadTracker{}
	x.pending, x.held, x.heldText = x.pending[:0], x.held[:0], x.heldText[:0]
	x.anchor.reset()
	x.lim = x.Limits.Resolve()
	x.warnFirst, x.warnMore = nil, 0
	x.enc = ""
	if x.spec == relurl.WHATWG {
		r = x.documentEncoding(r)
	}
	var err error
	if x.ref {
		err = x.reference(r)
	} else {
		err = x.scan(r)
	}
	if err == nil || !isStop(err) {
		// At the end of the input, or when it could not be read further,
		// the links held back still get the base found so far: nothing
		// read is dropped.
		ferr := x.endAnchor()
		if ferr == nil {
			ferr = x.finish()
		}
		if ferr != nil {
			err = ferr
		}
	}
	x.fn, x.fnBytes, x.lb = nil, nil, LinkBytes{}
	x.pending, x.held, x.heldText = x.pending[:0], x.held[:0], x.heldText[:0]
	x.anchor.reset()
	x.sniff.Reset()
	return x.endWarnings(errorsUnwrapStop(err))
}

// endWarnings returns the error of a document whose reading ended with
// err: err, the first warning kept for the end (counting the others), or
// both.
func (x *Extractor) endWarnings(err error) error {
	if w := x.warnFirst; w != nil {
		switch w := w.(type) {
		case *LimitError:
			w.More = x.warnMore
		case *BaseError:
			w.More = x.warnMore
		case *HeaderError:
			w.More = x.warnMore
		}
		x.warnFirst = nil
		if err == nil {
			return w
		}
		return errors.Join(err, w)
	}
	return err
}

// warn reports a warning, a *LimitError, a *BaseError or a *HeaderError: to Warn, or kept
// for the end of the document.
func (x *Extractor) warn(w error) {
	switch {
	case x.Warn != nil:
		x.Warn(w)
	case x.warnFirst == nil:
		x.warnFirst = w
	default:
		if _, ok := w.(*BaseError); ok {
			// A document has one at most, and it concerns every link:
			// it is the one shown, the earlier one counted.
			x.warnFirst = w
		}
		x.warnMore++
	}
}

// A countingReader counts the bytes read through it, for the offsets of
// errors.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// stopError marks an error returned by fn, which ends the extraction at
// once.
type stopError struct{ err error }

func (s stopError) Error() string { return s.err.Error() }

func isStop(err error) bool {
	_, ok := err.(stopError)
	return ok
}

func errorsUnwrapStop(err error) error {
	if s, ok := err.(stopError); ok {
		return s.err
	}
	return err
}

// A heldLink is a link found before the base is final, or inside an
// anchor whose text is not known yet: what it needs of a Link, kept small
// since a head that never ends holds every link of its document. Its
// reference and codebase are held[start:], one after the other, of
// lengths n; its text, rel and title heldText[ctx[k][0]:ctx[k][1]].
type heldLink struct {
	elem, attr string
	start      int
	n          [2]int32
	ctx        [3][2]int32
	off        int64 // the offset of the tag, for a warning
	coded      bool  // resolved against the codebase
	css        bool  // a link of CSS
	anchor     bool  // a link of the open anchor, waiting for its context
}

// linkParts are the byte strings of a link besides its names.
type linkParts struct {
	ref, codebase, rel, title, text []byte
	coded, css                      bool
}

// emit passes the link ref of an attribute of an element to fn, or holds
// it while the base is not final (or its anchor's text is not known).
// ref is only read during the call.
func (x *Extractor) emit(elem, attr string, ref []byte, off int64) error {
	if len(ref) > x.lim.URL {
		// Not held either: a head full of long references costs no
		// memory.
		x.tooLong(elem, attr, off, len(ref))
		return nil
	}
	p := linkParts{ref: ref, css: x.inCSS}
	if x.coded {
		p.codebase, p.coded = x.tag.codebase, true
	}
	if x.Context {
		p.rel, p.title = x.tag.rel, x.tag.title
	}
	if !x.final || x.anchor.open {
		if x.final && elem == "a" && x.holdOne(attr, &p, off) {
			return nil
		}
		if err := x.unholdOne(); err != nil {
			return err
		}
		if !x.final || x.anchor.open {
			// (Unless the link moved ended the anchor at the Token limit.)
			return x.hold(elem, attr, &p, off)
		}
	}
	return x.send(elem, attr, &p, off)
}

// hold holds a link while the base is not final or its anchor's text is
// not known.
func (x *Extractor) hold(elem, attr string, p *linkParts, off int64) error {
	ref := p.ref
	h := heldLink{elem: elem, attr: attr, start: len(x.held), off: off, coded: p.coded, css: p.css, anchor: x.anchor.open && elem == "a"}
	x.held = append(double(x.held, len(ref)+len(p.codebase)), ref...)
	x.held = append(x.held, p.codebase...)
	h.n = [2]int32{int32(len(ref)), int32(len(p.codebase))}
	if x.Context && !h.anchor {
		for k, b := range [2][]byte{p.rel, p.title} {
			h.ctx[k+1][0] = int32(len(x.heldText))
			x.heldText = append(x.heldText, b...)
			h.ctx[k+1][1] = int32(len(x.heldText))
		}
	}
	x.pending = append(double(x.pending, 1), h)
	if n := len(x.held) + len(x.heldText) + len(x.pending)*int(unsafe.Sizeof(heldLink{})); n > x.lim.Token {
		// A head (or an anchor) that holds more than a token's
		// worth of links before it ends (or its BASE) is not
		// waited for further: memory stays bounded by the limit,
		// not the input.
		le := &LimitError{Offset: off, Element: "head", Length: int64(n), Err: &limits.Error{Limit: "Token", Max: int64(x.lim.Token)}}
		if x.final {
			le.Element = "a"
		}
		x.warn(le)
		if err := x.endAnchor(); err != nil {
			return err
		}
		return x.finish()
	}
	return nil
}

// double returns s with room for n more elements, doubling its capacity
// when it grows: append grows a large slice by a quarter, which would
// allocate five times what the links held in a long head finally take.
func double[T any](s []T, n int) []T {
	if cap(s)-len(s) >= n {
		return s
	}
	return slices.Grow(s, max(n, cap(s), 64))
}

// tooLong warns of a link not passed on because its reference, URL or
// base is longer than the URL limit, so that a small input (a long base
// and many links) cannot make a huge output.
func (x *Extractor) tooLong(elem, attr string, off int64, n int) {
	x.warn(&LimitError{Offset: off, Element: elem, Attr: attr, Length: int64(n), Err: &limits.Error{Limit: "URL", Max: int64(x.lim.URL)}})
}

// send resolves a link's reference against the established base and
// passes the link to the caller's function. For Extract, a reference seen
// before in the document gets the strings of its last resolution
// (resolveCache); otherwise Ref and URL share one allocation, or are the
// same string when the reference is absolute. A reference the
// specification rejects is passed on with an empty URL and its failure.
func (x *Extractor) send(elem, attr string, p *linkParts, off int64) error {
	ref := p.ref
	if len(x.base.URL) > x.lim.URL {
		x.tooLong(elem, attr, off, len(x.base.URL))
		return nil
	}
	bs := x.base
	var err error
	if p.coded {
		// HTML 4.01 sections 13.3 and 13.4: the codebase, resolved
		// against the document's base, is the base of the element's
		// other URLs.
		bs = base.Base{URL: string(x.baseURL.AppendResolve(nil, bytestr.View(p.codebase))), Source: base.HTML}
		if len(bs.URL) > x.lim.URL {
			x.tooLong(elem, attr, off, len(bs.URL))
			return nil
		}
	}
	if x.fn == nil {
		var rerr error
		if p.coded {
			x.buf, rerr = x.parseBase(bs.URL).AppendResolveErr(x.buf[:0], bytestr.View(ref))
		} else {
			x.buf, rerr = x.resolve(x.buf[:0], ref, p.css)
		}
		if len(x.buf) > x.lim.URL {
			x.tooLong(elem, attr, off, len(x.buf))
			return nil
		}
		x.lb.Element, x.lb.Attr, x.lb.Ref, x.lb.URL, x.lb.Base, x.lb.Err = elem, attr, ref, x.buf, bs, rerr
		x.lb.Rel, x.lb.Title, x.lb.Text = p.rel, p.title, p.text
		err = x.fnBytes(&x.lb)
	} else if p.coded {
		u, rerr := x.parseBase(bs.URL).AppendResolveErr(nil, bytestr.View(ref))
		if len(u) > x.lim.URL {
			x.tooLong(elem, attr, off, len(u))
			return nil
		}
		err = x.fn(Link{Element: elem, Attr: attr, Ref: string(ref), URL: string(u), Base: bs, Err: rerr,
			Rel: string(p.rel), Title: string(p.title), Text: string(p.text)})
	} else {
		l := Link{Element: elem, Attr: attr, Base: x.base}
		if x.Context {
			l.Rel, l.Title, l.Text = string(p.rel), string(p.title), string(p.text)
		}
		var slot *cacheSlot
		var hit bool
		if !p.css || x.enc == "" {
			// A reference of CSS resolves otherwise than the same
			// one in an attribute when the encoding is not UTF-8.
			slot, hit = x.cache.lookup(ref)
		}
		if hit {
			l.Ref, l.URL, l.Err = slot.ref, slot.url, slot.err
		} else {
			x.buf, l.Err = x.resolve(x.buf[:0], ref, p.css)
			if len(x.buf) > x.lim.URL {
				x.tooLong(elem, attr, off, len(x.buf))
				return nil
			}
			switch {
			case string(x.buf) == string(ref):
				l.Ref = string(ref)
				l.URL = l.Ref
			case len(x.buf) == 0:
				l.Ref = string(ref) // a failure
			case bytes.HasSuffix(x.buf, ref):
				// Most resolutions end with the reference as written
				// ("g.html", "/g", "?q", "#f"): Ref is then the tail of
				// URL.
				l.URL = string(x.buf)
				l.Ref = l.URL[len(l.URL)-len(ref):]
			default:
				x.two = append(append(x.two[:0], ref...), x.buf...)
				both := string(x.two)
				l.Ref, l.URL = both[:len(ref)], both[len(ref):]
			}
			if slot != nil {
				x.cache.store(slot, l.Ref, l.URL, l.Err)
			}
		}
		err = x.fn(l)
	}
	if err != nil {
		return stopError{err}
	}
	return nil
}

// resolve appends the resolution of ref against the document's base to
// dst, or returns dst and the specification's failure. css tells a link
// of CSS, whose query is encoded in UTF-8 whatever the document's
// encoding.
func (x *Extractor) resolve(dst, ref []byte, css bool) ([]byte, error) {
	// With no base (section 3.4) the reference is taken as it is (step 1).
	// ref is only read during the call.
	if css && x.enc != "" {
		return x.baseCSS.AppendResolveErr(dst, bytestr.View(ref))
	}
	return x.baseURL.AppendResolveErr(dst, bytestr.View(ref))
}

// parseBase parses a base URL by the specification, with the document's
// encoding.
func (x *Extractor) parseBase(u string) relurl.ParsedBase {
	if x.enc != "" {
		if pb, err := x.spec.ParseBaseEncoding(u, x.enc); err == nil {
			return pb
		}
	}
	return x.spec.ParseBase(u)
}

// ResolveBytes passes fn one link that was not read from an HTML document,
// such as a redirect's Location or a link a WAT record lists, resolved
// against b by Spec, with the rules of the links of ExtractBytes: the URL
// limit (a link whose reference, URL or base is longer than Limits.URL is
// not passed on, and ResolveBytes returns its *LimitError, Offset -1, or
// gives it to Warn), and a failure of the specification in LinkBytes.Err.
// fn's error is returned. The base is parsed once for the calls that give
// the same b in a row.
func (x *Extractor) ResolveBytes(elem, attr string, ref []byte, b base.Base, fn func(*LinkBytes) error) error {
	if lim := x.Limits.Resolve(); !x.final || x.base != b || x.spec != x.Spec || x.lim != lim || x.enc != "" {
		// A link not read from a document is in UTF-8.
		x.spec, x.base, x.lim, x.final, x.enc = x.Spec, b, lim, true, ""
		x.baseURL = x.spec.ParseBase(b.URL)
		x.cache.reset()
	}
	x.fn, x.fnBytes = nil, fn
	x.warnFirst = nil
	err := x.send(elem, attr, &linkParts{ref: ref}, -1)
	x.fnBytes, x.lb = nil, LinkBytes{}
	if err != nil {
		return errorsUnwrapStop(err)
	}
	w := x.warnFirst
	x.warnFirst = nil
	return w
}

// finish makes the base final and sends the links held back, but for
// those of an open anchor (and after it), which wait for its end.
func (x *Extractor) finish() error {
	if x.final {
		return nil
	}
	x.final = true
	x.baseURL = x.parseBase(x.base.URL)
	if x.enc != "" {
		x.baseCSS = x.spec.ParseBase(x.base.URL)
	}
	x.cache.reset()
	n := len(x.pending)
	if x.anchor.open {
		n = x.anchor.from
	}
	return x.flush(n)
}

// flush sends the first n links held back and keeps the others.
func (x *Extractor) flush(n int) error {
	for i := range n {
		h := &x.pending[i]
		if err := x.sendHeld(h); err != nil {
			x.pending, x.held, x.heldText = x.pending[:0], x.held[:0], x.heldText[:0]
			return err
		}
	}
	if n == len(x.pending) {
		x.pending, x.held, x.heldText = x.pending[:0], x.held[:0], x.heldText[:0]
		return nil
	}
	// The links of an open anchor stay: their bytes move to the front.
	cut := x.pending[n].start
	x.held = x.held[:copy(x.held, x.held[cut:])]
	x.pending = x.pending[:copy(x.pending, x.pending[n:])]
	for i := range x.pending {
		x.pending[i].start -= cut
	}
	x.anchor.from -= n
	return nil
}

// sendHeld sends a held link.
func (x *Extractor) sendHeld(h *heldLink) error {
	var p linkParts
	at := h.start
	p.ref = x.held[at : at+int(h.n[0])]
	p.codebase = x.held[at+int(h.n[0]) : at+int(h.n[0])+int(h.n[1])]
	if h.anchor {
		// A link of the anchor that has just ended with the base final
		// (endAnchor): its context is the anchor's, not copied.
		p.text, p.rel, p.title = x.anchor.text, x.anchor.rel, x.anchor.title
	} else {
		for k, dst := range [3]*[]byte{&p.text, &p.rel, &p.title} {
			*dst = x.heldText[h.ctx[k][0]:h.ctx[k][1]]
		}
	}
	p.coded, p.css = h.coded, h.css
	return x.send(h.elem, h.attr, &p, h.off)
}

// maxName is the longest tag name that rawTagName lowers; no element that
// Extract or the head rules look for has a longer one.
const maxName = 16

// rawTagName returns the lower-case name of a start tag from its raw
// bytes "<name ...>", as html.Tokenizer.TagName would, without copying it
// to the heap: the name ends at white space, "/" or ">" (see lowerName).
func rawTagName(raw []byte, buf *[maxName]byte) []byte {
	n := 1
	for n < len(raw) && !nameEnd[raw[n]] {
		n++
	}
	return lowerName(raw[1:n], buf)
}

// writtenTagName returns the name of a start tag from its raw bytes
// "<name ...>", as written.
func writtenTagName(raw []byte) []byte {
	n := 1
	for n < len(raw) && !nameEnd[raw[n]] {
		n++
	}
	return raw[1:n]
}

// lowerName returns a tag name in lower case: name itself when it is
// already (the common case), else lowered into buf. A name longer than
// maxName is returned as "-" (no element of interest).
func lowerName(name []byte, buf *[maxName]byte) []byte {
	if len(name) > maxName {
		return []byte("-")
	}
	for i, c := range name {
		if 'A' <= c && c <= 'Z' {
			copy(buf[:], name[:i])
			for ; i < len(name); i++ {
				c := name[i]
				if 'A' <= c && c <= 'Z' {
					c += 'a' - 'A'
				}
				buf[i] = c
			}
			return buf[:len(name)]
		}
	}
	return name
}

// nameEnd holds the bytes that end a tag name.
var nameEnd = [256]bool{' ': true, '\n': true, '\r': true, '\t': true, '\f': true, '/': true, '>': true}
