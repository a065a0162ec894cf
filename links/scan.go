package links

import (
	"bytes"
	"fmt"
	"io"

	"github.com/relurl/relurl/limits"
	"golang.org/x/net/html"
)

// The scanner: the reading of Extract and ExtractBytes. It finds the
// tokens that golang.org/x/net/html's Tokenizer finds (token.go, itself
// after WHATWG HTML section 13.2.5), at the same boundaries, but looks
// only at what a link or the base depends on: it jumps over text with
// bytes.IndexByte, reads no attribute of an element without URL-valued
// ones, and allocates nothing per token. The differential tests (scan_test.go) and
// FuzzScanner hold it to the reference reading (reference.go).
//
// Text is never held, whatever its length: neither text between tags
// nor the raw text of script, title and the like, which the Tokenizer
// holds (and fails on past its SetMaxBuf). A tag, a comment or the
// content of a noscript element (read again for its links) or of a style
// element (read for its CSS) is held whole while it is read, up to the
// Token limit; a longer one ends the reading with a *LimitError.

// A scanState is a window on a document: b holds the bytes from the
// document's offset off, of which those before pos have been read.
type scanState struct {
	b      []byte
	pos    int
	eof    bool   // no bytes follow b
	off    int64  // the document's offset of b[0]
	rawTag string // the element whose raw text comes next, or ""
	// rawSeen tells that some of the current raw text has been read (and
	// dropped: only noscript's is held); script is the script data state
	// in which the reading of a script's raw text resumes.
	rawSeen bool
	script  uint8
	r       io.Reader
	rerr    error // the reading error that ended the input (io.EOF at the end)
	// element is the Element of the Token limit's error: "" for an HTML
	// token, "css" for a style sheet's.
	element string
}

// minScanBuf is the size of the scanner's first buffer (a variable for
// the tests, which make it tiny to exercise the refills).
var minScanBuf = 64 << 10

// scan reads the document of r with the scanner.
func (x *Extractor) scan(r io.Reader) error {
	s := &scanState{r: r, b: x.sbuf[:0]}
	defer func() { x.sbuf = s.b[:0] }()
	for {
		more, err := x.scanTokens(s, 0)
		if err != nil || !more {
			if err == nil && s.rerr != io.EOF {
				err = fmt.Errorf("reading HTML: %w", s.rerr)
			}
			return err
		}
		if err := x.fill(s); err != nil {
			return err
		}
	}
}

// fill drops the bytes of s that have been read and reads more: as many
// as the buffer holds, at least one or the end of the input. The buffer
// doubles when the token being read fills half of it, so that reading a
// token again from its start after each fill costs linear time.
func (x *Extractor) fill(s *scanState) error {
	held := len(s.b) - s.pos
	if held > x.lim.Token {
		return x.tokenLimit(s, s.pos)
	}
	buf := s.b[:cap(s.b)]
	if size := max(minScanBuf, min(2*len(buf), x.lim.Token+minScanBuf)); len(buf) < minScanBuf || held > len(buf)/2 && size > len(buf) {
		buf = make([]byte, size)
	}
	copy(buf, s.b[s.pos:])
	s.off += int64(s.pos)
	s.pos = 0
	// Fill the buffer: a token read again from its start must have at
	// least twice the bytes it had, whatever the reader's pace.
	n := held
	for empty := 0; n < len(buf); {
		m, err := s.r.Read(buf[n:])
		n += m
		if err != nil {
			s.eof, s.rerr = true, err
			break
		}
		if m > 0 {
			empty = 0
		} else if empty++; empty == 100 {
			s.eof, s.rerr = true, io.ErrNoProgress
			break
		}
	}
	s.b = buf[:n]
	return nil
}

// tokenLimit returns the error for a token at s.b[i] longer than the
// Token limit.
func (x *Extractor) tokenLimit(s *scanState, i int) error {
	return &LimitError{Offset: s.off + int64(i), Element: s.element, Err: &limits.Error{Limit: "Token", Max: int64(x.lim.Token)}}
}

