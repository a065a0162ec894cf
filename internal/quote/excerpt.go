package quote

import (
	"strconv"
	"unicode/utf8"
)

// MaxExcerpt is the most bytes of an input that an error message quotes,
// and about the most its quoted form takes: enough to recognise the
// input, short enough that a hostile one cannot make a huge message. It
// is the one length of every reader's errors (issue 19, item 6).
const MaxExcerpt = 120

// Excerpt quotes b, the first bytes of an input of n bytes in all, for an
// error message, as a Go string literal (strconv.Quote: control
// characters, invalid UTF-8 and line breaks show as escapes): the whole
// of it when short, else its beginning, cut at a character boundary so
// that the quoted form stays within about MaxExcerpt bytes however many
// bytes need escaping, followed by "..." and n: "GET /x HTTP/1.1\r\n"...
// (8388610 bytes). n < 0 means the input goes on beyond b by an unknown
// length ("..." alone). Every reader of outside input quotes bad input
// with it; Quote, for traces, shows both ends of a value instead.
func Excerpt[T string | []byte](b T, n int) string {
	if len(b) <= MaxExcerpt && 0 <= n && n <= len(b) {
		if q := strconv.Quote(string(b)); len(q) <= MaxExcerpt+2 {
			return q
		}
	}
	s := string(b[:min(len(b), MaxExcerpt)])
	for {
		s = trimPartialRune(s)
		q := strconv.Quote(s)
		if len(q) <= MaxExcerpt+2 {
			if n < 0 {
				return q + "..."
			}
			return q + "... (" + strconv.Itoa(n) + " bytes)"
		}
		// Escapes take up to 10 bytes for 1 to 4 input bytes.
		s = s[:len(s)-max(1, (len(q)-MaxExcerpt-2)/10)]
	}
}

// Head returns the first MaxExcerpt bytes of s at most, cut at a
// character boundary, unquoted: for an error's field that keeps part of
// an input (its message quotes it with Excerpt).
func Head(s string) string {
	if len(s) <= MaxExcerpt {
		return s
	}
	return trimPartialRune(s[:MaxExcerpt])
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
