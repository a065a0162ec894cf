// Package specexamples holds the resolution examples of RFC 3986 section
// 5.4 and RFC 2396 Appendix C verbatim, for the tests of the RFC3986 and
// RFC2396 modes and for the README's table of differences. RFC 1808's own
// examples are in package rfcexamples.
//
// Both lists are copied from the RFCs (IETF, 1998 and 2005), which may be
// reproduced in full: see their "Full Copyright Statement".
package specexamples

// Base is the base URI of both lists: "Within a representation with a
// well defined base URI of http://a/b/c/d;p?q" (RFC 3986 section 5.4,
// RFC 2396 Appendix C). Unlike RFC 1808's it has no fragment.
const Base = "http://a/b/c/d;p?q"

// CurrentDocument is how RFC 2396 Appendix C writes the result of a
// reference to the current document ("<>" and "#s"): the base URI, which
// has no fragment.
const CurrentDocument = "(current document)"

// An Example is one line of an RFC's example list.
type Example struct {
	Section string // "5.4.1", "5.4.2", "C.1" or "C.2"
	Ref     string // the reference; "" is RFC 2396's "<>"
	Want    string // the RFC's (first) answer
	// Alt is a second answer the RFC allows ("" when none), with the
	// reason it gives.
	Alt, AltReason string
}

// RFC3986 lists the 42 examples of RFC 3986 sections 5.4.1 (normal) and
// 5.4.2 (abnormal), in the RFC's order.
var RFC3986 = []Example{
	{Section: "5.4.1", Ref: "g:h", Want: "g:h"},
	{Section: "5.4.1", Ref: "g", Want: "http://a/b/c/g"},
	{Section: "5.4.1", Ref: "./g", Want: "http://a/b/c/g"},
	{Section: "5.4.1", Ref: "g/", Want: "http://a/b/c/g/"},
	{Section: "5.4.1", Ref: "/g", Want: "http://a/g"},
	{Section: "5.4.1", Ref: "//g", Want: "http://g"},
	{Section: "5.4.1", Ref: "?y", Want: "http://a/b/c/d;p?y"},
	{Section: "5.4.1", Ref: "g?y", Want: "http://a/b/c/g?y"},
	{Section: "5.4.1", Ref: "#s", Want: "http://a/b/c/d;p?q#s"},
	{Section: "5.4.1", Ref: "g#s", Want: "http://a/b/c/g#s"},
	{Section: "5.4.1", Ref: "g?y#s", Want: "http://a/b/c/g?y#s"},
	{Section: "5.4.1", Ref: ";x", Want: "http://a/b/c/;x"},
	{Section: "5.4.1", Ref: "g;x", Want: "http://a/b/c/g;x"},
	{Section: "5.4.1", Ref: "g;x?y#s", Want: "http://a/b/c/g;x?y#s"},
	{Section: "5.4.1", Ref: "", Want: "http://a/b/c/d;p?q"},
	{Section: "5.4.1", Ref: ".", Want: "http://a/b/c/"},
	{Section: "5.4.1", Ref: "./", Want: "http://a/b/c/"},
	{Section: "5.4.1", Ref: "..", Want: "http://a/b/"},
	{Section: "5.4.1", Ref: "../", Want: "http://a/b/"},
	{Section: "5.4.1", Ref: "../g", Want: "http://a/b/g"},
	{Section: "5.4.1", Ref: "../..", Want: "http://a/"},
	{Section: "5.4.1", Ref: "../../", Want: "http://a/"},
	{Section: "5.4.1", Ref: "../../g", Want: "http://a/g"},

	{Section: "5.4.2", Ref: "../../../g", Want: "http://a/g"},
	{Section: "5.4.2", Ref: "../../../../g", Want: "http://a/g"},
	{Section: "5.4.2", Ref: "/./g", Want: "http://a/g"},
	{Section: "5.4.2", Ref: "/../g", Want: "http://a/g"},
	{Section: "5.4.2", Ref: "g.", Want: "http://a/b/c/g."},
	{Section: "5.4.2", Ref: ".g", Want: "http://a/b/c/.g"},
	{Section: "5.4.2", Ref: "g..", Want: "http://a/b/c/g.."},
	{Section: "5.4.2", Ref: "..g", Want: "http://a/b/c/..g"},
	{Section: "5.4.2", Ref: "./../g", Want: "http://a/b/g"},
	{Section: "5.4.2", Ref: "./g/.", Want: "http://a/b/c/g/"},
	{Section: "5.4.2", Ref: "g/./h", Want: "http://a/b/c/g/h"},
	{Section: "5.4.2", Ref: "g/../h", Want: "http://a/b/c/h"},
	{Section: "5.4.2", Ref: "g;x=1/./y", Want: "http://a/b/c/g;x=1/y"},
	{Section: "5.4.2", Ref: "g;x=1/../y", Want: "http://a/b/c/y"},
	{Section: "5.4.2", Ref: "g?y/./x", Want: "http://a/b/c/g?y/./x"},
	{Section: "5.4.2", Ref: "g?y/../x", Want: "http://a/b/c/g?y/../x"},
	{Section: "5.4.2", Ref: "g#s/./x", Want: "http://a/b/c/g#s/./x"},
	{Section: "5.4.2", Ref: "g#s/../x", Want: "http://a/b/c/g#s/../x"},
	{Section: "5.4.2", Ref: "http:g", Want: "http:g",
		Alt: "http://a/b/c/g", AltReason: "for backward compatibility (non-strict parsers, section 5.2.2)"},
}

