package links

import (
	"bytes"
	"unicode/utf8"
)

// Character references (HTML Standard section 13.2.5.72 and after,
// "character reference state") decoded without allocating, where the
// Tokenizer's decoding (html.UnescapeString, TagAttr) would allocate: the
// references that anchor texts and attribute values mostly hold, each
// ended by its semicolon, which are decoded alike in text and in
// attributes (docs/design.md#character-references). Any other reference
// is left to the Tokenizer's decoding.

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
