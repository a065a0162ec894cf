package relurl_test

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/relurl/relurl"
	// relurl.WHATWG's engine (docs/design.md#the-whatwg-seam).
	_ "github.com/relurl/relurl/whatwg"
)

// Each specification answers by its own rules; RFC1808 is the default.
func ExampleSpec_Resolve() {
	base := "http://a/b/c/d;p?q"
	for _, ref := range []string{";x", "../../../g", "/./g", "?y", "g"} {
		line := fmt.Sprintf("%-11s", ref)
		for _, s := range relurl.Specs() {
			line += fmt.Sprintf(" %-19s", s.Resolve(base, ref))
		}
		fmt.Println(strings.TrimSpace(line))
	}
	// Output:
	// ;x          http://a/b/c/d;x    http://a/b/c/;x     http://a/b/c/;x     http://a/b/c/;x
	// ../../../g  http://a/../g       http://a/../g       http://a/g          http://a/g
	// /./g        http://a/./g        http://a/./g        http://a/g          http://a/g
	// ?y          http://a/b/c/d;p?y  http://a/b/c/?y     http://a/b/c/d;p?y  http://a/b/c/d;p?y
	// g           http://a/b/c/g      http://a/b/c/g      http://a/b/c/g      http://a/b/c/g
}

// The URL Standard, what browsers do, normalises and can fail: ResolveErr
// gives the failure as an error.
func ExampleSpec_ResolveErr() {
	base := "http://a/b/c/d;p?q"
	for _, ref := range []string{"http:g", "..\\G", "//EXAMPLE.org:80/x", "https://exa mple.org"} {
		r1808 := relurl.Resolve(base, ref)
		r, err := relurl.WHATWG.ResolveErr(base, ref)
		fmt.Printf("%-22q %-25q %q %v\n", ref, r1808, r, err)
	}
	// Output:
	// "http:g"               "http:g"                  "http://a/b/c/g" <nil>
	// "..\\G"                "http://a/b/c/..\\G"      "http://a/b/G" <nil>
	// "//EXAMPLE.org:80/x"   "http://EXAMPLE.org:80/x" "http://example.org/x" <nil>
	// "https://exa mple.org" "https://exa mple.org"    "" whatwg: parse "https://exa mple.org": domain-invalid-code-point at offset 11
}

// AppendResolveErr resolves many references against one parsed base and
// says which the standard rejects.
func ExampleParsedBase_AppendResolveErr() {
	base := relurl.WHATWG.ParseBase("https://example.org/a/")
	var buf []byte
	for _, ref := range []string{"b", "//[::1", "?q"} {
		var err error
		buf, err = base.AppendResolveErr(buf[:0], ref)
		fmt.Printf("%q %v\n", buf, err)
	}
	// Output:
	// "https://example.org/a/b" <nil>
	// "" whatwg: parse "//[::1": IPv6-unclosed at offset 2
	// "https://example.org/a/?q" <nil>
}

// Some of the abnormal examples of RFC 3986 section 5.4.2, with a strict
// parser.
func ExampleSpec_Resolve_rfc3986() {
	base := "http://a/b/c/d;p?q"
	for _, ref := range []string{"../../../../g", "/../g", "g;x=1/../y", "g?y/../x", "http:g"} {
		fmt.Printf("%q = %q\n", ref, relurl.RFC3986.Resolve(base, ref))
	}
	// Output:
	// "../../../../g" = "http://a/g"
	// "/../g" = "http://a/g"
	// "g;x=1/../y" = "http://a/b/c/y"
	// "g?y/../x" = "http://a/b/c/g?y/../x"
	// "http:g" = "http:g"
}

func ExampleParseSpec() {
	s, err := relurl.ParseSpec("RFC3986")
	fmt.Println(s, err)
	_, err = relurl.ParseSpec("rfc1738")
	fmt.Println(err)
	// Output:
	// rfc3986 <nil>
	// relurl: unknown specification "rfc1738": want one of rfc1808, rfc2396, rfc3986, whatwg
}

// A Spec is a flag value through flag.TextVar, as the -spec flag of the
// relurl commands.
func ExampleSpec_UnmarshalText() {
	fs := flag.NewFlagSet("example", flag.ContinueOnError)
	var spec relurl.Spec
	fs.TextVar(&spec, "spec", relurl.RFC1808, "rfc1808, rfc2396 or rfc3986")
	fs.Parse([]string{"-spec", "rfc2396"})
	fmt.Println(spec, spec.Resolve("http://a/b/c/d;p?q", "?y"))
	// Output:
	// rfc2396 http://a/b/c/?y
}

