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
//   - A value that is not valid UTF-8 is written for display with each
//     run of bytes that are not UTF-8 replaced by one U+FFFD, and an extra
//     member NAME_base64 gives its exact bytes in standard base64 (RFC
//     4648 section 4). The extra member appears only then, so a consumer
//     reads NAME_base64 when it is present and NAME otherwise.
//
// The bytes of a bad value are thus written once, in base64 (4 bytes for
// 3), not a second time as "\ufffd" (6 bytes for 1): a line of megabytes
// of bad bytes gives about 4/3 of its size for each member that holds it,
// where each bad byte used to cost 7.3 bytes per member (issue 23).
package jsonline

import (
	"encoding/base64"
	"io"
	"strconv"
	"unicode/utf8"
)

// AppendString appends s as a JSON string. Each run of bytes that are not
// UTF-8 becomes one U+FFFD; see AppendField for the lossless form.
func AppendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	dst = AppendBody(dst, s)
	return append(dst, '"')
}

// AppendBody appends s escaped for the inside of a JSON string: quote,
// backslash and control characters (DEL included) escaped, U+2028 and
// U+2029 too (JavaScript reads them as line ends), and each run of bytes
// that are not UTF-8 written as one U+FFFD.
func AppendBody(dst []byte, s string) []byte {
	start := 0
	bad := -1 // where the last bad byte ended: a run writes one U+FFFD
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
			if bad != i {
				dst = append(dst, `\ufffd`...)
			}
			bad = i + 1
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
	return appendBase64Member(dst, nil, name, s)
}

// appendBase64Member appends "name_base64" with the bytes of s when s is
// not valid UTF-8 (see above); with w, what dst holds past SpillSize is
// written to it on the way.
func appendBase64Member(dst []byte, w io.Writer, name, s string) []byte {
	if utf8.ValidString(s) {
		return dst
	}
	dst = AppendName(dst, false, name+"_base64")
	dst = append(dst, '"')
	dst = appendBase64(dst, w, s)
	return append(dst, '"')
}

// WriteField is AppendField for a member that may be long: it writes what
// dst holds to w whenever it passes SpillSize, the member's escaped text
// and base64 included, so that no more than about SpillSize of it is ever
// held (issue 23: a -json filter given a line of megabytes held its
// answers' JSON whole). It returns dst with what was not written yet.
func WriteField(w io.Writer, dst []byte, first bool, name, s string) []byte {
	dst = AppendName(dst, first, name)
	dst = append(dst, '"')
	for rest := s; rest != ""; {
		// A piece ends before an ASCII byte, so that no code point and
		// no run of bad bytes (one U+FFFD) is cut in two.
		n := len(rest)
		if n > SpillSize {
			n = SpillSize
			for n < len(rest) && rest[n] >= utf8.RuneSelf {
				n++
			}
		}
		dst = Spill(w, AppendBody(dst, rest[:n]))
		rest = rest[n:]
	}
	dst = append(dst, '"')
	return appendBase64Member(dst, w, name, s)
}

// appendBase64 appends s in standard base64, converting it to bytes a
// piece at a time so that a long s is not copied whole; with w, what dst
// holds is written to it past SpillSize.
func appendBase64(dst []byte, w io.Writer, s string) []byte {
	const piece = 3 << 10 // a multiple of 3: no padding inside
	var b [piece]byte
	for len(s) > piece {
		n := copy(b[:], s)
		dst = base64.StdEncoding.AppendEncode(dst, b[:n])
		if w != nil {
			dst = Spill(w, dst)
		}
		s = s[n:]
	}
	n := copy(b[:], s)
	return base64.StdEncoding.AppendEncode(dst, b[:n])
}

// SpillSize is how many bytes Spill lets an object under construction
// hold before it writes them out.
const SpillSize = 64 << 10

// Spill writes dst to w and returns dst[:0] once dst holds SpillSize bytes
// or more, and returns dst otherwise. A writer of an object whose members
// may be long (a line of megabytes) calls it between members, so that the
// object is never held whole: memory stays a small multiple of the longest
// member. An error of w is left to w's user to see (a bufio.Writer keeps
// it).
func Spill(w io.Writer, dst []byte) []byte {
	if len(dst) < SpillSize {
		return dst
	}
	w.Write(dst)
	return dst[:0]
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
