package media

import (
	"strings"

	"github.com/relurl/relurl/internal/ascii"
)

// The reading of a Content-Type value of HTTP (a response's, a WARC
// record's) is the MIME Sniffing Standard's "parse a MIME type", as
// browsers read it: a type and subtype of token characters, and
// parameters of which a malformed one is passed over, the first of a
// name kept. mime.ParseMediaType (RFC 2045, 2231) fails the whole value
// on one bad parameter: a page served as "text/html; charset" or
// "text/html;;charset=utf-8", which browsers show, was skipped with no
// word (docs/design.md#document-kinds). MIME entities of mail keep RFC
// 2045's reading (package base).

// Type returns the media type of a Content-Type value, "type/subtype" in
// lower case without its parameters, or "" when the value has none (no
// "/", an empty or non-token type or subtype).
func Type(contentType string) string {
	mt, _ := parseType(contentType)
	return ascii.Lower(mt)
}

// Param returns the value of the parameter name (lower case) of a
// Content-Type value, quoted-pairs undone, and whether it has one: the
// first well-formed parameter of that name, as written. A value whose
// media type cannot be read has none.
func Param(contentType, name string) (string, bool) {
	mt, rest := parseType(contentType)
	if mt == "" {
		return "", false
	}
	for rest != "" {
		// rest begins with ";".
		rest = strings.TrimLeft(rest[1:], httpSpace)
		i := strings.IndexAny(rest, ";=")
		if i < 0 {
			return "", false
		}
		pname := rest[:i]
		rest = rest[i:]
		if rest[0] == ';' {
			continue
		}
		rest = rest[1:] // "="
		var value string
		if rest != "" && rest[0] == '"' {
			value, rest = quotedString(rest)
			if i := strings.IndexByte(rest, ';'); i >= 0 {
				rest = rest[i:]
			} else {
				rest = ""
			}
		} else {
			i := strings.IndexByte(rest, ';')
			if i < 0 {
				i = len(rest)
			}
			value, rest = strings.TrimRight(rest[:i], httpSpace), rest[i:]
			if value == "" {
				continue
			}
		}
		if ascii.EqualFold(pname, name) && isToken(pname) && isQuotedText(value) {
			return value, true
		}
	}
	return "", false
}

// Charset returns the charset parameter of a Content-Type value (Param),
// "" when there is none.
func Charset(contentType string) string {
	v, _ := Param(contentType, "charset")
	return v
}

// httpSpace is HTTP whitespace (Fetch Standard): tab, LF, CR, space.
const httpSpace = "\t\n\r "

// parseType returns the "type/subtype" of a Content-Type value as
// written, and the rest from its first ";" ("" when none); mt is "" when
// the value has no media type.
func parseType(s string) (mt, rest string) {
	s = strings.Trim(s, httpSpace)
	slash := strings.IndexByte(s, '/')
	if slash < 0 || !isToken(s[:slash]) {
		return "", ""
	}
	end := strings.IndexByte(s, ';')
	if end < 0 {
		end = len(s)
	} else if end < slash {
		return "", ""
	}
	sub := strings.TrimRight(s[slash+1:end], httpSpace)
	if !isToken(sub) {
		return "", ""
	}
	return s[:slash+1+len(sub)], s[end:]
}

// quotedString returns the value of the HTTP quoted string s begins with
// (the Fetch Standard's "collect an HTTP quoted string", its value
// extracted: quoted-pairs undone, an unclosed string running to the end)
// and the rest of s after it.
func quotedString(s string) (value, rest string) {
	var b []byte
	i := 1
	for i < len(s) {
		switch c := s[i]; c {
		case '"':
			if b == nil {
				return s[1:i], s[i+1:]
			}
			return string(b), s[i+1:]
		case '\\':
			if b == nil {
				b = append(b, s[1:i]...)
			}
			if i+1 == len(s) {
				return string(append(b, '\\')), ""
			}
			b = append(b, s[i+1])
			i += 2
		default:
			if b != nil {
				b = append(b, c)
			}
			i++
		}
	}
	if b == nil {
		return s[1:], ""
	}
	return string(b), ""
}

// isToken reports whether s is a non-empty run of HTTP token code points
// (RFC 9110 section 5.6.2's tchar).
func isToken(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isTchar(s[i]) {
			return false
		}
	}
	return s != ""
}

func isTchar(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}

// isQuotedText reports whether s holds only HTTP quoted-string token code
// points: tab, space to "~", and the bytes 0x80 to 0xFF.
func isQuotedText(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != '\t' && (c < ' ' || c == 0x7f) {
			return false
		}
	}
	return true
}