// scanTokens reads the tokens of s from s.pos, depth being the number of
// <noscript> elements whose content s is (as for tokens). It returns
// more when it needs bytes beyond s.b to go on, s.pos being then the
// start of the token it could not read whole.
func (x *Extractor) scanTokens(s *scanState, depth int) (more bool, err error) {
	b := s.b
	for {
		i := s.pos
		if s.rawTag != "" {
			var end, at int
			var ok bool
			switch s.rawTag {
			case "script":
				end, ok, s.script, at = scriptEnd(b, i, s.eof, s.script)
			case "plaintext":
				end, ok, at = len(b), s.eof, len(b)
			default:
				end, ok, at = rawEnd(b, i, s.rawTag, s.eof)
			}
			// Only the contents of noscript (read again) and style
			// (CSS) are held; other raw text is dropped as it is read,
			// however long.
			keep := s.rawTag == "noscript" || s.rawTag == "style"
			if !ok {
				if !keep && at > i {
					s.pos = at
					if err := x.rawText(s, depth, "", b[i:at], 0); err != nil {
						return false, err
					}
				}
				return true, nil
			}
			if keep && end-i > x.lim.Token {
				return false, x.tokenLimit(s, i)
			}
			tag := s.rawTag
			s.rawTag, s.pos, s.script = "", end, 0
			if end > i {
				if err := x.rawText(s, depth, tag, b[i:end], s.off+int64(i)); err != nil {
					return false, err
				}
			}
			s.rawSeen = false
			continue
		}
		if i >= len(b) {
			return !s.eof, nil
		}
		if s.off+int64(i) == 0 && len(b) < len(bom) && !s.eof && depth == 0 {
			// A byte order mark is not text (HeadTracker.Text): it is
			// seen whole.
			return true, nil
		}
		lt := i
		if b[i] != '<' {
			// Most text between tags of link-dense pages is short: a
			// look at the next bytes spares the call.
			if lt++; lt < len(b) && b[lt] != '<' {
				j := bytes.IndexByte(b[lt:], '<')
				if j < 0 {
					s.pos = len(b)
					return !s.eof, x.text(depth, b[i:])
				}
				lt += j
			} else if lt == len(b) {
				s.pos = len(b)
				return !s.eof, x.text(depth, b[i:])
			}
		}
		if lt+1 >= len(b) {
			if err := x.text(depth, b[i:lt]); err != nil {
				return false, err
			}
			s.pos = lt
			if !s.eof {
				return true, nil
			}
			s.pos = len(b)
			return false, x.text(depth, b[lt:])
		}
		c := b[lt+1]
		if !isLetter(c) && c != '/' && c != '!' && c != '?' {
			// The '<' is text; the next byte is read again.
			s.pos = lt + 1
			if err := x.text(depth, b[i:lt+1]); err != nil {
				return false, err
			}
			continue
		}
		if lt > i {
			if err := x.text(depth, b[i:lt]); err != nil {
				return false, err
			}
		}
		s.pos = lt
		end := -1     // the end of the token, or -1 when b ends first
		other := true // a comment or doctype
		switch c {
		case '/':
			if lt+2 >= len(b) {
				if !s.eof {
					return true, nil
				}
				s.pos = len(b)
				return false, x.text(depth, b[lt:])
			}
			switch c2 := b[lt+2]; {
			case c2 == '>':
				end = lt + 3
			case isLetter(c2):
				other = false
				if end = nameEnds(b, lt+3); end < len(b) && b[end] == '>' {
					// Most end tags are a name and '>': no call for them.
					end++
				} else {
					end, _ = tagAttrs(b, end)
				}
				if end >= 0 {
					if err := x.endTag(depth, b[lt+1:end]); err != nil {
						return false, err
					}
				}
			default:
				end = bogusEnd(b, lt+2, s.eof)
			}
		case '?':
			end = bogusEnd(b, lt+1, s.eof)
		case '!':
			if lt+3 >= len(b) {
				if s.eof {
					end = len(b)
				}
			} else if b[lt+2] == '-' && b[lt+3] == '-' {
				end = commentEnd(b, lt+4, s.eof)
			} else {
				end = bogusEnd(b, lt+2, s.eof)
			}
		default:
			other = false
			var nameEnd int
			var keys uint64
			if nameEnd = nameEnds(b, lt+2); nameEnd < len(b) && b[nameEnd] == '>' {
				// A tag without attributes ends with its name: no call.
				end = nameEnd + 1
				if name := b[lt+1 : nameEnd]; x.final && end-lt <= x.lim.Token && !mayBeRaw(name) &&
					!(x.Context && len(name) == 1 && name[0]|0x20 == 'a') {
					// Nor any to startTag: it has no links, the head has
					// ended, its content is no raw text and it opens no
					// anchor; it ends the anchor's text token.
					if x.anchor.open && len(x.anchor.raw) > 0 {
						x.anchorTokenEnd()
					}
					s.pos = end
					continue
				}
			} else {
				end, keys = tagAttrs(b, nameEnd)
			}
			if end-lt > x.lim.Token {
				return false, x.tokenLimit(s, lt)
			} else if end >= 0 {
				if err := x.startTag(s, depth, lt, nameEnd, end, keys); err != nil {
					return false, err
				}
			}
		}
		if end-lt > x.lim.Token {
			return false, x.tokenLimit(s, lt)
		}
		if other && end >= 0 {
			x.other(depth)
		}
		if end < 0 {
			if !s.eof {
				return true, nil
			}
			// A tag cut off by the end of the input is no token.
			s.pos = len(b)
			return false, nil
		}
		s.pos = end
	}
}

