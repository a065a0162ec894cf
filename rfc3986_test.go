package relurl

import (
	"regexp"
	"slices"
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
		if got := string(removeDotSegments(nil, "", tc.in)); got != tc.want {
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
				if got := string(removeDotSegments([]byte("x"), in[:i], in[i:])); got != "x"+want {
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

// removeDotSegments appends remove_dot_segments(dir+path) (RFC 3986
// 5.2.4) through the engine, as appendURI calls it: the root "/" apart
// (stepRoot), dir pushed first, then path.
func removeDotSegments(dst []byte, dir, path string) []byte {
	_, root := stepRoot(dir+path, 0, false)
	if root {
		dst = append(dst, '/')
		if dir != "" {
			dir = dir[1:]
		} else {
			path = path[1:]
		}
	}
	d := dotStack{drop: true, rooted: root}
	return d.appendPath(dst, dir, dotSegmentsEnd(dir) != 0, path, dotSegmentsEnd(path))
}

// TestParseURI checks the split of parseURI, schemeEnd and authorityEnd
// against the regular expression of Appendix B itself.
func TestParseURI(t *testing.T) {
	for _, s := range []string{
		"", "g", "http://a/b/c/d;p?q#f", "http://a?q", "http://a#f", "//a", "///", "a:", ":a", "a:b:c",
		"/a:b", "?a:b", "#a:b", "a?b#c?d#e", "//a/b?c#d", "s://", "s:?#", "a b:c", "1:x", "%3a:x", "//a:80/",
		"s:/a/./b/", "s:a/../", "//h/./x?.#..",
	} {
		checkParseURI(t, s)
	}
	for _, s := range segmentPaths([]string{"a", ":", "//", "?", "#", "b:", ".", "..", "?.", "#..", ""}, 4) {
		checkParseURI(t, s)
	}
}

// appendixB is the expression of Appendix B; (?s) lets "." match a newline,
// as the RFC means any character.
var appendixB = regexp.MustCompile(`(?s)^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)

func checkParseURI(t *testing.T, s string) {
	t.Helper()
	m := appendixB.FindStringSubmatchIndex(s)
	// Groups 1, 3, 5, 6: "scheme:", "//authority", path, "?query".
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
	dir := authority + strings.LastIndex(s[authority:path], "/") + 1
	want := URL{s: s, scheme: scheme, netloc: authority, path: path, params: path, query: query,
		dir: dir, dirDots: slices.Contains(strings.Split(s[authority:dir], "/"), ".") || slices.Contains(strings.Split(s[authority:dir], "/"), "..")}
	if u := parseURI(s); u != want {
		t.Errorf("parseURI(%q) = %+v, Appendix B gives %+v", s, u, want)
	}
	if schemeEnd(s) != scheme || authorityEnd(s) != authority {
		t.Errorf("schemeEnd, authorityEnd(%q) = %d, %d; Appendix B gives %d, %d", s, schemeEnd(s), authorityEnd(s), scheme, authority)
	}
}

// TestPopLeadingDots checks the shortcut for leading dot segments against
// the rules as written, for both ways of treating ".." above the root.
func TestPopLeadingDots(t *testing.T) {
	n := 0
	for _, dir := range []string{"", "a/", "a/b/", "a//", "/", "a/b.c/"} {
		for _, p := range segmentPaths([]string{".", "..", "g", "", "g."}, 4) {
			lead := p[:dotSegmentsEnd(p)]
			for _, drop := range []bool{false, true} {
				keep, from, ok := popLeadingDots(dir, lead, drop)
				if !ok {
					continue // a segment other than "." and "..": the stack's work
				}
				n++
				got := "/" + dir[:keep] + p[from:]
				want := "/" + slowDots(dir+p)
				if drop {
					want = slowRemoveDotSegments("/" + dir + p)
				}
				if got != want {
					t.Fatalf("popLeadingDots(%q, %q, %v) gives %q, the rules as written %q", dir, p, drop, got, want)
				}
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d cases taken", n)
	}
}
