package swar

import (
	"math/bits"
	"testing"
)

// TestMasks checks each mask against a byte loop on every byte value at
// every position of a word, with the other bytes random: the first byte
// marked is exact for ZeroBytes and LessBytes, every byte for
// ZeroBytesExact.
func TestMasks(t *testing.T) {
	seed := uint64(0x9e3779b97f4a7c15)
	for round := 0; round < 2000; round++ {
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		for pos := 0; pos < 8; pos++ {
			for c := 0; c < 256; c += 3 {
				x := seed&^(0xff<<(8*pos)) | uint64(c)<<(8*pos)
				var b [8]byte
				for k := range b {
					b[k] = byte(x >> (8 * k))
				}
				if got := Load64(string(b[:]), 0); got != x {
					t.Fatalf("Load64(%q) = %#x, want %#x", b, got, x)
				}
				if got := Load64(b[:], 0); got != x {
					t.Fatalf("Load64(%v) = %#x, want %#x", b, got, x)
				}
				first := func(m uint64) int { return bits.TrailingZeros64(m) / 8 }
				firstWhere := func(f func(byte) bool) int {
					for k, v := range b {
						if f(v) {
							return k
						}
					}
					return 8
				}
				if got, want := first(ZeroBytes(x)), firstWhere(func(v byte) bool { return v == 0 }); got != want {
					t.Fatalf("ZeroBytes(%#x): first %d, want %d", x, got, want)
				}
				for _, n := range []byte{1, 14, 33, 128} {
					if got, want := first(LessBytes(x, n)), firstWhere(func(v byte) bool { return v < n }); got != want {
						t.Fatalf("LessBytes(%#x, %d): first %d, want %d", x, n, got, want)
					}
				}
				exact := ZeroBytesExact(x)
				for k, v := range b {
					if (exact>>(8*k+7)&1 == 1) != (v == 0) {
						t.Fatalf("ZeroBytesExact(%#x) byte %d: %#x", x, k, exact)
					}
				}
			}
		}
	}
}

func TestLoadShort(t *testing.T) {
	s := "abcdefg"
	for i := 0; i <= len(s); i++ {
		x := LoadShort(s, i)
		for k := 0; k < 8; k++ {
			want := byte(0)
			if i+k < len(s) {
				want = s[i+k]
			}
			if got := byte(x >> (8 * k)); got != want {
				t.Fatalf("LoadShort(%q, %d) byte %d = %q, want %q", s, i, k, got, want)
			}
		}
	}
}
