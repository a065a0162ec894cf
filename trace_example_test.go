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

func ExampleSplitComponents() {
	for _, c := range relurl.SplitComponents("http://a/b?#f").List() {
		switch {
		case !c.Present:
			fmt.Printf("%-8s absent\n", c.Name)
		case c.Value == "":
			fmt.Printf("%-8s empty\n", c.Name)
		default:
			fmt.Printf("%-8s %q\n", c.Name, c.Value)
		}
	}
	// Output:
	// scheme   "http"
	// net_loc  "a"
	// path     "/b"
	// params   absent
	// query    empty
	// fragment "f"
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
