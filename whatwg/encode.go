package whatwg

import (
	"slices"
	"unicode/utf8"

	"github.com/relurl/relurl/internal/percent"
)

// The percent-encode sets of URL Standard section 1.3 ("Percent-encoded
// bytes"), as named sets of the module's one encoder (internal/percent),
// each built on the one before as the standard defines it.
var (
	c0ControlSet    = percent.Controls // C0 controls and all above U+007E
	fragmentSet     = c0ControlSet.Add(" \"<>`")
	querySet        = c0ControlSet.Add(" \"#<>")
	specialQuerySet = querySet.Add("'")
	pathSet         = querySet.Add("?^`{}")
	userinfoSet     = pathSet.Add("/:;=@[\\]^|")
	// formSet is the application/x-www-form-urlencoded percent-encode
	// set: all but ASCII alphanumerics and "*-._" (a space is written
	// "+" before the set is asked).
	formSet = percent.NotAlnum.Remove("*-._")
)

// The sets as bits of encodeTable, which the parser's loops read: one
// load answers whether a byte below 0x80 is in a set. Every byte of 0x80
// and above is in every set.
const (
	setC0 uint8 = 1 << iota
	setFragment
	setQuery
	setSpecialQuery
	setPath
	setUserinfo
)

var encodeTable = func() (t [128]uint8) {
	sets := [...]*percent.Set{&c0ControlSet, &fragmentSet, &querySet, &specialQuerySet, &pathSet, &userinfoSet}
	for c := range t {
		for i, set := range sets {
			if set.Contains(byte(c)) {
				t[c] |= 1 << i
			}
		}
	}
	return t
}()

// illFormedLen is the length of the maximal ill-formed subsequence at the
// start of s, which does not start a valid UTF-8 sequence: the bytes the
// Encoding Standard's UTF-8 decoder (section 9.1.1) takes into the one
// U+FFFD it makes of them. Every string that reaches a URL as a scalar
// value string is read so ("\xf0\x9f\x98" is one U+FFFD, as TextDecoder
// and SearchParams read it; utf8.DecodeRune gives three).
func illFormedLen[T string | []byte](s T) int {
	need, lo, hi := 0, byte(0x80), byte(0xBF)
	switch c := s[0]; {
	case 0xC2 <= c && c <= 0xDF:
		need = 1
	case c == 0xE0:
		need, lo = 2, 0xA0
	case c == 0xED:
		need, hi = 2, 0x9F
	case 0xE1 <= c && c <= 0xEF:
		need = 2
	case c == 0xF0:
		need, lo = 3, 0x90
	case c == 0xF4:
		need, hi = 3, 0x8F
	case 0xF1 <= c && c <= 0xF3:
		need = 3
	}
	i := 1
	for k := 0; k < need && i < len(s) && lo <= s[i] && s[i] <= hi; k++ {
		i++
		lo, hi = 0x80, 0xBF
	}
	return i
}

// decodeScalar is utf8.DecodeRuneInString with the Encoding Standard's
// reading of an ill-formed sequence (illFormedLen): U+FFFD, and the length
// of the maximal subsequence. s must not be empty.
func decodeScalar(s string) (rune, int) {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && n == 1 {
		n = illFormedLen(s)
	}
	return r, n
}

// appendEncoded appends s to dst, UTF-8 percent-encoding every code point in
// set (URL Standard, "UTF-8 percent-encode"). A maximal ill-formed
// subsequence stands for one U+FFFD (illFormedLen), as it would after the
// conversion to a scalar value string that the standard's input has gone
// through.
func appendEncoded(dst []byte, s string, set uint8) []byte {
	if len(s) >= growAt {
		// A long input grows dst once to its exact size: append's growth
		// by steps of a quarter would allocate five times the output,
		// which is nine times the input for bytes that are not UTF-8
		// (issue 23: compare -json on a 16 MiB line of them).
		dst = slices.Grow(dst, encodedLen(s, set))
	}
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			if encodeTable[b]&set == 0 {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			dst = percent.AppendByte(dst, b)
			i++
			start = i
			continue
		}
		dst = append(dst, s[start:i]...)
		// An ill-formed sequence is U+FFFD, as the code point itself is.
		r, n := decodeScalar(s[i:])
		if r == utf8.RuneError {
			dst = append(dst, "%EF%BF%BD"...)
		} else {
			for k := i; k < i+n; k++ {
				dst = percent.AppendByte(dst, s[k])
			}
		}
		i += n
		start = i
	}
	return append(dst, s[start:]...)
}

// growAt is the length from which appendEncoded sizes its output first.
const growAt = 4096

// encodedLen returns the length appendEncoded gives s in set.
func encodedLen(s string, set uint8) int {
	n := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			n++
			if encodeTable[b]&set != 0 {
				n += 2
			}
			i++
			continue
		}
		r, size := decodeScalar(s[i:])
		if r == utf8.RuneError {
			n += len("%EF%BF%BD")
		} else {
			n += 3 * size
		}
		i += size
	}
	return n
}

// percentDecode appends the percent-decoding of s to dst (URL Standard,
// "percent-decode").
func percentDecode(dst []byte, s string) []byte { return percent.AppendDecoded(dst, s) }
