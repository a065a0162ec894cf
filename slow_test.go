package relurl

import "strings"

// This file holds a second implementation of sections 2.4 and 4, written to
// be read next to the RFC rather than to be fast: each step is a string
// operation in the RFC's words, and step 6 rewrites the path string until
// no rule matches, which is quadratic. It is the reference the fast code is
// checked against (resolve_test.go, fuzz_test.go).

// slowURL holds the components of section 2.4, each with its presence.
type slowURL struct {
	scheme                                  string
	hasScheme                               bool
	netLoc, params, query, fragment         string
	hasNetLoc, hasParams, hasQuery, hasFrag bool
	path                                    string // with its leading "/", if any
}

func slowParse(s string) slowURL {
	var u slowURL
	// 2.4.1: "If the parse string contains a crosshatch "#" character, then
	// the substring after the first (left-most) crosshatch ... is removed".
	s, u.fragment, u.hasFrag = strings.Cut(s, "#")
	// 2.4.2: "If the parse string contains a colon ":" after the first
	// character and before any characters not allowed as part of a scheme
	// name".
	if i := strings.Index(s, ":"); i > 0 && strings.Trim(s[:i], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.") == "" {
		u.scheme, u.hasScheme, s = s[:i], true, s[i+1:]
	}
	// 2.4.3: "If the parse string begins with a double-slash "//", then the
	// substring of characters after the double-slash and up to, but not
	// including, the next slash "/" character is the network location".
	if strings.HasPrefix(s, "//") {
		s = s[2:]
		i := strings.Index(s, "/")
		if i < 0 {
			i = len(s)
		}
		u.netLoc, u.hasNetLoc, s = s[:i], true, s[i:]
	}
	// 2.4.4: the first "?" starts the query.
	s, u.query, u.hasQuery = strings.Cut(s, "?")
	// 2.4.5: the first ";" starts the params.
	s, u.params, u.hasParams = strings.Cut(s, ";")
	// 2.4.6: the rest is the path.
	u.path = s
	return u
}

func (u slowURL) String() string {
	var b strings.Builder
	if u.hasScheme {
		b.WriteString(u.scheme + ":")
	}
	if u.hasNetLoc {
		b.WriteString("//" + u.netLoc)
		if u.path != "" && !strings.HasPrefix(u.path, "/") {
			b.WriteString("/")
		}
	}
	b.WriteString(u.path)
	if u.hasParams {
		b.WriteString(";" + u.params)
	}
	if u.hasQuery {
		b.WriteString("?" + u.query)
	}
	if u.hasFrag {
		b.WriteString("#" + u.fragment)
	}
	return b.String()
}

func slowResolve(base, ref string) string {
	// Step 1.
	if base == "" {
		return ref
	}
	// Step 2.
	b, r := slowParse(base), slowParse(ref)
	if ref == "" { // 2a
		return base
	}
	if r.hasScheme { // 2b
		return ref
	}
	r.scheme, r.hasScheme = b.scheme, b.hasScheme // 2c
	// Step 3.
	if r.netLoc != "" {
		return r.String()
	}
	r.netLoc, r.hasNetLoc = b.netLoc, b.hasNetLoc
	// Step 4.
	if strings.HasPrefix(r.path, "/") {
		return r.String()
	}
	// Step 5.
	if r.path == "" {
		r.path = b.path
		if r.params != "" {
			return r.String()
		}
		r.params, r.hasParams = b.params, b.hasParams
		if r.query != "" {
			return r.String()
		}
		r.query, r.hasQuery = b.query, b.hasQuery
		return r.String()
	}
	// Step 6, on the path without its leading "/" (docs/design.md#step-6-the-leading-slash).
	bp, slash := b.path, ""
	if strings.HasPrefix(bp, "/") || (bp == "" && b.hasNetLoc) {
		bp, slash = strings.TrimPrefix(bp, "/"), "/"
	}
	p := bp[:strings.LastIndex(bp, "/")+1] + r.path
	r.path = slash + slowDots(p)
	return r.String()
}

// slowDots applies rules 6a to 6d to p by rewriting the string.
func slowDots(p string) string {
	segs := func(p string) []string { return strings.Split(p, "/") }
	join := func(s []string) string { return strings.Join(s, "/") }
	// a) All occurrences of "./", where "." is a complete path segment,
	// are removed.
	s := segs(p)
	for i := 0; i < len(s)-1; {
		if s[i] == "." {
			s = append(s[:i], s[i+1:]...)
			continue
		}
		i++
	}
	p = join(s)
	// b) If the path ends with "." as a complete path segment, that "." is
	// removed.
	if p == "." {
		p = ""
	} else if strings.HasSuffix(p, "/.") {
		p = p[:len(p)-1]
	}
	// c) All occurrences of "<segment>/../", where <segment> is a complete
	// path segment not equal to "..", are removed, leftmost first, until
	// none remains.
	for {
		s := segs(p)
		found := false
		for i := 0; i+2 < len(s); i++ {
			if s[i] != ".." && s[i+1] == ".." {
				// s[i+1] is followed by "/" since i+2 < len(s).
				p = join(s[:i]) + sep(i) + join(s[i+2:])
				found = true
				break
			}
		}
		if !found {
			break
		}
	}
	// d) If the path ends with "<segment>/..", where <segment> is a
	// complete path segment not equal to "..", that "<segment>/.." is
	// removed.
	if s := segs(p); len(s) >= 2 && s[len(s)-1] == ".." && s[len(s)-2] != ".." {
		p = join(s[:len(s)-2]) + sep(len(s)-2)
	}
	return p
}

// sep is the "/" that stays after the segments before a removed
// "<segment>/..": there is one when any segment precedes.
func sep(n int) string {
	if n > 0 {
		return "/"
	}
	return ""
}

// segmentPaths returns every path of up to depth segments taken from pieces.
func segmentPaths(pieces []string, depth int) []string {
	var paths []string
	var gen func(prefix string, depth int)
	gen = func(prefix string, depth int) {
		paths = append(paths, prefix)
		if depth == 0 {
			return
		}
		for _, p := range pieces {
			if prefix == "" {
				gen(p, depth-1)
			} else {
				gen(prefix+"/"+p, depth-1)
			}
		}
	}
	gen("", depth)
	return paths
}
