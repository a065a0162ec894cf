package whatwg

import "unicode/utf8"

// Percent-encode sets, URL Standard section 1.3 ("Percent-encoded bytes").
// Each set is a bit; a byte below 0x80 is encoded when its bit is set in
// encodeTable. Every byte of 0x80 and above is in every set (they all contain
// the C0 control percent-encode set, which holds all code points above U+007E).
const (
	setC0 uint8 = 1 << iota
	setFragment
	setQuery
	setSpecialQuery
	setPath
	setUserinfo
)

var encodeTable = func() (t [128]uint8) {
	add := func(set uint8, bytes string) {
		for i := 0; i < len(bytes); i++ {
			t[bytes[i]] |= set
		}
	}
	for b := 0; b < 0x20; b++ {
		t[b] = setC0
	}
	t[0x7f] = setC0
	// Each set includes the previous one, as the standard defines them.
	for b := range t {
		if t[b]&setC0 != 0 {
			t[b] |= setFragment | setQuery | setSpecialQuery | setPath | setUserinfo
		}
	}
	add(setFragment, " \"<>`")
	add(setQuery|setSpecialQuery|setPath|setUserinfo, " \"#<>")
	add(setSpecialQuery, "'")
	add(setPath|setUserinfo, "?^`{}")
	add(setUserinfo, "/:;=@[\\]|")
	return t
}()

const upperHex = "0123456789ABCDEF"

// appendEncoded appends s to dst, UTF-8 percent-encoding every code point in
// set (URL Standard, "UTF-8 percent-encode"). A byte sequence that is not valid
// UTF-8 stands for U+FFFD, as it would after the conversion to a scalar value
// string that the standard's input has gone through.
func appendEncoded(dst []byte, s string, set uint8) []byte {
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			if encodeTable[b]&set == 0 {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			dst = append(dst, '%', upperHex[b>>4], upperHex[b&15])
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
				dst = append(dst, '%', upperHex[s[k]>>4], upperHex[s[k]&15])
			}
		}
		i += n
		start = i
	}
	return append(dst, s[start:]...)
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// percentDecode appends the percent-decoding of s to dst (URL Standard,
// "percent-decode"): a "%" not followed by two hex digits stays as it is.
func percentDecode(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			dst = append(dst, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			continue
		}
		dst = append(dst, s[i])
	}
	return dst
}
