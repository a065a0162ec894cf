package relurl_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/relurl/relurl"
)

func ExampleParse() {
	u := relurl.Parse("http://a/b/c/d;p?q#f")
	fmt.Println(u.Scheme(), u.NetLoc(), u.Path(), u.Params(), u.Query(), u.Fragment())
	// Output: http a /b/c/d p q f
}

// Presence: an empty component is not an absent one, and String gives the
// input back unchanged.
func ExampleParse_presence() {
	for _, s := range []string{"http://a/b?", "http://a/b", "HTTP://A/%7e;p/q"} {
		u := relurl.Parse(s)
		fmt.Printf("%s: query %q present=%v, params %q, String %q\n", s, u.Query(), u.HasQuery(), u.Params(), u.String())
	}
	// Output:
	// http://a/b?: query "" present=true, params "", String "http://a/b?"
	// http://a/b: query "" present=false, params "", String "http://a/b"
	// HTTP://A/%7e;p/q: query "" present=false, params "p/q", String "HTTP://A/%7e;p/q"
}

func ExampleResolve() {
	fmt.Println(relurl.Resolve("http://a/b/c/d;p?q#f", "../g"))
	fmt.Println(relurl.Resolve("http://a/b/c/d;p?q#f", ";x"))
	fmt.Println(relurl.Resolve("http://a/b/c/d;p?q#f", "../../../g"))
	fmt.Println(relurl.Resolve("http://a/b/c/d;p?q#f", "http:g"))
	// Output:
	// http://a/b/g
	// http://a/b/c/d;x
	// http://a/../g
	// http:g
}

// The examples of RFC 1808 section 5.1.
func ExampleResolve_normal() {
	base := "http://a/b/c/d;p?q#f"
	for _, ref := range []string{"g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "g?y/./x", "#s",
		"g#s", "g#s/./x", "g?y#s", ";x", "g;x", "g;x?y#s", ".", "./", "..", "../", "../g", "../..", "../../", "../../g"} {
		fmt.Printf("%-8s = %s\n", ref, relurl.Resolve(base, ref))
	}
	// Output:
	// g:h      = g:h
	// g        = http://a/b/c/g
	// ./g      = http://a/b/c/g
	// g/       = http://a/b/c/g/
	// /g       = http://a/g
	// //g      = http://g
	// ?y       = http://a/b/c/d;p?y
	// g?y      = http://a/b/c/g?y
	// g?y/./x  = http://a/b/c/g?y/./x
	// #s       = http://a/b/c/d;p?q#s
	// g#s      = http://a/b/c/g#s
	// g#s/./x  = http://a/b/c/g#s/./x
	// g?y#s    = http://a/b/c/g?y#s
	// ;x       = http://a/b/c/d;x
	// g;x      = http://a/b/c/g;x
	// g;x?y#s  = http://a/b/c/g;x?y#s
	// .        = http://a/b/c/
	// ./       = http://a/b/c/
	// ..       = http://a/b/
	// ../      = http://a/b/
	// ../g     = http://a/b/g
	// ../..    = http://a/
	// ../../   = http://a/
	// ../../g  = http://a/g
}

// The examples of RFC 1808 section 5.2.
func ExampleResolve_abnormal() {
	base := "http://a/b/c/d;p?q#f"
	for _, ref := range []string{"", "../../../g", "../../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g",
		"./../g", "./g/.", "g/./h", "g/../h", "http:g", "http:"} {
		fmt.Printf("%-15s = %s\n", "<"+ref+">", relurl.Resolve(base, ref))
	}
	// Output:
	// <>              = http://a/b/c/d;p?q#f
	// <../../../g>    = http://a/../g
	// <../../../../g> = http://a/../../g
	// </./g>          = http://a/./g
	// </../g>         = http://a/../g
	// <g.>            = http://a/b/c/g.
	// <.g>            = http://a/b/c/.g
	// <g..>           = http://a/b/c/g..
	// <..g>           = http://a/b/c/..g
	// <./../g>        = http://a/b/g
	// <./g/.>         = http://a/b/c/g/
	// <g/./h>         = http://a/b/c/g/h
	// <g/../h>        = http://a/b/c/h
	// <http:g>        = http:g
	// <http:>         = http:
}

