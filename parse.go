package relurl

import "strings"

// Parse splits s into its components by the algorithm of RFC 1808 section
// 2.4. It never fails: the algorithm is defined for every string, so any
// bytes at all, including invalid UTF-8, NUL and spaces, are split and
// kept. Parse(s).String() == s for every s. Use Validate to check a string
// against the BNF of section 2.2.
//
// The steps run in the RFC's order, each on what the previous ones left:
// the fragment is everything after the first "#" (2.4.1); the scheme is the
// text before the first ":" when that text is a non-empty run of letters,
// digits, "+", "-" and "." (2.4.2); the net_loc follows a leading "//" up to
// the next "/" (2.4.3), and may hold "?" and ";"; the query is everything
// after the first "?" (2.4.4); params everything after the first ";"
// (2.4.5), and may hold "/"; the rest is the path (2.4.6).
func Parse(s string) URL {
	u := URL{s: s}
	end := parseFragment(s)
	u.query = end
	u.scheme = parseScheme(s[:end])
	u.netloc = parseNetLoc(s[:end], u.scheme)
	u.params = parseQuery(s[:end], u.netloc)
	u.path = parseParams(s[:u.params], u.netloc)
	return u
}

// parseFragment returns where the fragment starts (its "#"), or len(s)
// when there is none. Section 2.4.1: the first "#" starts the fragment.
func parseFragment(s string) int {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		return i
	}
	return len(s)
}

// parseScheme returns the length of "scheme:" at the start of s, or 0.
// Section 2.4.2: the scheme is what precedes the first ":" when it is
// non-empty and contains only scheme characters.
func parseScheme(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ':' {
			if i == 0 {
				return 0
			}
			return i + 1
		}
		if !isSchemeChar(c) {
			return 0
		}
	}
	return 0
}

// isSchemeChar reports whether c may appear in a scheme name (section 2.2:
// scheme = 1*( alpha | digit | "+" | "-" | "." )).
func isSchemeChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '+' || c == '-' || c == '.'
}

// parseNetLoc returns the end of the "//net_loc" section that starts at
// from, or from when there is none. Section 2.4.3: a net_loc follows "//"
// and runs up to the next "/".
func parseNetLoc(s string, from int) int {
	if len(s)-from < 2 || s[from] != '/' || s[from+1] != '/' {
		return from
	}
	if i := strings.IndexByte(s[from+2:], '/'); i >= 0 {
		return from + 2 + i
	}
	return len(s)
}

// parseQuery returns where the query starts (its "?") in s[from:], or
// len(s). Section 2.4.4: the first "?" of what is left starts the query.
func parseQuery(s string, from int) int {
	if i := strings.IndexByte(s[from:], '?'); i >= 0 {
		return from + i
	}
	return len(s)
}

// parseParams returns where the params start (their ";") in s[from:], or
// len(s). Section 2.4.5: the first ";" of what is left starts the params.
func parseParams(s string, from int) int {
	if i := strings.IndexByte(s[from:], ';'); i >= 0 {
		return from + i
	}
	return len(s)
}
