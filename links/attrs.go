package links

import (
	"bytes"

	"github.com/relurl/relurl/internal/htmlbase"
	"golang.org/x/net/html"
)

// The element table: every attribute Extract reads, by element, written
// once. lookup, elemSpec.match and Attributes are built from it. Names
// are lower case, as html.Tokenizer returns them.
//
// It holds the attributes of HTML 4.01, the HTML Living Standard and SVG
// whose value is a URL (or a list of them), and those a link's reading
// depends on: a STYLE attribute (CSS, on every element), <meta
// http-equiv> (which makes a content a refresh), the codebase of <applet>
// and <object> (the base of their other attributes, HTML 4.01 sections
// 13.3 and 13.4, itself no resource to follow), and rel and title (the
// context of Extractor.Context). Left out: img@usemap (a fragment of the
// document itself), head@profile and a@ping (lists of metadata URLs,
// not links to content), applet@object (a serialized applet).
var elements = []elemSpec{
	{name: "a", attrs: []attrSpec{{name: "href"}, {name: "xlink:href"}, ctxRel, ctxTitle}},
	{name: "area", attrs: []attrSpec{{name: "href"}, ctxRel, ctxTitle}},
	{name: "link", attrs: []attrSpec{{name: "href"}, {name: "imagesrcset", kind: kindSrcset}, ctxRel, ctxTitle}},
	{name: "img", attrs: []attrSpec{{name: "src"}, {name: "srcset", kind: kindSrcset}, {name: "longdesc"},
		{name: "lowsrc"}, {name: "dynsrc"}, lazySrc, lazySrcset, lazyOriginal}},
	{name: "script", attrs: []attrSpec{{name: "src"}, {name: "href"}, {name: "xlink:href"}}},
	{name: "iframe", attrs: []attrSpec{{name: "src"}, {name: "longdesc"}, lazySrc}},
	{name: "frame", attrs: []attrSpec{{name: "src"}, {name: "longdesc"}}},
	{name: "form", attrs: []attrSpec{{name: "action"}}},
	{name: "embed", attrs: []attrSpec{{name: "src"}}},
	{name: "object", attrs: []attrSpec{{name: "data", kind: kindCoded}, {name: "classid", kind: kindCoded},
		{name: "archive", kind: kindArchive, sep: ' '}, {name: "codebase", kind: kindCodebase}}},
	{name: "applet", attrs: []attrSpec{{name: "code", kind: kindCoded},
		{name: "archive", kind: kindArchive, sep: ','}, {name: "codebase", kind: kindCodebase}}},
	{name: "source", attrs: []attrSpec{{name: "src"}, {name: "srcset", kind: kindSrcset}, lazySrc, lazySrcset}},
	{name: "video", attrs: []attrSpec{{name: "src"}, {name: "poster"}, lazySrc, {name: "data-poster", lazy: true}}},
	{name: "audio", attrs: []attrSpec{{name: "src"}, lazySrc}},
	{name: "track", attrs: []attrSpec{{name: "src"}}},
	{name: "input", attrs: []attrSpec{{name: "src"}, {name: "formaction"}}},
	{name: "button", attrs: []attrSpec{{name: "formaction"}}},
	{name: "blockquote", attrs: []attrSpec{{name: "cite"}}},
	{name: "q", attrs: []attrSpec{{name: "cite"}}},
	{name: "ins", attrs: []attrSpec{{name: "cite"}}},
	{name: "del", attrs: []attrSpec{{name: "cite"}}},
	{name: "body", attrs: []attrSpec{{name: "background"}}},
	{name: "table", attrs: []attrSpec{{name: "background"}}},
	{name: "td", attrs: []attrSpec{{name: "background"}}},
	{name: "th", attrs: []attrSpec{{name: "background"}}},
	{name: "html", attrs: []attrSpec{{name: "manifest"}}},
	{name: "meta", attrs: []attrSpec{{name: "content", kind: kindRefresh}, {name: "http-equiv", kind: kindEquiv}}},
	// SVG (SVG 2 section 5.6 and 16.1): href, or xlink:href as SVG 1.1
	// wrote it. The Tokenizer lowers feImage to feimage.
	{name: "image", attrs: []attrSpec{{name: "href"}, {name: "xlink:href"}}},
	{name: "use", attrs: []attrSpec{{name: "href"}, {name: "xlink:href"}}},
	{name: "feimage", attrs: []attrSpec{{name: "href"}, {name: "xlink:href"}}},
}

// anyElement is the spec of an element that is not in the table: only its
// style attribute may hold links.
var anyElement = elemSpec{name: "", attrs: []attrSpec{{name: "style", kind: kindCSS, sig: styleSig}}, style: 1}

