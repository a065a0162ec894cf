package whatwg

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// ErrUnknownEncoding is the error LookupEncoding wraps for a label the
// Encoding Standard does not define.
var ErrUnknownEncoding = errors.New("whatwg: unknown encoding")

// LookupEncoding returns the encoding of the Encoding Standard's label
// (case-insensitive, surrounding spaces ignored: "Shift_JIS", "latin1",
// "utf-8"), for ParseEncoded; nil for UTF-8 and UTF-16, whose output
// encoding is UTF-8. A label it does not know gives an error wrapping
// ErrUnknownEncoding.
func LookupEncoding(label string) (encoding.Encoding, error) {
	e, err := htmlindex.Get(label)
	if err != nil {
		return nil, fmt.Errorf("%w %q", ErrUnknownEncoding, label)
	}
	return outputEncoding(e), nil
}

func lookupEncoding(label string) (encoding.Encoding, error) { return LookupEncoding(label) }

// outputEncoding is the Encoding Standard's "get an output encoding":
// UTF-16BE/LE give UTF-8. UTF-8 is nil, the parser's fast path.
func outputEncoding(e encoding.Encoding) encoding.Encoding {
	switch e {
	case nil, encoding.Nop, unicode.UTF8, unicode.UTF8BOM,
		unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM),
		unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM):
		return nil
	}
	return e
}

// appendQueryEncoded is the query state for a special URL whose encoding is
// not UTF-8 (URL Standard section 4.4, query state step 2): s encoded with
// enc, each byte outside the ASCII printable range or in set percent-encoded,
// and each code point enc cannot encode written as "%26%23" + its decimal
// value + "%3B".
func appendQueryEncoded(dst []byte, s string, set uint8, enc encoding.Encoding) []byte {
	if !hasNonASCII(s) {
		return appendEncoded(dst, s, set)
	}
	e := enc.NewEncoder()
	src := []byte(s)
	var buf [256]byte
	for len(src) > 0 {
		nDst, nSrc, err := e.Transform(buf[:], src, true)
		dst = appendEncodedBytes(dst, buf[:nDst], set)
		src = src[nSrc:]
		switch {
		case err == nil:
		case errors.Is(err, transform.ErrShortDst) && (nSrc > 0 || nDst > 0):
		default:
			// The code point at src cannot be encoded (or is not UTF-8):
			// the standard's error branch.
			r, n := utf8.DecodeRune(src)
			dst = append(dst, "%26%23"...)
			dst = strconv.AppendInt(dst, int64(r), 10)
			dst = append(dst, "%3B"...)
			src = src[max(n, 1):]
		}
	}
	return dst
}

// appendEncodedBytes percent-encodes the bytes of an encoded query.
func appendEncodedBytes(dst, b []byte, set uint8) []byte {
	for _, c := range b {
		if c >= 0x80 || encodeTable[c]&set != 0 {
			dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
		} else {
			dst = append(dst, c)
		}
	}
	return dst
}
