package relurl

import "math/bits"

// Parsing looks for a few delimiters in strings that are mostly short.
// strings.IndexByte pays a call for each delimiter and each search; these
// scan eight bytes at a time for all the delimiters at once ("SWAR": SIMD
// within a register), which keeps Parse fast on both short links and
// 10 MB URLs.

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// zeroBytes returns a mask with the high bit set in the first byte of x
// that is zero (and maybe in later bytes, never in earlier ones).
func zeroBytes(x uint64) uint64 { return (x - lsb) &^ x & msb }

// indexAny2 returns the index of the first a or b in s[from:], or len(s).
// Neither a nor b may be 0.
func indexAny2(s string, from int, a, b byte) int {
	i := from
	pa, pb := lsb*uint64(a), lsb*uint64(b)
	for ; i+8 <= len(s); i += 8 {
		x := load64(s, i)
		if m := zeroBytes(x^pa) | zeroBytes(x^pb); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	if i < len(s) && len(s) >= 8 {
		// The last word overlaps bytes before i: shift them out before
		// matching, so that a delimiter among them cannot borrow into the
		// bytes that count. The zero bytes shifted in match no delimiter.
		x := load64(s, len(s)-8) >> (8 * (i + 8 - len(s)) & 63)
		if m := zeroBytes(x^pa) | zeroBytes(x^pb); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
		return len(s)
	}
	for ; i < len(s); i++ {
		if c := s[i]; c == a || c == b {
			return i
		}
	}
	return len(s)
}

// indexAny3 returns the index of the first a, b or c in s[from:], or
// len(s). None of them may be 0.
func indexAny3(s string, from int, a, b, c byte) int {
	i := from
	pa, pb, pc := lsb*uint64(a), lsb*uint64(b), lsb*uint64(c)
	for ; i+8 <= len(s); i += 8 {
		x := load64(s, i)
		if m := zeroBytes(x^pa) | zeroBytes(x^pb) | zeroBytes(x^pc); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	if i < len(s) && len(s) >= 8 {
		x := load64(s, len(s)-8) >> (8 * (i + 8 - len(s)) & 63)
		if m := zeroBytes(x^pa) | zeroBytes(x^pb) | zeroBytes(x^pc); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
		return len(s)
	}
	for ; i < len(s); i++ {
		if d := s[i]; d == a || d == b || d == c {
			return i
		}
	}
	return len(s)
}

// load64 returns the eight bytes of s at i as a little-endian word. The
// compiler combines the byte loads into one.
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}
