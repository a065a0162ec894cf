package base

import (
	"strconv"
	"unicode/utf8"
)

// maxExcerpt is the most bytes of an input that an error quotes: enough to
// recognise it, short enough that a hostile input cannot make a huge
// message (issue 11).
const maxExcerpt = 120

// excerpt quotes b, the first bytes of an input of n bytes in all, for an
// error message: the whole of it when short, else its first maxExcerpt
// bytes (cut at a character boundary) followed by "..." and n. n < 0 means
// the input goes on beyond b by an unknown length.
func excerpt[T string | []byte](b T, n int) string {
	if len(b) <= maxExcerpt && n <= len(b) {
		return strconv.Quote(string(b))
	}
	b = b[:min(len(b), maxExcerpt)]
	for i := len(b); i > len(b)-utf8.UTFMax && i > 0; i-- {
		if utf8.RuneStart(b[i-1]) {
			if !utf8.FullRune([]byte(b[i-1:])) {
				b = b[:i-1]
			}
			break
		}
	}
	if n < 0 {
		return strconv.Quote(string(b)) + "..."
	}
	return strconv.Quote(string(b)) + "... (" + strconv.Itoa(n) + " bytes)"
}
