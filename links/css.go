package links

import (
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/relurl/relurl"
	"github.com/relurl/relurl/base"
	"github.com/relurl/relurl/internal/htmlbase"
)

// CSS: the links of style sheets (<style>, CSS documents) and of style
// attributes, found by the tokenization of CSS Syntax Module Level 3
// (section 4, "Tokenization"): a url() token, or the function url( with
// a string, is a link; so is the string or url after @import. Comments,
// strings and escapes are read as the tokenizer reads them, so that
// "/* url(x) */" and "'url(x)'" hold no link and "u\72l(x)" does; an
// empty one, url() or url(""), is no link.
//
// Only the tokens a link depends on are told apart; the tokenizer works
// on bytes, non-ASCII bytes being, as the code points they encode, name
// code points. The input is preprocessed (section 3.3) as it is read: CR,
// CR LF and FF are newlines, NUL is U+FFFD. The tests hold it to
// github.com/tdewolff/parse/v2/css's tokenizer.

// The tokens that matter.
const (
	cssOther      = iota // any other token
	cssSpace             // whitespace
	cssURL               // a url token: val is its value
	cssBadURL            // a bad url token
	cssString            // a string token: val is its value
	cssFunction          // a function token: val is its name
	cssAtKeyword         // an at-keyword token: val is its name
	cssCloseParen        // ')'
	cssEOF
)

// A cssTokenizer reads the tokens of b[i:]. When eof is false, more bytes
// may follow b: a token that reaches its end sets short, to be read again
// once more have come.
type cssTokenizer struct {
	b     []byte
	i     int
	eof   bool
	short bool
	val   []byte // the value of the last url, string, function or at-keyword token
	// scanned counts the bytes of the tokens read, those read again
	// after a refill included, for the test that the time is linear.
	scanned int64
}

// at returns b[i], or 0 past the end (EOF), noting a look past the end
// of a buffer that more bytes may follow.
func (t *cssTokenizer) at(i int) byte {
	if i < len(t.b) {
		return t.b[i]
	}
	if !t.eof {
		t.short = true
	}
	return 0
}

func (t *cssTokenizer) more(i int) bool {
	if i < len(t.b) {
		return true
	}
	if !t.eof {
		t.short = true
	}
	return false
}

func isCSSNewline(c byte) bool { return c == '\n' || c == '\r' || c == '\f' }

func isCSSSpace(c byte) bool { return c == ' ' || c == '\t' || isCSSNewline(c) }

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isNameStart: an ident-start code point (a letter, '_' or non-ASCII).
func isNameStart(c byte) bool { return isLetter(c) || c == '_' || c >= utf8.RuneSelf }

// isName: an ident code point.
func isName(c byte) bool { return isNameStart(c) || isDigit(c) || c == '-' }

// validEscape reports whether b[i:] starts with a valid escape (section
// 4.3.8).
func (t *cssTokenizer) validEscape(i int) bool {
	if !t.more(i) || t.b[i] != '\\' {
		return false
	}
	return t.more(i+1) && !isCSSNewline(t.b[i+1]) || !t.more(i+1) && t.eof
}

// startsIdent reports whether b[i:] would start an ident sequence
// (section 4.3.9).
func (t *cssTokenizer) startsIdent(i int) bool {
	if !t.more(i) {
		return false
	}
	switch c := t.b[i]; {
	case c == '-':
		if !t.more(i + 1) {
			return false
		}
		c2 := t.b[i+1]
		return isNameStart(c2) || c2 == '-' || t.validEscape(i+1)
	case isNameStart(c):
		return true
	case c == '\\':
		return t.validEscape(i)
	}
	return false
}

// startsNumber reports whether b[i:] starts a number (section 4.3.10).
func (t *cssTokenizer) startsNumber(i int) bool {
	c := t.at(i)
	if c == '+' || c == '-' {
		i++
		c = t.at(i)
	}
	if isDigit(c) {
		return true
	}
	return c == '.' && isDigit(t.at(i+1))
}

// escape consumes the escaped code point after the '\' at b[i-1]
// (section 4.3.7), appending it to val if keep, and returns the index
// after it.
func (t *cssTokenizer) escape(i int, keep bool) int {
	if !t.more(i) {
		if keep {
			t.val = utf8.AppendRune(t.val, utf8.RuneError)
		}
		return i
	}
	c := t.b[i]
	if !isHex(c) {
		n := 1
		r := rune(c)
		if c >= utf8.RuneSelf {
			r, n = utf8.DecodeRune(t.b[i:])
			if r == utf8.RuneError && n == 1 && !utf8.FullRune(t.b[i:]) && !t.eof {
				t.short = true
			}
		} else if c == 0 {
			r = utf8.RuneError
		}
		if keep {
			if r == utf8.RuneError && n == 1 {
				t.val = append(t.val, c) // an invalid byte stays as it is
			} else {
				t.val = utf8.AppendRune(t.val, r)
			}
		}
		return i + n
	}
	var r rune
	j := i
	for j < i+6 && t.more(j) && isHex(t.b[j]) {
		r = r<<4 | rune(hexValue(t.b[j]))
		j++
	}
	if t.more(j) && isCSSSpace(t.b[j]) {
		if t.b[j] == '\r' && t.at(j+1) == '\n' {
			j++
		}
		j++
	}
	if r == 0 || 0xD800 <= r && r <= 0xDFFF || r > utf8.MaxRune {
		r = utf8.RuneError
	}
	if keep {
		t.val = utf8.AppendRune(t.val, r)
	}
	return j
}

