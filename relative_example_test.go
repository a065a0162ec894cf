package relurl_test

import (
	"fmt"

	"github.com/relurl/relurl"
)

func ExampleRelative() {
	base := "http://a/b/c/d;p?q#f" // the base of RFC 1808 section 5
	for _, target := range []string{
		"http://a/b/c/g",
		"http://a/b/g",
		"http://a/g",
		"http://a/b/c/d;p?y",
		"http://a/b/c/d;p?q#s",
		"http://a/b/c/d;x",
		"http://a/b/c/this:that",
		"http://g/h",
		"ftp://a/b",
	} {
		fmt.Println(relurl.Relative(base, target))
	}
	// Output:
	// g
	// ../g
	// /g
	// ?y
	// #s
	// ;x
	// ./this:that
	// //g/h
	// ftp://a/b
}

// The quirks of RFC 1808 resolution: an empty query inherits the base's,
// and ".." never climbs above the net_loc.
func ExampleRelative_quirks() {
	base := "http://a/b/c/d;p?q#f"
	for _, target := range []string{
		"http://a/b/c/d;p?",  // "?" would give back the base's query
		"http://a/b/c/d;p?q", // the base without its fragment
		"http://a/../g",      // "../../../g" reaches it too, but is longer
		"http://a/b/./g",     // "." survives only in an absolute path
	} {
		r := relurl.Relative(base, target)
		fmt.Printf("%-10s %s\n", r, relurl.Resolve(base, r))
	}
	// Output:
	// ;p?        http://a/b/c/d;p?
	// ?          http://a/b/c/d;p?q
	// /../g      http://a/../g
	// /b/./g     http://a/b/./g
}

// A target without a scheme cannot be reached from a base with one: every
// reference but the empty one resolves to a URL with the base's scheme.
// Relative returns the target unchanged, and the caller can tell.
func ExampleRelative_unreachable() {
	base, target := "http://a/b", "g"
	r := relurl.Relative(base, target)
	fmt.Printf("%q %v\n", r, relurl.Resolve(base, r) == target)
	// Output: "g" false
}

func ExampleParsedBase_AppendRelative() {
	base := relurl.RFC1808.ParseBase("https://example.com/docs/guide/intro.html")
	buf := make([]byte, 0, 1024)
	for _, target := range []string{
		"https://example.com/docs/guide/setup.html",
		"https://example.com/docs/api/index.html#top",
		"https://example.com/docs/guide/intro.html#install",
	} {
		buf = base.AppendRelative(buf[:0], target)
		fmt.Printf("%s\n", buf)
	}
	// Output:
	// setup.html
	// ../api/index.html#top
	// #install
}

// Under RFC 3986, params are part of the path: RFC 1808's ";x" would
// resolve elsewhere, so a longer form is returned.
func ExampleSpec_Relative() {
	fmt.Println(relurl.RFC1808.Relative("http://a/b/c/d;p?q", "http://a/b/c/d;x"))
	fmt.Println(relurl.RFC3986.Relative("http://a/b/c/d;p?q", "http://a/b/c/d;x"))
	// Output:
	// ;x
	// /b/c/d;x
}
