// Package swar finds bytes eight at a time in a 64-bit word ("SIMD within
// a register"): the one copy of the trick the resolver's parsers (the
// root package), the link scanner's attribute reader (links) and the row
// writer (internal/crawl) use where strings.IndexByte would pay a call
// for each delimiter of each search.
//
// A word holds the bytes s[i:i+8] little-endian: byte k of the string is
// bits 8k..8k+7, so bits.TrailingZeros64(mask)/8 is the index of the
// first marked byte.
package swar

const (
	// Lsb has the lowest bit of each byte set: Lsb*uint64(c) is c in
	// every byte.
	Lsb = 0x0101010101010101
	// Msb has the highest bit of each byte set: the bits the masks set.
	Msb  = 0x8080808080808080
	low7 = 0x7f7f7f7f7f7f7f7f // the bits of each byte below its high bit
)

// Load64 returns the eight bytes of s at i as a little-endian word. The
// compiler combines the byte loads into one.
func Load64[T string | []byte](s T, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// LoadShort returns the bytes s[i:] of a string s shorter than eight
// bytes as a little-endian word padded with zero bytes.
func LoadShort(s string, i int) uint64 {
	var x uint64
	for k := len(s) - 1; k >= i; k-- {
		x = x<<8 | uint64(s[k])
	}
	return x
}

// ZeroBytes returns a mask with the high bit set in the first byte of x
// that is zero, and maybe in later bytes (a borrow), never in earlier
// ones: the classic (x-Lsb)&^x&Msb. ZeroBytes(x^Lsb*uint64(c)) marks the
// first c.
func ZeroBytes(x uint64) uint64 { return (x - Lsb) &^ x & Msb }

// ZeroBytesExact returns a mask with the high bit set in exactly the
// bytes of x that are zero. Unlike ZeroBytes, no borrow crosses from one
// byte into the next: x&low7 + low7 sets a byte's high bit when its low
// bits are not all zero, and x when its own high bit is set.
func ZeroBytesExact(x uint64) uint64 { return ^(x&low7 + low7 | x) & Msb }

// LessBytes returns a mask with the high bit set in the first byte of x
// below n, and maybe in later bytes, never in earlier ones (n at most
// 128).
func LessBytes(x uint64, n byte) uint64 { return (x - Lsb*uint64(n)) &^ x & Msb }