func hexValue(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c | 0x20 - 'a' + 10
}

// name consumes an ident sequence from b[i] into val (section 4.3.11).
func (t *cssTokenizer) name(i int) int {
	t.val = t.val[:0]
	for t.more(i) {
		switch c := t.b[i]; {
		case isName(c):
			t.val = append(t.val, c)
			i++
		case t.validEscape(i):
			i = t.escape(i+1, true)
		default:
			return i
		}
	}
	return i
}

// next reads the next token, comments skipped.
func (t *cssTokenizer) next() int {
	b := t.b
	i := t.i
	// Comments (section 4.3.2).
	for t.at(i) == '/' && t.at(i+1) == '*' {
		j := indexComment(b[i+2:])
		if j < 0 {
			if !t.eof {
				t.short = true
			}
			t.i = len(b)
			return cssEOF
		}
		i += 2 + j + 2
	}
	if !t.more(i) {
		t.i = i
		return cssEOF
	}
	c := b[i]
	tok := cssOther
	switch {
	case isCSSSpace(c):
		for i++; t.more(i) && isCSSSpace(b[i]); i++ {
		}
		tok = cssSpace
	case c == '"' || c == '\'':
		i, tok = t.str(i+1, c)
	case c == '#':
		if t.more(i+1) && isName(b[i+1]) || t.validEscape(i+1) {
			i = t.name(i + 1)
		} else {
			i++
		}
	case c == ')':
		i++
		tok = cssCloseParen
	case c == '+' || c == '.':
		if t.startsNumber(i) {
			i = t.numeric(i)
		} else {
			i++
		}
	case c == '-':
		switch {
		case t.startsNumber(i):
			i = t.numeric(i)
		case t.at(i+1) == '-' && t.at(i+2) == '>':
			i += 3
		case t.startsIdent(i):
			i, tok = t.identLike(i)
		default:
			i++
		}
	case c == '<':
		if t.at(i+1) == '!' && t.at(i+2) == '-' && t.at(i+3) == '-' {
			i += 4
		} else {
			i++
		}
	case c == '@':
		if t.startsIdent(i + 1) {
			i = t.name(i + 1)
			tok = cssAtKeyword
		} else {
			i++
		}
	case c == '\\':
		if t.validEscape(i) {
			i, tok = t.identLike(i)
		} else {
			i++
		}
	case isDigit(c):
		i = t.numeric(i)
	case isNameStart(c):
		i, tok = t.identLike(i)
	default:
		i++
	}
	t.i = i
	return tok
}

// indexComment returns the index of "*/" in b, or -1.
func indexComment(b []byte) int {
	for i := 0; i+1 < len(b); i++ {
		if b[i] == '*' && b[i+1] == '/' {
			return i
		}
	}
	return -1
}

// numeric consumes a numeric token from b[i] (section 4.3.3): a number,
// then a unit (which may be "url": "1url(x)" is no url).
func (t *cssTokenizer) numeric(i int) int {
	b := t.b
	if c := b[i]; c == '+' || c == '-' {
		i++
	}
	for t.more(i) && isDigit(b[i]) {
		i++
	}
	if t.at(i) == '.' && isDigit(t.at(i+1)) {
		for i++; t.more(i) && isDigit(b[i]); i++ {
		}
	}
	if c := t.at(i); c == 'e' || c == 'E' {
		j := i + 1
		if c := t.at(j); c == '+' || c == '-' {
			j++
		}
		if isDigit(t.at(j)) {
			for i = j; t.more(i) && isDigit(b[i]); i++ {
			}
		}
	}
	if t.startsIdent(i) {
		return t.name(i)
	}
	if t.at(i) == '%' {
		i++
	}
	return i
}