// A page's links resolve against one base: parse it once with ParseBase,
// then append each link to a reused buffer, without allocating.
func ExampleSpec_ParseBase() {
	page := relurl.RFC3986.ParseBase("https://example.com/news/2024/index.html")
	buf := make([]byte, 0, 256)
	for _, ref := range []string{"../img/a.png", "/about", "?page=2", "#top", "//cdn.example/x.js", "./../../x/./y"} {
		buf = page.AppendResolve(buf[:0], ref)
		fmt.Println(string(buf))
	}
	// Output:
	// https://example.com/news/img/a.png
	// https://example.com/about
	// https://example.com/news/2024/index.html?page=2
	// https://example.com/news/2024/index.html#top
	// https://cdn.example/x.js
	// https://example.com/x/y
}

// A ParsedBase resolves by the specification that parsed it; the same base
// parsed by each gives each one's answers.
func ExampleParsedBase_Spec() {
	var buf []byte
	for _, s := range relurl.Specs() {
		base := s.ParseBase("http://a/b/c/d;p?q")
		fmt.Print(base.Spec())
		for _, ref := range []string{";x", "?y", "../../../g"} {
			buf = base.AppendResolve(buf[:0], ref)
			fmt.Printf(" %s", buf)
		}
		fmt.Println()
	}
	// Output:
	// rfc1808 http://a/b/c/d;x http://a/b/c/d;p?y http://a/../g
	// rfc2396 http://a/b/c/;x http://a/b/c/?y http://a/../g
	// rfc3986 http://a/b/c/;x http://a/b/c/d;p?y http://a/g
	// whatwg http://a/b/c/;x http://a/b/c/d;p?y http://a/g
}

func ExampleSpecs() {
	fmt.Println(relurl.Specs())
	// Output: [rfc1808 rfc2396 rfc3986 whatwg]
}

func ExampleSpec_String() {
	var zero relurl.Spec
	fmt.Println(zero.String(), relurl.RFC3986.String())
	// Output: rfc1808 rfc3986
}

func ExampleSpec_MarshalText() {
	out, _ := json.Marshal(map[string]relurl.Spec{"spec": relurl.RFC2396})
	fmt.Println(string(out))
	// Output: {"spec":"rfc2396"}
}

func ExampleSpec_AppendText() {
	b, _ := relurl.RFC3986.AppendText([]byte("spec="))
	fmt.Println(string(b))
	// Output: spec=rfc3986
}

func ExampleParsedBase_String() {
	fmt.Println(relurl.RFC3986.ParseBase("http://a/b?q#f").String())
	// Output: http://a/b?q#f
}

// ParseSpec's error wraps ErrUnknownSpec.
func ExampleParseSpec_error() {
	_, err := relurl.ParseSpec("rfc1738")
	fmt.Println(errors.Is(err, relurl.ErrUnknownSpec))
	// Output: true
}

// A Spec is a value: comparable, and a map key.
func ExampleSpec() {
	answers := map[relurl.Spec]string{}
	for _, s := range relurl.Specs() {
		answers[s] = s.Resolve("http://a/b/c/d;p?q", "../../../g")
	}
	fmt.Println(answers[relurl.RFC1808], answers[relurl.RFC2396], answers[relurl.RFC3986])
	// Output: http://a/../g http://a/../g http://a/g
}

// A ParsedBase is comparable: two parsed from the same string by the same
// Spec are equal.
func ExampleParsedBase() {
	a, b := relurl.RFC3986.ParseBase("http://a/b"), relurl.RFC3986.ParseBase("http://a/b")
	fmt.Println(a == b, a == relurl.RFC1808.ParseBase("http://a/b"))
	// Output: true false
}

func ExampleSpec_Available() {
	// True here: this program imports github.com/relurl/relurl/whatwg. A
	// program that does not gets false, and any use of WHATWG panics.
	fmt.Println(relurl.WHATWG.Available(), relurl.RFC1808.Available())
	// Output: true true
}

func ExampleSpec_ParseBaseEncoding() {
	// The links of a page in Shift_JIS: the query is encoded as the page.
	b, err := relurl.WHATWG.ParseBaseEncoding("http://example.jp/search", "shift_jis")
	if err != nil {
		panic(err)
	}
	out, err := b.AppendResolveErr(nil, "?q=\u691c\u7d22")
	fmt.Println(string(out), err)
	// Output: http://example.jp/search?q=%8C%9F%8D%F5 <nil>
}
