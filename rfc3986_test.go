package relurl

import (
	"regexp"
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/specexamples"
)

func TestRFC3986Section54(t *testing.T) {
	if n := len(specexamples.RFC3986); n != 42 {
		t.Fatalf("section 5.4 has 42 examples, the table has %d", n)
	}
	for _, ex := range specexamples.RFC3986 {
		// Strict parser: the first answer, never the backward-compatible one.
		if got := RFC3986.Resolve(specexamples.Base, ex.Ref); got != ex.Want {
			t.Errorf("%s: RFC3986.Resolve(%q, %q) = %q, want %q", ex.Section, specexamples.Base, ex.Ref, got, ex.Want)
		}
		if got := slowResolve3986(specexamples.Base, ex.Ref); got != ex.Want {
			t.Errorf("%s: slowResolve3986(%q, %q) = %q, want %q", ex.Section, specexamples.Base, ex.Ref, got, ex.Want)
		}
	}
}

// TestRemoveDotSegmentsExamples runs the two examples that section 5.2.4
// works step by step.
func TestRemoveDotSegmentsExamples(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"/a/b/c/./../../g", "/a/g"},
		{"mid/content=5/../6", "mid/6"},
	} {
		if got := string(appendRemoveDotSegments(nil, "", tc.in)); got != tc.want {
			t.Errorf("remove_dot_segments(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if got := slowRemoveDotSegments(tc.in); got != tc.want {
			t.Errorf("slowRemoveDotSegments(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// rfc3986Cases cover what section 5.4 does not. Each says what it shows.
var rfc3986Cases = []struct{ base, ref, want string }{
	{"", "g", "g"},                                     // no base: as it is
	{"", "../g", "../g"},                               // no base: as it is, dots too
	{"", "http://a/./b/../c", "http://a/c"},            // a scheme needs no base; dots go
	{"http://a/b/c/d;p?q#f", "", "http://a/b/c/d;p?q"}, // base fragment never inherited
	{"http://a/b/c/d;p?q#f", "#", "http://a/b/c/d;p?q#"},
	{"http://a/b/c/d;p?q", "?", "http://a/b/c/d;p?"},       // defined empty query replaces
	{"http://a", "g", "http://a/g"},                        // 5.2.3: authority, empty path
	{"http://a", "?y", "http://a?y"},                       // empty path kept as it is
	{"http://a?q", "g", "http://a/g"},                      // authority ends at "?"
	{"http://h:", "g", "http://h:/g"},                      // an authority ending in ":"
	{"http://h:#f", "./g", "http://h:/g"},                  // the same through 5.2.4
	{"s://", "g", "s:///g"},                                // an empty authority
	{"s:", "#f", "s:#f"},                                   // fragment only
	{"s:?q#f", "?y", "s:?y"},                               // query only
	{"s:a?q", "/g?x#y", "s:/g?x#y"},                        // absolute path, no authority
	{"s:a?q", "/./g/..", "s:/"},                            // absolute path, dots
	{"http://a#f", "//b", "http://b"},                      // network-path reference
	{"foo:a", "../c", "foo:c"},                             // rule A on "../c"
	{"foo:a/b", "../c", "foo:/c"},                          // "a/../c": C leaves "/c"
	{"foo:a/b", "..", "foo:/"},                             // C then E moves "/"
	{"foo:", "g", "foo:g"},                                 // no authority, empty path
	{"foo:", "./a:b", "foo:a:b"},                           // A leaves "a:b"
	{"http:/a/", "..//g", "http://g"},                      // 5.3 gives "//" with no authority
	{"http://a/b/c/d", "..//../g", "http://a/b/g"},         // empty segment popped
	{"http://a/b/./c/../d", "?y", "http://a/b/./c/../d?y"}, // base path not cleaned for "?y"
	{"http://a/b/./c/../d", "g", "http://a/b/g"},           // but merged paths are
	{"http://a/b", "//g/./h/../i", "http://g/i"},           // authority reference: dots go
	{"http://a/b", "/a/.", "http://a/a/"},                  // B at the end leaves "/"
	{"http://a/b", "/..", "http://a/"},                     // C at the end leaves "/"
	{"http://a/b", "HTTP:g", "HTTP:g"},                     // strict, case kept
	{"http://a/b", "1a:b", "1a:b"},                         // Appendix B: any scheme chars
	{"http://a/b", "a b:c", "a b:c"},                       // even a space
	{"http://a/b", ":g", "http://a/:g"},                    // no empty scheme
	{"http://a/b", "g:", "g:"},                             // a scheme alone
	{"http://a/b", "%2e%2e/g", "http://a/%2e%2e/g"},        // no decoding
	{"http://a/b", "./g;x/..;y/h", "http://a/g;x/..;y/h"},  // "..;y" is not ".."
	{"http://a/b/c", "...", "http://a/b/..."},              // nor is "..."
	{"http://a/b/c", "g\x00/../\xff", "http://a/b/\xff"},   // any bytes
}

func TestRFC3986Cases(t *testing.T) {
	for _, tc := range rfc3986Cases {
		if got := RFC3986.Resolve(tc.base, tc.ref); got != tc.want {
			t.Errorf("RFC3986.Resolve(%q, %q) = %q, want %q", tc.base, tc.ref, got, tc.want)
		}
		if got := slowResolve3986(tc.base, tc.ref); got != tc.want {
			t.Errorf("slowResolve3986(%q, %q) = %q, want %q", tc.base, tc.ref, got, tc.want)
		}
	}
}

// TestRemoveDotSegmentsAgainstSlow checks the stack against the literal
// rules on every short path made of the pieces that matter, split every
// possible way between a merged directory and a reference path.
func TestRemoveDotSegmentsAgainstSlow(t *testing.T) {
	paths := segmentPaths([]string{"a", ".", "..", "", "b."}, 5)
	n := 0
	for _, p := range paths {
		for _, lead := range []string{"", "/"} {
			in := lead + p
			want := slowRemoveDotSegments(in)
			for i := 0; i <= len(in); i++ {
				if i > 0 && in[i-1] != '/' {
					continue // dir must be empty or end in "/"
				}
				n++
				if got := string(appendRemoveDotSegments([]byte("x"), in[:i], in[i:])); got != "x"+want {
					t.Fatalf("remove_dot_segments(%q + %q) = %q, literal rules give %q", in[:i], in[i:], got[1:], want)
				}
			}
		}
	}
	if n < 10000 {
		t.Fatalf("only %d cases generated", n)
	}
}

// TestRFC3986AgainstSlow compares the fast and the literal transform on
// generated references against bases of each shape.
func TestRFC3986AgainstSlow(t *testing.T) {
	refs := segmentPaths([]string{"g", ".", "..", "", ";x"}, 4)
	var more []string
	for _, r := range refs {
		more = append(more, "/"+r, r+"?y", "//h/"+r, "s:"+r, r+"#f")
	}
	refs = append(refs, more...)
	bases := []string{specexamples.Base, "http://a", "http://a?q#f", "foo:", "foo:a/b", "foo:/a/./b/../c/", "x", "//h", "http://a/b/c//d"}
	for _, base := range bases {
		for _, ref := range refs {
			if got, want := RFC3986.Resolve(base, ref), slowResolve3986(base, ref); got != want {
				t.Fatalf("RFC3986.Resolve(%q, %q) = %q, literal algorithm gives %q", base, ref, got, want)
			}
		}
	}
}

// TestParseURIRef checks the hand-written parser against the regular
// expression of Appendix B itself.
func TestParseURIRef(t *testing.T) {
	for _, s := range []string{
		"", "g", "http://a/b/c/d;p?q#f", "http://a?q", "http://a#f", "//a", "///", "a:", ":a", "a:b:c",
		"/a:b", "?a:b", "#a:b", "a?b#c?d#e", "//a/b?c#d", "s://", "s:?#", "a b:c", "1:x", "%3a:x", "//a:80/",
	} {
		checkParseURIRef(t, s)
	}
}

// appendixB is the expression of Appendix B; (?s) lets "." match a newline,
// as the RFC means any character.
var appendixB = regexp.MustCompile(`(?s)^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)

func checkParseURIRef(t *testing.T, s string) {
	t.Helper()
	u := parseURIRef(s)
	m := appendixB.FindStringSubmatchIndex(s)
	// Groups 1, 3, 5, 6, 8: "scheme:", "//authority", path, "?query", "#fragment".
	end := func(g, otherwise int) int {
		if m[2*g] < 0 {
			return otherwise
		}
		return m[2*g+1]
	}
	scheme := end(1, 0)
	authority := end(3, scheme)
	path := end(5, authority)
	query := end(6, path)
	if want := (uriRef{s, scheme, authority, path, query, hasDotSegment(s[authority:path])}); u != want || end(8, len(s)) != len(s) {
		t.Errorf("parseURIRef(%q) = %+v, Appendix B gives %+v", s, u, want)
	}
}

// The rest of this file is a second implementation of section 5.2, written
// to be read next to the RFC rather than to be fast: parsing by the
// regular expression of Appendix B, 5.2.2 and 5.2.3 as pseudocode, and
// 5.2.4 rewriting the input buffer as a string, which is quadratic. The
// fast code is checked against it here and in spec_fuzz_test.go.

type slowRef struct {
	scheme, authority, path, query, fragment   string
	hasScheme, hasAuthority, hasQuery, hasFrag bool
}

func slowParse3986(s string) slowRef {
	m := appendixB.FindStringSubmatch(s)
	idx := appendixB.FindStringSubmatchIndex(s)
	return slowRef{
		scheme: m[2], hasScheme: idx[2] >= 0,
		authority: m[4], hasAuthority: idx[6] >= 0,
		path:  m[5],
		query: m[7], hasQuery: idx[12] >= 0,
		fragment: m[9], hasFrag: idx[16] >= 0,
	}
}

// String is section 5.3, Component Recomposition.
func (u slowRef) String() string {
	result := ""
	if u.hasScheme {
		result += u.scheme + ":"
	}
	if u.hasAuthority {
		result += "//" + u.authority
	}
	result += u.path
	if u.hasQuery {
		result += "?" + u.query
	}
	if u.hasFrag {
		result += "#" + u.fragment
	}
	return result
}

// slowResolve3986 is section 5.2.2, strict, in the RFC's pseudocode.
func slowResolve3986(base, ref string) string {
	R := slowParse3986(ref)
	if base == "" && !R.hasScheme {
		return ref // no base (Spec.Resolve)
	}
	Base := slowParse3986(base)
	var T slowRef
	if R.hasScheme {
		T.scheme, T.hasScheme = R.scheme, true
		T.authority, T.hasAuthority = R.authority, R.hasAuthority
		T.path = slowRemoveDotSegments(R.path)
		T.query, T.hasQuery = R.query, R.hasQuery
	} else {
		if R.hasAuthority {
			T.authority, T.hasAuthority = R.authority, true
			T.path = slowRemoveDotSegments(R.path)
			T.query, T.hasQuery = R.query, R.hasQuery
		} else {
			if R.path == "" {
				T.path = Base.path
				if R.hasQuery {
					T.query, T.hasQuery = R.query, true
				} else {
					T.query, T.hasQuery = Base.query, Base.hasQuery
				}
			} else {
				if strings.HasPrefix(R.path, "/") {
					T.path = slowRemoveDotSegments(R.path)
				} else {
					T.path = slowMerge(Base, R.path)
					T.path = slowRemoveDotSegments(T.path)
				}
				T.query, T.hasQuery = R.query, R.hasQuery
			}
			T.authority, T.hasAuthority = Base.authority, Base.hasAuthority
		}
		T.scheme, T.hasScheme = Base.scheme, Base.hasScheme
	}
	T.fragment, T.hasFrag = R.fragment, R.hasFrag
	return T.String()
}

// slowMerge is section 5.2.3.
func slowMerge(base slowRef, path string) string {
	if base.hasAuthority && base.path == "" {
		return "/" + path
	}
	i := strings.LastIndex(base.path, "/")
	if i < 0 {
		return path
	}
	return base.path[:i+1] + path
}

// slowRemoveDotSegments is section 5.2.4 as written: an input and an
// output buffer, and the rules A to E applied to the input's prefix until
// it is empty.
func slowRemoveDotSegments(input string) string {
	output := ""
	removeLast := func() {
		// "remove the last segment and its preceding "/" (if any) from the
		// output buffer"
		if i := strings.LastIndex(output, "/"); i >= 0 {
			output = output[:i]
		} else {
			output = ""
		}
	}
	for input != "" {
		switch {
		// A. "../" or "./" prefix: remove it.
		case strings.HasPrefix(input, "../"):
			input = strings.TrimPrefix(input, "../")
		case strings.HasPrefix(input, "./"):
			input = strings.TrimPrefix(input, "./")
		// B. "/./" or "/." (complete segment): replace with "/".
		case strings.HasPrefix(input, "/./"):
			input = "/" + strings.TrimPrefix(input, "/./")
		case input == "/.":
			input = "/"
		// C. "/../" or "/.." (complete segment): replace with "/" and remove
		// the last segment of the output.
		case strings.HasPrefix(input, "/../"):
			input = "/" + strings.TrimPrefix(input, "/../")
			removeLast()
		case input == "/..":
			input = "/"
			removeLast()
		// D. only "." or "..": remove it.
		case input == "." || input == "..":
			input = ""
		// E. move the first segment, with its initial "/" if any, up to the
		// next "/".
		default:
			i := strings.Index(input[1:], "/")
			if i < 0 {
				i = len(input)
			} else {
				i++
			}
			output += input[:i]
			input = input[i:]
		}
	}
	return output
}

// parseURIRef splits s whole by Appendix B, with the rule of each group in
// turn, and notes whether the path has a dot segment. The resolvers split
// only what each kind of reference needs (prefixURIRef, scanPath,
// scanRelativeRef); this is the whole split they are checked against,
// itself checked against the regular expression.
func parseURIRef(s string) uriRef {
	u := uriRef{s: s}
	// (([^:/?#]+):)? : a non-empty run of anything but the four
	// delimiters, followed by ":".
	i := 0
	for i < len(s) && !genDelim[s[i]] {
		i++
	}
	if i > 0 && i < len(s) && s[i] == ':' {
		u.scheme = i + 1
	}
	// (//([^/?#]*))? : the authority runs to the next "/", "?" or "#".
	i = u.scheme
	if len(s)-i >= 2 && s[i] == '/' && s[i+1] == '/' {
		for i += 2; i < len(s) && s[i] != '/' && s[i] != '?' && s[i] != '#'; i++ {
		}
	}
	u.authority = i
	// ([^?#]*) : the path runs to the first "?" or "#"; note on the way
	// whether a segment is "." or "..".
	seg := i
	for ; i < len(s); i++ {
		if c := s[i]; c == '/' || c == '?' || c == '#' {
			if c != '/' {
				break
			}
			u.dots = u.dots || isDotSegment(s[seg:i])
			seg = i + 1
		}
	}
	u.dots = u.dots || isDotSegment(s[seg:i])
	u.path = i
	// (\?([^#]*))? (#(.*))? : the first "#" after starts the fragment.
	if i < len(s) && s[i] == '?' {
		if j := strings.IndexByte(s[i:], '#'); j >= 0 {
			i += j
		} else {
			i = len(s)
		}
	}
	u.query = i
	return u
}

func (u uriRef) hasScheme() bool { return u.scheme != 0 }

// TestScanners checks the partial splits of the resolvers against the
// whole one.
func TestScanners(t *testing.T) {
	for _, s := range segmentPaths([]string{"a", ":", "//", "?", "#", "b:", ".", "..", "?.", "#..", ""}, 4) {
		checkScanners(t, s)
	}
}

func checkScanners(t *testing.T, s string) {
	t.Helper()
	u := parseURIRef(s)
	if se := schemeEnd(s); se != u.scheme {
		t.Fatalf("schemeEnd(%q) = %d, want %d", s, se, u.scheme)
	}
	if p := prefixURIRef(s); p.scheme != u.scheme || p.authority != u.authority {
		t.Fatalf("prefixURIRef(%q) = %+v, parseURIRef gives %+v", s, p, u)
	}
	if s == "" || s[0] == '?' || s[0] == '#' {
		return
	}
	if s[0] == '/' {
		if !u.hasAuthority() {
			if end, dots := scanPath(s); end != u.path || dots != u.dots {
				t.Fatalf("scanPath(%q) = %d, %v; want %d, %v", s, end, dots, u.path, u.dots)
			}
		}
		return
	}
	end, dots := scanRelativeRef(s)
	switch {
	case u.hasScheme():
		if end != -1 {
			t.Fatalf("scanRelativeRef(%q) = %d, want -1 (a scheme)", s, end)
		}
	case end != u.path || dots != u.dots:
		t.Fatalf("scanRelativeRef(%q) = %d, %v; want %d, %v", s, end, dots, u.path, u.dots)
	}
}

// TestClimbDir checks the shortcut for leading dot segments against the
// literal rules, and that it declines what it does not handle.
func TestClimbDir(t *testing.T) {
	n := 0
	for _, dir := range []string{"/", "/a/", "/a/b/", "/a//", "//", "/a/b.c/"} {
		for _, p := range segmentPaths([]string{".", "..", "g", "", "g."}, 4) {
			up, rest, ok := climbDir(dir, p)
			if !ok {
				if !hasDotSegment(p) {
					t.Fatalf("climbDir(%q, %q) declined a path without dot segments", dir, p)
				}
				continue
			}
			n++
			if got, want := up+rest, slowRemoveDotSegments(dir+p); got != want {
				t.Fatalf("climbDir(%q, %q) = %q + %q, literal rules give %q", dir, p, up, rest, want)
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d cases taken", n)
	}
}
