package base

import (
	"strconv"
	"unicode/utf8"
)

// maxExcerpt is the most bytes of an input that an error quotes, and
// about the most its quoted form takes: enough to recognise the input,
// short enough that a hostile one cannot make a huge message.
const maxExcerpt = 120

// excerpt quotes b, the first bytes of an input of n bytes in all, for an
// error message: the whole of it when short, else its beginning (cut at a
// character boundary, and so that the quoted form stays within about
// maxExcerpt bytes however many bytes need escaping) followed by "..." and
// n. n < 0 means the input goes on beyond b by an unknown length.
func excerpt[T string | []byte](b T, n int) string {
	if q := strconv.Quote(string(b[:min(len(b), maxExcerpt+1)])); len(b) <= maxExcerpt && 0 <= n && n <= len(b) && len(q) <= maxExcerpt+2 {
		return q
	}
	s := string(b[:min(len(b), maxExcerpt)])
	for {
		s = trimPartialRune(s)
		q := strconv.Quote(s)
		if len(q) <= maxExcerpt+2 {
			if n < 0 {
				return q + "..."
			}
			return q + "... (" + strconv.Itoa(n) + " bytes)"
		}
		// Escapes take up to 10 bytes for 1 to 4 input bytes.
		s = s[:len(s)-max(1, (len(q)-maxExcerpt-2)/10)]
	}
}

// trimPartialRune drops a UTF-8 sequence cut at the end of s.
func trimPartialRune(s string) string {
	for i := len(s); i > len(s)-utf8.UTFMax && i > 0; i-- {
		if utf8.RuneStart(s[i-1]) {
			if !utf8.FullRuneInString(s[i-1:]) {
				return s[:i-1]
			}
			break
		}
	}
	return s
}