const bom = "\xef\xbb\xbf"

// text observes a run of text (in the data state). Only the head's
// text and an anchor's matter: the test is small enough to be inlined,
// the rest is not.
func (x *Extractor) text(depth int, t []byte) error {
	if x.final && !x.anchor.open {
		return nil
	}
	return x.textSlow(depth, t)
}

// textSlow is the text of an anchor, or before the head has ended (the
// base is not final) the head's, which may end it.
func (x *Extractor) textSlow(depth int, t []byte) error {
	if x.anchor.open {
		x.anchorRaw(t)
	}
	if x.final || depth > 0 || len(t) == 0 {
		return nil
	}
	if x.head.Text(t) {
		return x.finish()
	}
	return nil
}

// other observes a comment or a doctype.
func (x *Extractor) other(depth int) {
	if x.anchor.open && len(x.anchor.raw) > 0 {
		x.anchorTokenEnd()
	}
	if !x.final && depth == 0 {
		x.head.Other()
	}
}

// endTag observes an end tag whose raw bytes, without the '<', are raw.
// Only the head's end tags and an anchor's matter: the test is small
// enough to be inlined, the rest is not.
func (x *Extractor) endTag(depth int, raw []byte) error {
	if x.final && !x.anchor.open {
		return nil
	}
	return x.endTagSlow(depth, raw)
}

// endTagSlow is an end tag inside an anchor (which </a> ends), or before
// the head has ended (the base is not final) the head's, which may end it.
func (x *Extractor) endTagSlow(depth int, raw []byte) error {
	if x.anchor.open {
		if len(x.anchor.raw) > 0 {
			x.anchorTokenEnd()
		}
		// raw is "/a" and a byte that ends the name, for </a>.
		if len(raw) > 2 && raw[1]|0x20 == 'a' && nameEnd[raw[2]] {
			if err := x.endAnchor(); err != nil {
				return err
			}
		}
	}
	if x.final || depth > 0 {
		return nil
	}
	return x.headEndTag(raw)
}

func (x *Extractor) headEndTag(raw []byte) error {
	if x.head.Tag(html.EndTagToken, rawTagName(raw, &x.name)) {
		return x.finish()
	}
	return nil
}

