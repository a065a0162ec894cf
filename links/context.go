package links

import (
	"bytes"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// AnchorTextMax is the most characters of an anchor text that
// Extractor.Context keeps, as Common Crawl's WAT files keep 128
// (Link.Text).
const AnchorTextMax = 128

// anchorRawMax bounds the raw text of one text token held for its
// anchor text before its character references are decoded: far more
// than AnchorTextMax characters need, whatever references write them
// (the longest named one is 33 bytes).
const anchorRawMax = 8 << 10

// An anchorState is the anchor text being read: that of the open <a>
// element, whose links are pending[from:].
type anchorState struct {
	open  bool
	from  int    // the first pending link of the anchor
	text  []byte // the text so far, white space collapsed, trimmed at the start
	chars int    // characters in text
	space bool   // white space follows text
	raw   []byte // the scanner: the current text token's raw bytes, white space collapsed
	dec   []byte // raw decoded
	rel   []byte // the <a>'s rel and title
	title []byte
	work  int64 // bytes looked at, for the test that the time is linear
}

func (a *anchorState) reset() {
	a.open, a.from, a.text, a.chars, a.space, a.raw = false, 0, a.text[:0], 0, false, a.raw[:0]
	a.rel, a.title = a.rel[:0], a.title[:0]
}

// startAnchor observes an <a> start tag under Context: it ends the open
// anchor, as a new <a> does in HTML, and opens one.
func (x *Extractor) startAnchor() error {
	if err := x.endAnchor(); err != nil {
		return err
	}
	x.anchor.reset()
	x.anchor.open, x.anchor.from = true, len(x.pending)
	return nil
}

// endAnchor ends the open anchor: its links get its text and are passed
// on when the base is final.
func (x *Extractor) endAnchor() error {
	a := &x.anchor
	if !a.open {
		return nil
	}
	x.anchorTokenEnd()
	a.open = false
	if x.final {
		// The links go now, those of the <a> itself taking its context
		// where it is (sendHeld): nothing is copied.
		a.from = 0
		return x.flush(len(x.pending))
	}
	var ctx [3][2]int32
	for k, b := range [3][]byte{a.text, a.rel, a.title} {
		ctx[k][0] = int32(len(x.heldText))
		x.heldText = append(x.heldText, b...)
		ctx[k][1] = int32(len(x.heldText))
	}
	for i := a.from; i < len(x.pending); i++ {
		if h := &x.pending[i]; h.anchor {
			h.anchor = false
			h.ctx = ctx
		}
	}
	a.from = 0
	return nil
}

// anchorRaw observes raw text of a text token in the data state, read
// by the scanner, which decodes the token's character references at its
// end (anchorTokenEnd): a reference may be cut between two calls.
func (x *Extractor) anchorRaw(t []byte) {
	a := &x.anchor
	if a.chars >= AnchorTextMax {
		return // the text is complete
	}
	a.work += int64(len(t))
	if len(a.raw) == 0 && bytes.IndexByte(t, '&') < 0 {
		// No character reference begins or continues here: the text
		// is the same decoded.
		x.anchorText(t)
		return
	}
	for len(t) > 0 && len(a.raw) < anchorRawMax {
		j := 0
		for j < len(t) && !htmlSpace[t[j]] {
			j++
		}
		a.raw = append(a.raw, t[:min(j, anchorRawMax-len(a.raw))]...)
		if j == len(t) {
			return
		}
		// A character reference holds no white space: collapsing it
		// first changes nothing of the decoding.
		if n := len(a.raw); n == 0 || a.raw[n-1] != ' ' {
			a.raw = append(a.raw, ' ')
		}
		for j < len(t) && htmlSpace[t[j]] {
			j++
		}
		t = t[j:]
	}
}

// anchorTokenEnd observes the end of a text token read by the scanner.
func (x *Extractor) anchorTokenEnd() {
	a := &x.anchor
	if len(a.raw) == 0 {
		return
	}
	t := a.raw
	if bytes.IndexByte(t, '&') >= 0 {
		var ok bool
		if a.dec, ok = appendCommonRefs(a.dec[:0], t); ok {
			t = a.dec
		} else {
			// The Tokenizer's Text decodes the same way.
			t = []byte(html.UnescapeString(string(t)))
		}
	}
	x.anchorText(t)
	a.raw = a.raw[:0]
}

// appendCommonRefs appends t to dst with its character references
// decoded, when they are all common ones (commonRef: no allocation, the
// common case); ok is false otherwise, and html.UnescapeString decodes t.
func appendCommonRefs(dst, t []byte) (_ []byte, ok bool) {
	for {
		i := bytes.IndexByte(t, '&')
		if i < 0 {
			return append(dst, t...), true
		}
		dst = append(dst, t[:i]...)
		t = t[i:]
		r, n := commonRef(t)
		if n == 0 {
			return dst, false
		}
		dst = utf8.AppendRune(dst, r)
		t = t[n:]
	}
}

// commonRef decodes the character reference at the start of t (at its
// '&') when it is one that most anchor texts hold, ended by its
// semicolon: a numeric one of a character the HTML Standard (section
// 13.2.5.80, "numeric character reference end state") leaves as it is,
// or a named one of commonNames. It returns the length of the reference,
// or 0 for any other, which html.UnescapeString decodes.
func commonRef(t []byte) (rune, int) {
	j := 1
	if len(t) > 1 && t[1] == '#' {
		return numericRef(t)
	}
	for j < len(t) && j < 8 && isAlnum(t[j]) {
		j++
	}
	if j >= len(t) || t[j] != ';' {
		// No semicolon: the legacy names without one, and a longer
		// name's prefixes, are UnescapeString's to find.
		return 0, 0
	}
	if r := commonName(t[1:j]); r != 0 {
		return r, j + 1
	}
	return 0, 0
}

// commonName returns the character of a named reference (without its
// '&' and ';') of the HTML Standard's table (section 13.5) that anchor
// texts often hold, or 0.
func commonName(name []byte) rune {
	switch string(name) {
	case "amp":
		return '&'
	case "lt":
		return '<'
	case "gt":
		return '>'
	case "quot":
		return '"'
	case "apos":
		return '\''
	case "nbsp":
		return '\u00a0'
	case "mdash":
		return '\u2014'
	case "ndash":
		return '\u2013'
	case "hellip":
		return '\u2026'
	case "lsquo":
		return '\u2018'
	case "rsquo":
		return '\u2019'
	case "ldquo":
		return '\u201c'
	case "rdquo":
		return '\u201d'
	case "laquo":
		return '\u00ab'
	case "raquo":
		return '\u00bb'
	case "copy":
		return '\u00a9'
	case "reg":
		return '\u00ae'
	case "trade":
		return '\u2122'
	case "middot":
		return '\u00b7'
	case "bull":
		return '\u2022'
	case "times":
		return '\u00d7'
	}
	return 0
}

// numericRef decodes a numeric character reference at the start of t
// ("&#60;", "&#x3C;") ended by its semicolon, of a character that is
// kept as written: not NUL, a surrogate, beyond U+10FFFF or in 0x80-0x9F
// (which the HTML Standard maps to windows-1252's characters). It
// returns 0 for any other, which html.UnescapeString decodes.
func numericRef(t []byte) (rune, int) {
	i, hex := 2, false
	if i < len(t) && t[i]|0x20 == 'x' {
		i, hex = i+1, true
	}
	start := i
	var r rune
	for ; i < len(t) && i-start < 7; i++ {
		c := t[i]
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case hex && 'a' <= c|0x20 && c|0x20 <= 'f':
			c = c | 0x20 - 'a' + 10
		default:
			goto end
		}
		if hex {
			r = r<<4 | rune(c)
		} else {
			r = r*10 + rune(c)
		}
	}
end:
	if i == start || i >= len(t) || t[i] != ';' {
		return 0, 0
	}
	if r == 0 || 0x80 <= r && r <= 0x9f || 0xd800 <= r && r <= 0xdfff || r > 0x10ffff {
		return 0, 0
	}
	return r, i + 1
}

