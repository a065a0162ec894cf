package relurl

import (
	"strings"
	"testing"

	"github.com/relurl/relurl/internal/rfcexamples"
)

const rfcBase = rfcexamples.Base

func TestRFC1808Section5(t *testing.T) {
	if n := len(rfcexamples.Section5); n != 39 {
		t.Fatalf("section 5 has 39 examples, the table has %d", n)
	}
	for _, tc := range rfcexamples.Section5 {
		if got := Resolve(rfcBase, tc.Ref); got != tc.Want {
			t.Errorf("Resolve(%q, %q) = %q, want %q", rfcBase, tc.Ref, got, tc.Want)
		}
	}
}

func TestRFC1808Section10(t *testing.T) {
	if got := Resolve(rfcexamples.HTMLBase, rfcexamples.HTMLRef); got != rfcexamples.HTMLWant {
		t.Errorf("Resolve(%q, %q) = %q, want %q", rfcexamples.HTMLBase, rfcexamples.HTMLRef, got, rfcexamples.HTMLWant)
	}
}

func TestNotesReadings(t *testing.T) {
	for _, tc := range rfcexamples.Notes {
		if got := Resolve(rfcBase, tc.Ref); got != tc.Want {
			t.Errorf("Resolve(%q, %q) = %q, want %q", rfcBase, tc.Ref, got, tc.Want)
		}
	}
}

// resolveCases cover what section 5 does not: other bases, empty and
// odd components, and dot segments in the base itself.
var resolveCases = []struct{ base, ref, want string }{
	{"", "g", "g"},                                                // step 1: no base
	{"", "", ""},                                                  // step 1
	{"http://a", "g", "http://a/g"},                               // empty path with a net_loc is "/"
	{"http://a", "../g", "http://a/../g"},                         // nothing to pop
	{"http://a", "", "http://a"},                                  // 2a
	{"http://a", "?q", "http://a?q"},                              // 5: path inherited as is
	{"http:", "g", "http:g"},                                      // no net_loc, empty path
	{"foo:a/b", "../c", "foo:c"},                                  // relative base path
	{"foo:a", "../c", "foo:../c"},                                 // 6c cannot pop "" before "a"? base dir is empty
	{"http://a/b/c//d", "../g", "http://a/b/c/g"},                 // empty segment pops
	{"http://a/b/./c", "g", "http://a/b/g"},                       // dots in the base path too
	{"http://a/b/../c", "g", "http://a/g"},                        // ditto
	{"http://a/b/c", "..", "http://a/"},                           // 6d
	{"http://a/b", "..", "http://a/.."},                           // 6d needs a segment
	{"http://a/b/c", "../..", "http://a/.."},                      // 6c then nothing for 6d
	{"http://a/b/c/d", "..//g", "http://a/b//g"},                  // empty segment kept
	{"http://a/b/c/d", "../../../..", "http://a/../.."},           // ".." above the root
	{"http://a?q", "g", "http://a?q/g"},                           // net_loc holds "?"... and is kept
	{"http://a/b;p/q?x", "g", "http://a/g"},                       // params hold "/": path is "/b"
	{"mailto:x@y", "z", "mailto:z"},                               // same algorithm for every scheme
	{"http://a/b/c/d;p?q#f", "%2e%2e/g", "http://a/b/c/%2e%2e/g"}, // no decoding
	{"http://a/b/c/d;p?q#f", "HTTP:g", "HTTP:g"},                  // case kept
	{"http://a/b/c/d;p?q#f", "1a:b", "1a:b"},                      // digits start a scheme here
	{"http://a/b/c/d;p?q#f", ":g", "http://a/b/c/:g"},             // no scheme before a leading ":"
	{"http://a/b/c/d;p?q#f", ";x?y", "http://a/b/c/d;x?y"},
	{"http://a/b/c/d;p?q#f", ";?y", "http://a/b/c/d;p?y"},
	{"http://a/b/c/d;p?q#f", "?#s", "http://a/b/c/d;p?q#s"},
	{"http://a/b/c/d;p?q#f", "//g/../h", "http://g/../h"},  // step 3 skips 6
	{"http://a/b/c/d;p?q#f", "/a/../g", "http://a/a/../g"}, // step 4 skips 6
	{"http://a/b/c/d;p?q#f", "a\x00b", "http://a/b/c/a\x00b"},
	// Leading "." and ".." segments, popped from the base directory in one
	// piece (popLeadingDots), and the shapes that leave it for the stack.
	{"http://a/b/c/d", ".././../g", "http://a/g"},        // "." between pops
	{"http://a/b/c/d", "../../x/../g", "http://a/g"},     // a segment among the dots
	{"http://a/b/d", "../../..#f", "http://a/../..#f"},   // ".." kept once the directory is empty
	{"http://a/b/d", "../.././g", "http://a/../g"},       // "." after a kept ".."
	{"http://a//d", "../g", "http://a/g"},                // an empty segment popped
	{"http://a/b/c/", "..;p?q", "http://a/b/;p?q"},       // 6d, then params and query
	{"http://a/./b", ".;p", "http://a/;p"},               // dots in the base: the stack, then params
	{"http://a", "..?q", "http://a/..?q"},                // empty base path, 6d cannot pop
	{"http://a/b/c/d", "x/..", "http://a/b/c/"},          // a dot segment not leading
	{"http://a/b/c/d", "a:b/../g", "a:b/../g"},           // a scheme before dots
	{"http://a/b/c/d", "x/a:b/../g", "http://a/b/c/x/g"}, // a ":" after a "/" ends no scheme
}

func TestResolveCases(t *testing.T) {
	for _, tc := range resolveCases {
		if got := Resolve(tc.base, tc.ref); got != tc.want {
			t.Errorf("Resolve(%q, %q) = %q, want %q", tc.base, tc.ref, got, tc.want)
		}
		if got := slowResolve(tc.base, tc.ref); got != tc.want {
			t.Errorf("slowResolve(%q, %q) = %q, want %q", tc.base, tc.ref, got, tc.want)
		}
	}
}

// TestAgainstSlow checks the stack of step 6 against the literal rules on
// every short path made of the pieces that matter.
func TestAgainstSlow(t *testing.T) {
	paths := segmentPaths([]string{"a", ".", "..", "", "b."}, 5)
	bases := []string{"http://a/b/c/d;p?q#f", "http://a", "foo:", "foo:x/./y/../z", "http://a//b/../"}
	n := 0
	for _, base := range bases {
		for _, p := range paths {
			if p == "" || strings.HasPrefix(p, "/") {
				continue
			}
			n++
			if got, want := Resolve(base, p), slowResolve(base, p); got != want {
				t.Fatalf("Resolve(%q, %q) = %q, literal rules give %q", base, p, got, want)
			}
		}
	}
	if n < 10000 {
		t.Fatalf("only %d cases generated", n)
	}
}