// identLike consumes an ident-like token from b[i] (section 4.3.4).
func (t *cssTokenizer) identLike(i int) (int, int) {
	i = t.name(i)
	if t.at(i) != '(' {
		return i, cssOther
	}
	i++
	v := t.val
	if len(v) != 3 || v[0]|0x20 != 'u' || v[1]|0x20 != 'r' || v[2]|0x20 != 'l' {
		return i, cssFunction
	}
	// "url(": while the next two are whitespace, consume one; a quote
	// next, or after one whitespace, makes a function token.
	for isCSSSpace(t.at(i)) && isCSSSpace(t.at(i+1)) {
		i++
	}
	c := t.at(i)
	if c == '"' || c == '\'' || isCSSSpace(c) && (t.at(i+1) == '"' || t.at(i+1) == '\'') {
		return i, cssFunction
	}
	return t.url(i)
}

// url consumes a url token from b[i], after "url(" (section 4.3.6).
func (t *cssTokenizer) url(i int) (int, int) {
	b := t.b
	t.val = t.val[:0]
	for t.more(i) && isCSSSpace(b[i]) {
		i++
	}
	for {
		if !t.more(i) {
			return i, cssURL
		}
		c := b[i]
		switch {
		case c == ')':
			return i + 1, cssURL
		case isCSSSpace(c):
			for t.more(i) && isCSSSpace(b[i]) {
				i++
			}
			if !t.more(i) {
				return i, cssURL
			}
			if b[i] == ')' {
				return i + 1, cssURL
			}
			return t.badURL(i), cssBadURL
		case c == '"' || c == '\'' || c == '(' || c <= 0x08 && c != 0 || c == 0x0B || 0x0E <= c && c <= 0x1F || c == 0x7F:
			return t.badURL(i), cssBadURL
		case c == '\\':
			if !t.validEscape(i) {
				return t.badURL(i), cssBadURL
			}
			i = t.escape(i+1, true)
		case c == 0:
			t.val = utf8.AppendRune(t.val, utf8.RuneError)
			i++
		default:
			t.val = append(t.val, c)
			i++
		}
	}
}

// badURL consumes the remnants of a bad url (section 4.3.14).
func (t *cssTokenizer) badURL(i int) int {
	for t.more(i) {
		switch {
		case t.b[i] == ')':
			return i + 1
		case t.validEscape(i):
			i = t.escape(i+1, false)
		default:
			i++
		}
	}
	return i
}

// str consumes a string token from b[i], after its opening quote q
// (section 4.3.5).
func (t *cssTokenizer) str(i int, q byte) (int, int) {
	b := t.b
	t.val = t.val[:0]
	for {
		if !t.more(i) {
			return i, cssString
		}
		switch c := b[i]; {
		case c == q:
			return i + 1, cssString
		case isCSSNewline(c):
			return i, cssOther // a bad string: the newline is read again
		case c == '\\':
			switch {
			case !t.more(i + 1):
				i++
			case isCSSNewline(b[i+1]):
				i += 2
				if b[i-1] == '\r' && t.at(i) == '\n' {
					i++
				}
			default:
				i = t.escape(i+1, true)
			}
		case c == 0:
			t.val = utf8.AppendRune(t.val, utf8.RuneError)
			i++
		default:
			t.val = append(t.val, c)
			i++
		}
	}
}

// The states of cssLinks between tokens.
const (
	cssStart     = iota
	cssImport    // after @import: a string or url is a link
	cssURLFn     // after url(: a string is a link
	cssURLString // after url( and a string: a ')' makes it a link
	cssURLSkip   // inside url( after its string, up to a ")"
)

// A cssReader finds the links in the tokens of a style sheet: its state
// between tokens.
type cssReader struct {
	state    int
	imported bool   // the url( or string comes after @import
	pending  []byte // the string of url( waiting for its ')'
}

// step takes the next token, whose value is t.val, and returns the link
// it completes (import telling an @import), or nil. An empty url() or
// @import string is none: it must resolve to an invalid resource (CSS
// Values and Units Level 3, "Empty URLs"), not to the sheet or page.
func (r *cssReader) step(tok int, val []byte) (link []byte, isLink, imported bool) {
	if tok == cssSpace {
		return nil, false, false
	}
	state, imp := r.state, r.imported
	r.state, r.imported = cssStart, false
	switch state {
	case cssURLFn:
		switch tok {
		case cssString:
			r.pending = append(r.pending[:0], val...)
			r.state, r.imported = cssURLString, imp
			return nil, false, false
		case cssCloseParen, cssEOF:
		default:
			// url( and a bad string: not a url(), up to its ')'.
			r.state = cssURLSkip
			return nil, false, false
		}
	case cssURLString:
		if tok == cssCloseParen || tok == cssEOF {
			return r.pending, len(r.pending) > 0, imp
		}
		// url("x" and more: not a url() (CSS Values 4's modifiers
		// aside), and what follows up to its ')' is inside it.
		r.state = cssURLSkip
		return nil, false, false
	case cssURLSkip:
		if tok != cssCloseParen {
			r.state = cssURLSkip
		}
		return nil, false, false
	case cssImport:
		if tok == cssString {
			return val, len(val) > 0, true
		}
	}
	switch tok {
	case cssURL:
		return val, len(val) > 0, state == cssImport
	case cssFunction:
		if equalLower(val, "url") {
			r.state, r.imported = cssURLFn, state == cssImport
		}
	case cssAtKeyword:
		if equalLower(val, "import") {
			r.state = cssImport
		}
	}
	return nil, false, false
}

