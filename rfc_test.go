package relurl

// The examples of RFC 1808 section 5, verbatim: base, then each reference
// with the RFC's answer. "<>" in the RFC is the empty reference.
const rfcBase = "http://a/b/c/d;p?q#f"

var rfcExamples = []struct{ ref, want string }{
	// 5.1 Normal Examples
	{"g:h", "g:h"},
	{"g", "http://a/b/c/g"},
	{"./g", "http://a/b/c/g"},
	{"g/", "http://a/b/c/g/"},
	{"/g", "http://a/g"},
	{"//g", "http://g"},
	{"?y", "http://a/b/c/d;p?y"},
	{"g?y", "http://a/b/c/g?y"},
	{"g?y/./x", "http://a/b/c/g?y/./x"},
	{"#s", "http://a/b/c/d;p?q#s"},
	{"g#s", "http://a/b/c/g#s"},
	{"g#s/./x", "http://a/b/c/g#s/./x"},
	{"g?y#s", "http://a/b/c/g?y#s"},
	{";x", "http://a/b/c/d;x"},
	{"g;x", "http://a/b/c/g;x"},
	{"g;x?y#s", "http://a/b/c/g;x?y#s"},
	{".", "http://a/b/c/"},
	{"./", "http://a/b/c/"},
	{"..", "http://a/b/"},
	{"../", "http://a/b/"},
	{"../g", "http://a/b/g"},
	{"../..", "http://a/"},
	{"../../", "http://a/"},
	{"../../g", "http://a/g"},
	// 5.2 Abnormal Examples
	{"", "http://a/b/c/d;p?q#f"},
	{"../../../g", "http://a/../g"},
	{"../../../../g", "http://a/../../g"},
	{"/./g", "http://a/./g"},
	{"/../g", "http://a/../g"},
	{"g.", "http://a/b/c/g."},
	{".g", "http://a/b/c/.g"},
	{"g..", "http://a/b/c/g.."},
	{"..g", "http://a/b/c/..g"},
	{"./../g", "http://a/b/g"},
	{"./g/.", "http://a/b/c/g/"},
	{"g/./h", "http://a/b/c/g/h"},
	{"g/../h", "http://a/b/c/h"},
	{"http:g", "http:g"},
	{"http:", "http:"},
}

// The example of section 10: a BASE element's href and an anchor.
const (
	rfcHTMLBase = "http://www.ics.uci.edu/Test/a/b/c"
	rfcHTMLRef  = "../x"
	rfcHTMLWant = "http://www.ics.uci.edu/Test/a/x"
)

// notesExamples are the readings of RFC1808-NOTES.md, for the same base.
var notesExamples = []struct{ ref, want string }{
	{"?", "http://a/b/c/d;p?q"},
	{";", "http://a/b/c/d;p?q"},
	{"#", "http://a/b/c/d;p?q#"},
	{"g?", "http://a/b/c/g?"},
	{"//", "http://a/b/c/d;p?q"},
	{"///g", "http://a/g"},
}
