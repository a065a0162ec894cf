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

// appendEncoded appends s to dst, UTF-8 percent-encoding every code point in
// set (URL Standard, "UTF-8 percent-encode"). A byte sequence that is not valid
// UTF-8 stands for U+FFFD, as it would after the conversion to a scalar value
// string that the standard's input has gone through.
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
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
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
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
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