// startTag reads the start tag s.b[lt:end], whose name ends at
// s.b[nameEnd], as tokens does; keys is the signature of its attributes'
// names (keySig).
func (x *Extractor) startTag(s *scanState, depth, lt, nameEnd, end int, keys uint64) error {
	raw := s.b[lt:end]
	name := lowerName(s.b[lt+1:nameEnd], &x.name)
	hasAttr := end-nameEnd > 1 // more than "<name>"
	s.rawTag = rawElement(name)
	if x.anchor.open && len(x.anchor.raw) > 0 {
		x.anchorTokenEnd()
	}
	if !x.final && depth == 0 {
		if x.head.Tag(html.StartTagToken, name) {
			if err := x.finish(); err != nil {
				return err
			}
		} else if hasAttr && x.head.IsBase(name) {
			return x.baseHref(tagTokenizer(raw), s.off+int64(lt))
		}
	}
	if x.Context && string(name) == "a" {
		if err := x.startAnchor(); err != nil {
			return err
		}
	}
	if !hasAttr {
		return nil
	}
	return x.tagLinks(nil, raw, name, s.b[lt+1:nameEnd], keys, s.off+int64(lt))
}

// tagLinks emits the links of a start tag with attributes, whose raw
// bytes are raw, whose name is name (lowered by lowerName) and written
// is its name as written; z is the Tokenizer on it or nil (attrs).
// keys is the signature of its attributes' names (keySig): the
// attributes whose signature is not in it are not looked for.
func (x *Extractor) tagLinks(z *html.Tokenizer, raw, name, written []byte, keys uint64, off int64) error {
	if spec := lookup(name); spec != nil {
		return x.attrs(z, spec, spec.name, raw, len(written), keys, off)
	}
	if keys&styleSig != 0 {
		return x.attrs(z, &anyElement, x.elemName(written), raw, len(written), keys, off)
	}
	return nil
}

// keySig returns the bit of an attribute name's signature: a hash of its
// length and first byte (lowered), which sets apart the names the
// element table looks for from most others. A tag's signature, the bits
// of all its attributes' names, tells which of them it cannot have:
// most tags have none of their element's rarer attributes (style,
// lowsrc, xlink:href, http-equiv...), and the reading of a tag's
// attributes stops once all those it may have are found.
func keySig(n int, first byte) uint64 {
	return 1 << ((uint(n)*31 + uint(first|0x20)) & 63)
}

var styleSig = keySig(len("style"), 's')

// allKeys is the signature that excludes no attribute, for a tag read
// by the Tokenizer.
const allKeys = ^uint64(0)

// rawText observes raw text t of the element tag, at offset off: the
// whole text, or a part of it that is dropped ("" for tag).
func (x *Extractor) rawText(s *scanState, depth int, tag string, t []byte, off int64) error {
	if !s.rawSeen {
		// The Tokenizer's text token: for the head, one is as good as
		// all of it.
		s.rawSeen = true
		if !x.final && depth == 0 && x.head.Text(t) {
			if err := x.finish(); err != nil {
				return err
			}
		}
	}
	if tag == "style" {
		return x.cssLinks(t, "style", "url", "import", off)
	}
	if tag != "noscript" {
		return nil
	}
	if depth >= x.lim.Noscript {
		x.deepNoscript(off, len(t))
		return nil
	}
	inner := scanState{b: t, eof: true, off: off}
	_, err := x.scanTokens(&inner, depth+1)
	return err
}

// mayBeRaw reports whether a tag name as written may be one that
// rawElement names, by its length and, for three letters (xmp), its
// first: most names (a, p, li, td, code, span, div) are not.
func mayBeRaw(name []byte) bool {
	switch len(name) {
	case 1, 2, 4:
		return false
	case 3:
		return name[0]|0x20 == 'x'
	}
	return true
}

