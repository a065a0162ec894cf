package doctest

import (
	"errors"
	"fmt"

	"github.com/relurl/relurl"
)

// The examples of this file are the README's tour of the library: the
// README shows their bodies (TestExamples checks that it does, byte for
// byte) and go test checks their output.

func Example_tour() {
	fmt.Println(relurl.Resolve("http://a/b/c/d;p?q#f", "../g"))

	u := relurl.Parse("http://a/b;p?#f") // never fails: section 2.4 splits any string
	fmt.Println(u.Scheme(), u.NetLoc(), u.Path(), u.Params(), u.Fragment())
	fmt.Println(u.HasQuery(), u.Query() == "") // present, and empty
	fmt.Println(u.String() == "http://a/b;p?#f")

	fmt.Println(relurl.Relative("http://a/b/c/d", "http://a/b/g")) // resolves back, always
	fmt.Println(relurl.RFC3986.Resolve("http://a/b/c/d;p?q", ";x"))

	err := relurl.Validate("http://a/b c")
	var verr *relurl.ValidationError
	fmt.Println(errors.As(err, &verr))
	fmt.Println(err)
	// Output:
	// http://a/b/g
	// http a /b p f
	// true true
	// true
	// ../g
	// http://a/b/c/;x
	// true
	// relurl.Validate("http://a/b c"): byte 10: unescaped " " (0x20) is not a uchar or reserved character; escape it as %20 (RFC 1808 section 2.2, rule uchar)
}

func Example_manyLinks() {
	links := []string{"g", "../img/a.png", "?q", "#top", "//cdn.example.net/x.js"}
	page := relurl.RFC1808.ParseBase("https://example.com/news/2024/index.html")
	buf := make([]byte, 0, 256)
	for _, ref := range links {
		buf = page.AppendResolve(buf[:0], ref) // no allocation when buf has room
		fmt.Printf("%s\n", buf)
	}
	// Output:
	// https://example.com/news/2024/g
	// https://example.com/news/img/a.png
	// https://example.com/news/2024/index.html?q
	// https://example.com/news/2024/index.html#top
	// https://cdn.example.net/x.js
}

func Example_explain() {
	tr := relurl.Explain("http://a/b/c/d;p?q#f", "../../../g")
	for _, s := range tr.Steps {
		if s.Step == "6c" {
			fmt.Println(s.Step, s.Detail)
		}
	}
	fmt.Println(tr.Result)
	// Output:
	// 6c removed `c/../`
	// 6c removed `b/../`
	// 6c 1 ".." with no segment before to remove: kept, as section 5.2 shows (`../../../g` gives `http://a/../g`)
	// http://a/../g
}
