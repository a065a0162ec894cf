package relurl

import (
	"math/bits"
	"strings"

	"github.com/relurl/relurl/internal/swar"
)

// This file holds the byte table and the scanners every parser uses.
//
// Parsing looks for a few delimiters in strings that are mostly short.
// strings.IndexByte pays a call for each delimiter and each search; these
// scan eight bytes at a time for all the delimiters at once ("SWAR": SIMD
// within a register), which keeps Parse fast on both short links and
// 10 MB URLs.

// indexAny2 returns the index of the first a or b in s[from:], or len(s).
// Neither a nor b may be 0.
func indexAny2(s string, from int, a, b byte) int {
	i := from
	pa, pb := swar.Lsb*uint64(a), swar.Lsb*uint64(b)
	for ; i+8 <= len(s); i += 8 {
		x := swar.Load64(s, i)
		if m := swar.ZeroBytes(x^pa) | swar.ZeroBytes(x^pb); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	if i < len(s) && len(s) >= 8 {
		// The last word overlaps bytes before i: shift them out before
		// matching, so that a delimiter among them cannot borrow into the
		// bytes that count. The zero bytes shifted in match no delimiter.
		x := swar.Load64(s, len(s)-8) >> (8 * (i + 8 - len(s)) & 63)
		if m := swar.ZeroBytes(x^pa) | swar.ZeroBytes(x^pb); m != 0 {
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
	pa, pb, pc := swar.Lsb*uint64(a), swar.Lsb*uint64(b), swar.Lsb*uint64(c)
	for ; i+8 <= len(s); i += 8 {
		x := swar.Load64(s, i)
		if m := swar.ZeroBytes(x^pa) | swar.ZeroBytes(x^pb) | swar.ZeroBytes(x^pc); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	if i < len(s) && len(s) >= 8 {
		x := swar.Load64(s, len(s)-8) >> (8 * (i + 8 - len(s)) & 63)
		if m := swar.ZeroBytes(x^pa) | swar.ZeroBytes(x^pb) | swar.ZeroBytes(x^pc); m != 0 {
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

// scanRelativePath returns the end of the path that ref starts with (the
// first ";", "?" or "#", as Parse finds it for a reference with no net_loc),
// and dotSegmentsEnd of that path, in one pass. It returns end -1 when ref
// has a scheme (section 2.4.2).
//
// It reads eight bytes at a time. In each word it finds the path's end,
// any ":" before it (which may end a scheme: parseScheme decides, once),
// and the "." bytes that start a segment, that is follow a "/" or start
// ref: only these can start a "." or ".." segment (section 4, step 6),
// and each is then looked at alone.
func scanRelativePath(ref string) (end, dotsEnd int) {
	prev := uint64('/') // the byte before the word: ref starts a segment
	colonSeen := false
	for i := 0; i < len(ref); i += 8 {
		var x uint64
		switch {
		case i+8 <= len(ref):
			x = swar.Load64(ref, i)
		case len(ref) >= 8:
			// The last word overlaps bytes before i: shift them out.
			// Zero bytes come in, which match no delimiter.
			x = swar.Load64(ref, len(ref)-8) >> (8 * (i + 8 - len(ref)) & 63)
		default:
			x = swar.LoadShort(ref, i)
		}
		// ";" (0x3b) and "?" (0x3f) differ only in bit 2: one test finds
		// both. Only the lowest bit of ends counts (swar.ZeroBytes may set later
		// ones); before is every bit below it, or all when there is none.
		ends := swar.ZeroBytes((x|swar.Lsb*0x04)^swar.Lsb*'?') | swar.ZeroBytes(x^swar.Lsb*'#')
		before := (ends & -ends) - 1
		if c := swar.ZeroBytes(x^swar.Lsb*':') & before; c != 0 && !colonSeen {
			// The first ":" of the path: a scheme ends there if all
			// before it are scheme characters. No later ":" can end one.
			if parseScheme(ref) != 0 {
				return -1, 0
			}
			colonSeen = true
		}
		// The "." bytes after a "/": each byte of x is zero in notDot when
		// it is ".", and in notAfterSlash when the byte before it is "/".
		notDot := x ^ swar.Lsb*'.'
		notAfterSlash := (x<<8 | prev) ^ swar.Lsb*'/'
		starts := swar.ZeroBytesExact(notDot|notAfterSlash) & before
		prev = x >> 56
		for ; starts != 0; starts &= starts - 1 {
			k := i + bits.TrailingZeros64(starts)/8
			// A dot segment is "." or ".." followed by "/" or the end.
			j := k + 1
			if j < len(ref) && ref[j] == '.' {
				j++
			}
			switch {
			case j == len(ref) || charClass[ref[j]]&classPathEnd != 0:
				dotsEnd = j
			case ref[j] == '/':
				dotsEnd = j + 1
			}
		}
		if ends != 0 {
			return i + bits.TrailingZeros64(ends)/8, dotsEnd
		}
	}
	return len(ref), dotsEnd
}

func isHex(c byte) bool { return charClass[c]&classHex != 0 }

const (
	classAllowed = 1 << iota // unreserved | reserved (section 2.2)
	classHex
	classScheme      // alpha | digit | "+" | "-" | "." (section 2.2, scheme)
	classPathEnd     // ";", "?" or "#": what ends a path (section 2.4)
	classNotGenDelim // all but ":", "/", "?" and "#": what a scheme may hold by RFC 3986 Appendix B
)

// charClass is the one byte table: the character rules of RFC 1808 section
// 2.2, the delimiters of its section 2.4 and those of RFC 3986 Appendix B.
var charClass = func() (t [256]uint8) {
	const (
		alpha    = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		digit    = "0123456789"
		safe     = "$-_.+"
		extra    = "!*'(),"
		reserved = ";/?:@&="
	)
	for _, c := range []byte(alpha + digit + safe + extra + reserved) {
		t[c] |= classAllowed
	}
	for _, c := range []byte(digit + "abcdefABCDEF") {
		t[c] |= classHex
	}
	for _, c := range []byte(alpha + digit + "+-.") {
		t[c] |= classScheme
	}
	for _, c := range []byte(";?#") {
		t[c] |= classPathEnd
	}
	for c := range t {
		if strings.IndexByte(":/?#", byte(c)) < 0 {
			t[c] |= classNotGenDelim
		}
	}
	return t
}()
