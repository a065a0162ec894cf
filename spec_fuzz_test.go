package relurl

import (
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/specexamples"
)

// addSpecSeeds seeds a (base, ref) fuzzer. Each entry says what it
// exercises.
func addSpecSeeds(f *testing.F) {
	for _, ex := range specexamples.RFC3986 {
		f.Add(specexamples.Base, ex.Ref) // RFC 3986 section 5.4
	}
	for _, ex := range specexamples.RFC2396 {
		f.Add(specexamples.Base, ex.Ref) // RFC 2396 Appendix C (a few refs differ)
	}
	for _, tc := range rfc3986Cases {
		f.Add(tc.base, tc.ref) // empty and relative bases, Appendix B corners
	}
	for _, tc := range rfc2396Cases {
		f.Add(tc.base, tc.ref) // current document, authority with empty path
	}
	f.Add("foo:a/b", "../../c")       // rule C empties a rootless output
	f.Add("x", "./a:b")               // base without a scheme: result reads as a scheme
	f.Add("http:/a/", "..//g")        // recomposition gives "//" without authority
	f.Add("http://a?q", "#f")         // authority ending at "?"
	f.Add("http://a/b", "s:/./..//x") // dots in a reference with a scheme
	f.Add("", "s:./x")                // no base, rule A on a scheme's path
	f.Add("a:b", "\xff/../\x00")      // invalid UTF-8 and NUL in segments
	f.Add("//h", "?")                 // base without a scheme, defined empty query
}

// FuzzSpecResolve checks, in every mode, that resolution never panics,
// AppendResolve equals Resolve, and the result keeps to its length bound;
// the two new modes are compared with their literal transcriptions, and
// RFC 3986 results carry the right scheme.
func FuzzSpecResolve(f *testing.F) {
	addSpecSeeds(f)
	buf := make([]byte, 0, 64)
	f.Fuzz(func(t *testing.T, base, ref string) {
		for _, s := range Specs {
			got := s.Resolve(base, ref)
			if app := s.AppendResolve(buf[:0], base, ref); string(app) != got {
				t.Fatalf("%v.AppendResolve(%q, %q) = %q, Resolve gives %q", s, base, ref, app, got)
			}
			if len(got) > len(base)+len(ref)+1 {
				t.Fatalf("%v.Resolve(%q, %q) = %q: too long", s, base, ref, got)
			}
		}
		// The literal transcriptions are quadratic: compare on inputs of
		// modest size.
		if len(base)+len(ref) < 4096 {
			if got, want := RFC3986.Resolve(base, ref), slowResolve3986(base, ref); got != want {
				t.Fatalf("RFC3986.Resolve(%q, %q) = %q, literal algorithm gives %q", base, ref, got, want)
			}
			if got, want := RFC2396.Resolve(base, ref), slowResolve2396(base, ref); got != want {
				t.Fatalf("RFC2396.Resolve(%q, %q) = %q, literal algorithm gives %q", base, ref, got, want)
			}
		}
		// Section 5.2.2: the target's scheme is the reference's when it has
		// one, otherwise the base's. (A base without a scheme is not an
		// absolute URI; its results may read as having one: "x" and "./a:b"
		// give "a:b".)
		got := RFC3986.Resolve(base, ref)
		b, r := parseURIRef(base), parseURIRef(ref)
		switch {
		case r.hasScheme():
			if !strings.HasPrefix(got, ref[:r.scheme]) {
				t.Fatalf("RFC3986.Resolve(%q, %q) = %q lost the reference's scheme", base, ref, got)
			}
		case base == "":
			if got != ref {
				t.Fatalf("RFC3986.Resolve(%q, %q) = %q: no base, want the reference", base, ref, got)
			}
		case b.hasScheme():
			if g := parseURIRef(got); got[:g.scheme] != base[:b.scheme] {
				t.Fatalf("RFC3986.Resolve(%q, %q) = %q, scheme differs from the base's", base, ref, got)
			}
		}
	})
}

// FuzzRemoveDotSegments compares the stack of section 5.2.4 with the
// literal rules, on a path split at each of its "/" (a merged base
// directory and a reference path).
func FuzzRemoveDotSegments(f *testing.F) {
	f.Add("/a/b/c/./../../g")   // the RFC's first worked example
	f.Add("mid/content=5/../6") // the RFC's second, rootless
	f.Add("../.././x")          // rules A at the start
	f.Add("a/..")               // C empties a rootless output, E moves "/"
	f.Add("/..//../.")          // empty segments, B and C at the end
	f.Add(".../..g/.g")         // dots that are not dot segments
	f.Fuzz(func(t *testing.T, p string) {
		if len(p) > 2048 {
			return
		}
		want := slowRemoveDotSegments(p)
		for i := 0; i <= len(p); i++ {
			if i > 0 && p[i-1] != '/' {
				continue
			}
			if got := string(appendRemoveDotSegments(nil, p[:i], p[i:])); got != want {
				t.Fatalf("remove_dot_segments(%q + %q) = %q, literal rules give %q", p[:i], p[i:], got, want)
			}
		}
	})
}

// FuzzParseURIRef compares the whole split with the regular expression of
// Appendix B, and the resolvers' partial splits with the whole one.
func FuzzParseURIRef(f *testing.F) {
	f.Add("http://a/b/c/d;p?q#f") // every component
	f.Add("a b:c")                // a scheme the grammar rejects but the expression takes
	f.Add("//a?b#c:d")            // ":" after the delimiters
	f.Add("?#")                   // empty query and fragment
	f.Add(":x")                   // no empty scheme
	f.Fuzz(func(t *testing.T, s string) {
		checkParseURIRef(t, s)
		checkScanners(t, s)
	})
}