// The example of RFC 1808 section 10: the base comes from a BASE element.
func ExampleResolve_html() {
	fmt.Println(relurl.Resolve("http://www.ics.uci.edu/Test/a/b/c", "../x"))
	// Output: http://www.ics.uci.edu/Test/a/x
}

// AppendResolve resolves many links against one parsed base into a reused
// buffer, without allocating.
func ExampleParsedBase_AppendResolve() {
	base := relurl.RFC1808.ParseBase("http://a/b/c/d;p?q#f")
	buf := make([]byte, 0, 128)
	for _, ref := range []string{"g", "../g", "#s"} {
		buf = base.AppendResolve(buf[:0], ref)
		fmt.Printf("%s\n", buf)
	}
	// Output:
	// http://a/b/c/g
	// http://a/b/g
	// http://a/b/c/d;p?q#s
}

func ExampleValidate() {
	err := relurl.Validate("http://a/b c")
	fmt.Println(err)
	var ve *relurl.ValidationError
	if errors.As(err, &ve) {
		fmt.Println(ve.Offset, ve.Err, errors.Is(err, relurl.ErrUChar))
	}
	fmt.Println(relurl.Validate("http://a/b%20c"))
	// Output:
	// relurl.Validate("http://a/b c"): byte 10: unescaped " " (0x20) is not a uchar or reserved character; escape it as %20 (RFC 1808 section 2.2, rule uchar)
	// 10 uchar true
	// <nil>
}

func ExampleURL_NetURL() {
	u, err := relurl.Parse("http://a/b;p?q").NetURL()
	fmt.Println(u.Path, u.RawQuery, err)
	_, err = relurl.Parse("http://a/%zz").NetURL()
	fmt.Println(err)
	// Output:
	// /b;p q <nil>
	// relurl: converting "http://a/%zz" to net/url: parse "http://a/%zz": invalid URL escape "%zz"
}

// What a round trip through net/url keeps and loses.
func ExampleFromNetURL() {
	for _, s := range []string{"http://a/b?", "http:///x", "http://a/b;p", "http://a/b#"} {
		u, _ := relurl.Parse(s).NetURL()
		fmt.Printf("%-13q -> %q\n", s, relurl.FromNetURL(u))
	}
	// Output:
	// "http://a/b?" -> "http://a/b?"
	// "http:///x"   -> "http:///x"
	// "http://a/b;p" -> "http://a/b;p"
	// "http://a/b#" -> "http://a/b"
}

// The accessors of URL: each component without its delimiter, and whether
// it is present.
func ExampleURL() {
	u := relurl.Parse("http://a/b;p?#")
	fmt.Println(u.Scheme(), u.HasScheme(), u.NetLoc(), u.HasNetLoc(), u.Path())
	fmt.Println(u.Params(), u.HasParams(), u.Query() == "", u.HasQuery(), u.Fragment() == "", u.HasFragment())
	// Output:
	// http true a true /b
	// p true true true true true
}

func ExampleURL_String() {
	fmt.Println(relurl.Parse("HTTP://A/%7e/./b").String())
	// Output: HTTP://A/%7e/./b
}

func ExampleURL_AppendTo() {
	fmt.Printf("%s\n", relurl.Parse("http://a/b").AppendTo([]byte("url: ")))
	// Output: url: http://a/b
}

// A URL is text to encoding/json and other encoders, kept byte for byte.
func ExampleURL_MarshalText() {
	var v struct{ Link relurl.URL }
	_ = json.Unmarshal([]byte(`{"Link":"g;x?y#s"}`), &v)
	out, _ := json.Marshal(v)
	fmt.Println(v.Link.Params(), string(out))
	// Output: x {"Link":"g;x?y#s"}
}