// rawElement returns the name of an element whose content the Tokenizer
// reads as raw text (or RCDATA: the same for links), or "".
func rawElement(name []byte) string {
	switch string(name) {
	case "iframe":
		return "iframe"
	case "noembed":
		return "noembed"
	case "noframes":
		return "noframes"
	case "noscript":
		return "noscript"
	case "plaintext":
		return "plaintext"
	case "script":
		return "script"
	case "style":
		return "style"
	case "textarea":
		return "textarea"
	case "title":
		return "title"
	case "xmp":
		return "xmp"
	}
	return ""
}

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// nameEnds returns the end of the tag name of which b[i] is the second
// byte (readTagName): the first white space, '/' or '>' from b[i], or
// len(b).
func nameEnds(b []byte, i int) int {
	for i < len(b) && tagClass[b[i]]&endsName == 0 {
		i++
	}
	return i
}

// tagAttrs returns the end of the tag whose name ends at b[i] (nameEnds),
// after its '>', or -1 when b ends first, and the signature of its
// attributes' names (keySig). It follows the Tokenizer's readTag: the
// attributes are read, so that a '>' inside a quoted value does not end
// the tag.
func tagAttrs(b []byte, i int) (end int, keys uint64) {
	n := len(b)
	if i >= n {
		return -1, 0
	}
	// White space after the name is consumed; '/' and '>' are not.
	if tagClass[b[i]]&space != 0 {
		i++
	}
	for {
		for i < n && tagClass[b[i]]&space != 0 {
			i++
		}
		if i >= n {
			return -1, 0
		}
		if b[i] == '>' {
			return i + 1, keys
		}
		// readTagAttrKey: "=" may start a key.
		ks := i
		if b[i] == '=' {
			i++
		}
		for i < n && tagClass[b[i]]&endsKey == 0 {
			i++
		}
		if i > ks {
			keys |= keySig(i-ks, b[ks])
		}
		// readTagAttrVal.
		for i < n && tagClass[b[i]]&space != 0 {
			i++
		}
		if i >= n {
			return -1, 0
		}
		switch b[i] {
		case '/':
			i++
			continue
		case '=':
			i++
		default:
			continue
		}
		for i < n && tagClass[b[i]]&space != 0 {
			i++
		}
		if i >= n {
			return -1, 0
		}
		switch q := b[i]; q {
		case '>':
		case '"', '\'':
			j := bytes.IndexByte(b[i+1:], q)
			if j < 0 {
				return -1, 0
			}
			i += j + 2
		default:
			for i++; i < n && tagClass[b[i]]&endsValue == 0; i++ {
			}
			if i >= n {
				return -1, 0
			}
			if b[i] != '>' {
				i++ // white space ends the value and is consumed
			}
		}
	}
}

// The classes of bytes in a tag, for nameEnds and tagAttrs.
const (
	space     = 1 << iota // HTML white space
	endsName              // ends a tag name: white space, '/', '>'
	endsKey               // ends an attribute name: white space, '/', '>', '='
	endsValue             // ends an unquoted value: white space, '>'
)

var tagClass = func() (t [256]uint8) {
	for _, c := range []byte(" \t\n\r\f") {
		t[c] = space | endsName | endsKey | endsValue
	}
	t['/'] = endsName | endsKey
	t['>'] = endsName | endsKey | endsValue
	t['='] = endsKey
	return t
}()

// bogusEnd returns the end of a bogus comment whose content starts at
// b[i] (readUntilCloseAngle): after the next '>', or the end of the input
// (eof), or -1 when b ends first.
func bogusEnd(b []byte, i int, eof bool) int {
	if j := bytes.IndexByte(b[i:], '>'); j >= 0 {
		return i + j + 1
	}
	if eof {
		return len(b)
	}
	return -1
}

