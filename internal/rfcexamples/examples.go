// Package rfcexamples holds the examples of RFC 1808 verbatim, for the
// tests of every package and for "relurl examples".
package rfcexamples

// Base is the base URL of section 5: "Within an object with a well-defined
// base URL of Base: <URL:http://a/b/c/d;p?q#f>".
const Base = "http://a/b/c/d;p?q#f"

// An Example is one line of section 5: a reference and the RFC's answer.
type Example struct {
	Section string // "5.1" or "5.2"
	Ref     string // the reference; "" is the RFC's "<>"
	Want    string // the absolute URL the RFC gives
}

// Section5 lists the 39 examples of sections 5.1 and 5.2, in the RFC's
// order.
var Section5 = []Example{
	// 5.1 Normal Examples
	{"5.1", "g:h", "g:h"},
	{"5.1", "g", "http://a/b/c/g"},
	{"5.1", "./g", "http://a/b/c/g"},
	{"5.1", "g/", "http://a/b/c/g/"},
	{"5.1", "/g", "http://a/g"},
	{"5.1", "//g", "http://g"},
	{"5.1", "?y", "http://a/b/c/d;p?y"},
	{"5.1", "g?y", "http://a/b/c/g?y"},
	{"5.1", "g?y/./x", "http://a/b/c/g?y/./x"},
	{"5.1", "#s", "http://a/b/c/d;p?q#s"},
	{"5.1", "g#s", "http://a/b/c/g#s"},
	{"5.1", "g#s/./x", "http://a/b/c/g#s/./x"},
	{"5.1", "g?y#s", "http://a/b/c/g?y#s"},
	{"5.1", ";x", "http://a/b/c/d;x"},
	{"5.1", "g;x", "http://a/b/c/g;x"},
	{"5.1", "g;x?y#s", "http://a/b/c/g;x?y#s"},
	{"5.1", ".", "http://a/b/c/"},
	{"5.1", "./", "http://a/b/c/"},
	{"5.1", "..", "http://a/b/"},
	{"5.1", "../", "http://a/b/"},
	{"5.1", "../g", "http://a/b/g"},
	{"5.1", "../..", "http://a/"},
	{"5.1", "../../", "http://a/"},
	{"5.1", "../../g", "http://a/g"},
	// 5.2 Abnormal Examples
	{"5.2", "", "http://a/b/c/d;p?q#f"},
	{"5.2", "../../../g", "http://a/../g"},
	{"5.2", "../../../../g", "http://a/../../g"},
	{"5.2", "/./g", "http://a/./g"},
	{"5.2", "/../g", "http://a/../g"},
	{"5.2", "g.", "http://a/b/c/g."},
	{"5.2", ".g", "http://a/b/c/.g"},
	{"5.2", "g..", "http://a/b/c/g.."},
	{"5.2", "..g", "http://a/b/c/..g"},
	{"5.2", "./../g", "http://a/b/g"},
	{"5.2", "./g/.", "http://a/b/c/g/"},
	{"5.2", "g/./h", "http://a/b/c/g/h"},
	{"5.2", "g/../h", "http://a/b/c/h"},
	{"5.2", "http:g", "http:g"},
	{"5.2", "http:", "http:"},
}

// The example of section 10 (Appendix): a document whose BASE element's
// href is HTMLBase, holding an anchor HTMLRef, which "should" be read as
// HTMLWant "regardless of the context in which the example document was
// obtained".
const (
	HTMLBase = "http://www.ics.uci.edu/Test/a/b/c"
	HTMLRef  = "../x"
	HTMLWant = "http://www.ics.uci.edu/Test/a/x"
	// HTMLDocument is the example document of section 10, verbatim.
	HTMLDocument = `<!doctype html public "-//IETF//DTD HTML//EN">
<HTML><HEAD>
<TITLE>An example HTML document</TITLE>
<BASE href="http://www.ics.uci.edu/Test/a/b/c">
</HEAD><BODY>
... <A href="../x">a hypertext anchor</A> ...
</BODY></HTML>
`
)

// Notes lists the readings of docs/design.md#presence for the base
// of section 5.
var Notes = []Example{
	{"notes", "?", "http://a/b/c/d;p?q"},
	{"notes", ";", "http://a/b/c/d;p?q"},
	{"notes", "#", "http://a/b/c/d;p?q#"},
	{"notes", "g?", "http://a/b/c/g?"},
	{"notes", "//", "http://a/b/c/d;p?q"},
	{"notes", "///g", "http://a/g"},
}
