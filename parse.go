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
	// One pass from left to right. Every scan below stops at "#", so the
	// fragment is split off first as section 2.4.1 requires, and each later
	// step sees only what the earlier ones left.
	u := URL{s: s}
	i := parseScheme(s)
	u.scheme = i
	i = parseNetLoc(s, i)
	u.netloc = i
	i = parsePath(s, i)
	u.path = i
	u.dir = u.netloc + strings.LastIndexByte(s[u.netloc:i], '/') + 1
	u.dirDots = dotSegmentsEnd(s[u.netloc:u.dir]) != 0
	i = parseParams(s, i)
	u.params = i
	u.query = parseQuery(s, i)
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
// non-empty and contains only scheme characters. No scheme character is
// "#", so a ":" inside the fragment is never reached.
func parseScheme(s string) int { return schemeLen(s, classScheme) }

// schemeLen returns the length of "scheme:" at the start of s, where the
// scheme is a non-empty run of bytes of class, or 0.
func schemeLen(s string, class uint8) int {
	i := 0
	for i < len(s) && charClass[s[i]]&class != 0 {
		i++
	}
	if i > 0 && i < len(s) && s[i] == ':' {
		return i + 1
	}
	return 0
}

// parseNetLoc returns the end of the "//net_loc" section that starts at
// from, or from when there is none. Section 2.4.3: a net_loc follows "//"
// and runs up to the next "/"; it may hold "?" and ";".
func parseNetLoc(s string, from int) int {
	if len(s)-from < 2 || s[from] != '/' || s[from+1] != '/' {
		return from
	}
	return indexAny2(s, from+2, '/', '#')
}

// parsePath returns the end of the path that starts at from: the first
// ";", "?" or "#". Sections 2.4.4 and 2.4.5 take the query from the first
// "?" and then the params from the first ";" before it; either way the
// path ends at the first of the three.
func parsePath(s string, from int) int {
	return indexAny3(s, from, ';', '?', '#')
}

// parseParams returns the end of the ";params" section at from, or from
// when s[from] is not ";". Section 2.4.5: params run to the query or the
// fragment, and may hold "/" and ";".
func parseParams(s string, from int) int {
	if from == len(s) || s[from] != ';' {
		return from
	}
	return indexAny2(s, from+1, '?', '#')
}

// parseQuery returns the end of the "?query" section at from, that is the
// start of the fragment or len(s). Section 2.4.4: the query runs to the
// fragment and may hold "?".
func parseQuery(s string, from int) int {
	if from == len(s) || s[from] != '?' {
		return from
	}
	return parseFragment(s)
}
