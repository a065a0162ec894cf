// Package ascii is the one ASCII case-insensitive comparison of the
// module, for the tokens the standards match so: the HTML Standard's
// "ASCII case-insensitive" (a meta charset, an http-equiv), the field
// names and tokens of RFC 9110 and WARC/1.1, media types (RFC 2045
// section 5.1), the record names of RFC 9309 (robots.txt) and the names
// of the command's values. strings.EqualFold folds Unicode as well, so
// with it "ſ" (U+017F) matched "s" and the Kelvin sign "K" matched "k"
// where no standard lets them.
package ascii

// EqualFold reports whether a and b are equal with ASCII letters
// compared without their case; any other byte must be the same.
func EqualFold[A, B string | []byte](a A, b B) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if c, d := a[i], b[i]; c != d && (c|0x20 != d|0x20 || c|0x20 < 'a' || c|0x20 > 'z') {
			return false
		}
	}
	return true
}

// HasPrefixFold reports whether s begins with prefix, ASCII letters
// compared without their case.
func HasPrefixFold[A, B string | []byte](s A, prefix B) bool {
	return len(s) >= len(prefix) && EqualFold(s[:len(prefix)], prefix)
}

// Lower returns s with its ASCII upper-case letters made lower-case (the
// URL and HTML Standards' "ASCII lowercase"); s itself when it has none.
// strings.ToLower would lower other letters too (the Kelvin sign to "k").
func Lower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
