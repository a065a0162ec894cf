// Package links extracts the links of HTML documents and resolves each one
// against the document's base URL, established by RFC 1808 section 3 (see
// package base) and applied by section 4 (relurl.Resolve).
//
// Extraction streams over golang.org/x/net/html's Tokenizer: memory stays
// bounded by the largest token and the links found before the end of the
// head, whatever the size of the document. Extract passes each link as a
// Link of strings; Extractor.ExtractBytes passes bytes valid during the
// call only, and allocates nothing per link. Links are resolved by RFC
// 1808 unless Extractor.Spec names RFC 2396 or RFC 3986.
package links

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"unsafe"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/base"
	"golang.org/x/net/html"
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
	// specification Extractor.Spec names.
	URL string
	// Base is the document's base and the rule that established it.
	Base base.Base
}

// MaxNoscriptDepth is how many levels of <noscript> inside <noscript>
// Extract re-tokenizes. Each level reads the content again, so the limit
// keeps the time linear in the input.
const MaxNoscriptDepth = 8

// ErrNoscriptDepth is returned for <noscript> nested deeper than
// MaxNoscriptDepth.
var ErrNoscriptDepth = errors.New("noscript elements nested too deep")

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
}

// Link returns the link with Ref and URL as strings of its own, which
// stay valid after the function that received l returns.
func (l LinkBytes) Link() Link {
	both := string(l.Ref) + string(l.URL)
	return Link{Element: l.Element, Attr: l.Attr, Ref: both[:len(l.Ref)], URL: both[len(l.Ref):], Base: l.Base}
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
// as raw text, which Extract tokenizes again.
//
// An error from fn stops the extraction and is returned. Otherwise the
// only errors are reading errors of r and ErrNoscriptDepth; no input makes
// the HTML fail to tokenize.
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
	// section 4 when zero (relurl.RFC1808), or relurl.RFC2396 or
	// relurl.RFC3986, whose answers differ for some references (";x",
	// "../../../g", ...: see relurl.Spec). The same specification
	// resolves a relative BASE href against the outer base, so that a
	// document is read by one specification throughout; the rules of RFC
	// 1808 section 3 that establish the base stay the same (RFC 2396
	// section 5.1 and RFC 3986 section 5.1 repeat them). Set it before
	// a call; it holds for the whole document.
	Spec relurl.Spec

	fn      func(Link) error       // Extract's function, or nil
	fnBytes func(*LinkBytes) error // ExtractBytes's function, or nil
	spec    relurl.Spec            // Spec, as it was when the document started
	outer   base.Base
	base    base.Base
	baseURL relurl.ParsedBase // base.URL parsed by spec, once per document
	final   bool              // the base is established: links go straight to fn
	head    base.HeadTracker
	pending []heldLink // links seen before the base was final, not resolved
	held    []byte     // the references of pending, one after another
	buf     []byte     // the resolved URL under construction
	two     []byte     // a link's reference and URL, before they become one string
	dec     []byte     // an attribute value with "&amp;" decoded
	lb      LinkBytes  // the link passed to fnBytes
	name    [maxName]byte
	cache   resolveCache
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
	x.head = base.HeadTracker{}
	x.pending, x.held = x.pending[:0], x.held[:0]
	err := x.tokens(html.NewTokenizer(r), 0)
	if err == nil || !isStop(err) {
		// At the end of the input, or when it could not be read further,
		// the links held back still get the base found so far: nothing
		// read is dropped.
		if ferr := x.finish(); ferr != nil {
			err = ferr
		}
	}
	x.fn, x.fnBytes, x.lb = nil, nil, LinkBytes{}
	x.pending, x.held = x.pending[:0], x.held[:0]
	return errorsUnwrapStop(err)
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

// tokens reads the tokens of z. depth counts the enclosing <noscript>
// elements whose content z is. Their content is read only for its links:
// the head and the BASE element are those a client running scripts sees,
// for which that content is text, so that the base does not depend on
// scripting (FromHTML finds the same).
func (x *Extractor) tokens(z *html.Tokenizer, depth int) error {
	noscript := false // the last token was a <noscript> start tag
	for {
		tt := z.Next()
		wasNoscript := noscript
		noscript = false
		switch tt {
		case html.ErrorToken:
			if err := z.Err(); err != io.EOF {
				return fmt.Errorf("reading HTML: %w", err)
			}
			return nil
		case html.TextToken:
			if x.final && !wasNoscript {
				continue // the common case: text needs no look
			}
			raw := z.Raw()
			if !x.final && depth == 0 && x.head.Text(raw) {
				if err := x.finish(); err != nil {
					return err
				}
			}
			if wasNoscript {
				if depth >= MaxNoscriptDepth {
					return fmt.Errorf("%w (more than %d)", ErrNoscriptDepth, MaxNoscriptDepth)
				}
				if err := x.tokens(html.NewTokenizer(bytes.NewReader(raw)), depth+1); err != nil {
					return err
				}
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			// The name is read from the raw bytes: TagName would copy
			// it, for every tag of the document.
			raw := z.Raw()
			name := rawTagName(raw, &x.name)
			hasAttr := len(name)+2 < len(raw) // more than "<name>"
			if !x.final && depth == 0 {
				if x.head.Tag(tt, name) {
					if err := x.finish(); err != nil {
						return err
					}
				} else if hasAttr && base.HTMLBaseElement(name) {
					// Section 3.1: the first BASE element with an href,
					// resolved against the next layer out (as
					// outer.Within does, by the Extractor's Spec).
					if href, ok := base.HTMLBaseHref(z); ok {
						x.base = base.Base{URL: x.spec.Resolve(x.outer.URL, href), Source: base.HTML}
						if err := x.finish(); err != nil {
							return err
						}
					}
					continue
				}
			}
			noscript = string(name) == "noscript"
			if !hasAttr {
				continue
			}
			if spec := lookup(name); spec != nil {
				if err := x.attrs(z, spec, raw, len(name)); err != nil {
					return err
				}
			}
		case html.EndTagToken:
			if !x.final && depth == 0 {
				name, _ := z.TagName()
				if x.head.Tag(tt, name) {
					if err := x.finish(); err != nil {
						return err
					}
				}
			}
		default:
			x.head.Other()
		}
	}
}

// attrs reads the attributes of the current tag, an element of spec whose
// raw bytes are raw and whose name is nameLen bytes long, and emits its
// links in the order they are written. An attribute given twice counts
// once, the first time, as in HTML.
func (x *Extractor) attrs(z *html.Tokenizer, spec *elemSpec, raw []byte, nameLen int) error {
	var seen uint8
	all := uint8(1)<<len(spec.attrs) - 1
	// The raw bytes serve while they need no decoding but "&amp;"; then
	// TagAttr reads the attributes again from the first, and those
	// already used are skipped.
	var s attrScanner
	if s.start(raw, nameLen) {
	scan:
		for {
			key, val, outcome := s.next()
			switch outcome {
			case attrEnd:
				return nil
			case attrBail:
				break scan
			}
			i := spec.match(key)
			if i < 0 || seen&(1<<i) != 0 {
				continue
			}
			val, ok := plainValue(&x.dec, val)
			if !ok {
				break scan
			}
			seen |= 1 << i
			if err := x.value(spec, i, val); err != nil {
				return err
			}
			if seen == all {
				return nil
			}
		}
	}
	for more := true; more && seen != all; {
		var key, val []byte
		key, val, more = z.TagAttr()
		i := spec.match(key)
		if i < 0 || seen&(1<<i) != 0 {
			continue
		}
		seen |= 1 << i
		if err := x.value(spec, i, val); err != nil {
			return err
		}
	}
	return nil
}

// value emits the links of the value of the attribute spec.attrs[i]: one,
// or one per candidate of a srcset.
func (x *Extractor) value(spec *elemSpec, i int, val []byte) error {
	a := &spec.attrs[i]
	if !a.srcset {
		return x.emit(spec, a, base.TrimHTMLSpace(val))
	}
	for u, j, ok := nextCandidate(val, 0); ok; u, j, ok = nextCandidate(val, j) {
		if err := x.emit(spec, a, u); err != nil {
			return err
		}
	}
	return nil
}

// A heldLink is a link found before the base is final: what it needs of
// a Link, kept small (24 bytes and the reference) since a head that never
// ends holds every link of its document. Its reference is held[s:end] of
// the Extractor, s being the end of the link before it (or 0).
type heldLink struct {
	elem *elemSpec
	attr *attrSpec // an attribute of elem
	end  int
}

// emit passes the link ref of an attribute of an element to fn, or holds
// it while the base is not final. ref is only read during the call.
func (x *Extractor) emit(elem *elemSpec, attr *attrSpec, ref []byte) error {
	if !x.final {
		x.held = append(x.held, ref...)
		x.pending = append(x.pending, heldLink{elem: elem, attr: attr, end: len(x.held)})
		return nil
	}
	return x.send(elem.name, attr.name, ref)
}

// send resolves a link's reference against the established base and
// passes the link to the caller's function. For Extract, a reference seen
// before in the document gets the strings of its last resolution
// (resolveCache); otherwise Ref and URL share one allocation, or are the
// same string when the reference is absolute.
func (x *Extractor) send(elem, attr string, ref []byte) error {
	var err error
	if x.fn == nil {
		x.buf = x.resolve(x.buf[:0], ref)
		x.lb.Element, x.lb.Attr, x.lb.Ref, x.lb.URL, x.lb.Base = elem, attr, ref, x.buf, x.base
		err = x.fnBytes(&x.lb)
	} else {
		l := Link{Element: elem, Attr: attr, Base: x.base}
		slot, hit := x.cache.lookup(ref)
		if hit {
			l.Ref, l.URL = slot.ref, slot.url
		} else {
			x.buf = x.resolve(x.buf[:0], ref)
			switch {
			case string(x.buf) == string(ref):
				l.Ref = string(ref)
				l.URL = l.Ref
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
				x.cache.store(slot, l.Ref, l.URL)
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
// dst.
func (x *Extractor) resolve(dst, ref []byte) []byte {
	// With no base (section 3.4) the reference is taken as it is (step 1).
	// ref is only read during the call.
	return x.baseURL.AppendResolve(dst, unsafeString(ref))
}

// unsafeString returns b as a string without copying, for a use that
// ends before b changes.
func unsafeString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// finish makes the base final and sends the links held back.
func (x *Extractor) finish() error {
	if x.final {
		return nil
	}
	x.final = true
	x.baseURL = x.spec.ParseBase(x.base.URL)
	x.cache.reset()
	start := 0
	for _, h := range x.pending {
		if err := x.send(h.elem.name, h.attr.name, x.held[start:h.end]); err != nil {
			x.pending, x.held = x.pending[:0], x.held[:0]
			return err
		}
		start = h.end
	}
	x.pending, x.held = x.pending[:0], x.held[:0]
	return nil
}

// maxName is the longest tag name that rawTagName lowers; no element that
// Extract or the head rules look for has a longer one.
const maxName = 16

// rawTagName returns the lower-case name of a start tag from its raw
// bytes "<name ...>", as html.Tokenizer.TagName would, without copying it
// to the heap: the name ends at white space, "/" or ">". It is a slice of
// raw when already in lower case (the common case), else lowered into buf.
// A name longer than maxName is returned as "-" (no element of interest).
func rawTagName(raw []byte, buf *[maxName]byte) []byte {
	n := 1
	upper := false
	for n < len(raw) {
		c := raw[n]
		if nameEnd[c] {
			break
		}
		upper = upper || 'A' <= c && c <= 'Z'
		n++
	}
	name := raw[1:n]
	if len(name) > maxName {
		return []byte("-")
	}
	if !upper {
		return name
	}
	for i, c := range name {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return buf[:len(name)]
}

// nameEnd holds the bytes that end a tag name.
var nameEnd = [256]bool{' ': true, '\n': true, '\r': true, '\t': true, '\f': true, '/': true, '>': true}