// The kinds of attribute.
const (
	kindURL      = iota // a URL
	kindSrcset          // a srcset list: each candidate's URL is a link
	kindCSS             // CSS declarations (style): each url() is a link
	kindRefresh         // meta content: a link when http-equiv is "refresh"
	kindEquiv           // meta http-equiv: no link, decides content's
	kindCodebase        // applet/object codebase: the base of kindCoded and kindArchive
	kindCoded           // a URL resolved against the element's codebase
	kindArchive         // a list of URLs (by sep), each resolved against the codebase
	kindRel             // rel, context only
	kindTitle           // title, context only
)

type elemSpec struct {
	name  string
	attrs []attrSpec
	// gather: the element's links depend on other attributes of it
	// (codebase, http-equiv), or on its context (rel, title): its
	// attributes are all read before its links are emitted.
	gather, context bool
	// The attributes by role, as bits of attrs' indexes: links (not
	// lazy, not style), lazy links, those links depend on (codebase,
	// http-equiv), context (rel, title), style.
	links, lazy, aux, ctx, style uint32
	refresh                      uint32 // content, a link only with http-equiv
}

type attrSpec struct {
	name string
	kind uint8
	sep  byte   // kindArchive: the separator of the list, besides white space
	sig  uint64 // keySig of the name
	// lazy: a lazy-loading attribute (data-src and the like), written by
	// scripts' conventions rather than HTML: read under Extractor.Lazy
	// only.
	lazy bool
}

var (
	styleAttr    = attrSpec{name: "style", kind: kindCSS}
	ctxRel       = attrSpec{name: "rel", kind: kindRel}
	ctxTitle     = attrSpec{name: "title", kind: kindTitle}
	lazySrc      = attrSpec{name: "data-src", lazy: true}
	lazySrcset   = attrSpec{name: "data-srcset", kind: kindSrcset, lazy: true}
	lazyOriginal = attrSpec{name: "data-original", lazy: true}
)

// maxAttrs is the most attributes an element of the table has: seen
// sets of attrs are a uint32.
const maxAttrs = 32

// byName finds an element's spec: buckets by a hash of the name's
// length and first and last bytes, which sets apart all the names of
// the table but a few.
var byName = func() (t [64][]*elemSpec) {
	for i := range elements {
		e := &elements[i]
		e.attrs = append(e.attrs, styleAttr)
		if len(e.attrs) > maxAttrs {
			panic("links: element " + e.name + " has too many attributes")
		}
		for i, a := range e.attrs {
			bit := uint32(1) << i
			e.attrs[i].sig = keySig(len(a.name), a.name[0])
			switch {
			case a.kind == kindEquiv || a.kind == kindCodebase:
				e.gather = true
				e.aux |= bit
			case a.kind == kindRel || a.kind == kindTitle:
				e.context = true
				e.ctx |= bit
			case a.kind == kindCSS:
				e.style |= bit
			case a.kind == kindRefresh:
				e.refresh |= bit
				e.links |= bit
			case a.lazy:
				e.lazy |= bit
			default:
				e.links |= bit
			}
		}
		h := nameHash([]byte(e.name))
		t[h] = append(t[h], e)
	}
	return t
}()

func nameHash(name []byte) int {
	return (len(name)*7 + int(name[0])*3 + int(name[len(name)-1])) & 63
}

// match returns the index in e.attrs of the attribute whose key, as
// written, is key (in any case), or -1. Lazy attributes match only when
// lazy is set.
func (e *elemSpec) match(key []byte, lazy bool) int {
	for i := range e.attrs {
		if equalLower(key, e.attrs[i].name) && (lazy || !e.attrs[i].lazy) {
			return i
		}
	}
	return -1
}

// lookup returns the spec of the element with the given lower-case name,
// or nil when it is not in the table.
func lookup(name []byte) *elemSpec {
	if len(name) == 0 {
		return nil
	}
	for _, e := range byName[nameHash(name)] {
		if e.name == string(name) {
			return e
		}
	}
	return nil
}

// isLink reports whether an attribute gives links itself (not only
// context or a base).
func (a *attrSpec) isLink() bool {
	switch a.kind {
	case kindEquiv, kindCodebase, kindRel, kindTitle:
		return false
	}
	return true
}

// Attributes returns the element@attribute pairs that Extract reads for
// links by default, in the order of the table, for documentation and
// tests: the style attribute of every element is "*@style". CSS in
// <style> gives style@url and style@import, a CSS document css@url and
// css@import (see ExtractCSS).
func Attributes() []string {
	return attributes(false)
}

// LazyAttributes returns the element@attribute pairs that Extract reads
// for links under Extractor.Lazy only.
func LazyAttributes() []string {
	return attributes(true)
}

