// Package percent is the one percent-encoder of the module (RFC 1808
// section 2.2, "%" HEX HEX; URL Standard section 1.3), over named sets of
// bytes to encode, as rust-url's percent_encoding and ada's character_sets
// keep one encoder and many sets. The readers that write URLs or names from
// outside input (file paths as URL paths, output file names, the WHATWG
// parser's components) each name their set and share the encoding.
package percent

// A Set is a set of bytes to percent-encode. Sets are values: Add and Union
// return new sets. The zero Set encodes nothing.
type Set [4]uint64

// NewSet returns the set of the bytes in chars.
func NewSet(chars string) Set { return Set{}.Add(chars) }

// Add returns s with the bytes of chars added.
func (s Set) Add(chars string) Set {
	for i := 0; i < len(chars); i++ {
		c := chars[i]
		s[c>>6] |= 1 << (c & 63)
	}
	return s
}

// AddRange returns s with the bytes lo to hi, both included, added.
func (s Set) AddRange(lo, hi byte) Set {
	for c := int(lo); c <= int(hi); c++ {
		s[c>>6] |= 1 << (c & 63)
	}
	return s
}

// Union returns the bytes of s and of t.
func (s Set) Union(t Set) Set {
	for i := range s {
		s[i] |= t[i]
	}
	return s
}

// Remove returns s without the bytes of chars.
func (s Set) Remove(chars string) Set {
	for i := 0; i < len(chars); i++ {
		c := chars[i]
		s[c>>6] &^= 1 << (c & 63)
	}
	return s
}

// Contains reports whether c is to be encoded.
func (s *Set) Contains(c byte) bool { return s[c>>6]&(1<<(c&63)) != 0 }

// The named sets.
var (
	// Controls are the C0 controls, DEL and every byte above 0x7F: the
	// bytes no URL holds unescaped (RFC 1808 section 2.2; the URL
	// Standard's C0 control percent-encode set, as bytes).
	Controls = Set{}.AddRange(0, 0x1F).AddRange(0x7F, 0xFF)

	// NotAlnum is every byte but ASCII letters and digits: the base of the
	// sets that keep only a few punctuation bytes.
	NotAlnum = Set{}.AddRange(0, 0xFF).Remove("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

	// RFC1808Path is every byte that is not a pchar or "/" in the BNF of
	// RFC 1808 section 2.2 (pchar: alpha, digit, safe "$-_.+", extra
	// "!*'(),", and ":@&="). It includes ";", "?" and "#", which would
	// otherwise start params, a query or a fragment.
	RFC1808Path = NotAlnum.Remove("$-_.+!*'(),:@&=/")
)

// UpperHex are the digits of an escape. RFC 1808 section 2.2 allows
// either case; the URL Standard and RFC 3986 section 2.1 write upper case.
const UpperHex = "0123456789ABCDEF"

// AppendByte appends the escape of c, "%" and two upper-case hex digits.
func AppendByte(dst []byte, c byte) []byte {
	return append(dst, '%', UpperHex[c>>4], UpperHex[c&15])
}

// Append appends s to dst with every byte in set escaped.
func Append(dst []byte, s string, set *Set) []byte {
	start := 0
	for i := 0; i < len(s); i++ {
		if c := s[i]; set.Contains(c) {
			dst = append(dst, s[start:i]...)
			dst = AppendByte(dst, c)
			start = i + 1
		}
	}
	return append(dst, s[start:]...)
}

// String returns s with every byte in set escaped; s itself when none is.
func String(s string, set *Set) string {
	for i := 0; i < len(s); i++ {
		if set.Contains(s[i]) {
			return string(Append(make([]byte, 0, len(s)+16), s, set))
		}
	}
	return s
}

// IsHex reports whether c is a hex digit.
func IsHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// Unhex returns the value of the hex digit c.
func Unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// AppendDecoded appends the percent-decoding of s to dst: every "%" and two
// hex digits become their byte; a "%" not followed by two hex digits stays
// as it is (URL Standard, "percent-decode").
func AppendDecoded(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && IsHex(s[i+1]) && IsHex(s[i+2]) {
			dst = append(dst, Unhex(s[i+1])<<4|Unhex(s[i+2]))
			i += 2
			continue
		}
		dst = append(dst, s[i])
	}
	return dst
}
