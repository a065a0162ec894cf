package relurl

import (
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/specexamples"
)

func TestRFC2396AppendixC(t *testing.T) {
	if n := len(specexamples.RFC2396); n != 42 {
		t.Fatalf("Appendix C has 42 examples, the table has %d", n)
	}
	for _, ex := range specexamples.RFC2396 {
		// "(current document)" is the base URI, which has no fragment.
		want := strings.Replace(ex.Want, specexamples.CurrentDocument, specexamples.Base, 1)
		// The first answer where two are given: ".." above the root kept,
		// and "http:g" as validating parsers read it.
		if got := RFC2396.Resolve(specexamples.Base, ex.Ref); got != want {
			t.Errorf("%s: RFC2396.Resolve(%q, %q) = %q, want %q", ex.Section, specexamples.Base, ex.Ref, got, want)
		}
		if got := slowResolve2396(specexamples.Base, ex.Ref); got != want {
			t.Errorf("%s: slowResolve2396(%q, %q) = %q, want %q", ex.Section, specexamples.Base, ex.Ref, got, want)
		}
	}
}

// rfc2396Cases cover what Appendix C does not. Each says what it shows.
var rfc2396Cases = []struct{ base, ref, want string }{
	{"", "g", "g"}, // no base
	{"", "", ""},   // no base
	{"http://a/b/c/d;p?q#f", "", "http://a/b/c/d;p?q"},   // current document: no base fragment
	{"http://a/b/c/d;p?q#f", "#", "http://a/b/c/d;p?q#"}, // nor for a fragment reference
	{"http://a/b/c/d;p?q#f", "?", "http://a/b/c/?"},      // a defined query: step 6
	{"http://a/b/c/d;p?q#f", "//", "http://"},            // empty authority defined: step 4
	{"http://a", "g", "http://a/g"},                      // empty path with an authority is "/"
	{"http://a", "?y", "http://a/?y"},                    // likewise
	{"http://a?q", "g", "http://a/g"},                    // authority ends at "?"
	{"foo:", "g", "foo:g"},                               // no authority, empty path
	{"foo:a/b", "../c", "foo:c"},                         // relative base path
	{"foo:a", "../c", "foo:../c"},                        // ".." kept above a relative path
	{"http://a/b/c/d", "../../../..", "http://a/../.."},  // 6f cannot pop ".."
	{"http://a/b/./c/../d", "?y", "http://a/b/?y"},       // base dots removed in the merge
	{"http://a/b/c//d", "../g", "http://a/b/c/g"},        // empty segment popped
	{"http://a/b", "/./g", "http://a/./g"},               // absolute path as written
	{"http://a/b", "//g/../h", "http://g/../h"},          // network-path as written
	{"http://a/b", "s://g/../h", "s://g/../h"},           // absolute URI as written
	{"http://a/b;p/c", "g", "http://a/b;p/g"},            // params belong to the segment
	{"http://a/b/c", "g\x00/../\xff", "http://a/b/\xff"}, // any bytes
	{"http://a/b/c", "a b:c", "a b:c"},                   // Appendix B scheme
	{"http://a/b/c", "%2e%2e/g", "http://a/b/%2e%2e/g"},  // no decoding
}

func TestRFC2396Cases(t *testing.T) {
	for _, tc := range rfc2396Cases {
		if got := RFC2396.Resolve(tc.base, tc.ref); got != tc.want {
			t.Errorf("RFC2396.Resolve(%q, %q) = %q, want %q", tc.base, tc.ref, got, tc.want)
		}
		if got := slowResolve2396(tc.base, tc.ref); got != tc.want {
			t.Errorf("slowResolve2396(%q, %q) = %q, want %q", tc.base, tc.ref, got, tc.want)
		}
	}
}

func TestRFC2396AgainstSlow(t *testing.T) {
	refs := segmentPaths([]string{"g", ".", "..", "", ";x"}, 4)
	var more []string
	for _, r := range refs {
		more = append(more, "/"+r, r+"?y", "//h/"+r, "s:"+r, r+"#f")
	}
	refs = append(refs, more...)
	bases := []string{specexamples.Base, "http://a", "http://a?q#f", "foo:", "foo:a/b", "foo:/a/./b/../c/", "x", "//h", "http://a/b/c//d"}
	for _, base := range bases {
		for _, ref := range refs {
			if got, want := RFC2396.Resolve(base, ref), slowResolve2396(base, ref); got != want {
				t.Fatalf("RFC2396.Resolve(%q, %q) = %q, literal algorithm gives %q", base, ref, got, want)
			}
		}
	}
}

// slowResolve2396 is section 5.2 step by step, on the components of
// Appendix B (slowParse3986: the same expression), with step 6's rules
// applied by rewriting the buffer (slowDots: rules 6c to 6f are RFC 1808's
// 6a to 6d). It makes the choices uri.go documents.
func slowResolve2396(base, ref string) string {
	if base == "" {
		return ref
	}
	B, R := slowParse3986(base), slowParse3986(ref)
	// Step 2: the current document.
	if R.path == "" && !R.hasScheme && !R.hasAuthority && !R.hasQuery {
		B.fragment, B.hasFrag = R.fragment, R.hasFrag
		return B.String()
	}
	// Step 3.
	if R.hasScheme {
		return R.String()
	}
	R.scheme, R.hasScheme = B.scheme, B.hasScheme
	// Step 4.
	if R.hasAuthority {
		return R.String()
	}
	R.authority, R.hasAuthority = B.authority, B.hasAuthority
	// Step 5.
	if strings.HasPrefix(R.path, "/") {
		return R.String()
	}
	// Step 6. The leading "/" starts no segment; an empty path under an
	// authority is "/".
	bp, slash := B.path, ""
	if strings.HasPrefix(bp, "/") || B.hasAuthority {
		bp, slash = strings.TrimPrefix(bp, "/"), "/"
	}
	buf := bp[:strings.LastIndex(bp, "/")+1] + R.path // 6a, 6b
	R.path = slash + slowDots(buf)                    // 6c to 6f; 6g keeps ".."
	return R.String()                                 // step 7
}