func attributes(lazy bool) []string {
	var out []string
	for _, e := range elements {
		for _, a := range e.attrs {
			if a.isLink() && a.lazy == lazy && a.kind != kindCSS {
				out = append(out, e.name+"@"+a.name)
			}
		}
	}
	if !lazy {
		out = append(out, "*@style")
	}
	return out
}

// A tagLinks is what the links of one tag share, set while its
// attributes are emitted: the codebase of kindCoded and kindArchive
// values, and the context (rel, title).
type tagLinks struct {
	codebase     []byte
	hasCodebase  bool
	rel, title   []byte
	equivRefresh bool // meta: http-equiv is "refresh"
}

// A gathered is an attribute value of a gathered element: gbuf[start:end]
// of the Extractor, for spec.attrs[i].
type gathered struct {
	i          int
	start, end int
}

// attrs reads the attributes of the current tag, an element of spec
// named elem whose raw bytes are raw and whose name is nameLen bytes
// long, and emits its links in the order they are written. An attribute
// given twice counts once, the first time, as in HTML. z is the
// Tokenizer on the tag (the reference reading), or nil. keys is the
// signature of the tag's attribute names (keySig).
func (x *Extractor) attrs(z *html.Tokenizer, spec *elemSpec, elem string, raw []byte, nameLen int, keys uint64, off int64) error {
	var seen uint32
	all := spec.links | spec.style | spec.aux
	if x.Lazy {
		all |= spec.lazy
	}
	if x.Context {
		all |= spec.ctx
	}
	if keys != allKeys {
		// The attributes the tag cannot have are not looked for.
		for i := range spec.attrs {
			if keys&spec.attrs[i].sig == 0 {
				all &^= 1 << i
			}
		}
	}
	// An <a>'s links wait for the anchor's end, which gives them rel
	// and title too (value): only other elements' are gathered.
	gather := spec.gather && all&spec.aux != 0 || x.Context && spec.context && spec.name != "a"
	if !gather {
		// No codebase or http-equiv: the links depend on nothing else
		// (and a content without http-equiv is no refresh).
		all &^= spec.aux | spec.refresh
	}
	if all == 0 {
		return nil
	}
	if gather {
		x.gvals, x.gbuf = x.gvals[:0], x.gbuf[:0]
	}
	// The raw bytes serve while they need no decoding but of common
	// character references (plainValue); then
	// TagAttr reads the attributes again from the first, and those
	// already used are skipped.
	var s attrScanner
	done := false
	if s.start(raw, nameLen) {
	scan:
		for {
			key, val, outcome := s.next()
			switch outcome {
			case attrEnd:
				done = true
				break scan
			case attrBail:
				break scan
			}
			i := spec.match(key, x.Lazy)
			if i < 0 || seen&(1<<i) != 0 || all&(1<<i) == 0 {
				continue
			}
			val, ok := plainValue(&x.dec, val)
			if !ok {
				break scan
			}
			seen |= 1 << i
			if err := x.useAttr(spec, elem, i, val, gather, off); err != nil {
				return err
			}
			if seen == all {
				done = true
				break scan
			}
		}
	}
	if !done {
		if z == nil {
			// The scanner's tag: the Tokenizer reads it alone, as it
			// would in the document (a tag's reading depends on its
			// bytes only).
			z = tagTokenizer(raw)
		}
		for more := true; more && seen != all; {
			var key, val []byte
			key, val, more = z.TagAttr()
			i := spec.match(key, x.Lazy)
			if i < 0 || seen&(1<<i) != 0 || all&(1<<i) == 0 {
				continue
			}
			seen |= 1 << i
			if err := x.useAttr(spec, elem, i, val, gather, off); err != nil {
				return err
			}
		}
	}
	if !gather {
		return nil
	}
	return x.emitGathered(spec, elem, off)
}

// useAttr takes the value of the attribute spec.attrs[i]: kept for
// later when gather, else its links emitted.
func (x *Extractor) useAttr(spec *elemSpec, elem string, i int, val []byte, gather bool, off int64) error {
	if gather {
		x.gbuf = append(x.gbuf, val...)
		x.gvals = append(x.gvals, gathered{i: i, start: len(x.gbuf) - len(val), end: len(x.gbuf)})
		return nil
	}
	return x.value(spec, elem, i, val, off)
}

