package whatwg_test

import (
	"errors"
	"fmt"

	"github.com/relurl/relurl/whatwg"
)

func Example() {
	base, err := whatwg.Parse("http://example.org/a/b/c")
	if err != nil {
		panic(err)
	}
	// A crawler parses each page once and resolves its links into one buffer.
	buf := make([]byte, 0, 256)
	for _, ref := range []string{"http:g", `..\d`, "//EXAMPLE.com:80/%7e", "//0x7f.1/", "//ex ample.org/"} {
		buf, err = whatwg.AppendResolve(buf[:0], &base, ref)
		if err != nil {
			fmt.Println(ref, "fails:", errors.Unwrap(err))
			continue
		}
		fmt.Println(ref, "->", string(buf))
	}
	// Output:
	// http:g -> http://example.org/a/b/g
	// ..\d -> http://example.org/a/d
	// //EXAMPLE.com:80/%7e -> http://example.com/%7e
	// //0x7f.1/ -> http://127.0.0.1/
	// //ex ample.org/ fails: domain-invalid-code-point
}

func ExampleURL() {
	u, _ := whatwg.Parse("HTTPS://user:pa ss@Bücher.example:443/p/./q/../r?x y#z")
	fmt.Println(u.Href())
	fmt.Println(u.Protocol(), u.Username(), u.Password(), u.Host(), u.Pathname(), u.Search(), u.Hash())
	fmt.Println(u.Origin())
	// Output:
	// https://user:pa%20ss@xn--bcher-kva.example/p/r?x%20y#z
	// https: user pa%20ss xn--bcher-kva.example /p/r ?x%20y #z
	// https://xn--bcher-kva.example
}

func ExampleRelative() {
	base, _ := whatwg.Parse("https://example.org/news/2024/index.html")
	for _, t := range []string{
		"https://example.org/news/2024/img/logo.png#top",
		"https://example.org/news/2023/",
		"https://example.org/img/logo.png",
		"https://cdn.example.org/news/2024/index.html",
	} {
		target, _ := whatwg.Parse(t)
		fmt.Println(whatwg.Relative(&base, &target))
	}
	// Output:
	// img/logo.png#top
	// ../2023/
	// /img/logo.png
	// //cdn.example.org/news/2024/index.html
}

func ExampleParseTrace() {
	base, _ := whatwg.Parse("http://example.org/")
	var t whatwg.Trace
	u, _ := whatwg.ParseTrace("//h:81/x", &base, &t)
	fmt.Println(u.Href())
	for _, s := range t.Steps {
		fmt.Printf("%d %s\n", s.Offset, s.State)
	}
	// Output:
	// http://h:81/x
	// 0 scheme start state
	// 0 no scheme state
	// 0 relative state
	// 1 relative slash state
	// 2 special authority ignore slashes state
	// 2 authority state
	// 2 host state
	// 4 port state
	// 6 path start state
	// 7 path state
}