func isAlnum(c byte) bool {
	return 'a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9'
}

// anchorText observes text of the open anchor, character references
// decoded.
func (x *Extractor) anchorText(t []byte) {
	a := &x.anchor
	for i := 0; i < len(t) && a.chars < AnchorTextMax; {
		a.work++
		c := t[i]
		if htmlSpace[c] {
			a.space = len(a.text) > 0
			i++
			continue
		}
		if a.space {
			if a.chars+1 == AnchorTextMax {
				// A space would end the text: trimmed.
				a.chars = AnchorTextMax
				break
			}
			a.text = append(a.text, ' ')
			a.chars++
			a.space = false
		}
		if c < utf8.RuneSelf {
			// A run of ASCII without white space, at once.
			j := i + 1
			for end := min(len(t), i+AnchorTextMax-a.chars); j < end && t[j] < utf8.RuneSelf && !htmlSpace[t[j]]; {
				j++
			}
			a.work += int64(j - i - 1)
			a.text = append(a.text, t[i:j]...)
			a.chars += j - i
			i = j
			continue
		}
		_, n := utf8.DecodeRune(t[i:])
		a.text = append(a.text, t[i:i+n]...)
		a.chars++
		i += n
	}
}

// htmlSpace holds HTML's white space (isSpace) as a table.
var htmlSpace = [256]bool{' ': true, '\t': true, '\n': true, '\f': true, '\r': true}

// elemName returns an element name as a string of its own, interned:
// the name of an element not in the table whose style attribute gives
// links.
func (x *Extractor) elemName(name []byte) string {
	for _, c := range name {
		if 'A' <= c && c <= 'Z' {
			// As the Tokenizer's TagName lowers it: ASCII only.
			name = bytes.Map(func(r rune) rune {
				if 'A' <= r && r <= 'Z' {
					return r + 'a' - 'A'
				}
				return r
			}, name)
			break
		}
	}
	if s, ok := x.names[string(name)]; ok {
		return s
	}
	if x.names == nil || len(x.names) >= 1024 {
		// Bounded: a document of many names costs an allocation for
		// each past the first thousand.
		x.names = make(map[string]string)
	}
	s := string(name)
	x.names[s] = s
	return s
}
