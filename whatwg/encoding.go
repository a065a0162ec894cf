package whatwg

import (
	"errors"
	"fmt"
	"github.com/relurl/relurl/internal/percent"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// ErrUnknownEncoding is the error LookupEncoding wraps for a label the
// Encoding Standard does not define.
var ErrUnknownEncoding = errors.New("whatwg: unknown encoding")

// LookupEncoding returns the encoding of the Encoding Standard's label
// (case-insensitive, surrounding spaces ignored: "Shift_JIS", "latin1",
// "utf-8"), for ParseEncoded; nil for UTF-8, UTF-16 and replacement (the
// labels "iso-2022-kr", "hz-gb-2312", "iso-2022-cn", ...), whose output
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
// replacement and UTF-16BE/LE give UTF-8. UTF-8 is nil, the parser's fast
// path.
func outputEncoding(e encoding.Encoding) encoding.Encoding {
	switch e {
	case nil, encoding.Nop, encoding.Replacement, unicode.UTF8, unicode.UTF8BOM,
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
//
// golang.org/x/text's encoders differ from the Encoding Standard's in a few
// code points, which are mended here: Shift_JIS and EUC-JP encode U+2212 as
// U+FF0D; gb18030 fails on U+E5E5; ISO-2022-JP is the standard's own
// encoder (iso2022jpEncode), with its Roman state for U+00A5 and U+203E and
// its error for U+000E, U+000F and U+001B.
func appendQueryEncoded(dst []byte, s string, set uint8, enc encoding.Encoding) []byte {
	if enc == japanese.ISO2022JP {
		return appendEncodedBytes(dst, iso2022jpEncode(nil, s), set)
	}
	if !hasNonASCII(s) {
		return appendEncoded(dst, s, set)
	}
	switch enc {
	case japanese.ShiftJIS, japanese.EUCJP:
		s = strings.ReplaceAll(s, "\u2212", "\uff0d")
	}
	e := enc.NewEncoder()
	var buf [256]byte
	for s != "" {
		// gb18030's one error the module's encoder does not make.
		run := s
		if enc == simplifiedchinese.GB18030 {
			if i := strings.Index(s, "\ue5e5"); i >= 0 {
				run = s[:i]
			}
		}
		src := []byte(run)
		for len(src) > 0 {
			nDst, nSrc, err := e.Transform(buf[:], src, true)
			dst = appendEncodedBytes(dst, buf[:nDst], set)
			src = src[nSrc:]
			switch {
			case err == nil:
			case errors.Is(err, transform.ErrShortDst) && (nSrc > 0 || nDst > 0):
			default:
				// The code point at src cannot be encoded (or is not
				// UTF-8): the standard's error branch.
				r, n := utf8.DecodeRune(src)
				if r == utf8.RuneError && n == 1 {
					n = illFormedLen(src) // one U+FFFD (decodeScalar)
				}
				dst = appendCharRef(dst, r)
				src = src[max(n, 1):]
			}
		}
		s = s[len(run):]
		if s != "" {
			dst = appendCharRef(dst, 0xE5E5)
			s = s[len("\ue5e5"):]
		}
	}
	return dst
}

// appendCharRef is the query state's error branch: "%26%23", the code
// point in decimal, "%3B".
func appendCharRef(dst []byte, r rune) []byte {
	dst = append(dst, "%26%23"...)
	dst = strconv.AppendInt(dst, int64(r), 10)
	return append(dst, "%3B"...)
}

// errRune marks, in the bytes of iso2022jpEncode, a code point the encoder
// cannot encode: 0xFF (never a byte of ISO-2022-JP) and the code point.
const errRune = 0xFF

// iso2022jpEncode is the Encoding Standard's ISO-2022-JP encoder (section
// 12.2.2) over s, the jis0208 index read through golang.org/x/text's EUC-JP
// encoder (EUC-JP's two-byte codes are the jis0208 pointers plus 0xA1A1).
// A code point it cannot encode is appended as errRune and the code point's
// decimal digits and ';' (the caller writes them as a character reference).
func iso2022jpEncode(dst []byte, s string) []byte {
	const (
		ascii = iota
		roman
		jis0208
	)
	state := ascii
	euc := japanese.EUCJP.NewEncoder()
	var b [8]byte
	for i := 0; i < len(s); {
		r, n := decodeScalar(s[i:])
		i += n
	again:
		switch {
		case (state == ascii || state == roman) && (r == 0x0E || r == 0x0F || r == 0x1B):
			dst = appendErr(dst, 0xFFFD)
			continue
		case state == ascii && r < 0x80:
			dst = append(dst, byte(r))
			continue
		case state == roman && (r < 0x80 && r != 0x5C && r != 0x7E || r == 0xA5 || r == 0x203E):
			switch r {
			case 0xA5:
				dst = append(dst, 0x5C)
			case 0x203E:
				dst = append(dst, 0x7E)
			default:
				dst = append(dst, byte(r))
			}
			continue
		case r < 0x80:
			state = ascii
			dst = append(dst, 0x1B, '(', 'B')
			goto again
		case r == 0xA5 || r == 0x203E:
			state = roman
			dst = append(dst, 0x1B, '(', 'J')
			goto again
		}
		c := r
		if c == 0x2212 {
			c = 0xFF0D
		}
		if 0xFF61 <= c && c <= 0xFF9F {
			c = rune(isoKatakana[c-0xFF61])
		}
		euc.Reset()
		n, _, err := euc.Transform(b[:], []byte(string(c)), true)
		if err != nil || n != 2 || b[0] < 0xA1 || b[1] < 0xA1 {
			if state == jis0208 {
				state = ascii
				dst = append(dst, 0x1B, '(', 'B')
			}
			dst = appendErr(dst, r)
			continue
		}
		if state != jis0208 {
			state = jis0208
			dst = append(dst, 0x1B, '$', 'B')
		}
		dst = append(dst, b[0]-0x80, b[1]-0x80)
	}
	if state != ascii {
		dst = append(dst, 0x1B, '(', 'B')
	}
	return dst
}

func appendErr(dst []byte, r rune) []byte {
	dst = append(dst, errRune)
	dst = strconv.AppendInt(dst, int64(r), 10)
	return append(dst, ';')
}

// isoKatakana is the Encoding Standard's index ISO-2022-JP katakana: the
// full-width forms of U+FF61 to U+FF9F.
var isoKatakana = [63]uint16{
	0x3002, 0x300C, 0x300D, 0x3001, 0x30FB, 0x30F2, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30E3, 0x30E5, 0x30E7, 0x30C3, 0x30FC,
	0x30A2, 0x30A4, 0x30A6, 0x30A8, 0x30AA, 0x30AB, 0x30AD, 0x30AF, 0x30B1, 0x30B3, 0x30B5, 0x30B7, 0x30B9, 0x30BB, 0x30BD, 0x30BF,
	0x30C1, 0x30C4, 0x30C6, 0x30C8, 0x30CA, 0x30CB, 0x30CC, 0x30CD, 0x30CE, 0x30CF, 0x30D2, 0x30D5, 0x30D8, 0x30DB, 0x30DE, 0x30DF,
	0x30E0, 0x30E1, 0x30E2, 0x30E4, 0x30E6, 0x30E8, 0x30E9, 0x30EA, 0x30EB, 0x30EC, 0x30ED, 0x30EF, 0x30F3, 0x309B, 0x309C,
}

// appendEncodedBytes percent-encodes the bytes of an encoded query. An
// errRune (from iso2022jpEncode) starts a character reference, written
// "%26%23" digits "%3B".
func appendEncodedBytes(dst, b []byte, set uint8) []byte {
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c == errRune:
			j := i + 1
			for j < len(b) && b[j] != ';' {
				j++
			}
			dst = append(dst, "%26%23"...)
			dst = append(dst, b[i+1:j]...)
			dst = append(dst, "%3B"...)
			i = j
		case c >= 0x80 || encodeTable[c]&set != 0:
			dst = percent.AppendByte(dst, c)
		default:
			dst = append(dst, c)
		}
	}
	return dst
}