func ExampleURL_AppendText() {
	b, err := relurl.Parse("//g").AppendText([]byte("ref="))
	fmt.Println(string(b), err)
	// Output: ref=//g <nil>
}

func ExampleURL_UnmarshalText() {
	var u relurl.URL
	err := u.UnmarshalText([]byte("http://a/b?q"))
	fmt.Println(u.Query(), err)
	// Output: q <nil>
}

func ExampleURL_IsZero() {
	var u relurl.URL
	fmt.Println(u.IsZero(), relurl.Parse("").IsZero(), relurl.Parse("#").IsZero())
	// Output: true true false
}

// Programs tell the rules apart with errors.Is.
func ExampleValidationError() {
	for _, s := range []string{"http://a/%zz", "http://a/b#c#d", "//a//b"} {
		err := relurl.Validate(s)
		fmt.Println(errors.Is(err, relurl.ErrEscape), errors.Is(err, relurl.ErrFragment), errors.Is(err, relurl.ErrFirstSegment))
	}
	// Output:
	// true false false
	// false true false
	// false false true
}

func ExampleValidationError_Unwrap() {
	err := relurl.Validate("a b").(*relurl.ValidationError)
	fmt.Println(err.Unwrap() == relurl.ErrUChar)
	// Output: true
}

func ExampleValidationError_Error() {
	fmt.Println(relurl.Validate("http://a/b#c#d"))
	// Output: relurl.Validate("http://a/b#c#d"): byte 12: a second "#": a fragment is *( uchar | reserved ) and "#" is neither (RFC 1808 section 2.2, rule fragment)
}

func ExampleURL_Scheme() {
	fmt.Printf("%q %q %q\n", relurl.Parse("HTTP://a").Scheme(), relurl.Parse("1a:b").Scheme(), relurl.Parse("/a:b").Scheme())
	// Output: "HTTP" "1a" ""
}

// A scheme makes a URL absolute (section 4, step 2b).
func ExampleURL_HasScheme() {
	fmt.Println(relurl.Parse("g:h").HasScheme(), relurl.Parse("./g:h").HasScheme())
	// Output: true false
}

// A net_loc runs to the next "/" and may hold "?" and ";" (section 2.4.3).
func ExampleURL_NetLoc() {
	fmt.Printf("%q %q\n", relurl.Parse("http://a?q;p/b").NetLoc(), relurl.Parse("http:///x").NetLoc())
	// Output: "a?q;p" ""
}

func ExampleURL_HasNetLoc() {
	fmt.Println(relurl.Parse("http:///x").HasNetLoc(), relurl.Parse("http:/x").HasNetLoc())
	// Output: true false
}

func ExampleURL_Path() {
	fmt.Printf("%q %q %q\n", relurl.Parse("http://a/b/c;p?q").Path(), relurl.Parse("g").Path(), relurl.Parse("http://a").Path())
	// Output: "/b/c" "g" ""
}

// Params may hold "/" and ";" (section 2.4.5).
func ExampleURL_Params() {
	fmt.Printf("%q\n", relurl.Parse("/b;p/c;d?q").Params())
	// Output: "p/c;d"
}

func ExampleURL_HasParams() {
	fmt.Println(relurl.Parse("/b;").HasParams(), relurl.Parse("/b").HasParams())
	// Output: true false
}

func ExampleURL_Query() {
	fmt.Printf("%q\n", relurl.Parse("/b?x=1?y#f").Query())
	// Output: "x=1?y"
}

func ExampleURL_HasQuery() {
	fmt.Println(relurl.Parse("/b?").HasQuery(), relurl.Parse("/b").HasQuery())
	// Output: true false
}

func ExampleURL_Fragment() {
	fmt.Printf("%q\n", relurl.Parse("/b#s/./x#y").Fragment())
	// Output: "s/./x#y"
}

func ExampleURL_HasFragment() {
	fmt.Println(relurl.Parse("/b#").HasFragment(), relurl.Parse("/b").HasFragment())
	// Output: true false
}
