package relurl

import (
	"testing"

	"github.com/relurl/relurl/internal/rfcexamples"
)

// FuzzRelative checks, for any base and target, that Relative's answer
// resolves back to the target, or is the target itself when nothing does
// (and then the target has no scheme and the base is not empty).
//
// It also reads the target as a reference: Relative(base, Resolve(base,
// target)) must resolve back, always, and be no longer than target (plus
// the "./" that section 5.3 asks for), since target is one reference that
// works.
func FuzzRelative(f *testing.F) {
	for _, ex := range rfcexamples.Section5 {
		f.Add(rfcexamples.Base, ex.Want) // the RFC's results, back to references
	}
	for _, tc := range relativeCases {
		f.Add(tc.base, tc.target) // the quirks of section 4, one by one
	}
	for _, tc := range unreachableCases {
		f.Add(tc.base, tc.target) // targets no reference reaches
	}
	f.Add("http://a/b/c/d;p?q#f", "http://a/b/c/d;p?")    // empty query present: "?" would inherit "q"
	f.Add("http://a/b/c/d;p?q#f", "http://a/../g")        // ".." above the root, written as an absolute path
	f.Add("http://a?q;p/b", "http://a?q;p/c;x")           // net_loc holding "?" and ";"
	f.Add("http://a", "http://a?q")                       // base without a path: step 5 after the net_loc
	f.Add("x/./y/../z/w", "x/z/q:r")                      // dots in a relative base, colon in the result
	f.Add("../../a/b", "../../c")                         // ".." at the bottom of the base's stack
	f.Add("http://a/b//c", "http://a/b//")                // empty segments to pop and to keep
	f.Add("http://a/b", "http://a//")                     // a result path starting "//"
	f.Add("#f", "")                                       // a base that is only a fragment, target empty
	f.Add("http://a/b\x00/c", "http://a/b\x00/\xff;\x7f") // NUL, invalid UTF-8, DEL
	buf := make([]byte, 0, 64)
	f.Fuzz(func(t *testing.T, base, target string) {
		r := Relative(base, target)
		if Resolve(base, r) != target {
			if r != target || base == "" || Parse(target).HasScheme() {
				t.Fatalf("Relative(%q, %q) = %q, which resolves to %q", base, target, r, Resolve(base, r))
			}
		}
		if a := Parse(base).AppendRelative(buf[:0], target); string(a) != r {
			t.Fatalf("AppendRelative(%q, %q) = %q, Relative gives %q", base, target, a, r)
		}

		reached := Resolve(base, target)
		r = Relative(base, reached)
		if got := Resolve(base, r); got != reached {
			t.Fatalf("Relative(%q, %q) = %q, which resolves to %q", base, reached, r, got)
		}
		limit := len(target)
		if breaks53(target) {
			limit += len("./")
		}
		if len(r) > limit {
			t.Fatalf("Relative(%q, %q) = %q, longer than %q", base, reached, r, target)
		}
	})
}