// commentEnd returns the end of a comment whose content starts at b[i],
// after "<!--", as the Tokenizer's readComment finds it: "-->", "--!>",
// or "<!-->", "<!--->" (the content only dashes).
func commentEnd(b []byte, i int, eof bool) int {
	dashes, beginning := 0, true
	for n := len(b); i < n; {
		c := b[i]
		i++
		switch c {
		case '-':
			dashes++
			continue
		case '>':
			if dashes >= 2 || beginning {
				return i
			}
		case '!':
			if dashes >= 2 {
				if i >= n {
					break
				}
				c = b[i]
				i++
				if c == '>' {
					return i
				}
				if c == '-' {
					dashes, beginning = 1, false
					continue
				}
			}
		}
		dashes, beginning = 0, false
	}
	if eof {
		return len(b)
	}
	return -1
}

// rawEnd returns the end of the raw text (or RCDATA) of the element tag
// starting at b[i]: the '<' of the end tag "</tag" followed by white
// space, '/' or '>' (readRawOrRCDATA and readRawEndTag), or the end of
// the input. ok is false when b ends before either; the search resumes
// at b[at] when more bytes have come.
func rawEnd(b []byte, i int, tag string, eof bool) (end int, ok bool, at int) {
	n := len(b)
	for {
		j := bytes.IndexByte(b[i:], '<')
		if j < 0 {
			return n, eof, n
		}
		lt := i + j
		if lt+1 >= n {
			return n, eof, lt
		}
		if b[lt+1] != '/' {
			i = lt + 1
			continue
		}
		k, matched := rawEndTag(b, lt+2, tag)
		if k >= n {
			return n, eof, lt
		}
		if matched {
			return lt, true, lt
		}
		i = k
	}
}

// rawEndTag reads the name of a possible end tag of the element tag at
// b[i], after "</", as readRawEndTag does: it reports whether the name and
// one byte after it (white space, '/' or '>') match, and else the index of
// the first byte that does not (to be read again), or len(b) when b ends
// first.
func rawEndTag(b []byte, i int, tag string) (k int, matched bool) {
	for m := 0; m < len(tag); m++ {
		if i+m >= len(b) {
			return len(b), false
		}
		if c := b[i+m]; c != tag[m] && c != tag[m]-('a'-'A') {
			return i + m, false
		}
	}
	k = i + len(tag)
	if k >= len(b) {
		return len(b), false
	}
	switch b[k] {
	case ' ', '\n', '\r', '\t', '\f', '/', '>':
		return k, true
	}
	return k, false
}

// The script data states where scriptEnd resumes.
const (
	scriptData = iota
	scriptEscaped
	scriptEscapedDash
	scriptEscapedDashDash
	scriptDoubleEscaped
	scriptDoubleEscapedDash
	scriptDoubleEscapedDashDash
)