// RFC2396 lists the 42 examples of RFC 2396 Appendix C.1 (normal) and C.2
// (abnormal), in the RFC's order. Where the RFC writes "(current
// document)", Want holds CurrentDocument.
var RFC2396 = []Example{
	{Section: "C.1", Ref: "g:h", Want: "g:h"},
	{Section: "C.1", Ref: "g", Want: "http://a/b/c/g"},
	{Section: "C.1", Ref: "./g", Want: "http://a/b/c/g"},
	{Section: "C.1", Ref: "g/", Want: "http://a/b/c/g/"},
	{Section: "C.1", Ref: "/g", Want: "http://a/g"},
	{Section: "C.1", Ref: "//g", Want: "http://g"},
	{Section: "C.1", Ref: "?y", Want: "http://a/b/c/?y"},
	{Section: "C.1", Ref: "g?y", Want: "http://a/b/c/g?y"},
	{Section: "C.1", Ref: "#s", Want: CurrentDocument + "#s"},
	{Section: "C.1", Ref: "g#s", Want: "http://a/b/c/g#s"},
	{Section: "C.1", Ref: "g?y#s", Want: "http://a/b/c/g?y#s"},
	{Section: "C.1", Ref: ";x", Want: "http://a/b/c/;x"},
	{Section: "C.1", Ref: "g;x", Want: "http://a/b/c/g;x"},
	{Section: "C.1", Ref: "g;x?y#s", Want: "http://a/b/c/g;x?y#s"},
	{Section: "C.1", Ref: ".", Want: "http://a/b/c/"},
	{Section: "C.1", Ref: "./", Want: "http://a/b/c/"},
	{Section: "C.1", Ref: "..", Want: "http://a/b/"},
	{Section: "C.1", Ref: "../", Want: "http://a/b/"},
	{Section: "C.1", Ref: "../g", Want: "http://a/b/g"},
	{Section: "C.1", Ref: "../..", Want: "http://a/"},
	{Section: "C.1", Ref: "../../", Want: "http://a/"},
	{Section: "C.1", Ref: "../../g", Want: "http://a/g"},

	{Section: "C.2", Ref: "", Want: CurrentDocument},
	{Section: "C.2", Ref: "../../../g", Want: "http://a/../g",
		Alt: "http://a/g", AltReason: "some implementations strip leading relative symbolic elements (step 6g)"},
	{Section: "C.2", Ref: "../../../../g", Want: "http://a/../../g",
		Alt: "http://a/g", AltReason: "some implementations strip leading relative symbolic elements (step 6g)"},
	{Section: "C.2", Ref: "/./g", Want: "http://a/./g"},
	{Section: "C.2", Ref: "/../g", Want: "http://a/../g"},
	{Section: "C.2", Ref: "g.", Want: "http://a/b/c/g."},
	{Section: "C.2", Ref: ".g", Want: "http://a/b/c/.g"},
	{Section: "C.2", Ref: "g..", Want: "http://a/b/c/g.."},
	{Section: "C.2", Ref: "..g", Want: "http://a/b/c/..g"},
	{Section: "C.2", Ref: "./../g", Want: "http://a/b/g"},
	{Section: "C.2", Ref: "./g/.", Want: "http://a/b/c/g/"},
	{Section: "C.2", Ref: "g/./h", Want: "http://a/b/c/g/h"},
	{Section: "C.2", Ref: "g/../h", Want: "http://a/b/c/h"},
	{Section: "C.2", Ref: "g;x=1/./y", Want: "http://a/b/c/g;x=1/y"},
	{Section: "C.2", Ref: "g;x=1/../y", Want: "http://a/b/c/y"},
	{Section: "C.2", Ref: "g?y/./x", Want: "http://a/b/c/g?y/./x"},
	{Section: "C.2", Ref: "g?y/../x", Want: "http://a/b/c/g?y/../x"},
	{Section: "C.2", Ref: "g#s/./x", Want: "http://a/b/c/g#s/./x"},
	{Section: "C.2", Ref: "g#s/../x", Want: "http://a/b/c/g#s/../x"},
	{Section: "C.2", Ref: "http:g", Want: "http:g",
		Alt: "http://a/b/c/g", AltReason: "for backwards compatibility (step 3's loophole)"},
}
