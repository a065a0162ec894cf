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

// The non-fatal validation errors, named as the standard names them: a
// host with two IPv4 parts, the first hexadecimal, and a "\" in the path.
func ExampleParseTrace_validation() {
	var t whatwg.Trace
	u, _ := whatwg.ParseTrace(`https://0x7f.1/a\b`, nil, &t)
	fmt.Println(u)
	for _, v := range t.Validation {
		fmt.Println(v.Offset, v.Kind)
	}
	// Output:
	// https://127.0.0.1/a/b
	// 8 IPv4-too-few-parts
	// 8 IPv4-non-decimal-part
	// 16 invalid-reverse-solidus
}

func ExampleParse() {
	u, err := whatwg.Parse("https://EXAMPLE.org:443/a/./b/../c?q=1#top")
	fmt.Println(u, err)
	_, err = whatwg.Parse("https://exa mple.org/")
	var e *whatwg.Error
	fmt.Println(errors.As(err, &e), e.Offset, errors.Is(err, whatwg.DomainInvalidCodePoint))
	// Output:
	// https://example.org/a/c?q=1#top <nil>
	// true 11 true
}

func ExampleURL_Parse() {
	base := whatwg.MustParse("https://example.org/docs/guide/index.html")
	for _, ref := range []string{"intro.html", "../api/", "/", "?page=2", "//cdn.example.net/x.js"} {
		u, _ := base.Parse(ref)
		fmt.Println(u)
	}
	// Output:
	// https://example.org/docs/guide/intro.html
	// https://example.org/docs/api/
	// https://example.org/
	// https://example.org/docs/guide/index.html?page=2
	// https://cdn.example.net/x.js
}

func ExampleCanParse() {
	fmt.Println(whatwg.CanParse("https://example.org/"), whatwg.CanParse("/x"), whatwg.CanParse("/x", "https://example.org/"))
	// Output: true false true
}

func ExampleURL_ParseEncoded() {
	// A link in a windows-1252 page: its query is encoded in windows-1252.
	enc, _ := whatwg.LookupEncoding("windows-1252")
	base := whatwg.MustParse("http://example.org/search")
	u, _ := base.ParseEncoded("?q=café", enc)
	v, _ := base.Parse("?q=café")
	fmt.Println(u)
	fmt.Println(v)
	// Output:
	// http://example.org/search?q=caf%E9
	// http://example.org/search?q=caf%C3%A9
}

func ExampleURL_SetHost() {
	u := whatwg.MustParse("https://example.org:8443/path")
	fmt.Println(u.SetHost("example.net"))        // the port stays
	fmt.Println(u.SetHost("example.net:99/x"))   // a port, and the rest ignored
	fmt.Println(u.SetHostname("example.net:99")) // a port in a hostname: ignored
	fmt.Println(u.SetPort("443"))                // the default port is no port
	fmt.Println(u.SetProtocol("ftp"))            // special to special
	fmt.Println(u.SetProtocol("web+x"))          // special to non-special: ignored
	fmt.Println(u.SetPathname("a b?c"), u.SetSearch("q=1"), u.SetHash("top"))
	fmt.Println(u) // u itself is unchanged: URLs are values
	// Output:
	// https://example.net:8443/path
	// https://example.net:99/path
	// https://example.org:8443/path
	// https://example.org/path
	// ftp://example.org:8443/path
	// https://example.org:8443/path
	// https://example.org:8443/a%20b%3Fc https://example.org:8443/path?q=1 https://example.org:8443/path#top
	// https://example.org:8443/path
}

func ExampleURL_SearchParams() {
	u := whatwg.MustParse("https://example.org/list?sort=name&page=2&tag=a&tag=b")
	p := u.SearchParams() // bound to u: each change rewrites u's query
	fmt.Println(p.Get("page"))
	fmt.Println(p.GetAll("tag"), p.Has("tag", "b"), p.Size())
	p.Set("page", "3")
	p.Delete("tag", "a")
	p.Append("q", "café & co")
	fmt.Println(u)
	p.Sort()
	fmt.Println(u.Search())
	for name, value := range p.All() {
		fmt.Printf("%s=%q ", name, value)
	}
	fmt.Println()
	// Output:
	// 2 true
	// [a b] true 4
	// https://example.org/list?sort=name&page=3&tag=b&q=caf%C3%A9+%26+co
	// ?page=3&q=caf%C3%A9+%26+co&sort=name&tag=b
	// page="3" q="café & co" sort="name" tag="b"
}

func ExampleBuffer() {
	// Parse many URLs into one reused buffer: no allocation per URL. Each
	// URL is valid until the next Parse; Clone keeps one.
	var buf whatwg.Buffer
	var kept []whatwg.URL
	for _, s := range []string{"https://a.example/x", "HTTPS://B.example/./y", "mailto:c@example"} {
		u, err := buf.Parse(s)
		if err != nil {
			continue
		}
		if u.Protocol() == "https:" {
			kept = append(kept, u.Clone())
		}
	}
	fmt.Println(kept)
	// Output: [https://a.example/x https://b.example/y]
}