// emitGathered emits the links of a gathered element, in the order its
// attributes are written, once what they depend on is known.
func (x *Extractor) emitGathered(spec *elemSpec, elem string, off int64) error {
	t := tagLinks{}
	for _, g := range x.gvals {
		v := x.gbuf[g.start:g.end]
		switch spec.attrs[g.i].kind {
		case kindCodebase:
			t.codebase, t.hasCodebase = htmlbase.TrimSpace(v), true
		case kindRel:
			t.rel = v
		case kindTitle:
			t.title = v
		case kindEquiv:
			// An enumerated attribute: its keywords match in any case
			// (HTML, section 4.2.5.3), untrimmed.
			t.equivRefresh = equalLower(v, "refresh")
		}
	}
	x.tag = t
	defer func() { x.tag = tagLinks{} }()
	for _, g := range x.gvals {
		if err := x.value(spec, elem, g.i, x.gbuf[g.start:g.end], off); err != nil {
			return err
		}
	}
	return nil
}

// value emits the links of the value of the attribute spec.attrs[i] of
// the element elem: one, one per candidate of a srcset or item of an
// archive, one per url() of a style, or none.
func (x *Extractor) value(spec *elemSpec, elem string, i int, val []byte, off int64) error {
	a := &spec.attrs[i]
	switch a.kind {
	case kindURL:
		return x.emit(elem, a.name, htmlbase.TrimSpace(val), off)
	case kindSrcset:
		for u, j, ok := nextCandidate(val, 0); ok; u, j, ok = nextCandidate(val, j) {
			if err := x.emit(elem, a.name, u, off); err != nil {
				return err
			}
		}
	case kindCoded:
		return x.emitCoded(elem, a.name, htmlbase.TrimSpace(val), off)
	case kindArchive:
		// HTML 4.01 section 13.3 (object: separated by spaces) and 13.4
		// (applet: by commas).
		for len(val) > 0 {
			j := 0
			for j < len(val) && val[j] != a.sep && !isSpace(val[j]) {
				j++
			}
			if u := htmlbase.TrimSpace(val[:j]); len(u) > 0 {
				if err := x.emitCoded(elem, a.name, u, off); err != nil {
					return err
				}
			}
			if j == len(val) {
				break
			}
			val = val[j+1:]
		}
	case kindRefresh:
		if u, ok := refreshURL(val); ok && x.tag.equivRefresh {
			return x.emit(elem, a.name, u, off)
		}
	case kindCSS:
		return x.cssLinks(val, elem, a.name, a.name, off)
	case kindRel:
		if x.anchor.open && elem == "a" {
			x.anchor.rel = append(x.anchor.rel[:0], val...)
		}
	case kindTitle:
		if x.anchor.open && elem == "a" {
			x.anchor.title = append(x.anchor.title[:0], val...)
		}
	}
	return nil
}

// emitCoded emits a link resolved against its element's codebase, when
// it has one.
func (x *Extractor) emitCoded(elem, attr string, ref []byte, off int64) error {
	if !x.tag.hasCodebase {
		return x.emit(elem, attr, ref, off)
	}
	x.coded = true
	err := x.emit(elem, attr, ref, off)
	x.coded = false
	return err
}

// refreshURL returns the URL of a refresh's content, as the HTML
// Standard's "shared declarative refresh steps" (section 4.2.5.3) read
// it, and false when it names none (a refresh of the document itself:
// "5") or is no refresh ("x").
func refreshURL(v []byte) ([]byte, bool) {
	i := skipASCIISpace(v, 0)
	start := i
	for i < len(v) && '0' <= v[i] && v[i] <= '9' {
		i++
	}
	if i == start && (i >= len(v) || v[i] != '.') {
		return nil, false
	}
	for i < len(v) && ('0' <= v[i] && v[i] <= '9' || v[i] == '.') {
		i++
	}
	if i >= len(v) {
		return nil, false
	}
	if c := v[i]; c != ';' && c != ',' && !isASCIISpace(c) {
		return nil, false
	}
	i = skipASCIISpace(v, i)
	if i < len(v) && (v[i] == ';' || v[i] == ',') {
		i++
	}
	i = skipASCIISpace(v, i)
	if i >= len(v) {
		return nil, false
	}
	url := v[i:]
	// "url" ... "=": each step that does not match jumps to "skip
	// quotes" (u, r, l) or to "parse" (=), as the steps are written.
	j := i
	for _, c := range []byte("url") {
		if j >= len(v) || v[j]|0x20 != c {
			goto skipQuotes
		}
		j++
	}
	j = skipASCIISpace(v, j)
	if j >= len(v) || v[j] != '=' {
		return htmlbase.TrimSpace(url), true
	}
	j = skipASCIISpace(v, j+1)
skipQuotes:
	url = v[j:]
	if j < len(v) && (v[j] == '"' || v[j] == '\'') {
		url = v[j+1:]
		if k := bytes.IndexByte(url, v[j]); k >= 0 {
			url = url[:k]
		}
	}
	return htmlbase.TrimSpace(url), true
}

func isASCIISpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

func skipASCIISpace(v []byte, i int) int {
	for i < len(v) && isASCIISpace(v[i]) {
		i++
	}
	return i
}
