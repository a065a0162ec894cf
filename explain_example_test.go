package relurl_test

import (
	"fmt"

	"github.com/relurl/relurl"
)

func ExampleExplain() {
	t := relurl.Explain("http://a/b/c/d;p?q#f", "../g")
	for _, s := range t.Steps {
		fmt.Printf("%-3s %s\n", s.Step, s.Detail)
	}
	fmt.Println(t.Result)
	// Output:
	// 1   the base URL is `http://a/b/c/d;p?q#f` (established by section 3)
	// 2   base and reference parsed into components
	// 2c  the reference inherits the scheme `http`
	// 3   net_loc absent: inherits `a`
	// 6   base path `/b/c/d` without its last segment `d` is `/b/c/`; + `../g`
	// 6   rules 6a-6d work on `b/c/../g`: the leading "/" is not part of the path
	// 6c  removed `c/../`
	// 7   components recombined (section 2.1): `http://a/b/g`
	// http://a/b/g
}

func ExampleTrace_String() {
	fmt.Print(relurl.Explain("http://a/b/c/d;p?q#f", "?y"))
	// Output:
	// base       `http://a/b/c/d;p?q#f`
	// reference  `?y`
	//
	// components (RFC 1808 section 2.4)
	//                    base                         reference
	//   scheme (2.4.2)   `http`                       (absent)
	//   net_loc (2.4.3)  `a`                          (absent)
	//   path (2.4.6)     `/b/c/d`                     `` (empty)
	//   params (2.4.5)   `p`                          (absent)
	//   query (2.4.4)    `q`                          `y`
	//   fragment (2.4.1) `f`                          (absent)
	//
	// steps (RFC 1808 section 4)
	//   1    the base URL is `http://a/b/c/d;p?q#f` (established by section 3)
	//   2    base and reference parsed into components [2.4]
	//   2c   the reference inherits the scheme `http`
	//   3    net_loc absent: inherits `a`
	//   5    path empty: inherits the base path `/b/c/d`
	//   5a   params absent: inherits `p`
	//   5b   query `y` non-empty: skip to step 7
	//   7    components recombined (section 2.1): `http://a/b/c/d;p?y`
	//
	// result     `http://a/b/c/d;p?y`
}

// Every Spec explains its own steps; the components are those its parser
// finds: under RFC 3986 the authority and no params.
func ExampleSpec_Explain() {
	t := relurl.RFC3986.Explain("http://a/b/c/d;p?q", "../g")
	fmt.Println(t.Base.NetLoc.Value, t.Base.Path.Value, t.Base.Params.Present)
	for _, s := range t.Steps {
		fmt.Printf("%-6s %s\n", s.Step, s.Detail)
	}
	// Output:
	// a /b/c/d;p false
	// 5.2.2  a relative path: merged with the base path, then dot segments removed
	// 5.2.3  base path `/b/c/d;p` without its last segment `d;p` is `/b/c/`; + `../g`
	// C      removed `c/../`
	// 5.3    recombined: `http://a/b/g`
}

// The components of a Trace keep presence: an empty query is not an
// absent one.
func ExampleComponents() {
	c := relurl.Explain("http://a/b?#f", "").Base
	for _, x := range []struct {
		name string
		c    relurl.Component
	}{{"scheme", c.Scheme}, {"net_loc", c.NetLoc}, {"path", c.Path}, {"params", c.Params}, {"query", c.Query}, {"fragment", c.Fragment}} {
		fmt.Printf("%-8s %q %v\n", x.name, x.c.Value, x.c.Present)
	}
	// Output:
	// scheme   "http" true
	// net_loc  "a" true
	// path     "/b" true
	// params   "" false
	// query    "" true
	// fragment "f" true
}

// A Step says which rule applied, in which section, and what it did.
func ExampleStep() {
	s := relurl.Explain("http://a/b/c/d", "..").Steps
	fmt.Printf("%+v\n", s[len(s)-2])
	// Output: {Step:6d Section:4 Detail:removed the final `c/..`}
}

// A Trace is plain data: for programs (encoding/json) and, through String,
// for people.
func ExampleTrace() {
	t := relurl.Explain("http://a/b/c/d", "../../../../g")
	fmt.Println(t.Spec, t.Result, len(t.Steps), t.Unrecorded)
	// Output: rfc1808 http://a/../../g 10 0
}

// A Component tells an empty value from an absent one.
func ExampleComponent() {
	t := relurl.Explain("", "g?")
	fmt.Printf("%+v %+v\n", t.Ref.Query, t.Ref.Fragment)
	// Output: {Value: Present:true} {Value: Present:false}
}