// scriptEnd returns the end of a script element's raw text, read from
// b[i] in state st, following the Tokenizer's readScript (the script data
// states of WHATWG HTML section 13.2.5.4 to 13.2.5.33, escaped and double
// escaped "<!--" sections included): the '<' of the end tag, or the end
// of the input. ok is false when b ends before either; the reading
// resumes at b[at] in state rst when more bytes have come.
func scriptEnd(b []byte, i int, eof bool, st uint8) (end int, ok bool, rst uint8, at int) {
	n := len(b)
	var c byte
	var k, lt int
	var matched bool
	more := func(st uint8, at int) (int, bool, uint8, int) { return n, eof, st, at }
	switch st {
	case scriptEscaped:
		goto escaped
	case scriptEscapedDash:
		goto escapedDash
	case scriptEscapedDashDash:
		goto escapedDashDash
	case scriptDoubleEscaped:
		goto doubleEscaped
	case scriptDoubleEscapedDash:
		goto doubleEscapedDash
	case scriptDoubleEscapedDashDash:
		goto doubleEscapedDashDash
	}

data:
	if j := bytes.IndexByte(b[i:], '<'); j >= 0 {
		lt = i + j
		i = lt + 1
	} else {
		return more(scriptData, n)
	}
	// scriptDataLessThanSign
	if i >= n {
		return more(scriptData, lt)
	}
	c = b[i]
	i++
	switch c {
	case '/':
		// scriptDataEndTagOpen
		if k, matched = rawEndTag(b, i, "script"); k >= n {
			return more(scriptData, lt)
		} else if matched {
			return lt, true, 0, lt
		}
		i = k
		goto data
	case '!':
		// scriptDataEscapeStart, scriptDataEscapeStartDash
		for range 2 {
			if i >= n {
				return more(scriptData, lt)
			}
			if b[i] != '-' {
				goto data
			}
			i++
		}
		goto escapedDashDash
	}
	i--
	goto data

escaped:
	if i >= n {
		return more(scriptEscaped, i)
	}
	c = b[i]
	i++
	switch c {
	case '-':
		goto escapedDash
	case '<':
		lt = i - 1
		goto escapedLessThanSign
	}
	goto escaped

escapedDash:
	if i >= n {
		return more(scriptEscapedDash, i)
	}
	c = b[i]
	i++
	switch c {
	case '-':
		goto escapedDashDash
	case '<':
		lt = i - 1
		goto escapedLessThanSign
	}
	goto escaped

escapedDashDash:
	if i >= n {
		return more(scriptEscapedDashDash, i)
	}
	c = b[i]
	i++
	switch c {
	case '-':
		goto escapedDashDash
	case '<':
		lt = i - 1
		goto escapedLessThanSign
	case '>':
		goto data
	}
	goto escaped

escapedLessThanSign:
	// Reached from the three escaped states on '<', as scriptEscaped
	// reading b[lt] == '<' would: it resumes there.
	if i >= n {
		return more(scriptEscaped, lt)
	}
	c = b[i]
	i++
	if c == '/' {
		// scriptDataEscapedEndTagOpen
		if k, matched = rawEndTag(b, i, "script"); k >= n {
			return more(scriptEscaped, lt)
		} else if matched {
			return lt, true, 0, lt
		}
		i = k
		goto escaped
	}
	if isLetter(c) {
		// scriptDataDoubleEscapeStart: "script" and a delimiter.
		i--
		for m := 0; m < len("script"); m++ {
			if i >= n {
				return more(scriptEscaped, lt)
			}
			if c = b[i]; c != "script"[m] && c != "SCRIPT"[m] {
				goto escaped
			}
			i++
		}
		if i >= n {
			return more(scriptEscaped, lt)
		}
		switch b[i] {
		case ' ', '\n', '\r', '\t', '\f', '/', '>':
			i++
			goto doubleEscaped
		}
		goto escaped
	}
	i--
	goto data

doubleEscaped:
	if i >= n {
		return more(scriptDoubleEscaped, i)
	}
	c = b[i]
	i++
	switch c {
	case '-':
		goto doubleEscapedDash
	case '<':
		lt = i - 1
		goto doubleEscapedLessThanSign
	}
	goto doubleEscaped

doubleEscapedDash:
	if i >= n {
		return more(scriptDoubleEscapedDash, i)
	}
	c = b[i]
	i++
	switch c {
	case '-':
		goto doubleEscapedDashDash
	case '<':
		lt = i - 1
		goto doubleEscapedLessThanSign
	}
	goto doubleEscaped

doubleEscapedDashDash:
	if i >= n {
		return more(scriptDoubleEscapedDashDash, i)
	}
	c = b[i]
	i++
	switch c {
	case '-':
		goto doubleEscapedDashDash
	case '<':
		lt = i - 1
		goto doubleEscapedLessThanSign
	case '>':
		goto data
	}
	goto doubleEscaped

doubleEscapedLessThanSign:
	// Resumes as scriptDoubleEscaped reading b[lt] == '<'.
	if i >= n {
		return more(scriptDoubleEscaped, lt)
	}
	c = b[i]
	i++
	if c != '/' {
		i--
		goto doubleEscaped
	}
	// scriptDataDoubleEscapeEnd
	if k, matched = rawEndTag(b, i, "script"); k >= n {
		return more(scriptDoubleEscaped, lt)
	} else if matched {
		i = k + 1
		goto escaped
	}
	i = k
	goto doubleEscaped
}