// cssLinks emits the links of the whole style sheet or declarations css
// (a style attribute's value, or a <style> element's text), as element
// elem: attribute urlAttr for a url, importAttr for an @import.
func (x *Extractor) cssLinks(css []byte, elem, urlAttr, importAttr string, off int64) error {
	t := &x.css
	t.b, t.i, t.eof, t.short = css, 0, true, false
	var r cssReader
	x.inCSS = true
	defer func() { t.b, x.inCSS = nil, false }()
	for {
		tok := t.next()
		if link, ok, imp := r.step(tok, t.val); ok {
			attr := urlAttr
			if imp {
				attr = importAttr
			}
			if err := x.emit(elem, attr, htmlbase.TrimSpace(link), off); err != nil {
				return err
			}
		}
		if tok == cssEOF {
			return nil
		}
	}
}

// ExtractCSS calls fn with each link of the CSS style sheet read from r
// (a text/css document), as Extract does for HTML: each url() is a link
// css@url, and the string or url() after an @import is a link
// css@import, resolved against outer (a style sheet sets no base of its
// own). A token (a comment, a string, a url, a run of white space)
// longer than Limits.Token ends the reading with a *LimitError (Element
// "css"); the links before it are passed on.
//
// Under relurl.WHATWG the style sheet is read in its character encoding,
// found by CSS Syntax Level 3 section 3.2: a byte order mark, then
// Extractor.Charset when it names an encoding, then a first line that is
// exactly `@charset "LABEL";`, else UTF-8 (docs/design.md#document-encoding).
// A sheet in another encoding is read decoded to UTF-8 (Link.Ref is in
// UTF-8; offsets count the decoded bytes). The queries of its links are
// encoded in UTF-8 whatever the sheet's encoding, as CSS parses URLs
// (CSS Values section 4.5). The RFCs read the bytes as they are.
func (x *Extractor) ExtractCSS(r io.Reader, outer base.Base, fn func(Link) error) error {
	x.fn, x.fnBytes = fn, nil
	return x.runCSS(r, outer)
}

// ExtractCSSBytes is ExtractCSS passing LinkBytes, as ExtractBytes.
func (x *Extractor) ExtractCSSBytes(r io.Reader, outer base.Base, fn func(*LinkBytes) error) error {
	x.fn, x.fnBytes = nil, fn
	return x.runCSS(r, outer)
}

func (x *Extractor) runCSS(rd io.Reader, outer base.Base) error {
	if x.Spec == relurl.WHATWG {
		// Under the URL Standard, as an HTML document is, the style
		// sheet is read in its encoding (body.SniffCSSEncoding: CSS
		// Syntax Level 3 section 3.2), so that its references are the
		// characters a browser reads; their queries stay UTF-8, as
		// runOther resolves them (see Extractor.Charset).
		_, rd = x.sniff.CSSText(rd, x.Charset)
		defer x.sniff.Reset()
	}
	return x.runOther(outer, func() error { return x.scanCSS(rd) })
}

// scanCSS reads a style sheet through the scanner's buffer: a token is
// read again from its start when the buffer ended in it.
func (x *Extractor) scanCSS(rd io.Reader) error {
	s := &scanState{r: rd, b: x.sbuf[:0], element: "css"}
	defer func() { x.sbuf = s.b[:0] }()
	t := &x.css
	defer func() { t.b = nil }()
	var r cssReader
	for {
		t.b, t.i, t.eof = s.b, s.pos, s.eof
		for {
			t.short = false
			start := t.i
			tok := t.next()
			t.scanned += int64(t.i - start)
			if t.short {
				t.i = start
				break
			}
			if t.i-start > x.lim.Token {
				// Read whole in the buffer, the token was not held
				// past the limit by fill, which tells the others.
				return x.tokenLimit(s, start)
			}
			if link, ok, imp := r.step(tok, t.val); ok {
				attr := "url"
				if imp {
					attr = "import"
				}
				if err := x.emit("css", attr, htmlbase.TrimSpace(link), s.off+int64(start)); err != nil {
					return err
				}
			}
			if tok == cssEOF {
				if s.rerr != io.EOF {
					return fmt.Errorf("reading CSS: %w", s.rerr)
				}
				return nil
			}
		}
		s.pos = t.i
		if err := x.fill(s); err != nil {
			return err
		}
	}
}
