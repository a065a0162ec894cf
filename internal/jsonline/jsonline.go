// Package jsonline writes JSON objects by hand, one per line, so that any
// bytes survive: it is the one JSON writer of the relurl command (its
// -json outputs, "relurl links -format ndjson" and the API of "relurl
// serve").
//
// A JSON string holds Unicode text, and a URL may hold any bytes. The
// helpers keep every byte:
//
//   - NUL and the other control characters are escaped (\u0000), as JSON
//     requires; the value is exact.
//   - A value that is not valid UTF-8 is written with each invalid byte
//     replaced by U+FFFD, for display, and an extra member NAME_base64 gives
//     its exact bytes in standard base64 (RFC 4648 section 4). The extra
//     member appears only then, so a consumer reads NAME_base64 when it is
//     present and NAME otherwise.
package jsonline

import (
	"encoding/base64"
	"strconv"
	"unicode/utf8"
)

// AppendString appends s as a JSON string. Invalid UTF-8 bytes become
// U+FFFD; see AppendField for the lossless form.
func AppendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	dst = AppendBody(dst, s)
	return append(dst, '"')
}

// AppendBody appends s escaped for the inside of a JSON string: quote,
// backslash and control characters (DEL included) escaped, U+2028 and
// U+2029 too (JavaScript reads them as line ends), and each byte that is
// not UTF-8 written as U+FFFD.
func AppendBody(dst []byte, s string) []byte {
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != 0x7f && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, `\n`...)
			case '\r':
				dst = append(dst, `\r`...)
			case '\t':
				dst = append(dst, `\t`...)
			default:
				dst = append(dst, `\u00`...)
				dst = append(dst, hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\u202`...)
			dst = append(dst, hexDigits[r&15])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	return append(dst, s[start:]...)
}

const hexDigits = "0123456789abcdef"

// AppendField appends the member "name":s, preceded by a comma unless
// it is the first of its object, and followed by "name_base64" when s is
// not valid UTF-8 (see above).
func AppendField(dst []byte, first bool, name, s string) []byte {
	dst = AppendName(dst, first, name)
	dst = AppendString(dst, s)
	if !utf8.ValidString(s) {
		dst = AppendName(dst, false, name+"_base64")
		dst = append(dst, '"')
		dst = base64.StdEncoding.AppendEncode(dst, []byte(s))
		dst = append(dst, '"')
	}
	return dst
}

// AppendOptional appends the member "name":s when present, and
// "name":null when not, so that an absent component differs from an empty
// one.
func AppendOptional(dst []byte, name, s string, present bool) []byte {
	if !present {
		dst = AppendName(dst, false, name)
		return append(dst, "null"...)
	}
	return AppendField(dst, false, name, s)
}

// AppendName appends "name": with a comma before it unless first.
func AppendName(dst []byte, first bool, name string) []byte {
	if !first {
		dst = append(dst, ',')
	}
	dst = append(dst, '"')
	dst = append(dst, name...) // names are ASCII identifiers
	return append(dst, '"', ':')
}

// AppendBool appends the member "name":true or false.
func AppendBool(dst []byte, name string, v bool) []byte {
	dst = AppendName(dst, false, name)
	return strconv.AppendBool(dst, v)
}

// AppendInt appends the member "name":v.
func AppendInt(dst []byte, name string, v int) []byte {
	dst = AppendName(dst, false, name)
	return strconv.AppendInt(dst, int64(v), 10)
}
