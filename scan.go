package relurl

import (
	"encoding/binary"
	"math/bits"
)

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

// indexAny2 returns the index of the first a or b in s, or len(s).
func indexAny2(s string, from int, a, b byte) int {
	i := from
	pa, pb := lsb*uint64(a), lsb*uint64(b)
	for ; i+8 <= len(s); i += 8 {
		x := binary.LittleEndian.Uint64([]byte(s[i : i+8]))
		if m := zeroBytes(x^pa) | zeroBytes(x^pb); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c == a || c == b {
			return i
		}
	}
	return len(s)
}

// indexAny3 returns the index of the first a, b or c in s, or len(s).
func indexAny3(s string, from int, a, b, c byte) int {
	i := from
	pa, pb, pc := lsb*uint64(a), lsb*uint64(b), lsb*uint64(c)
	for ; i+8 <= len(s); i += 8 {
		x := binary.LittleEndian.Uint64([]byte(s[i : i+8]))
		if m := zeroBytes(x^pa) | zeroBytes(x^pb) | zeroBytes(x^pc); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(s); i++ {
		if d := s[i]; d == a || d == b || d == c {
			return i
		}
	}
	return len(s)
}
